"""The one evaluator: read a worked example, play it on the engine, compare the outcome.

Both the Sybil parser (``make test``) and the Sphinx directive (``make rulebook``) call
``evaluate``; there is no second interpreter. An example is::

    game: <name>            which game plays it
    seed: <number>          optional: seeds the game's randomness (default 0)
    draws: [...]            optional: the results of the next random draws, stated outright
    seeds: <a>..<b>         optional instead: play once per seed; every expectation must hold for each
    settings: {...}         optional: the game's documented settings
    setup: {...}            the position; ``preset: <name>`` starts from a shipped preset,
                            ``from: <name>`` from a shared position declared with ``{position}``
    do: [...]               actions, each ``actor: text`` or a plain ``text``; an item
                            ``expect: {...}`` between them checks the state at that point
    expect: {...}           dotted paths into the game's view, ``refused: <rule>``, ``events: [...]``

An expected value is compared for equality, or with one of the ``COMPARISONS`` (``between``,
``at-least``, ``at-most``, ``contains``, ``one-of``). Lists the game declares unordered
(``Game.unordered``) compare as sets, and mappings keyed by pairs (``Game.pairs``) find ``B-A``
when asked for ``A-B``.

``evaluate`` returns a ``Result``; a malformed example raises ``ExampleProblem`` instead.
"""
from __future__ import annotations

import copy
import difflib
import fnmatch
import re
import traceback
from collections import Counter
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import Any

from rulewright.game import Action, Event, Game, InputError, Refusal, Rng, did_you_mean, step
from rulewright.game.interface import merge
from rulewright.registry import get_game
from rulewright import source
from rulewright.problems import ExampleProblem, Where

TOP_KEYS = ("game", "seed", "seeds", "draws", "settings", "setup", "do", "expect")
SPECIAL_EXPECT = ("refused", "events")
DIAGRAM_WHEN = ("before", "after", "both")
EXAMPLE_OPTIONS = ("show-source", "class", "name")  # besides id, rules and diagram, read first
OPTION = ":option:"  # LineMap key of a directive option's line: (OPTION, "diagram")
COMPARISONS = ("between", "at-least", "at-most", "contains", "one-of")
MOST_SEEDS = 1000


@dataclass
class Scenario:
    """A parsed example, not yet played. ``positions`` are the shared positions it may start
    from (``setup: {from: name}``); ``None`` means the current project's book's."""

    id: str
    title: str
    where: Where
    rules: list[str]
    diagram: str | None
    diagram_options: frozenset
    data: dict
    lines: source.LineMap
    positions: Mapping[str, "Position"] | None = None
    pending: bool = False  # ':status: pending': written before the engine supports it

    @property
    def game_name(self) -> str:
        return str(self.data["game"])  # `game: 1870` reads as a number in YAML

    @property
    def expect(self) -> dict:
        return self.data.get("expect") or {}

    @property
    def refused_rule(self) -> str | None:
        return self.expect.get("refused")

    def expect_blocks(self) -> list[tuple[tuple, dict]]:
        """Every ``expect`` mapping with its path in the YAML: each ``- expect:`` item in ``do``,
        then the final one."""
        blocks = [(("do", index, "expect"), item["expect"]) for index, item in enumerate(self.data.get("do") or [])
                  if is_check_item(item) and isinstance(item["expect"], dict)]
        return blocks + [(("expect",), self.expect)]

    def refused_rules(self) -> list[str]:
        """Every rule ID the example expects a refusal by, at any step."""
        return [block["refused"] for _, block in self.expect_blocks() if isinstance(block.get("refused"), str)]

    def named_rules(self) -> list[str]:
        """Every rule ID this example names: those it shows and those it expects refusals by."""
        return list(dict.fromkeys(self.rules + self.refused_rules()))

    @property
    def seeds(self) -> list[int]:
        """The seeds to play with: ``seeds:`` when given, else the one ``seed:`` (default 0)."""
        if "seeds" in self.data:
            return seed_list(self, self.data["seeds"])
        return [self.data.get("seed", 0)]

    def problem(self, message: str, *path) -> ExampleProblem:
        return ExampleProblem(self.where.at(self.lines.line(*path)), message)


def is_check_item(item: Any) -> bool:
    """A ``- expect: {...}`` item between the moves of ``do``."""
    return isinstance(item, dict) and len(item) == 1 and "expect" in item


