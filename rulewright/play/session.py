"""``rulewright play``: play a game at the terminal and keep what happened as a record or an example.

The ``Session`` holds the game, the moves so far and the state after each (so ``undo`` is a step
back), and answers one typed line at a time with text; ``interact`` is the loop around it, read
with prompt_toolkit (history, and completion of the moves legal now).

Played ``--as PLAYER``, the session shows the game as that player sees it (``Game.view_for``: the
other hands unseen, another player's card drawn told as "draws a card"), lists and takes only that
player's moves, and an agent of simulated play makes the other players' moves, told as the player
sees them. Played ``--hot-seat``, it shows the game as the player to move sees it, and before the
next player's turn asks to pass the screen and tells them, as they see it, what happened since.
Typed lines:

    <number>                 the move of that number in the list of legal moves
    <player>: <move>         a move in the game's notation, as examples write it
    moves                    the legal moves, numbered
    position [PATH]          the position in the game's words (only the places under PATH)
    undo                     take back the last move (played --as: your last move and the others' after it)
    save record FILE         the game so far as a record (rulewright replay FILE plays it)
    save example FILE [K]    an example of the last K moves (1): the position before them, the moves, what changed
    help, quit

"""
from __future__ import annotations

from pathlib import Path
import sys
from typing import Any

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import Completer, Completion

from rulewright.book import phrases as phrases_module
from rulewright.game import Game, InputError, Refusal, Rng, did_you_mean, is_hidden, step
from rulewright.scenario.playing import set_up
from rulewright.play import cut, simulate
from rulewright.play.record import read, write
from rulewright.play.replay import replay
from rulewright.scenario.changes import places

HELP = __doc__.split("Typed lines:", 1)[1].rstrip()


LISTED_AFTER_A_MOVE = 20  # the moves listed after each move; 'moves' lists every one


