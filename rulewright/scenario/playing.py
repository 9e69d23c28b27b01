"""Playing an example on the game's engine: build the starting state (preset, shared position,
setup, settings, seed and stated draws), then apply each move of ``do`` in turn, noting the
state at each ``- expect:`` item. The engine's input errors become problems at the example's
line; a failure inside the engine is reported as the engine's bug, never as a traceback."""
from __future__ import annotations

import copy
import inspect
import re
import traceback
from typing import Any

from rulewright.game import Event, Game, InputError, Refusal, Rng, did_you_mean, implements, step
from rulewright.game.datafiles import line_of, source_of
from rulewright.game.interface import Outcome, hidden_part, merge
from rulewright.game.refusal import nearest
from rulewright.problems import Cause, ExampleProblem, InShared, display_path
from rulewright.book.phrases import players_of
from rulewright.book.registry import get_game
from rulewright.scenario.timelimit import TimeLimitReached, doing, limited
from rulewright.scenario.parsing import Position, Scenario, is_check_item
from rulewright.scenario.results import Checkpoint, Run, Step
from rulewright.scenario.vocabulary import OPTION, show

def play(s: Scenario, seed: int | None = None, fast: bool = False) -> tuple[Run, str | None]:
    """Build the state and play every action. Returns the run and, if play stopped on a refusal
    the example did not expect, a sentence saying so. A move refused where a ``- expect:`` item
    right after it says ``refused:`` leaves the state unchanged and play goes on.

    ``fast`` (for long records) plays each move on the one state instead of a copy, keeping a copy
    only where a ``- expect:`` item checks it; the steps then keep no state of their own, and a
    refusal nobody expected may leave the state half changed: play it again without ``fast`` to
    say what happened."""
    doing("setting up the position" + (f" (seed {seed})" if "seeds" in s.data else ""))
    try:
        game, settings, state = start(s, s.seeds[0] if seed is None else seed)
    except SetupRejected as rejected:
        if not s.pending:
            raise rejected.problem from None  # (as it was raised: a mistake in a shared preset stays InShared)
        # Written before the engine supports it (five players, say): pending, with the engine's words.
        run = Run(s, rejected.game, rejected.settings, before=None, after=None, steps=[],
                  seed=s.seeds[0] if seed is None else seed)
        return run, f"  The engine does not accept this setup yet: {rejected.message}"
    _check_reveals(s, game)
    run = Run(s, game, settings, before=copy.deepcopy(state) if fast else state, after=state, steps=[],
              seed=s.seeds[0] if seed is None else seed, viewer=s.viewer)
    actions = s.data.get("do") or []
    since: list[Event] = []
    moves = [i for i, item in enumerate(actions) if not is_check_item(item)]
    for index, item in enumerate(actions):
        if is_check_item(item):
            last = run.steps[-1] if run.steps else None
            run.checkpoints.append(Checkpoint(index, last, copy.deepcopy(state) if fast else state, since,
                                              last.refusal if last and moves and index - 1 in moves else None))
            since = []
            continue
        line = s.lines.line("do", index)
        actor, text = _split_action(s, item, index)
        _check_size(s, game, [(("do", index), int(digits)) for digits in re.findall(r"\d+", text)])
        current = Step(len(run.steps) + 1, line, actor, text, state=state)
        run.steps.append(current)
        doing(f"playing step {current.index} (line {line}), '{current}'" + (f", seed {run.seed}" if "seeds" in s.data else ""))
        with engine_errors(s, "do", index, step=current):
            try:
                try:
                    current.action = _parse_action(game, state, actor, text)
                except InputError as error:
                    if not s.pending:
                        raise
                    # Written before the engine can read this move: pending, with the engine's words.
                    return run, (f"  Step {current.index} (line {line}), '{current}': the engine does not "
                                 f"read this move yet: {error.message}")
                follower = actions[index + 1] if index + 1 < len(actions) else None
                if fast and not (is_check_item(follower) and isinstance(follower["expect"], dict)
                                 and "refused" in follower["expect"]):
                    outcome = Outcome(state, list(game.apply(state, current.action) or []))
                    outcome.events += list(game.settle(state) or [])
                else:
                    outcome = step(game, state, current.action)
            except Refusal as refusal:
                current.refusal = refusal
                follower = actions[index + 1] if index + 1 < len(actions) else None
                if is_check_item(follower) and isinstance(follower["expect"], dict) \
                        and "refused" in follower["expect"]:
                    continue
                is_last = index == moves[-1]
                if is_last and s.refused_rule and not is_check_item(follower):
                    break
                again = f"'- expect: {{refused: {refusal.rule}}}' on the line under this move"
                if s.pending:  # the designer knows: the engine refuses what the rules allow
                    hint = "The example is marked pending: it holds once the engine allows this move."
                elif actor is None and _player_names(game, state):
                    hint = ("This move names no player: write it as 'player: move', e.g. "
                            f"'- {_player_names(game, state)[0]}: {text}'.")
                else:
                    hint = ("If the refusal is the point, add "
                            + (f"'refused: {refusal.rule}' under expect (or {again}, to check the position "
                               "there and go on playing)." if is_last
                               else f"{again}; play then goes on from the unchanged position."))
                return run, (f"  Step {current.index} (line {line}), '{current}', was refused: "
                             f"{refusal.reason.rstrip().rstrip('.')} (rule {refusal.rule}). " + hint)
        state = outcome.state
        current.state = None if fast else state
        current.events = outcome.events
        since = since + outcome.events
        run.after = state
    # A game keeps its Rng as ``state.rng``; stated draws no move took would be a silent pass.
    unused = getattr(getattr(run.after, "rng", None), "unused", None)
    if unused and run.refusal is None:
        count = len(s.data.get("draws") or [])
        raise s.problem(f"The example states {count} draw{'s' if count != 1 else ''} under 'draws:', but the "
                        f"moves left {len(unused)} of them unused ({show(unused)}). Remove them, or add the moves "
                        "that draw them.", "draws", count - len(unused))
    return run, None