def seed_list(s: Scenario, value: Any) -> list[int]:
    """``seeds: 1..200`` (inclusive) or a list of whole numbers."""
    text = str(value).strip()
    if isinstance(value, list) and value and all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        seeds = list(value)
    elif isinstance(value, str) and re.fullmatch(r"-?\d+\s*\.\.\s*-?\d+", text):
        low, high = (int(part) for part in text.split(".."))
        if low > high:
            raise s.problem(f"'seeds: {text}' runs backwards; write the smaller number first, e.g. "
                            f"'seeds: {high}..{low}'.", "seeds")
        seeds = list(range(low, high + 1))
    else:
        raise s.problem("'seeds:' is a range such as '1..200' (both ends included) or a list of whole "
                        "numbers such as [1, 5, 9].", "seeds")
    if len(seeds) > MOST_SEEDS:
        raise s.problem(f"'seeds:' asks for {len(seeds)} plays; at most {MOST_SEEDS} keep the tests quick. "
                        "Use a shorter range.", "seeds")
    if "seed" in s.data:
        raise s.problem("Give either 'seed:' (one play) or 'seeds:' (one play per seed), not both.", "seeds")
    return seeds


@dataclass
class Position:
    """A shared position declared once on a page (the ``{position}`` directive): a game, its
    settings and a setup that examples start from with ``setup: {from: <name>}``."""

    name: str
    title: str
    where: Where
    data: dict
    lines: source.LineMap

    @property
    def game_name(self) -> str:
        return str(self.data.get("game"))

    @property
    def id(self) -> str:  # diagram drawers name their graph after it
        return "position-" + self.name

    def problem(self, message: str, *path) -> ExampleProblem:
        return ExampleProblem(self.where.at(self.lines.line(*path)), message)


POSITION_KEYS = ("game", "settings", "setup")


def parse_position(body: str, where: Where, title: str = "", options: dict | None = None,
                   directive_line: int | None = None) -> Position:
    """Read a ``{position}`` block: ``:name:`` and a body of ``game``, ``settings``, ``setup``."""
    options = dict(options or {})
    head = where.at(directive_line or where.line)
    name = str(options.pop("name", "") or options.pop("id", "") or "").strip()
    if not name:
        raise ExampleProblem(head, "This position has no ':name:'. Add a line such as ':name: two-links' right "
                                   "under its title; examples start from it with 'setup: {from: two-links}'.")
    for unknown in options:
        if unknown not in ("diagram", "class", "show-source"):
            raise ExampleProblem(head, f"The position option ':{unknown}:' is unknown. Known options: :name:, "
                                       ":diagram:, :show-source:.")
    data, lines = source.load(body, Where(where.path, where.line))
    lines.first_line = head.line
    position = Position(name, title, head, data if isinstance(data, dict) else {}, lines)
    if not isinstance(data, dict):
        raise position.problem("A position's body is a mapping with 'game:', and optionally 'settings:' "
                               "and 'setup:'.")
    for key in data:
        if key not in POSITION_KEYS:
            hint = " A position is only the starting point: the moves and the checks belong in the examples " \
                   "that start from it." if key in ("do", "expect") else ""
            raise position.problem(f"The key {key!r} is not part of a position. {did_you_mean(key, POSITION_KEYS)}"
                                   f" A position has: {', '.join(POSITION_KEYS)}.{hint}", key)
    if "game" not in data:
        raise position.problem("The position has no 'game:' line; say which game it belongs to.")
    for key in ("settings", "setup"):
        if not isinstance(data.get(key) or {}, dict):
            raise position.problem(f"'{key}:' must be a mapping (key: value lines).", key)
    if "from" in (data.get("setup") or {}):
        raise position.problem("A position cannot start from another position; write its setup out, "
                               "starting from a preset if you like.", "setup", "from")
    return position


@dataclass
class Step:
    """One action of ``do`` as it was played. ``checks`` are those of a ``- expect:`` item
    right after it."""

    index: int
    line: int
    actor: str | None
    text: str
    action: Action | None = None
    events: list[Event] = field(default_factory=list)
    refusal: Refusal | None = None
    state: Any = None
    checks: list["Check"] = field(default_factory=list)

    def __str__(self) -> str:
        return f"{self.actor}: {self.text}" if self.actor else self.text


@dataclass
class Checkpoint:
    """A ``- expect:`` item in ``do``: the state and events it checks. ``after`` is the step it
    follows (``None`` before the first move); ``events`` are those since the previous check."""

    index: int
    after: Step | None
    state: Any
    events: list[Event]
    refusal: Refusal | None


@dataclass
class Run:
    """What happened: the states before and after, and each step."""

    scenario: Scenario
    game: Game
    settings: dict
    before: Any
    after: Any
    steps: list[Step]
    checkpoints: list[Checkpoint] = field(default_factory=list)
    seed: int = 0

    @property
    def events(self) -> list[Event]:
        return [event for s in self.steps for event in s.events]

    @property
    def refusal(self) -> Refusal | None:
        return self.steps[-1].refusal if self.steps else None


