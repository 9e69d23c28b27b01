"""The one evaluator: read a worked example, play it on the engine, compare the outcome.

Both the Sybil parser (``make test``) and the Sphinx directive (``make rulebook``) call
``evaluate``; there is no second interpreter. An example is::

    game: <name>            which game plays it
    seed: <number>          optional: seeds the game's randomness (default 0)
    settings: {...}         optional: the game's documented settings
    setup: {...}            the position; ``preset: <name>`` starts from a shipped preset
    do: [...]               actions, each ``actor: text`` or a plain ``text``
    expect: {...}           dotted paths into the game's view, ``refused: <rule>``, ``events: [...]``

``evaluate`` returns a ``Result``; a malformed example raises ``ExampleProblem`` instead.
"""
from __future__ import annotations

import traceback
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any

from rulewright.game import Action, Event, Game, InputError, Refusal, Rng, did_you_mean, step
from rulewright.game.interface import merge
from rulewright.registry import get_game
from rulewright import source
from rulewright.problems import ExampleProblem, Where

TOP_KEYS = ("game", "seed", "settings", "setup", "do", "expect")
SPECIAL_EXPECT = ("refused", "events")
DIAGRAM_WHEN = ("before", "after", "both")


@dataclass
class Scenario:
    """A parsed example, not yet played."""

    id: str
    title: str
    where: Where
    rules: list[str]
    diagram: str | None
    diagram_options: frozenset
    data: dict
    lines: source.LineMap

    @property
    def game_name(self) -> str:
        return str(self.data["game"])  # `game: 1870` reads as a number in YAML

    @property
    def expect(self) -> dict:
        return self.data.get("expect") or {}

    @property
    def refused_rule(self) -> str | None:
        return self.expect.get("refused")

    def named_rules(self) -> list[str]:
        """Every rule ID this example names: those it shows and the one it expects a refusal by."""
        return list(dict.fromkeys(self.rules + ([self.refused_rule] if self.refused_rule else [])))

    def problem(self, message: str, *path) -> ExampleProblem:
        return ExampleProblem(self.where.at(self.lines.line(*path)), message)


@dataclass
class Step:
    """One action of ``do`` as it was played."""

    index: int
    line: int
    actor: str | None
    text: str
    action: Action | None = None
    events: list[Event] = field(default_factory=list)
    refusal: Refusal | None = None
    state: Any = None

    def __str__(self) -> str:
        return f"{self.actor}: {self.text}" if self.actor else self.text


@dataclass
class Run:
    """What happened: the states before and after, and each step."""

    scenario: Scenario
    game: Game
    settings: dict
    before: Any
    after: Any
    steps: list[Step]

    @property
    def events(self) -> list[Event]:
        return [event for s in self.steps for event in s.events]

    @property
    def refusal(self) -> Refusal | None:
        return self.steps[-1].refusal if self.steps else None


@dataclass
class Check:
    """One expectation compared with what happened."""

    key: str
    line: int
    expected: Any
    actual: Any
    ok: bool
    note: str = ""


@dataclass
class Result:
    scenario: Scenario
    run: Run
    checks: list[Check]
    stopped: str | None = None  # why play stopped early (an unexpected refusal)

    @property
    def ok(self) -> bool:
        return self.stopped is None and all(c.ok for c in self.checks)

    def report(self) -> str:
        """The failure in plain words: where, which step, expected against actual."""
        s = self.scenario
        lines = [f"{s.where}: the example did not turn out as expected."]
        if self.stopped:
            lines.append(self.stopped)
        for check in self.checks:
            if not check.ok:
                lines.append(f"  - {check.key} (line {check.line}): expected {show(check.expected)}, "
                             f"but {check.note or 'it is ' + show(check.actual)}.")
        passed = sum(c.ok for c in self.checks)
        if passed:
            lines.append(f"  ({passed} other expectation{'s' if passed != 1 else ''} held.)")
        return "\n".join(lines)


