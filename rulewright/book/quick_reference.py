"""A game's quick reference as its ``{quick-reference}`` declaration says it, read and checked
without Sphinx: the book's build prints it (``rulewright.sphinx.quick_reference``), and
``rulewright check`` and ``make test`` check it (``rulewright.checks.book``), with the same words
at the same lines.

The declaration is YAML: ``game``, ``turn`` (steps, each a sentence or ``{say: ..., rules: [rule
IDs]}``), ``numbers`` (each ``{say: ..., value: ...}`` stated, or ``{view: a.path, preset: ...,
setup: ...}`` read from the game) and ``choices`` (true, false, or the settings to say).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from rulewright.book import figures, source
from rulewright.book.registry import GameNotLoaded, get_game
from rulewright.problems import ExampleProblem, Where, rule_hint

NAME = "quick-reference"
KEYS = {"game", "turn", "numbers", "choices"}


@dataclass
class Step:
    say: str
    rules: list[str]
    where: Where  # the line of its rules (or of the step)


@dataclass
class Number:
    say: str | None
    value: str | None  # stated; or read from the game at ``view``
    view: str | None
    position: dict  # the position it is read in: {preset: ..., setup: ...}
    where: Where
    figure: "figures.Figure | None" = None  # what ``view`` reads, as the {value} role reads it


@dataclass
class QuickReference:
    game: str
    steps: list[Step] = field(default_factory=list)
    numbers: list[Number] = field(default_factory=list)
    choices: bool | list[str] = True
    where: Where | None = None
    choices_where: Where | None = None


def read(body: str, where: Where) -> QuickReference:
    """The declaration ``body``, its first line at ``where``; an ``ExampleProblem`` at the line of
    the first thing in it that is not a quick reference's."""
    data, lines = source.load(body, where, "quick reference")
    at = lambda *keys: where.at(lines.line(*keys))  # noqa: E731
    if not isinstance(data, dict) or "game" not in data:
        raise ExampleProblem(where, "A quick reference names its game and lists its turn and key numbers, e.g. "
                             "game: bus, turn: [...], numbers: [{say: Players, value: 3 to 5}]. See the "
                             "authoring guide, 'Quick reference'.")
    unknown = sorted(set(map(str, data)) - KEYS)
    if unknown:
        raise ExampleProblem(at(unknown[0]), f"'{unknown[0]}' is not part of a quick reference: write "
                             + ", ".join(sorted(KEYS)) + ".")
    found = QuickReference(str(data["game"]), where=at("game"), choices_where=at("choices"))
    steps = data.get("turn") or []
    if not isinstance(steps, list):
        raise ExampleProblem(at("turn"), "'turn' is a list of steps, each a sentence or {say: ..., rules: [...]}.")
    for index, step in enumerate(steps):
        step = {"say": step} if isinstance(step, str) else step
        if not isinstance(step, dict) or not isinstance(step.get("say"), str) or set(step) - {"say", "rules"}:
            raise ExampleProblem(at("turn", index), _step_fix(step))
        rules = step.get("rules") or []
        found.steps.append(Step(step["say"], [str(r) for r in (rules if isinstance(rules, list) else [rules])],
                                at("turn", index, "rules") if "rules" in step else at("turn", index)))
    numbers = data.get("numbers") or []
    if not isinstance(numbers, list):
        raise ExampleProblem(at("numbers"), "'numbers' is a list, each {say: ..., value: ...} or {view: a.path, "
                             "preset: ...}.")
    for index, number in enumerate(numbers):
        row = figures.read_row(number, at("numbers", index), found.game, fix="Each key number is {say: \"...\", "
                               "value: ...} (stated) or {view: a.path, preset: ...} (read from the game, 'say' "
                               "optional).")
        found.numbers.append(Number(row.say, row.value, row.figure.path if row.figure else None,
                                    {k: number[k] for k in ("preset", "setup") if k in number}, row.where,
                                    row.figure))
    choices = data.get("choices", True)
    if not isinstance(choices, (bool, list)):
        raise ExampleProblem(at("choices"), f"'choices' is true, false or a list of the game's settings, not {choices!r}.")
    found.choices = [str(c) for c in choices] if isinstance(choices, list) else choices
    return found


def _step_fix(step) -> str:
    """What a step that is not one should be; a sentence with ': ' in it was read as a mapping."""
    said = "Each step of 'turn' is a sentence, or {say: \"...\", rules: [rule IDs]}."
    if isinstance(step, dict) and len(step) == 1 and "say" not in step:
        (key, value), = step.items()
        if isinstance(value, (str, int, float)):
            return (f"{said} This one was read as a mapping because of the ': ' in it ('{key}: {value}'): put the "
                    f"sentence in quotes, \"{key}: {value}\".")
    return said


def chosen(game, reference: QuickReference) -> list[str]:
    """The settings whose readings the quick reference lists: all of them (``true``), none, or those
    named, in that order (two chapters of one game each list the readings of their own rules)."""
    if reference.choices is True:
        return sorted(game.settings)
    if reference.choices is False:
        return []
    known = sorted(game.settings)
    wrong = next((name for name in reference.choices if name not in known), None)
    if wrong is not None:
        raise ExampleProblem(reference.choices_where, f"'choices' is true, false or a list of the game's settings; "
                             f"'{wrong}' is not one. The settings are: {', '.join(known) or 'none'}.")
    return list(reference.choices)


def read_number(game, number: Number):
    """The position ``number`` is read in, and the value at its ``view`` path in the game's view of
    it: read as the ``{value}`` role reads a figure (``rulewright.book.figures``)."""
    found = figures.read(game, number.figure)
    return found.state, found.value


def problems(body: str, where: Where, rules) -> list[ExampleProblem]:
    """What is wrong with one declaration, as the build would say it, and each rule its steps name
    that the book does not declare (``rules``: the declared rule IDs)."""
    try:
        reference = read(body, where)
    except ExampleProblem as problem:
        return [problem]
    try:
        game = get_game(reference.game)
    except GameNotLoaded:
        return []  # its code or data fails: said once, at its place, by the book's checks
    except Exception as error:  # noqa: BLE001 - an unknown game: said at its line
        return [ExampleProblem(reference.where, str(error))]
    found = []
    for step in reference.steps:
        for rule_id in step.rules:
            if rule_id not in rules:
                found.append(unknown_rule(rule_id, step.where, rules))
    for number in reference.numbers:
        if number.view is not None:
            try:
                read_number(game, number)
            except ExampleProblem as problem:
                found.append(problem)
    try:
        chosen(game, reference)
    except ExampleProblem as problem:
        found.append(problem)
    return found


def unknown_rule(rule_id: str, where: Where, rules) -> ExampleProblem:
    """A quick-reference step naming a rule the book does not declare (renamed or removed)."""
    return ExampleProblem(where, f"A step of the quick reference names the rule '{rule_id}', which the book does "
                                 f"not declare. {rule_hint(rule_id, rules)} Fix the ID in its 'rules:', or "
                                 "remove it.".replace("  ", " "))
