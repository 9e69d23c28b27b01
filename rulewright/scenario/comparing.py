"""Comparing one expected value with the actual one: finding a dotted path in the game's view,
equality, the comparisons (``between``, ``at-least``, ``at-most``, ``contains``, ``one-of``, ``length``),
lists the game declares unordered (``Game.unordered``) and pairs (``Game.pairs``: ``B-A`` is
``A-B``). A note says how a value differs where plain 'it is X' would not say enough."""
from __future__ import annotations

import difflib
import fnmatch
from collections import Counter
from typing import Any

from rulewright.game import Game, did_you_mean, is_hidden
from rulewright.game.values import quoting_hint
from rulewright.problems import ExampleProblem
from rulewright.scenario.parsing import Scenario
from rulewright.scenario.vocabulary import COMPARISONS, show

def flatten(expect: dict, prefix: tuple = (), yaml_prefix: tuple = ()) -> list[tuple[tuple, tuple, Any]]:
    """Nested mappings become paths and dotted keys are split. Returns (path in the view, path in
    the YAML for the line number, expected value) for each leaf."""
    out = []
    for key, value in expect.items():
        path = prefix + (tuple(key.split(".")) if isinstance(key, str) else (key,))
        yaml_path = yaml_prefix + (key,)
        if isinstance(value, dict) and value and not is_comparison(value):
            out.extend(flatten(value, path, yaml_path))
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


def resolve(s: Scenario, view: Any, path: tuple, line: int, game: Game | None = None,
            viewer: str | None = None) -> Any:
    """The value at ``path`` in the view, or a problem naming the first part that does not exist.
    In a mapping the game keys by pairs (``Game.pairs``), ``B-A`` finds ``A-B``. A path reaching
    below a hidden value (``Game.view_for``) is a problem: ``viewer`` cannot see it."""
    node = view
    for depth, part in enumerate(path):
        if is_hidden(node):
            raise unseen(s, path, depth, line, viewer)
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


def unseen(s: Scenario, path: tuple, depth: int, line: int, viewer: str | None) -> ExampleProblem:
    """The problem of an expectation reading ``path``, whose first ``depth`` parts are hidden from
    ``viewer``: what the example says nobody there can see must not be checked (or printed)."""
    whole, hidden = ".".join(map(str, path)), ".".join(map(str, path[:depth]))
    who = viewer or "the player"
    return ExampleProblem(s.where.at(line), f"'{whole}' cannot be checked as {who}: {who} cannot see "
                          f"{hidden}. Check only what {who} sees (that it is hidden: '{hidden}: {{hidden: true}}'; "
                          f"how many items a hidden list holds: '{hidden}: {{length: 2}}'), or check it as a player "
                          "who can see it ('as: <player>' in a '- expect:' item), or without ':as:'.")


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
    if not _same(expected, actual) and isinstance(actual, str) and quoting_hint(expected, [actual]):
        return False, f"it is {show(actual)}, a word. {quoting_hint(expected, [actual])}"
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


def _length(s, operand, actual, line, same):
    """How many items a list, mapping or text holds; also a hidden one (``{hidden: 3}``), whose size
    a player may know without its items: "Bob holds one card, whichever it is"."""
    if isinstance(operand, bool) or not isinstance(operand, int) or operand < 0:
        raise ExampleProblem(s.where.at(line) if line else s.where,
                             f"'length' takes how many items there are, a whole number such as 'length: 1', "
                             f"not {show(operand)}.")
    if is_hidden(actual) and isinstance(actual["hidden"], int) and not isinstance(actual["hidden"], bool):
        size = actual["hidden"]
    elif isinstance(actual, (list, tuple, dict, str)) and not is_hidden(actual):
        size = len(actual)
    else:
        return False, f"it is {show(actual)}, which has no length"
    return size == operand, "" if size == operand else f"it holds {size} item{'s' if size != 1 else ''}"


def _hidden(s, operand, actual, line, same):
    """Whether the example's reader cannot see the value (``{hidden: true}``: "Bob does not see
    Ann's favourite card"); written as what the reader sees, the mark of a hidden value."""
    if operand is not True:
        raise ExampleProblem(s.where.at(line) if line else s.where,
                             f"'hidden' takes only true ('hidden: true': the reader cannot see the value), not "
                             f"{show(operand)}. To check a value the reader sees, write the value itself.")
    if is_hidden(actual):
        return True, ""
    return False, (f"it is {show(actual)}, which this check's reader sees (without ':as:' or 'as:', a check "
                   "reads the whole truth: tell it as the player who cannot see it, e.g. 'as: bob')")


def _one_of(s, operand, actual, line, same):
    if not isinstance(operand, list):
        raise ExampleProblem(s.where.at(line) if line else s.where,
                             f"'one-of' takes a list of the values allowed, e.g. 'one-of: [red, blue]', "
                             f"not {show(operand)}.")
    ok = any(same(v, actual) for v in operand)
    return ok, "" if ok else f"it is {show(actual)}"


# The comparisons that may read a value hidden from the example's reader: how many items it holds,
# and that it is hidden (any other expectation of it would print what the reader cannot see).
ON_HIDDEN = frozenset({"length", "hidden"})

_COMPARE = {"between": _between, "at-least": _at_least, "at-most": _at_most, "contains": _contains,
            "one-of": _one_of, "length": _length, "hidden": _hidden}


def _same(expected: Any, actual: Any) -> bool:
    if isinstance(actual, tuple):
        actual = list(actual)
    if isinstance(expected, float) or isinstance(actual, float):
        try:
            return abs(float(expected) - float(actual)) < 1e-9
        except (TypeError, ValueError):
            return False
    return expected == actual