class Session:
    def __init__(self, game: Game, settings: dict, setup: dict, seed: int = 0, draws: list | None = None,
                 moves: list[tuple[str | None, str]] | None = None, seat: str | None = None, hot_seat: bool = False,
                 others: str = "random") -> None:
        self.game, self.settings, self.setup, self.seed = game, settings, setup, seed
        self.draws = list(draws or [])
        self.states = [set_up(game, setup, settings, Rng(seed, script=self.draws))]
        self.moves: list[tuple[str | None, str]] = []
        self.events: list[list] = []  # each move's events, beside self.moves
        self.phrases = phrases_module.for_game(game)
        self.seat, self.hot_seat, self.chooser, self.at_screen = None, False, None, None
        for actor, text in moves or []:
            message = self.play(actor, text)
            if not message.startswith("  "):
                raise InputError(f"the record's move '{actor}: {text}' cannot be played here: {message}")
        if seat is not None and hot_seat:
            raise InputError("--as plays one player's seat and --hot-seat every seat at one screen: give one.", "as")
        if seat is not None:
            self.seat = self._a_player(seat)
            self.chooser = self._agents(others)
        self.hot_seat = hot_seat
        self.looked = {}  # hot seat: how many moves each player has been told of
        self.at_screen = self.to_move() if hot_seat else None
        if self.at_screen is not None:
            self.looked[self.at_screen] = len(self.moves)

    @property
    def state(self) -> Any:
        return self.states[-1]

    def legal(self) -> list[tuple[str | None, str]]:
        """The moves legal now, as (actor, notation): those of the player whose eyes the session
        shows the game through (their own only: another's would show what that player holds)."""
        viewer = self.viewer()
        return [(getattr(a, "actor", None), a.notation()) for a in self.game.legal_actions(self.state)
                if viewer is None or self._decider(getattr(a, "actor", None)) in (viewer, None)]

    # ------------------------------------------------------------ whose eyes

    def viewer(self) -> str | None:
        """The player whose view the session shows: the ``--as`` player, the player at the screen
        in a hot-seat game, or ``None`` (everything, as a designer sees it)."""
        return self.seat if self.seat is not None else self.at_screen

    def players(self) -> list[str]:
        """The players in seat order: ``Game.seats``, or the view's ``players`` (a list, or a
        mapping by name)."""
        seats = [str(s) for s in self.game.seats(self.state)]
        if seats:
            return seats
        named = self.game.view(self.state).get("players")
        return [str(p) for p in named] if isinstance(named, (list, dict)) else []

    def to_move(self) -> str | None:
        """The player who chooses the first of the moves legal now (``Game.decider``)."""
        for action in self.game.legal_actions(self.state):
            decider = self._decider(getattr(action, "actor", None))
            if decider is not None:
                return decider
        return None

    def _decider(self, actor: str | None) -> str | None:
        decider = self.game.decider(self.state, actor)
        return None if decider is None else str(decider)

    def _a_player(self, name: str) -> str:
        players = self.players()
        if not players:
            raise InputError(f"{self.game.title} does not say who its players are (Game.seats, or 'players' in its "
                             "view), so no game can be played as one of them.", "as")
        if name not in players:
            raise InputError(f"{self.game.title} has no player {name!r} here. {did_you_mean(name, players)} "
                             f"The players: {', '.join(players)}.", "as")
        return name

    def _agents(self, others: str):
        """The agents of simulated play that make the other players' moves (``random``, ``greedy``,
        ``random without buy``), seeded from the session's seed."""
        spec = simulate.agent(others)
        job = simulate.Job(self.game.name, "", "", self.settings, self.setup, (spec,), seed=self.seed)
        return simulate.Chooser(self.game, job, self.players(), self.seed)

    def told(self, events, before, after, reader: str | None) -> list[str]:
        """The sentences of one move's events as ``reader`` sees them (another player's drawn card
        as "draws a card"); an event without a sentence is named, never shown with its details."""
        views = (self.game.view_for(before, reader), self.game.view_for(after, reader))
        return [self.phrases.event(event, *views, reader=reader, players=self.players()) or f"{event.name}."
                for event in events]

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
            return self.undo()
        if command == "save":
            return self.save(words[1:])
        if line.isdigit():
            legal = self.legal()
            number = int(line)
            if not legal:  # (not "numbered 1 to 0"): why nobody can move, as 'moves' says it
                return f"There is no move {number}. {self.moves_text()}"
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
        viewer = self.viewer()
        try:
            action = self.game.parse_action(self.state, actor, text)
            mover = self._decider(getattr(action, "actor", None))
            if viewer is not None and mover not in (viewer, None):
                return (f"You play as {viewer}: that move is {mover}'s to make"
                        + (", on their turn." if self.hot_seat else ", and an agent makes it."))
            before = self.state
            outcome = step(self.game, self.state, action)
        except InputError as error:
            return f"Not understood: {error.message}"
        except Refusal as refusal:
            return f"Refused by rule {refusal.rule}: {refusal.reason}"
        self._keep(actor, text, outcome)
        if viewer is None:
            said = [self.phrases.event(event) or str(event) for event in outcome.events]
        else:
            said = self.told(outcome.events, before, outcome.state, viewer)
        lines = ["  " + sentence for sentence in said] or ["  Done."]
        if self.seat is not None:
            lines += self._others_move()
        if not (self.hot_seat and self.to_move() not in (None, self.at_screen)):  # (a handover lists them)
            lines.append(self.moves_text(most=LISTED_AFTER_A_MOVE))  # numbered anew: a number means what is shown
        return "\n".join(lines)

    def _keep(self, actor: str | None, text: str, outcome) -> None:
        self.states.append(outcome.state)
        self.moves.append((actor, text))
        self.events.append(list(outcome.events))

    def _others_move(self, most: int = 10_000) -> list[str]:
        """Played ``--as``: the other players' moves, each chosen by an agent, until it is the
        player's turn again or nobody can move; each told as the player sees it."""
        lines = []
        for _ in range(most):
            legal = self.game.legal_actions(self.state)
            if not legal or self.to_move() in (self.seat, None):
                return lines
            mover = self.to_move()
            action = self.chooser.choose(self.state, [a for a in legal
                                                      if self._decider(getattr(a, "actor", None)) == mover], mover)
            before = self.state
            outcome = step(self.game, self.state, action)
            self._keep(getattr(action, "actor", None), action.notation(), outcome)
            lines += ["  " + sentence for sentence in self.told(outcome.events, before, outcome.state, self.seat)]
        return lines + [f"  The other players made {phrases_module.count(most, 'move')} without {self.seat} having one: stopped here."]

    def opening(self) -> str:
        """What the session says first: the game, whose eyes, the other players' first moves
        (``--as``), and the legal moves."""
        said = [f"{self.game.title}. Type a move, the number of one, or 'help'."]
        if self.seat is not None:
            spec = self.chooser.spec_of(None)
            said.append(f"You play as {self.seat}: you see what {self.seat} sees; the other players' moves are "
                        f"made by the agent '{spec}' and told as {self.seat} sees them.")
            said += self._others_move()
        elif self.hot_seat:
            said.append("Hot seat: each player sees only their own view; pass the screen when asked.")
            if self.at_screen is not None:
                said.append(f"{self.at_screen} is at the screen.")
        return "\n".join(said + [self.moves_text()])

    def handover(self) -> tuple[str, str] | None:
        """In a hot-seat game whose player to move has changed: that player, and what they are told
        once the screen is theirs (the moves since they last looked, as they see them, then their
        moves). ``None`` when the same player is still to move."""
        if not self.hot_seat:
            return None
        coming = self.to_move()
        if coming is None or coming == self.at_screen:
            return None
        if self.at_screen is not None:
            self.looked[self.at_screen] = len(self.moves)  # the player leaving saw their own moves told
        self.at_screen = coming
        first = coming not in self.looked
        since = self.looked.get(coming, 0)
        lines = []
        for number in range(since, len(self.moves)):
            lines += ["  " + sentence for sentence in self.told(self.events[number], self.states[number],
                                                                 self.states[number + 1], coming)]
        self.looked[coming] = len(self.moves)
        news = ((("So far:" if first else "Since you last had the screen:") + "\n" + "\n".join(lines) + "\n")
                if lines else "\n")
        return coming, f"{coming}, it is your turn. {news}" + self.moves_text()

    def undo(self) -> str:
        """Take back the last move; played ``--as``, the player's own last move and the other
        players' moves after it."""
        if self.seat is None:
            if not self.moves:
                return "There is no move to take back."
            taken = [self.moves[-1]]
            self._drop(1)
        else:
            own = [n for n, state in enumerate(self.states[:-1])
                   if self._decider_in(state, self.moves[n][0]) == self.seat]
            if not own:
                return f"There is no move of {self.seat}'s to take back."
            taken = self.moves[own[-1]:]
            self._drop(len(taken))
        if self.hot_seat:
            self.looked = {player: min(seen, len(self.moves)) for player, seen in self.looked.items()}
        back = ", ".join(f"'{self.written(actor, text)}'" for actor, text in taken) if self.seat is None else \
            f"'{self.written(*taken[0])}'" + {1: "", 2: " and the move after it"}.get(
                len(taken), f" and the {len(taken) - 1} moves after it")
        return f"Took back {back}.\n" + self.moves_text()

    def _drop(self, count: int) -> None:
        del self.states[-count:], self.moves[-count:], self.events[-count:]

    def _decider_in(self, state, actor: str | None) -> str | None:
        decider = self.game.decider(state, actor)
        return None if decider is None else str(decider)

    def moves_text(self, most: int | None = None) -> str:
        """The legal moves, numbered from 1 as a typed number reads them; ``most`` lists only the
        first of a long list, saying how many there are."""
        legal = self.legal()
        if not legal:
            over = self.game.is_over(self.state)
            return "Nobody can move: the game is over." if over is not False else \
                "Nobody can move, yet the game is not over: a dead end the rules do not cover."
        head = "Legal moves:" if most is None or len(legal) <= most else \
            f"Legal moves (the first {most} of {len(legal)}; 'moves' lists them all):"
        return head + "\n" + "\n".join(f"  {number:>3}. {self.written(actor, text)}"
                                       for number, (actor, text) in enumerate(legal[:most], start=1))

    def position_text(self, under: str = "") -> str:
        lines = []
        viewer = self.viewer()
        view = self.game.view(self.state) if viewer is None else self.game.view_for(self.state, viewer)
        for path, value in _places_seen(view).items():
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


