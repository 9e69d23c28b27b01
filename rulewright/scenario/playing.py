"""Playing an example on the game's engine: build the starting state (preset, shared position,
setup, settings, seed and stated draws), then apply each move of ``do`` in turn, noting the
state at each ``- expect:`` item. The engine's input errors become problems at the example's
line; a failure inside the engine is reported as the engine's bug, never as a traceback."""
from __future__ import annotations

import copy
import traceback
from typing import Any

from rulewright.game import Event, Game, InputError, Refusal, Rng, did_you_mean, step
from rulewright.game.interface import Outcome, merge
from rulewright.problems import ExampleProblem
from rulewright.registry import get_game
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
    game, settings, state = start(s, s.seeds[0] if seed is None else seed)
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
        current = Step(len(run.steps) + 1, line, actor, text, state=state)
        run.steps.append(current)
        with engine_errors(s, "do", index, step=current):
            try:
                current.action = game.parse_action(state, actor, text)
                follower = actions[index + 1] if index + 1 < len(actions) else None
                if fast and not (is_check_item(follower) and isinstance(follower["expect"], dict)
                                 and "refused" in follower["expect"]):
                    outcome = Outcome(state, list(game.apply(state, current.action) or []))
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
                if actor is None and _player_names(game, state):
                    hint = ("This move names no player: write it as 'player: move', e.g. "
                            f"'- {_player_names(game, state)[0]}: {text}'.")
                else:
                    hint = ("If the refusal is the point, add "
                            + (f"'refused: {refusal.rule}' under expect (or {again}, to check the position "
                               "there and go on playing)." if is_last
                               else f"{again}; play then goes on from the unchanged position."))
                return run, (f"  Step {current.index} (line {line}), '{current}', was refused: "
                             f"{refusal.reason} (rule {refusal.rule}). " + hint)
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


def _player_names(game: Game, state: Any) -> list[str]:
    """The players in the game's view, when it lists them (for hints only)."""
    try:
        players = game.view(state).get("players")
    except Exception:  # a hint must never turn into a failure of its own
        return []
    if isinstance(players, dict):
        return [str(p) for p in players]
    if isinstance(players, list):
        return [str(p.get("name", "")) if isinstance(p, dict) else str(p) for p in players]
    return []


def start(s: Scenario | Position, seed: int = 0) -> tuple[Game, dict, Any]:
    """The game, its full settings and the starting state of an example (or of a shared
    position): the shared position and the preset it starts from, with the setup's changes."""
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
    setup = dict(data.get("setup") or {})
    given_settings = data.get("settings")
    if "from" in setup:
        position = find_position(s, setup.pop("from"))
        if str(position.data["game"]) != s.game_name:
            raise s.problem(f"The position {position.name!r} ({position.where}) is for {position.game_name}, "
                            f"but this example plays {s.game_name}.", "setup", "from")
        setup = merge(copy.deepcopy(position.data.get("setup") or {}), setup)  # the position is shared
        if isinstance(given_settings, dict) or given_settings is None:
            given_settings = merge(position.data.get("settings") or {}, given_settings or {})
    with engine_errors(s):
        settings = game.resolve_settings(given_settings)
    with engine_errors(s, "setup"):
        preset_name = setup.pop("preset", None)
        if preset_name is not None:
            if preset_name not in game.presets:
                raise InputError(f"{game.title} has no preset {preset_name!r}. "
                                 f"{did_you_mean(preset_name, game.presets)}", "preset")
            setup = merge(game.presets[preset_name], setup)
        state = game.new_state(setup, settings, Rng(seed, script=data.get("draws")))
    for name in data.get("settings") or {}:
        setting = game.settings.get(name)
        if setting is not None and setting.applies is not None and not setting.applies(state):
            raise s.problem(f"The setting {name!r} cannot change this example: it matters only "
                            f"{setting.applies_when or 'in other positions'}. Remove it from 'settings:', or "
                            "change the setup so that it matters.", "settings", name)
    return game, settings, state


def find_position(s: Scenario | Position, name: str) -> Position:
    """The shared position called ``name`` in the example's book, or a problem at 'from:'."""
    positions = getattr(s, "positions", None)
    if positions is None:
        from rulewright import book  # the scanner imports this module

        positions = book.positions_for(s.where.path)
    if name not in positions:
        known = sorted(positions)
        raise s.problem(f"There is no shared position called {name!r} in this book. "
                        f"{did_you_mean(name, known)} "
                        + ("Declare it with a {position} block whose ':name:' is " + repr(name) + "."
                           if not known else "The positions are: " + ", ".join(known) + "."), "setup", "from")
    return positions[name]


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


class engine_errors:
    """Turn engine input errors into problems at the right line; report engine bugs plainly."""

    def __init__(self, s: Scenario, *path, step: Step | None = None) -> None:
        self.s, self.path, self.step = s, path, step

    def __enter__(self):
        return self

    def __exit__(self, kind, error, tb):
        if error is None or isinstance(error, ExampleProblem):
            return False
        at = f"In step {self.step.index}, '{self.step}': " if self.step else ""
        if isinstance(error, Refusal):  # only setting up can get here: play catches its refusals
            raise self.s.problem(f"This setup breaks a rule: {error.reason} (rule {error.rule}). Change the "
                                 "setup so that it describes a position the rules allow.", *self.path) from None
        if isinstance(error, InputError):
            where = tuple(int(p) if p.isdigit() else p for p in (error.where or "").split(".") if p)
            path = where if where[:1] == ("draws",) else self.path + where if not self.step else self.path
            raise self.s.problem(at + error.message, *path) from None
        frame = traceback.extract_tb(tb)[-1]
        if self.path[:1] == ("setup",) or self.path == ():
            raise self.s.problem(
                f"The game could not read this {'setup' if self.path else 'example'} ({kind.__name__}: {error}). "
                "Most often a value has the wrong kind: a word where a number belongs, a list where one name "
                "belongs. Check the values against the chapter's setup description. If they are right, this is "
                f"a bug in the game's code ({frame.filename}:{frame.lineno}); report it with this example's ID.",
                *self.path) from None
        raise self.s.problem(
            f"{at}the rules engine itself failed ({kind.__name__}: {error}) at "
            f"{frame.filename}:{frame.lineno}. This is a bug in the engine, not in your example; "
            "please report it with this example's ID.", *self.path) from None