@dataclass
class Check:
    """One expectation compared with what happened. ``step`` is the step it is checked after
    (a ``- expect:`` item in ``do``), ``None`` for the final ``expect``."""

    key: str
    line: int
    expected: Any
    actual: Any
    ok: bool
    note: str = ""
    step: int | None = None
    yaml_path: tuple = ()  # where the expectation is written in the example (for accepting a result)


@dataclass
class Result:
    scenario: Scenario
    run: Run
    checks: list[Check]
    stopped: str | None = None  # why play stopped early (an unexpected refusal)
    seeds: list[int] = field(default_factory=list)  # the seeds played when the example gives ``seeds:``

    @property
    def ok(self) -> bool:
        return self.stopped is None and all(c.ok for c in self.checks)

    @property
    def pending(self) -> bool:
        """Marked ':status: pending' and not holding yet: reported as pending, not as failing."""
        return self.scenario.pending and not self.ok

    @property
    def ready(self) -> bool:
        """Marked pending but holding now: the mark should go."""
        return self.scenario.pending and self.ok

    def pending_note(self) -> str:
        s = self.scenario
        if self.ready:
            return (f"{s.where}: this example is marked ':status: pending' but now holds. Remove the "
                    "':status: pending' line so that it counts as verified.")
        return f"{s.where}: pending (marked ':status: pending'): the engine does not do this yet."

    def report(self) -> str:
        """The failure in plain words: where, which step, expected against actual."""
        s = self.scenario
        lines = [f"{s.where}: the example did not turn out as expected"
                 + (f" with seed {self.run.seed} (of the seeds {seed_range(self.seeds)})." if self.seeds else ".")]
        if self.stopped:
            lines.append(self.stopped)
        for check in self.checks:
            if not check.ok:
                at = "" if check.step is None else ("before the first move, " if check.step == 0
                                                    else f"after step {check.step}, ")
                lines.append(sentence(f"  - {at}{check.key} (line {check.line}): expected {show(check.expected)}, "
                                      f"but {check.note or 'it is ' + show(check.actual)}"))
        passed = sum(c.ok for c in self.checks)
        if passed:
            lines.append(f"  ({passed} other expectation{'s' if passed != 1 else ''} held.)")
        return "\n".join(lines)


def seed_range(seeds: list[int]) -> str:
    if len(seeds) > 2 and seeds == list(range(seeds[0], seeds[-1] + 1)):
        return f"{seeds[0]}..{seeds[-1]}"
    return ", ".join(map(str, seeds))


def sentence(text: str) -> str:
    """``text`` ended with one full stop: a refusal's reason quoted at the end already has its own."""
    return text if text.endswith((".", "!", "?")) else text + "."


def verdict(result: Result, pending_is_error: bool = False) -> str:
    """How an example came out, the same words everywhere: 'ok', 'failed', 'pending' (marked
    pending and not holding yet) or 'ready' (marked pending but holding: remove the mark). With
    the project setting ``pending = "error"`` (CI), any example marked pending has 'failed'."""
    if result.scenario.pending and pending_is_error:
        return "failed"
    if result.pending:
        return "pending"
    if result.ready:
        return "ready"
    return "ok" if result.ok else "failed"


def failure_text(result: Result, pending_is_error: bool = False) -> str:
    """What to tell the designer about a 'failed' verdict."""
    if result.scenario.pending and pending_is_error:
        return (f"{result.scenario.where}: this example is marked ':status: pending', which this project "
                "treats as an error (pending = \"error\" in [tool.rulewright] in pyproject.toml). Make the "
                "engine support it and remove the mark." + ("" if result.ok else "\n" + result.report()))
    return result.report()