def _parse_action(game: Game, state: Any, actor: str | None, text: str):
    """The game's reading of a move. A plain line whose first word is a player and whose rest
    the game reads as that player's move ('- ann place A1') is a move with its colon missing:
    said so, with the line as it should be."""
    try:
        return game.parse_action(state, actor, text)
    except InputError as error:
        first, _, rest = text.partition(" ")
        if actor is not None or not rest.strip():
            raise
        try:
            game.parse_action(state, first, rest.strip())
        except Exception:  # not a player's move either: the game's own message stands
            raise error from None
        raise InputError(f"'{text}' reads as {first}'s move with the colon missing after the player: "
                         f"write '- {first}: {rest.strip()}'.") from None


def _player_names(game: Game, state: Any) -> list[str]:
    """The players in the game's view, when it lists them (for hints only)."""
    return players_of(game, state)  # (a failing view gives none: a hint never fails on its own)


def start(s: Scenario | Position, seed: int = 0) -> tuple[Game, dict, Any]:
    """The game, its full settings and the starting state of an example (or of a shared
    position): the shared position and the preset it starts from, with the setup's changes."""
    with limited(s.where):  # a shared position set up on its own is timed too (in play, the example is)
        return _start(s, seed)


def _start(s: Scenario | Position, seed: int) -> tuple[Game, dict, Any]:
    try:
        game = get_game(s.game_name)
    except InputError as error:
        raise s.problem(error.message, "game") from None
    unknown = sorted(getattr(s, "diagram_options", frozenset()) - game.diagram_options)
    if unknown:
        known = sorted(game.diagram_options)
        raise s.problem(f"':diagram:' has the word {unknown[0]!r}, which {game.title} diagrams do not understand. "
                        + (f"{did_you_mean(unknown[0], known)} " if known else "") + "Write 'before', 'after' or 'both'"
                        + (f", optionally followed by {', '.join(map(repr, known))}." if known else "."),
                        OPTION, "diagram")
    data = s.data
    _check_size(s, game, [found for key in ("setup", "settings", "draws") for found in _numbers(data.get(key), (key,))])
    setup = dict(data.get("setup") or {})
    given_settings = data.get("settings")
    if "from" in setup:
        position = find_position(s, setup.pop("from"))
        _no_circle(s)
        _sets_up(s, position)
        if str(position.data["game"]) != s.game_name:
            what = "position" if isinstance(s, Position) else "example"
            raise s.problem(f"The position {position.name!r} ({position.where}) is for {position.game_name}, "
                            f"but this {what} plays {s.game_name}.", "setup", "from")
        base_setup, base_settings = whole_setup(position)
        setup = merge(base_setup, setup)  # (a copy: the position is shared)
        if isinstance(given_settings, dict) or given_settings is None:
            given_settings = merge(base_settings, given_settings or {})
    with engine_errors(s):
        settings = game.resolve_settings(given_settings)
    own, preset = setup, setup.get("preset")
    with engine_errors(s, "setup"):
        setup = with_preset(game, setup)
    from_preset = None
    if preset is not None and isinstance(game.presets.get(preset), dict):  # its keys the example leaves as they are
        from_preset = (preset, set(map(str, game.presets[preset])) - set(map(str, own)), game.presets)
    script = list(data.get("draws") or [])
    if data.get("deal"):
        script = dealt(s, game, setup, settings, from_preset) + script
    try:
        with engine_errors(s, "setup", from_preset=from_preset):
            state = game.new_state(setup, settings, Rng(seed, script=script))
            game.settle(state)  # what follows from the setup by itself (its events are no move's)
    except ExampleProblem as problem:
        raise SetupRejected(problem.where, problem.message, game, settings, problem) from None
    for name in data.get("settings") or {}:
        setting = game.settings.get(name)
        if setting is not None and setting.applies is not None and not setting.applies(state):
            raise s.problem(f"The setting {name!r} cannot change this example: it matters only "
                            f"{setting.applies_when or 'in other positions'}. Remove it from 'settings:', or "
                            "change the setup so that it matters.", "settings", name)
    return game, settings, state


