"""``rulewright play``: play a game at the terminal and keep what happened as a record or an example.

The ``Session`` holds the game, the moves so far and the state after each (so ``undo`` is a step
back), and answers one typed line at a time with text; ``interact`` is the loop around it, read
with prompt_toolkit (history, and completion of the moves legal now). Typed lines:

    <number>                 the move of that number in the list of legal moves
    <player>: <move>         a move in the game's notation, as examples write it
    moves                    the legal moves, numbered
    position [PATH]          the position in the game's words (only the places under PATH)
    undo                     take back the last move
    save record FILE         the game so far as a record (rulewright replay FILE plays it)
    save example FILE [K]    an example of the last K moves (1): the position before them, the moves, what changed
    help, quit
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import Completer, Completion

from rulewright.book import phrases as phrases_module
from rulewright.game import Game, InputError, Refusal, Rng, step
from rulewright.scenario.playing import set_up
from rulewright.play import cut
from rulewright.play.record import read, write
from rulewright.play.replay import replay
from rulewright.scenario.changes import places

HELP = __doc__.split("Typed lines:", 1)[1].rstrip()


class Session:
    def __init__(self, game: Game, settings: dict, setup: dict, seed: int = 0, draws: list | None = None,
                 moves: list[tuple[str | None, str]] | None = None) -> None:
        self.game, self.settings, self.setup, self.seed = game, settings, setup, seed
        self.draws = list(draws or [])
        self.states = [set_up(game, setup, settings, Rng(seed, script=self.draws))]
        self.moves: list[tuple[str | None, str]] = []
        self.phrases = phrases_module.for_game(game)
        for actor, text in moves or []:
            message = self.play(actor, text)
            if not message.startswith("  "):
                raise InputError(f"the record's move '{actor}: {text}' cannot be played here: {message}")

    @property
    def state(self) -> Any:
        return self.states[-1]

    def legal(self) -> list[tuple[str | None, str]]:
        return [(getattr(a, "actor", None), a.notation()) for a in self.game.legal_actions(self.state)]

    @staticmethod
    def written(actor: str | None, text: str) -> str:
        return f"{actor}: {text}" if actor else text

    # ------------------------------------------------------------ answering one line

    def handle(self, line: str) -> str | None:
        """The answer to one typed line; ``None`` to end the session."""
        line = line.strip()
        words = line.split()
        if not words:
            return ""
        command = words[0].lower()
        if command in ("quit", "exit"):
            return None
        if command in ("help", "?"):
            legal = self.legal()
            return HELP + (f"\n\nA move of this game, for example: {self.written(*legal[0])}" if legal else "")
        if command == "moves":
            return self.moves_text()
        if command == "position":
            return self.position_text(words[1] if len(words) > 1 else "")
        if command == "undo":
            if not self.moves:
                return "There is no move to take back."
            self.states.pop()
            actor, text = self.moves.pop()
            return f"Took back '{self.written(actor, text)}'.\n" + self.moves_text()
        if command == "save":
            return self.save(words[1:])
        if line.isdigit():
            legal = self.legal()
            number = int(line)
            if not 1 <= number <= len(legal):
                return f"There is no move {number}: the legal moves are numbered 1 to {len(legal)} ('moves' lists them)."
            return self.play(*legal[number - 1])
        actor, sep, text = line.partition(":")
        if sep:
            return self.play(actor.strip(), text.strip())
        legal = self.legal()
        if len(words) == 1 and not any(text.split()[:1] == [command] for _, text in legal):
            # one word that begins no legal move: a command mistyped, more likely than a move
            example = f", for example '{self.written(*legal[0])}'" if legal else ""
            return (f"'{line}' is neither a command nor a move. The commands: moves, position, undo, save, help, "
                    f"quit; a move is written '<player>: <move>'{example}.")
        return self.play(None, line)

    def play(self, actor: str | None, text: str) -> str:
        try:
            action = self.game.parse_action(self.state, actor, text)
            outcome = step(self.game, self.state, action)
        except InputError as error:
            return f"Not understood: {error.message}"
        except Refusal as refusal:
            return f"Refused by rule {refusal.rule}: {refusal.reason}"
        self.states.append(outcome.state)
        self.moves.append((actor, text))
        said = [self.phrases.event(event) or str(event) for event in outcome.events]
        return "\n".join("  " + sentence for sentence in said) or "  Done."

    def moves_text(self) -> str:
        legal = self.legal()
        if not legal:
            over = self.game.is_over(self.state)
            return "Nobody can move: the game is over." if over is not False else \
                "Nobody can move, yet the game is not over: a dead end the rules do not cover."
        return "Legal moves:\n" + "\n".join(f"  {number:>3}. {self.written(actor, text)}"
                                            for number, (actor, text) in enumerate(legal, start=1))

    def position_text(self, under: str = "") -> str:
        lines = []
        for path, value in places(self.game.view(self.state)).items():
            key = ".".join(map(str, path))
            if under and not (key == under or key.startswith(under + ".")):
                continue
            said = self.phrases.path(key)
            lines.append(f"  {said or key}: {self.phrases.value(key, value)}")
        return "\n".join(lines) or f"Nothing in the position is under {under!r}."

    # ------------------------------------------------------------ keeping it

    def record_text(self, title: str = "Played with rulewright play") -> str:
        return write(self.game, setup=self.setup, moves=self.moves, settings=self.settings, seed=self.seed,
                     draws=self.draws, title=title, source="rulewright play")

    def save(self, words: list[str]) -> str:
        if len(words) < 2 or words[0] not in ("record", "example"):
            return "Write 'save record FILE' or 'save example FILE [K]' (K: how many of the last moves, 1 if not given)."
        kind, path = words[0], Path(words[1])
        text = self.record_text()
        if kind == "example":
            count = int(words[2]) if len(words) > 2 and words[2].isdigit() else 1
            if not self.moves:
                return "No move has been played yet, so there is nothing to make an example of."
            count = min(count, len(self.moves))
            outcome = replay(read("the game so far", text), keep_states=True)
            try:
                text = cut.cut(outcome.record, outcome.result, len(self.moves) - count, count,
                               example_id=path.stem, title="Example from play")
            except cut.CannotCut as why:
                return f"No example can be cut: {why}"
        path.write_text(text, encoding="utf-8")
        return f"Wrote the {kind} to {path}."


class MoveCompleter(Completer):
    """Completes a typed line with the moves legal now, written as examples write them, and the
    session's commands."""

    COMMANDS = ("moves", "position", "undo", "save record ", "save example ", "help", "quit")

    def __init__(self, session: Session) -> None:
        self.session = session

    def get_completions(self, document, complete_event):
        typed = document.text_before_cursor
        for actor, text in self.session.legal():
            line = self.session.written(actor, text)
            if line.startswith(typed):
                yield Completion(line, start_position=-len(typed))
        for word in self.COMMANDS:
            if typed and word.startswith(typed):
                yield Completion(word, start_position=-len(typed))


def interact(session: Session, input=None, output=None) -> None:
    """The terminal loop: a prompt with completion of the legal moves, until 'quit' or end of input.
    Lines piped in (not a terminal) are read one by one and echoed after the prompt, so a session
    can be scripted: ``rulewright play race < moves.txt``."""
    import sys

    if input is None and not sys.stdin.isatty():
        print(f"{session.game.title}. Type a move, the number of one, or 'help'.\n" + session.moves_text())
        for line in sys.stdin:
            print(f"move {len(session.moves) + 1}> {line.rstrip()}")
            answer = session.handle(line)
            if answer is None:
                break
            if answer:
                print(answer)
        return
    prompt = PromptSession(completer=MoveCompleter(session), input=input, output=output)
    print(f"{session.game.title}. Type a move, the number of one, or 'help'.\n" + session.moves_text())
    while True:
        try:
            line = prompt.prompt(f"move {len(session.moves) + 1}> ")
        except (EOFError, KeyboardInterrupt):
            break
        answer = session.handle(line)
        if answer is None:
            break
        if answer:
            print(answer)