def show(value: Any) -> str:
    if isinstance(value, str):
        return repr(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(show(v) for v in value) + "]"
    if isinstance(value, dict):
        if value and set(value) <= set(COMPARISONS):
            return " and ".join(_show_comparison(k, v) for k, v in value.items())
        return "{" + ", ".join(f"{k}: {show(v)}" for k, v in value.items()) + "}"
    if isinstance(value, bool) or value is None:  # as the example writes them in YAML
        return {True: "true", False: "false", None: "null"}[value]
    return str(value)


def _show_comparison(operator: str, operand: Any) -> str:
    if operator == "between" and isinstance(operand, list) and len(operand) == 2:
        return f"between {show(operand[0])} and {show(operand[1])}"
    return f"{operator.replace('-', ' ')} {show(operand)}"


# ---------------------------------------------------------------- parsing


def parse(body: str, where: Where, title: str = "", options: dict | None = None,
          directive_line: int | None = None, positions: Mapping[str, Position] | None = None,
          option_lines: dict | None = None) -> Scenario:
    """Read an example. ``where.line`` is the line of the body's first line; ``options`` are the
    directive's options (``id``, ``rules``, ``diagram``) and ``option_lines`` their lines;
    ``directive_line`` is the line of the example's opening fence, where a problem with the
    example as a whole is reported."""
    options = dict(options or {})
    option_lines = dict(option_lines or {})
    body_where = where
    where = where.at(directive_line or where.line)

    def at_option(name: str) -> Where:
        return where.at(option_lines.get(name, where.line))
    example_id = str(options.pop("id", "") or "").strip()
    if not example_id:
        raise ExampleProblem(where, "This example has no ':id:'. Add a line such as ':id: mb-first-link' "
                                    "right under the example's title; the ID names the test and must be unique.")
    where = Where(where.path, where.line, example_id)
    rules = str(options.pop("rules", "") or "").replace(",", " ").split()
    diagram_words = str(options.pop("diagram", "") or "").split()
    if diagram_words and diagram_words[0] not in DIAGRAM_WHEN:
        raise ExampleProblem(at_option("diagram"), f"':diagram: {diagram_words[0]}' is not understood. "
                             f"{did_you_mean(diagram_words[0], DIAGRAM_WHEN)} Write 'before', 'after' or 'both', "
                             "optionally followed by words for the diagram.")
    status = str(options.pop("status", "") or "").strip()
    if status not in ("", "pending"):
        raise ExampleProblem(at_option("status"), f"':status: {status}' is not understood; the only status is "
                             "'pending' (an example written before the engine supports it). Remove the line "
                             "otherwise.")
    for unknown in options:
        if unknown not in EXAMPLE_OPTIONS:
            raise ExampleProblem(at_option(unknown), f"The example option ':{unknown}:' is unknown. "
                                        f"{did_you_mean(unknown, ('id', 'rules', 'diagram', 'status', 'show-source'))} "
                                        "Known options: :id:, :rules:, :diagram:, :status:, :show-source:.")
    data, lines = source.load(body, Where(body_where.path, body_where.line, example_id))
    lines.first_line = where.line
    for name, line in option_lines.items():
        lines.lines[(OPTION, name)] = line
    scenario = Scenario(example_id, title, where, rules, diagram_words[0] if diagram_words else None,
                        frozenset(diagram_words[1:]), data if isinstance(data, dict) else {}, lines, positions,
                        pending=status == "pending")
    _check_shape(scenario, data)
    return scenario


def _check_shape(s: Scenario, data: Any) -> None:
    if not isinstance(data, dict):
        raise s.problem("The example body must be a mapping with the keys game, setup, do and expect.")
    for key in data:
        if key not in TOP_KEYS:
            raise s.problem(f"The key {key!r} is not part of an example. {did_you_mean(key, TOP_KEYS)} "
                            f"An example has: {', '.join(TOP_KEYS)}.", key)
    for key in ("game", "expect"):
        if key not in data:
            raise s.problem(f"The example has no '{key}:' section. Every example needs 'game:' and 'expect:' "
                            "(an example that checks nothing proves nothing).")
    if not isinstance(data.get("do") or [], list):
        raise s.problem("'do:' must be a list of actions, one per line, each starting with '- '.", "do")
    if not isinstance(data["expect"], dict) or not data["expect"]:
        raise s.problem("'expect:' must name at least one thing to check, e.g. 'companies.LMR.income: 7'.",
                        "expect")
    if not isinstance(data.get("setup") or {}, dict):
        raise s.problem("'setup:' must be a mapping (key: value lines).", "setup")
    if "seed" in data and not isinstance(data["seed"], int):
        raise s.problem("'seed:' must be a whole number.", "seed")
    if not isinstance(data.get("draws") or [], list):
        raise s.problem("'draws:' must be a list of the next random results in order, e.g. 'draws: [4, 2]' for two "
                        "dice, or 'draws: [[ace, queen, \"7\"]]' for the order a shuffle comes out in.", "draws")
    refused = data["expect"].get("refused")
    if "refused" in data["expect"] and (not isinstance(refused, str) or not refused.strip()):
        raise s.problem("'refused:' names the one rule ID that refuses the last action, e.g. "
                        "'refused: mb.expand.first-link'; here it is "
                        f"{'empty' if refused is None else show(refused)}.", "expect", "refused")
    if "events" in data["expect"] and not data["expect"]["events"]:
        raise s.problem("'events:' lists the events the actions must set off, e.g. 'events: [dividend-paid]'; "
                        "here it is empty. List at least one event, or remove the line.", "expect", "events")
    if "do" in data and not data["do"] and not isinstance(data["do"], list):
        raise s.problem("'do:' is empty. List the actions, one per line starting with '- ', or remove 'do:' "
                        "to check the position as set up.", "do")
    if refused is not None and not data.get("do"):
        raise s.problem("'refused:' needs an action in 'do:' to refuse.", "expect", "refused")
    _check_steps(s, data.get("do") or [])
    s.seeds  # reports a malformed 'seeds:'
    start = (data.get("setup") or {}).get("from")
    if "from" in (data.get("setup") or {}) and not isinstance(start, str):
        raise s.problem("'from:' names one shared position, e.g. 'from: two-links'.", "setup", "from")


def _check_steps(s: Scenario, actions: list) -> None:
    """``- expect:`` items between the moves: each a mapping of checks; a ``refused:`` one right
    after the move it refuses."""
    for index, item in enumerate(actions):
        if not is_check_item(item):
            continue
        block = item["expect"]
        if not isinstance(block, dict) or not block:
            raise s.problem("A '- expect:' item in 'do:' checks the state at that point; give it at least one "
                            "check, e.g. '- expect: {companies.LMR.income: 7}'.", "do", index)
        refused = block.get("refused")
        if refused is not None and not isinstance(refused, str):
            raise s.problem("'refused:' names one rule ID, e.g. 'refused: mb.expand.first-link'.",
                            "do", index, "expect", "refused")
        if refused is not None and (index == 0 or is_check_item(actions[index - 1])):
            raise s.problem("'refused:' here must come right after the move it refuses: put this '- expect:' "
                            "line directly under that move.", "do", index, "expect", "refused")


# ---------------------------------------------------------------- playing


def play(s: Scenario, seed: int | None = None) -> tuple[Run, str | None]:
    """Build the state and play every action. Returns the run and, if play stopped on a refusal
    the example did not expect, a sentence saying so. A move refused where a ``- expect:`` item
    right after it says ``refused:`` leaves the state unchanged and play goes on."""
    game, settings, state = start(s, s.seeds[0] if seed is None else seed)
    run = Run(s, game, settings, before=state, after=state, steps=[], seed=s.seeds[0] if seed is None else seed)
    actions = s.data.get("do") or []
    since: list[Event] = []
    moves = [i for i, item in enumerate(actions) if not is_check_item(item)]
    for index, item in enumerate(actions):
        if is_check_item(item):
            last = run.steps[-1] if run.steps else None
            run.checkpoints.append(Checkpoint(index, last, state, since,
                                              last.refusal if last and moves and index - 1 in moves else None))
            since = []
            continue
        line = s.lines.line("do", index)
        actor, text = _split_action(s, item, index)
        current = Step(len(run.steps) + 1, line, actor, text, state=state)
        run.steps.append(current)
        with _engine_errors(s, "do", index, step=current):
            try:
                current.action = game.parse_action(state, actor, text)
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
        state = current.state = outcome.state
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
    with _engine_errors(s):
        settings = game.resolve_settings(given_settings)
    with _engine_errors(s, "setup"):
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


class _engine_errors:
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


# ---------------------------------------------------------------- checking


def evaluate(s: Scenario, known_rules: Collection[str] | None = None) -> Result:
    """Play the example and compare every expectation. ``known_rules``, when given, is the set of
    rule IDs the book declares: naming any other is a problem. With ``seeds:`` the example is
    played once per seed and the first seed it fails with is reported."""
    problems = unknown_rules(s, known_rules) if known_rules is not None else []
    if problems:
        raise problems[0]
    if "seeds" not in s.data:
        return _evaluate_once(s, s.seeds[0])
    seeds = s.seeds
    for seed in seeds:
        result = _evaluate_once(s, seed)
        result.seeds = seeds
        if not result.ok:
            return result
    return result


def _evaluate_once(s: Scenario, seed: int) -> Result:
    run, stopped = play(s, seed)
    checks: list[Check] = []
    for point in run.checkpoints:
        after = point.after.index if point.after else 0
        block = s.data["do"][point.index]["expect"]
        found = _check_block(s, run, ("do", point.index, "expect"), block, point.state, point.events,
                             point.refusal, after)
        if point.after is not None:
            point.after.checks.extend(found)
        checks.extend(found)
    if stopped:
        return Result(s, run, checks, stopped)
    refusal = run.refusal if s.refused_rule else None
    checks.extend(_check_block(s, run, ("expect",), s.expect, run.after, run.events, refusal, None))
    return Result(s, run, checks)


def _check_block(s: Scenario, run: Run, at: tuple, expect: dict, state: Any, events: list[Event],
                 refusal: Refusal | None, step_index: int | None) -> list[Check]:
    """The checks of one ``expect`` mapping against ``state``, the ``events`` that led to it and
    the ``refusal`` of the move it follows."""
    checks: list[Check] = []
    if "refused" in expect:
        checks.append(_check_refusal(s, run, at, expect["refused"], refusal, step_index))
    if "events" in expect:
        checks.extend(_check_events(s, run.game, at, expect["events"], events, step_index))
    with _engine_errors(s, *at):
        view = run.game.view(state)
    for path, yaml_path, expected in _flatten({k: v for k, v in expect.items() if k not in SPECIAL_EXPECT}):
        line = s.lines.line(*at, *yaml_path)
        actual = resolve(s, view, path, line, run.game)
        ok, note = compare(s, expected, actual, ".".join(map(str, path)), run.game, line)
        checks.append(Check(".".join(map(str, path)), line, expected, actual, ok, note, step_index,
                            yaml_path=at + yaml_path))
    return checks


def unknown_rules(s: Scenario, known: Collection[str]) -> list[ExampleProblem]:
    """A problem for each rule ID the example names that the book does not declare, at its line."""
    return [undeclared_rule(rule, where, known) for rule, where in rule_places(s) if rule not in known]


def rule_places(s: Scenario) -> list[tuple[str, Where]]:
    """Each rule ID the example names, with where it names it (a refused rule at its 'refused:')."""
    refused_at = {block.get("refused"): at for at, block in reversed(s.expect_blocks())}
    return [(rule, s.where.at(s.lines.line(*refused_at[rule], "refused") if rule in refused_at
                              else s.lines.line(OPTION, "rules")))
            for rule in s.named_rules()]


def undeclared_rule(rule: str, where: Where, known: Collection[str]) -> ExampleProblem:
    return ExampleProblem(where, f"The rule {rule!r} is not declared anywhere in the rulebook. "
                                 f"{did_you_mean(rule, known)} Declare it with a rule directive, or fix the ID.")


def _check_refusal(s: Scenario, run: Run, at: tuple, wanted: str, refusal: Refusal | None,
                   step_index: int | None) -> Check:
    line = s.lines.line(*at, "refused")
    move = run.steps[step_index - 1] if step_index else run.steps[-1]
    which = f"step {move.index}" if step_index else "the last action"
    if refusal is None:
        return Check("refused", line, wanted, None, False, f"{which}, '{move}', was accepted", step_index)
    if refusal.rule != wanted:
        return Check("refused", line, wanted, refusal.rule, False,
                     f"it was refused by rule {refusal.rule} instead: {refusal.reason}", step_index)
    return Check("refused", line, wanted, refusal.rule, True, refusal.reason, step_index)


def _check_events(s: Scenario, game: Game, at: tuple, wanted: Any, happened: list[Event],
                  step_index: int | None) -> list[Check]:
    """Each wanted event, a name or ``{name: {detail: value}}``, must match an event that
    happened; two wanted alike need two such events."""
    wanted = wanted if isinstance(wanted, list) else [wanted]
    used: set[int] = set()
    checks = []
    names = ", ".join(e.name for e in happened) or "none"
    for index, item in enumerate(wanted):
        line = s.lines.line(*at, "events", index)
        name, details = _event_wanted(s, item, at, index)
        same_name = [i for i, e in enumerate(happened) if e.name == name]
        for event_index in same_name:
            for detail in details:
                if detail not in happened[event_index].data:
                    raise s.problem(f"'{name}' events have no detail {detail!r}. "
                                    f"{did_you_mean(detail, happened[event_index].data)} Its details are: "
                                    f"{', '.join(happened[event_index].data) or 'none'}.",
                                    *at, "events", index, name, detail)
        fitting = [i for i in same_name if all(
            compare(s, value, happened[i].data[detail], f"events.{name}.{detail}", game, line)[0]
            for detail, value in details.items())]
        match = next((i for i in fitting if i not in used), None)
        key = f"events: {name}" + (f" ({', '.join(f'{k} {show(v)}' for k, v in details.items())})" if details else "")
        expected = name if not details else {name: details}
        if match is not None:
            used.add(match)
            checks.append(Check(key, line, expected, str(happened[match]), True, "", step_index))
        elif not same_name:
            close = difflib.get_close_matches(name, sorted({e.name for e in happened}), n=1, cutoff=0.8)
            checks.append(Check(key, line, expected, [e.name for e in happened], False,
                                f"the events were {names}" + (f". Did you mean {close[0]!r}?" if close else ""),
                                step_index))
        else:
            others = "; ".join(str(happened[i]) for i in same_name)
            spare = "" if not fitting else " (an event that matches is already matched by " \
                                                               "an earlier line; each line needs its own event)"
            checks.append(Check(key, line, expected, others, False,
                                f"no '{name}' event had those details: the '{name}' events were {others}{spare}",
                                step_index))
    return checks


def _event_wanted(s: Scenario, item: Any, at: tuple, index: int) -> tuple[str, dict]:
    if isinstance(item, str):
        return item, {}
    if isinstance(item, dict) and len(item) == 1:
        (name, details), = item.items()
        if isinstance(details, dict) and details:
            return str(name), details
    raise s.problem("Each item under 'events:' is an event name (e.g. 'link-built') or an event with details "
                    "to check (e.g. '{link-built: {income: 3}}').", *at, "events", index)


def _flatten(expect: dict, prefix: tuple = (), yaml_prefix: tuple = ()) -> list[tuple[tuple, tuple, Any]]:
    """Nested mappings become paths and dotted keys are split. Returns (path in the view, path in
    the YAML for the line number, expected value) for each leaf."""
    out = []
    for key, value in expect.items():
        path = prefix + (tuple(key.split(".")) if isinstance(key, str) else (key,))
        yaml_path = yaml_prefix + (key,)
        if isinstance(value, dict) and value and not is_comparison(value):
            out.extend(_flatten(value, path, yaml_path))
        else:
            out.append((path, yaml_path, value))
    return out


def is_comparison(value: Any) -> bool:
    """``{between: [1, 8]}``, ``{contains: Liverpool}``…: a comparison, not a path into the view."""
    return isinstance(value, dict) and bool(value) and set(value) <= set(COMPARISONS)


def matches(game: Game | None, patterns: str, path: str) -> bool:
    """Whether the dotted ``path`` is one of the game's ``patterns`` (``*`` stands for one part)."""
    return any(fnmatch.fnmatchcase(path, pattern) and path.count(".") == pattern.count(".")
               for pattern in getattr(game, patterns, ()) or ())


def resolve(s: Scenario, view: Any, path: tuple, line: int, game: Game | None = None) -> Any:
    """The value at ``path`` in the view, or a problem naming the first part that does not exist.
    In a mapping the game keys by pairs (``Game.pairs``), ``B-A`` finds ``A-B``."""
    node = view
    for depth, part in enumerate(path):
        so_far = ".".join(map(str, path[:depth])) or "the state"
        whole = ".".join(map(str, path))
        if isinstance(node, dict):
            key = _coerce_key(part, node)
            if key is None and matches(game, "pairs", so_far):
                key = _coerce_key(_reversed_pair(part), node)
            if key is None:
                raise ExampleProblem(s.where.at(line), f"'{whole}' cannot be checked: {so_far} has no "
                                     f"{str(part)!r}. {did_you_mean(part, node)}")
            node = node[key]
        elif isinstance(node, list) and str(part).isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            comparison = difflib.get_close_matches(str(part), COMPARISONS, n=1, cutoff=0.6)
            hint = (f" If '{part}' is meant as a comparison, it is spelt {comparison[0]!r}: write "
                    f"{{{comparison[0]}: ...}}." if comparison and depth == len(path) - 1 else "")
            raise ExampleProblem(s.where.at(line), f"'{whole}' cannot be checked: {so_far} is {show(node)}, "
                                 f"which has no part {str(part)!r}.{hint}")
    return node


def _reversed_pair(part: Any) -> str:
    ends = str(part).split("-")
    return "-".join(reversed(ends)) if len(ends) == 2 else str(part)


def _coerce_key(part: Any, node: dict) -> Any:
    if part in node:
        return part
    for key in node:
        if str(key) == str(part):
            return key
    return None


def compare(s: Scenario, expected: Any, actual: Any, path: str = "", game: Game | None = None,
            line: int | None = None) -> tuple[bool, str]:
    """Whether ``actual`` is what ``expected`` means, and when it is not, a note saying how it
    differs where plain 'it is X' would not say enough."""
    if is_comparison(expected):
        pairs = matches(game, "pairs", path)
        same = (lambda a, b: _same(_pair_key(a), _pair_key(b))) if pairs else _same
        for operator, operand in expected.items():
            ok, note = _COMPARE[operator](s, operand, actual, line, same)
            if not ok:
                return False, note
        return True, ""
    if isinstance(actual, tuple):
        actual = list(actual)
    if isinstance(expected, list) and isinstance(actual, list):
        pairs = matches(game, "pairs", path)
        want, have = ([_pair_key(v) for v in x] if pairs else x for x in (expected, actual))
        if _same(want, have):
            return True, ""
        if _same_items(want, have):
            if matches(game, "unordered", path) or pairs:
                return True, ""
            return False, f"it is {show(actual)}: the same items in another order, and here the order counts"
        if matches(game, "unordered", path) or pairs:
            missing = [v for v in want if not any(_same(v, h) for h in have)]
            extra = [h for h in have if not any(_same(v, h) for v in want)]
            parts = ([f"{show(missing)} missing" if missing else ""] + [f"{show(extra)} not expected" if extra else ""])
            return False, f"it is {show(actual)} (in any order): " + ", ".join(p for p in parts if p) \
                if missing or extra else f"it is {show(actual)} (in any order): the counts of some items differ"
        return False, ""
    if isinstance(expected, str) and isinstance(actual, str) and matches(game, "pairs", path):
        return _pair_key(expected) == _pair_key(actual), ""
    return _same(expected, actual), ""


def _pair_key(value: Any) -> Any:
    """A pair ``A-B`` as its two ends in a fixed order, so that ``B-A`` compares equal."""
    if isinstance(value, str) and value.count("-") == 1:
        return "-".join(sorted(value.split("-")))
    return value


def _same_items(expected: list, actual: list) -> bool:
    if len(expected) != len(actual):
        return False
    try:
        return Counter(map(_hashable, expected)) == Counter(map(_hashable, actual))
    except TypeError:
        return False


def _hashable(value: Any) -> Any:
    if isinstance(value, dict):
        return tuple(sorted((str(k), _hashable(v)) for k, v in value.items()))
    if isinstance(value, list):
        return tuple(_hashable(v) for v in value)
    return value


def _number(s: Scenario, value: Any, operator: str, line: int | None) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        where = s.where.at(line) if line else s.where
        raise ExampleProblem(where, f"'{operator}' compares numbers, and {show(value)} is not a number. "
                             "Write e.g. '{between: [1, 8]}', '{at-least: 3}' or '{at-most: 8}'.")
    return value


def _between(s, operand, actual, line, same):
    if not (isinstance(operand, list) and len(operand) == 2):
        raise ExampleProblem(s.where.at(line) if line else s.where,
                             f"'between' takes the two ends of the range, e.g. 'between: [1, 8]', not {show(operand)}.")
    low, high = (_number(s, v, "between", line) for v in operand)
    if low > high:
        raise ExampleProblem(s.where.at(line) if line else s.where,
                             f"'between: {show(operand)}' runs backwards: write the smaller end first, "
                             f"'between: [{show(high)}, {show(low)}]'.")
    ok = isinstance(actual, (int, float)) and not isinstance(actual, bool) and low <= actual <= high
    return ok, "" if ok else f"it is {show(actual)}"


def _at_least(s, operand, actual, line, same):
    low = _number(s, operand, "at-least", line)
    ok = isinstance(actual, (int, float)) and not isinstance(actual, bool) and actual >= low
    return ok, "" if ok else f"it is {show(actual)}"


def _at_most(s, operand, actual, line, same):
    high = _number(s, operand, "at-most", line)
    ok = isinstance(actual, (int, float)) and not isinstance(actual, bool) and actual <= high
    return ok, "" if ok else f"it is {show(actual)}"


def _contains(s, operand, actual, line, same):
    items = operand if isinstance(operand, list) else [operand]
    if isinstance(actual, dict):
        missing = [item for item in items if _coerce_key(item, actual) is None]
        return not missing, "" if not missing else f"it has {show(list(actual))}, without {show(missing)}"
    if isinstance(actual, str):
        missing = [item for item in items if str(item) not in actual]
    elif isinstance(actual, (list, tuple)):
        missing = [item for item in items if not any(same(item, a) for a in actual)]
    else:
        return False, f"it is {show(actual)}, which holds no items"
    return not missing, "" if not missing else f"it is {show(actual)}, without {show(missing)}"


def _one_of(s, operand, actual, line, same):
    if not isinstance(operand, list):
        raise ExampleProblem(s.where.at(line) if line else s.where,
                             f"'one-of' takes a list of the values allowed, e.g. 'one-of: [red, blue]', "
                             f"not {show(operand)}.")
    ok = any(same(v, actual) for v in operand)
    return ok, "" if ok else f"it is {show(actual)}"


_COMPARE = {"between": _between, "at-least": _at_least, "at-most": _at_most, "contains": _contains,
            "one-of": _one_of}


def _same(expected: Any, actual: Any) -> bool:
    if isinstance(actual, tuple):
        actual = list(actual)
    if isinstance(expected, float) or isinstance(actual, float):
        try:
            return abs(float(expected) - float(actual)) < 1e-9
        except (TypeError, ValueError):
            return False
    return expected == actual


def checked_paths(s: Scenario) -> list[tuple[str, int]]:
    """The state paths the example's ``expect`` blocks check (``companies.LMR.income``), with their lines."""
    return [(".".join(map(str, path)), s.lines.line(*at, *yaml_path))
            for at, block in s.expect_blocks()
            for path, yaml_path, _ in _flatten({k: v for k, v in block.items() if k not in SPECIAL_EXPECT})]


def expected_events(s: Scenario) -> list[tuple[str, int]]:
    """The event names the example's ``expect`` blocks ask for, with their lines."""
    out = []
    for at, block in s.expect_blocks():
        wanted = block.get("events") or []
        for index, item in enumerate(wanted if isinstance(wanted, list) else [wanted]):
            name = next(iter(item), "") if isinstance(item, dict) else item
            out.append((str(name), s.lines.line(*at, "events", index)))
    return out