def dealt(s: Scenario | Position, game: Game, setup: dict, settings: dict, from_preset=None) -> list:
    """The draws that make the example's ``deal:`` (``Game.deal_draws``), or a problem at the
    deal's key at fault, or at the setup's (``from_preset``: its preset's) when the setup is at fault
    (a player seated twice). The game's ``deal_draws`` is given the example's settings when it takes a
    third parameter (a deal that depends on them: how many cards a hand holds in one edition)."""
    if not implements(game, "deal_draws"):
        raise s.problem(f"{game.title} does not say a deal in its words: its class gives no deal_draws. State "
                        "the shuffle under 'draws:' instead (e.g. 'draws: [{top: [...]}]').", "deal")
    deal = s.data["deal"]
    try:
        given = [copy.deepcopy(deal), copy.deepcopy(setup)]
        if _takes(game.deal_draws, 3):
            given.append(dict(settings))
        draws = game.deal_draws(*given)
    except InputError as error:
        if error.where and error.where not in deal and str(error.where).split(".")[0] in setup:
            with engine_errors(s, "setup", from_preset=from_preset):
                raise error from None
        key = error.where if error.where in deal else None
        raise s.problem(error.message, "deal", *([key] if key else [])) from None
    return list(draws)


def _takes(method, count: int) -> bool:
    """Whether ``method`` can be called with ``count`` arguments."""
    try:
        inspect.signature(method).bind(*range(count))
    except (TypeError, ValueError):
        return False
    return True


def with_preset(game: Game, setup: dict) -> dict:
    """``setup`` with the preset it names (``preset: demo``) merged under it, as ``new_state`` takes
    it; an ``InputError`` at ``preset`` for a preset the game does not have."""
    setup = dict(setup)
    name = setup.pop("preset", None)
    if name is None:
        return setup
    if isinstance(name, (list, dict)):  # a value of the wrong kind: one preset's name belongs here
        presets = ", ".join(map(str, game.presets)) or "none"
        where = "preset.0" if isinstance(name, list) and name else "preset"
        raise InputError(f"'preset:' names one preset of {game.title}, e.g. 'preset: {next(iter(game.presets), 'two')}'"
                         f", but here it is {'a list' if isinstance(name, list) else 'a mapping'} ({show(name)}). "
                         f"Name one of them: {presets}; write what differs from it as the setup's other keys.", where)
    if name not in game.presets:
        raise InputError(f"{game.title} has no preset {name!r}. {did_you_mean(name, game.presets)}", "preset")
    return merge(game.presets[name], setup)


def set_up(game: Game, setup: dict, settings: dict, rng: Rng) -> Any:
    """The starting state of a game outside a book (random play, a terminal session): the preset
    merged in, the state built, and what follows from the setup by itself settled."""
    state = game.new_state(with_preset(game, copy.deepcopy(setup)), settings, rng)
    game.settle(state)
    return state


