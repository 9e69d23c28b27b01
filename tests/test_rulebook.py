"""The real rulebook: the whole-book checks pass, and every example's expectations can fail.

The second test changes each expected value of each example in turn and plays it again: if the
example still "holds", it was not checking what it claims to. This is what makes a green rulebook
mean something.
"""
import copy

import pytest

from rulewright import book
from rulewright.checks import check
from rulewright.problems import ExampleProblem, display_path
from rulewright.scenario import SPECIAL_EXPECT, evaluate

BOOK = book.scan()


def test_the_rulebook_is_sound():
    problems = check()
    if problems:
        pytest.fail("\n" + "\n".join(map(str, problems)), pytrace=False)


def _parse(decl):
    """The example, or a plain failure (no traceback) when it cannot be read: the example's own
    test and the whole-book check say the same at its line."""
    try:
        return decl.parse()
    except ExampleProblem as problem:
        pytest.fail(str(problem), pytrace=False)


def test_the_rulebook_has_examples_for_every_game():
    games = set()
    for decl in BOOK.examples:
        try:
            games.add(decl.parse().game_name)
        except ExampleProblem:
            continue  # its own test says why, plainly
    assert {"muck-and-brass", "bus", "powerup", "1870"} <= games


def _changed(value):
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


def _leaves(expect, prefix=()):
    for key, value in expect.items():
        if not prefix and key in SPECIAL_EXPECT:
            continue
        if isinstance(value, dict) and value:
            yield from _leaves(value, prefix + (key,))
        else:
            yield prefix + (key,)


def _set(mapping, path, value):
    for key in path[:-1]:
        mapping = mapping[key]
    mapping[path[-1]] = value


def _get(mapping, path):
    for key in path:
        mapping = mapping[key]
    return mapping


@pytest.mark.parametrize("decl", BOOK.examples, ids=[d.id or str(d.where) for d in BOOK.examples])
def test_changing_any_expected_value_makes_the_example_fail(decl):
    scenario = _parse(decl)
    original = scenario.data
    mutations = [("expect",) + path for path in _leaves(original["expect"])]
    if "refused" in original["expect"]:
        other = next(r for r in sorted(book.declared_rules()) if r != original["expect"]["refused"])
        mutations.append(("expect", "refused", other))
    if original["expect"].get("events"):
        mutations.append(("expect", "events", "+"))
    assert mutations, f"{decl.id} checks nothing"
    for mutation in mutations:
        scenario.data = copy.deepcopy(original)
        if mutation[-1] == "+":
            scenario.data["expect"]["events"] = list(scenario.data["expect"]["events"]) + ["no-such-event"]
        elif mutation[1] == "refused":
            scenario.data["expect"]["refused"] = mutation[2]
        else:
            _set(scenario.data, mutation, _changed(_get(original, mutation)))
        try:
            result = evaluate(scenario)
        except ExampleProblem as problem:
            pytest.fail(str(problem), pytrace=False)
        assert not result.ok, f"{decl.id}: changing {'.'.join(map(str, mutation[1:]))} did not make it fail"
        report = result.report()
        assert f"{display_path(decl.where.path)}, line {decl.where.line}, example {decl.id}" in report
    scenario.data = original