def show(value: Any) -> str:
    if isinstance(value, str):
        return repr(value)
    if isinstance(value, list):
        return "[" + ", ".join(show(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {show(v)}" for k, v in value.items()) + "}"
    return str(value)


# ---------------------------------------------------------------- parsing


def parse(body: str, where: Where, title: str = "", options: dict | None = None,
          directive_line: int | None = None) -> Scenario:
    """Read an example. ``where.line`` is the line of the body's first line; ``options`` are the
    directive's options (``id``, ``rules``, ``diagram``); ``directive_line`` is the line of the
    example's opening fence, where a problem with the example as a whole is reported."""
    options = dict(options or {})
    body_where = where
    where = where.at(directive_line or where.line)
    example_id = str(options.pop("id", "") or "").strip()
    if not example_id:
        raise ExampleProblem(where, "This example has no ':id:'. Add a line such as ':id: mb-first-link' "
                                    "right under the example's title; the ID names the test and must be unique.")
    where = Where(where.path, where.line, example_id)
    rules = str(options.pop("rules", "") or "").replace(",", " ").split()
    diagram_words = str(options.pop("diagram", "") or "").split()
    if diagram_words and diagram_words[0] not in DIAGRAM_WHEN:
        raise ExampleProblem(where, f"':diagram: {diagram_words[0]}' is not understood; write 'before', "
                                    "'after' or 'both', optionally followed by words for the diagram.")
    for unknown in options:
        if unknown not in ("show-source", "class", "name"):
            raise ExampleProblem(where, f"The example option ':{unknown}:' is unknown. "
                                        "Known options: :id:, :rules:, :diagram:, :show-source:.")
    data, lines = source.load(body, Where(body_where.path, body_where.line, example_id))
    lines.first_line = where.line
    scenario = Scenario(example_id, title, where, rules, diagram_words[0] if diagram_words else None,
                        frozenset(diagram_words[1:]), data if isinstance(data, dict) else {}, lines)
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
    refused = data["expect"].get("refused")
    if refused is not None and not isinstance(refused, str):
        raise s.problem("'refused:' names one rule ID, e.g. 'refused: mb.expand.first-link'.", "expect", "refused")
    if refused is not None and not data.get("do"):
        raise s.problem("'refused:' needs an action in 'do:' to refuse.", "expect", "refused")


# ---------------------------------------------------------------- playing


def play(s: Scenario) -> tuple[Run, str | None]:
    """Build the state and play every action. Returns the run and, if play stopped on a refusal
    the example did not expect, a sentence saying so."""
    try:
        game = get_game(s.game_name)
    except InputError as error:
        raise s.problem(error.message, "game") from None
    data = s.data
    with _engine_errors(s):
        settings = game.resolve_settings(data.get("settings"))
    with _engine_errors(s, "setup"):
        setup = dict(data.get("setup") or {})
        preset_name = setup.pop("preset", None)
        if preset_name is not None:
            if preset_name not in game.presets:
                raise InputError(f"{game.title} has no preset {preset_name!r}. "
                                 f"{did_you_mean(preset_name, game.presets)}", "preset")
            setup = merge(game.presets[preset_name], setup)
        state = game.new_state(setup, settings, Rng(data.get("seed", 0)))
    run = Run(s, game, settings, before=state, after=state, steps=[])
    actions = data.get("do") or []
    for index, item in enumerate(actions):
        line = s.lines.line("do", index)
        actor, text = _split_action(s, item, index)
        current = Step(index + 1, line, actor, text, state=state)
        run.steps.append(current)
        with _engine_errors(s, "do", index, step=current):
            try:
                current.action = game.parse_action(state, actor, text)
                outcome = step(game, state, current.action)
            except Refusal as refusal:
                current.refusal = refusal
                is_last = index == len(actions) - 1
                if is_last and s.refused_rule:
                    break
                return run, (f"  Step {current.index} (line {line}), '{current}', was refused: "
                             f"{refusal.reason} (rule {refusal.rule}). "
                             + ("Only the last action of an example may be refused." if s.refused_rule and not is_last
                                else "If the refusal is the point, add 'refused: " + refusal.rule + "' under expect."))
        state = current.state = outcome.state
        current.events = outcome.events
        run.after = state
    return run, None


def _split_action(s: Scenario, item: Any, index: int) -> tuple[str | None, str]:
    if isinstance(item, str):
        return None, item.strip()
    if isinstance(item, dict) and len(item) == 1:
        (actor, text), = item.items()
        if isinstance(text, (str, int)):
            return str(actor), str(text).strip()
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
            path = self.path + tuple(error.where.split(".")) if error.where and not self.step else self.path
            raise self.s.problem(at + error.message, *path) from None
        frame = traceback.extract_tb(tb)[-1]
        raise self.s.problem(
            f"{at}the rules engine itself failed ({kind.__name__}: {error}) at "
            f"{frame.filename}:{frame.lineno}. This is a bug in the engine, not in your example; "
            "please report it with this example's ID.", *self.path) from None


# ---------------------------------------------------------------- checking


def evaluate(s: Scenario, known_rules: Collection[str] | None = None) -> Result:
    """Play the example and compare every expectation. ``known_rules``, when given, is the set of
    rule IDs the book declares: naming any other is a problem."""
    problems = unknown_rules(s, known_rules) if known_rules is not None else []
    if problems:
        raise problems[0]
    run, stopped = play(s)
    checks: list[Check] = []
    if stopped:
        return Result(s, run, checks, stopped)
    expect = s.expect
    if s.refused_rule:
        checks.append(_check_refusal(s, run))
    if "events" in expect:
        checks.extend(_check_events(s, run))
    with _engine_errors(s, "expect"):
        view = run.game.view(run.after)
    for path, yaml_path, expected in _flatten({k: v for k, v in expect.items() if k not in SPECIAL_EXPECT}):
        line = s.lines.line("expect", *yaml_path)
        actual = resolve(s, view, path, line)
        checks.append(Check(".".join(map(str, path)), line, expected, actual, _same(expected, actual)))
    return Result(s, run, checks)


def unknown_rules(s: Scenario, known: Collection[str]) -> list[ExampleProblem]:
    """A problem for each rule ID the example names that the book does not declare, at its line."""
    problems = []
    for rule in s.named_rules():
        if rule not in known:
            line = s.lines.line("expect", "refused") if rule == s.refused_rule else s.where.line
            problems.append(ExampleProblem(s.where.at(line),
                                           f"The rule {rule!r} is not declared anywhere in the rulebook. "
                                           f"{did_you_mean(rule, known)} Declare it with a rule directive, or fix "
                                           "the ID."))
    return problems


def _check_refusal(s: Scenario, run: Run) -> Check:
    line = s.lines.line("expect", "refused")
    refusal = run.refusal
    if refusal is None:
        return Check("refused", line, s.refused_rule, None, False,
                     f"the last action, '{run.steps[-1]}', was accepted")
    if refusal.rule != s.refused_rule:
        return Check("refused", line, s.refused_rule, refusal.rule, False,
                     f"it was refused by rule {refusal.rule} instead: {refusal.reason}")
    return Check("refused", line, s.refused_rule, refusal.rule, True, refusal.reason)


def _check_events(s: Scenario, run: Run) -> list[Check]:
    wanted = s.expect["events"]
    if not isinstance(wanted, list):
        wanted = [wanted]
    happened = [e.name for e in run.events]
    checks = []
    for index, name in enumerate(wanted):
        ok = name in happened
        checks.append(Check(f"events: {name}", s.lines.line("expect", "events", index), name, happened, ok,
                            "" if ok else "the events were " + (", ".join(happened) or "none")))
    return checks


def _flatten(expect: dict, prefix: tuple = (), yaml_prefix: tuple = ()) -> list[tuple[tuple, tuple, Any]]:
    """Nested mappings become paths and dotted keys are split. Returns (path in the view, path in
    the YAML for the line number, expected value) for each leaf."""
    out = []
    for key, value in expect.items():
        path = prefix + (tuple(key.split(".")) if isinstance(key, str) else (key,))
        yaml_path = yaml_prefix + (key,)
        if isinstance(value, dict) and value:
            out.extend(_flatten(value, path, yaml_path))
        else:
            out.append((path, yaml_path, value))
    return out


def resolve(s: Scenario, view: Any, path: tuple, line: int) -> Any:
    """The value at ``path`` in the view, or a problem naming the first part that does not exist."""
    node = view
    for depth, part in enumerate(path):
        so_far = ".".join(map(str, path[:depth])) or "the state"
        whole = ".".join(map(str, path))
        if isinstance(node, dict):
            key = _coerce_key(part, node)
            if key is None:
                raise ExampleProblem(s.where.at(line), f"'{whole}' cannot be checked: {so_far} has no "
                                     f"{str(part)!r}. {did_you_mean(part, node)}")
            node = node[key]
        elif isinstance(node, list) and str(part).isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            raise ExampleProblem(s.where.at(line), f"'{whole}' cannot be checked: {so_far} is {show(node)}, "
                                 f"which has no part {str(part)!r}.")
    return node


def _coerce_key(part: Any, node: dict) -> Any:
    if part in node:
        return part
    for key in node:
        if str(key) == str(part):
            return key
    return None


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
    """The state paths the example's ``expect`` checks (``companies.LMR.income``), with their lines."""
    return [(".".join(map(str, path)), s.lines.line("expect", *yaml_path))
            for path, yaml_path, _ in _flatten({k: v for k, v in s.expect.items() if k not in SPECIAL_EXPECT})]