def _numbers(value: Any, path: tuple):
    """(path, number) for every number in ``value``, a part of the example's YAML."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _numbers(item, path + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _numbers(item, path + (index,))
    elif isinstance(value, (int, float)) and not isinstance(value, bool):
        yield path, value


def _check_size(s: Scenario | Position, game: Game, found) -> None:
    """A number beyond what the game can hold is a slip (extra noughts): refused at its line."""
    most = getattr(game, "largest_number", None)
    for path, number in found:
        if most is not None and abs(number) > most:
            raise s.problem(f"{show(number)} is out of range: it is far beyond any amount or count in {game.title} "
                            f"(at most {most}). "
                            "Check the number of noughts. (A game whose numbers truly run higher says so with "
                            "'largest_number' in its Game class.)", *path)


class SetupRejected(ExampleProblem):
    """The engine refuses or cannot read an example's setup: a problem, except in an example
    marked ':status: pending', which may be written before the engine supports its setup."""

    def __init__(self, where, message, game=None, settings=None, problem: ExampleProblem | None = None) -> None:
        super().__init__(where, message)
        self.game, self.settings = game, settings
        self.problem = problem if problem is not None else ExampleProblem(where, message)  # the one rejected

    def __reduce__(self):
        return ExampleProblem, (self.where, self.message)


def find_position(s: Scenario | Position, name: str) -> Position:
    """The shared position called ``name`` in the example's book, or a problem at 'from:': the
    position's own problem (said at its line) when it is there but cannot be read."""
    positions = getattr(s, "positions", None)  # an example read from a page knows its book's
    positions = {} if positions is None else positions
    if name not in positions:
        unreadable = getattr(positions, "unreadable", {}).get(name)
        if unreadable is not None:  # one problem, at the position: each example starting from it meets it
            raise ExampleProblem(s.where.at(s.lines.line("setup", "from")),
                                 Cause(unreadable.message, unreadable.where), unreadable.check)
        known = sorted(positions)
        close = nearest(name, known)
        raise s.problem(f"There is no shared position called {name!r} in this book. "
                        + (f"Did you mean {' or '.join(map(repr, close))}? " if close else "")
                        + ("Declare it with a {position} block whose ':name:' is " + repr(name) + "."
                           if not known else "The positions are: " + ", ".join(known) + "."), "setup", "from")
    return positions[name]


def whole_setup(position: Position) -> tuple[dict, dict]:
    """A shared position's setup and settings, with those of the positions it starts from
    (``setup: {from: name}``) under them, as fresh copies."""
    setup = copy.deepcopy(dict(position.data.get("setup") or {}))
    settings = copy.deepcopy(dict(position.data.get("settings") or {}))
    start = setup.pop("from", None)
    if start is None:
        return setup, settings
    base_setup, base_settings = whole_setup(find_position(position, str(start)))
    return merge(base_setup, setup), merge(base_settings, settings)


def position_chain(s: Scenario | Position) -> tuple[list[str], list[str] | None]:
    """The names of the shared positions ``s`` starts from, in turn (``setup: {from: name}``): the
    one it names, the one that one starts from, and so on. The walk stops at a name the book has no
    position for (the last name: whoever looks it up says so) or at a name already met; then the
    circle's names come too, from the repeated one round to it again. The one walk of a chain: the
    circle check, the result store's key and the build's page digests all follow it."""
    positions = getattr(s, "positions", None) or {}
    names: list[str] = []
    here: Scenario | Position | None = s
    while here is not None:
        setup = here.data.get("setup")
        start = setup.get("from") if isinstance(setup, dict) else None
        if start is None:
            break
        met = ([s.name] if isinstance(s, Position) else []) + names
        if str(start) in met:
            return names, [*met[met.index(str(start)):], str(start)]
        names.append(str(start))
        here = positions.get(str(start))
    return names, None


def _no_circle(s: Scenario | Position) -> None:
    """A chain of positions, each starting from the next, that comes back to one of them is a
    problem at the 'from:' that starts it, naming the chain."""
    _, circle = position_chain(s)
    if circle:
        raise s.problem(f"These shared positions start from each other in a circle: {' -> '.join(circle)}. One of "
                        "them must start from a preset or be written out whole.", "setup", "from")


def _sets_up(s: Scenario | Position, position: Position) -> None:
    """A shared position its game cannot set up is one problem, said at the position's line: each
    example starting from it meets that problem (a ``Cause``), not one of its own at 'from:'."""
    try:
        _start(position, 0)  # (within the example's time limit)
    except TimeLimitReached:
        raise
    except ExampleProblem as problem:
        raise ExampleProblem(s.where.at(s.lines.line("setup", "from")), Cause(problem.message, problem.where),
                             problem.check) from None