def _places_seen(view: Any, prefix: tuple = ()) -> dict[tuple, Any]:
    """``places`` of a view as a player sees it: a value hidden from them (``{"hidden": 3}``) is one
    place, said "3 unseen", not a place of its own called ``hidden``."""
    if is_hidden(view):
        return {prefix: view}
    if isinstance(view, dict):
        out: dict[tuple, Any] = {}
        for key, value in view.items():
            out.update(_places_seen(value, prefix + (key,)))
        return out
    if isinstance(view, (list, tuple)) and any(is_hidden(v) for v in view):
        out = {}
        for index, value in enumerate(view):
            out.update(_places_seen(value, prefix + (index,)))
        return out
    return places(view, prefix)


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
    def prompt_text() -> str:
        viewer = session.viewer()
        return f"{viewer}, move {len(session.moves) + 1}> " if viewer is not None else f"move {len(session.moves) + 1}> "

    if input is None and not sys.stdin.isatty():
        print(session.opening())
        for line in sys.stdin:
            print(f"{prompt_text()}{line.rstrip()}")
            answer = session.handle(line)
            if answer is None:
                break
            if answer:
                print(answer)
            handed = session.handover()
            if handed is not None:  # scripted: no one to look away, the lines go on
                print(f"--- Pass the screen to {handed[0]}. ---\n{handed[1]}")
        return
    prompt = PromptSession(completer=MoveCompleter(session), input=input, output=output)
    print(session.opening())
    while True:
        try:
            line = prompt.prompt(prompt_text())
        except (EOFError, KeyboardInterrupt):
            break
        answer = session.handle(line)
        if answer is None:
            break
        if answer:
            print(answer)
        handed = session.handover()
        if handed is not None:
            player, told = handed
            try:
                prompt.prompt(f"Pass the screen to {player}. {player}: press Enter when only you can see it. ")
            except (EOFError, KeyboardInterrupt):
                break
            if output is None and sys.stdout.isatty():
                print("\033[2J\033[H", end="")  # the last player's view off the screen
            print(told)
