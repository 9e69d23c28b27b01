"""The real rulebook: the whole-book checks pass, and every example's expectations can fail.

The second test changes each expected value of each example in turn and plays it again: if the
example still "holds", it was not checking what it claims to. This is what makes a green rulebook
mean something.
"""
import copy

import pytest

from rulewright.book import scanner
from rulewright.checks.book import BookProblems, check
from rulewright.problems import ExampleProblem, display_path
from rulewright.scenario import SPECIAL_EXPECT, evaluate, is_check_item, is_comparison

BOOK = scanner.scan()


def test_the_rulebook_is_sound():
    problems = check(besides_pages=True)  # a page's or an example's own problems: said by its own test
    if problems:
        raise BookProblems(problems)


def _parse(decl):
    """The example, or a plain failure (no traceback) when it cannot be read: the example's own
    test and the whole-book check say the same at its line."""
    try:
        return decl.parse()
    except ExampleProblem as problem:
        message = str(problem)
    pytest.fail(message, pytrace=False)  # outside the except: no "during handling" chain is shown


def test_the_rulebook_has_examples_for_every_game():
    games = set()
    for decl in BOOK.examples:
        try:
            games.add(decl.parse().game_name)
        except ExampleProblem:
            continue  # its own test says why, plainly
    assert {"muck-and-brass", "bus", "powerup", "1870", "hush"} <= games


def _changed(value):
    if is_comparison(value):  # a range or membership moved so that what held cannot hold
        changed = {}
        for operator, operand in value.items():
            changed.update(_changed_comparison(operator, operand))
        return changed
    if isinstance(value, bool):
        return not value
    if isinstance(value, (int, float)):
        return value + 1
    if isinstance(value, str):
        return value + " (changed)"
    if isinstance(value, list):
        return value[:-1] if value else ["(changed)"]
    if value is None:
        return "(changed)"
    if isinstance(value, dict):
        return {**value, "(changed)": 1}
    raise AssertionError(f"cannot change {value!r}")


def _changed_comparison(operator, operand):
    return {"between": lambda: {"between": [operand[1] + 1, operand[1] + 2]},
            "at-least": lambda: {"at-most": operand - 1},
            "at-most": lambda: {"at-least": operand + 1},
            "contains": lambda: {"contains": (operand if isinstance(operand, list) else [operand]) + ["(changed)"]},
            "one-of": lambda: {"one-of": ["(changed)"]},
            "length": lambda: {"length": operand + 1},
            # (there is no '{hidden: false}': what the reader sees as hidden holds no 999 items)
            "hidden": lambda: {"length": 999}}[operator]()


def _leaves(expect, prefix=()):
    for key, value in expect.items():
        if not prefix and key in SPECIAL_EXPECT:
            continue
        if isinstance(value, dict) and value and not is_comparison(value):
            yield from _leaves(value, prefix + (key,))
        else:
            yield prefix + (key,)


def _with_no_such_event(data, path):
    """The events of ``path`` (an expectation's 'events') with one more, which no game has."""
    if path[-1] != "events":
        return None
    events = _get(data, path)
    return (events if isinstance(events, list) else [events]) + ["no-such-event"]


def _set(mapping, path, value):
    for key in path[:-1]:
        mapping = mapping[key]
    mapping[path[-1]] = value


def _get(mapping, path):
    for key in path:
        mapping = mapping[key]
    return mapping


def _mutations(data):
    """Every way of changing one expected thing: each value, at the end or at any step, each
    expected refusal (to another rule), each event's details, and one event more."""
    rules = sorted(scanner.declared_rules())
    blocks = [(("do", i, "expect"), item["expect"]) for i, item in enumerate(data.get("do") or [])
              if is_check_item(item)] + [(("expect",), data["expect"])]
    for at, block in blocks:
        for path in _leaves(block):
            yield at + path, _changed(_get(block, path))
        if "refused" in block:
            yield at + ("refused",), next(r for r in rules if r != block["refused"])
        events = block.get("events")
        if events:
            events = events if isinstance(events, list) else [events]
            yield at + ("events",), list(events) + ["no-such-event"]
            for index, item in enumerate(events):
                if isinstance(item, dict):
                    (name, details), = item.items()
                    for detail, value in details.items():
                        changed = [dict(e) if isinstance(e, dict) else e for e in events]
                        changed[index] = {name: {**details, detail: _changed(value)}}
                        yield at + ("events",), changed


@pytest.mark.parametrize("decl", BOOK.examples, ids=[d.id or str(d.where) for d in BOOK.examples])
def test_changing_any_expected_value_makes_the_example_fail(decl):
    scenario = _parse(decl)
    original = scenario.data
    mutations = list(_mutations(original))
    assert mutations, f"{decl.id} checks nothing"
    for path, value in mutations:
        scenario.data = copy.deepcopy(original)
        _set(scenario.data, path, value)
        try:
            result = evaluate(scenario)
        except ExampleProblem as problem:
            result = problem
        if isinstance(result, ExampleProblem) and value == _with_no_such_event(original, path) \
                and "'no-such-event' is not in the game's event catalogue" in str(result):
            continue  # a game with an event catalogue says so at the line: it fails, as a problem
        if isinstance(result, ExampleProblem):
            pytest.fail(str(result), pytrace=False)
        assert not result.ok, f"{decl.id}: changing {'.'.join(map(str, path))} to {value!r} did not make it fail"
        report = result.report()
        assert f"{display_path(decl.where.path)}, line {decl.where.line}, example {decl.id}" in report
    scenario.data = original


def test_the_mutations_reach_checks_between_moves_ranges_and_event_details():
    data = {"do": ["ann: add 1", {"expect": {"pile": 1, "refused": "toy.add"}}],
            "expect": {"pile": {"between": [1, 3]}, "events": [{"added": {"count": 1}}]}}
    found = {(path, str(value)) for path, value in _mutations(data)}
    assert (("do", 1, "expect", "pile"), "2") in found
    assert any(path == ("do", 1, "expect", "refused") and value != "toy.add" for path, value in found)
    assert (("expect", "pile"), "{'between': [4, 5]}") in found
    assert (("expect", "events"), "[{'added': {'count': 2}}]") in found
    assert (("expect", "events"), "[{'added': {'count': 1}}, 'no-such-event']") in found