def _split_action(s: Scenario, item: Any, index: int) -> tuple[str | None, str]:
    if isinstance(item, str):
        return None, item.strip()
    if isinstance(item, dict) and len(item) == 1:
        (actor, text), = item.items()
        if isinstance(text, (str, int)):
            return str(actor), str(text).strip()
    if isinstance(item, dict) and "expect" in item and len(item) == 2:
        actor = next(key for key in item if key != "expect")
        raise s.problem(f"A check goes on its own line under the move: write '- {actor}: {item[actor]}' and then "
                        "'- expect: {...}' on the next line.", "do", index, "expect")
    raise s.problem("Each action is one line: 'player: action' (e.g. '- ann: expand LMR Liverpool-Manchester') "
                    "or a plain action (e.g. '- general dividend').", "do", index)


# The words that say a problem lies in a preset the game ships, which every example starting from
# it meets: ``rulewright check`` says such a problem once, with the other examples' IDs.
IN_PRESET = "This is in the preset"


class engine_errors:
    """Turn engine input errors into problems at the right line; report engine bugs plainly."""

    def __init__(self, s: Scenario, *path, step: Step | None = None, from_preset: tuple | None = None) -> None:
        """``from_preset``: (the preset's name, the setup keys the example takes from it unchanged),
        to tell a mistake in the game's preset from one in the example."""
        self.s, self.path, self.step, self.from_preset = s, path, step, from_preset

    def __enter__(self):
        return self

    def __exit__(self, kind, error, tb):
        if error is None or isinstance(error, ExampleProblem) or not isinstance(error, Exception):
            return False  # a problem already said, or a stop (the time limit, Ctrl-C): not the engine's bug
        at = f"In step {self.step.index}, '{self.step}': " if self.step else ""
        if isinstance(error, Refusal):  # only setting up can get here: play catches its refusals
            raise self.s.problem(f"This setup breaks a rule: {error.reason} (rule {error.rule}). Change the "
                                 "setup so that it describes a position the rules allow.", *self.path) from None
        if isinstance(error, InputError):
            where = tuple(int(p) if p.isdigit() else p for p in (error.where or "").split(".") if p)
            if self.from_preset and where and str(where[0]) in self.from_preset[1]:
                name, _, presets = (*self.from_preset, None)[:3]
                source = source_of(presets)
                line = line_of(source[1], ".".join(map(str, (name, *where)))) if source else None
                there = (f", at {display_path(source[0])}, line {line}," if line else
                         ", which the game ships with its data (its presets file),")
                said = self.s.problem(f"{error.message} {IN_PRESET} '{name}'{there} not in this example: correct it "
                                      "there, and every example starting from it is mended.", "setup", "preset")
                raise InShared(said.where, said.message) from None
            path = where if where[:1] == ("draws",) else self.path + where if not self.step else self.path
            said = error.message
            if self.step and said.startswith(f"'{self.step}' "):  # (the move is named once: "In step 1, 'x': This ...")
                said = "This" + said[len(f"'{self.step}'"):]
            raise self.s.problem(at + said, *path) from None
        frame = traceback.extract_tb(tb)[-1]
        if self.path[:1] == ("setup",) or self.path == ():
            raise self.s.problem(
                f"The game could not read this {'setup' if self.path else 'example'} ({kind.__name__}: {error}). "
                "Most often a value has the wrong kind: a word where a number belongs, a list where one name "
                "belongs. Check the values against the chapter's setup description. If they are right, this is "
                f"a mistake in the game's code ({frame.filename}:{frame.lineno}): mend the code there, or give "
                "this example's ID to whoever writes the engine.",
                *self.path) from None
        raise self.s.problem(
            f"{at}the rules engine itself failed ({kind.__name__}: {error}) at "
            f"{frame.filename}:{frame.lineno}. This is a mistake in the game's code at that line, not in "
            "your example: mend the code there, or give this example's ID to whoever writes the engine.",
            *self.path) from None


def _check_reveals(s: Scenario, game: Game) -> None:
    """Each path of ``:reveals:`` is one of the game's hidden paths (or lies under one): else it
    reveals nothing, and what the example meant to show would still be printed as unseen."""
    patterns = tuple(getattr(game, "hidden", ()) or ())
    for path in s.reveals:  # ('draws': the stated draws, face up for all to see: a tile drawn and placed)
        if path not in ("everything", "draws") and hidden_part(patterns, path)[0] is None:
            shown = ", ".join(patterns) or "nothing"
            raise ExampleProblem(s.where.at(s.lines.line(OPTION, "reveals")),
                                 f"':reveals: {path}' names no hidden part of {game.title}, which hides {shown} "
                                 "('<player>' stands for a player's name, e.g. players.bob.hand). Name a hidden "
                                 "path, write ':reveals: draws' for draws made face up, ':reveals: everything', or "
                                 "remove the option.")
