"""What the checks read in a game's Python files, read once for all of them.

Four checks look into an engine's source: the refusals it can make (``Refusal("<rule-id>", ...)``,
``checks.book.refusal_sites``), the events it can emit (``Event("<name>", ...)``, the phrase files'
catalogue), the first word of each of its strings (where a game writes its action words, for the
glossary check) and its functions (which the coverage report names). Each once parsed the file
and walked it on its own; now one reading (``read``) parses it once and walks it once, and is
kept in the store by the file's text, so a build reads again only the files that changed.
"""
from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import yaml

from rulewright.store import cache


# The kits' calls that refuse a move citing the rule ID the game gives them, with the place of that
# argument (``seating.check_turn(actor, "hush.turn.order")``): a refusal site like ``Refusal(...)``.
# A kit's function with a common name counts only as its module writes it (``goods.pay``). Only in a
# file that imports a kit, with the rule written out: a book made before the kits is read as before.
# Each kit call that refuses citing a rule the game gives: the place of each argument that is a rule ID.
KIT_REFUSALS = {"check_turn": 1, "check_follow": 4, "check_room": 1, "place_worker": 2, "goods.pay": 2,
                "place_bid": 3, "pass_bid": 2, "play_card": (4, 5)}
KITS = ("cards", "turns", "goods", "spaces")


def _uses_kits(tree: ast.Module) -> bool:
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "rulewright.game" \
                and any(alias.name in KITS for alias in node.names):
            return True
        if isinstance(node, (ast.ImportFrom, ast.Import)) and any(
                (name or "").startswith(tuple(f"rulewright.game.{kit}" for kit in KITS))
                for name in ([node.module] if isinstance(node, ast.ImportFrom) else [a.name for a in node.names])):
            return True
    return False


@dataclass(frozen=True)
class Reading:
    """One engine file, as the checks see it. Lines are the file's own, counted from 1.

    - ``refusals``: each ``Refusal(...)`` call and each kit call that refuses citing a rule
      (``KIT_REFUSALS``), as (its rule ID, or None when the ID is not written
      as a plain string, and its line);
    - ``events``: each ``Event("<name>", ...)`` call, as (name, line, whether it says who sees it,
      the names of its details when the call writes them out, ``{"player": p, "card": c}``, else None);
    - ``first_words``: the first word, in lower case, of every string written in the file;
    - ``functions``: each function and method, as (its dotted name, first line, last line, the
      first line of its body), innermost first where they nest.
    """

    refusals: tuple[tuple[str | None, int], ...]
    events: tuple[tuple[str, int, bool, tuple[str, ...] | None], ...]
    first_words: frozenset[str]
    functions: tuple[tuple[str, int, int, int], ...]


def read(path: Path, text: str | None = None) -> Reading:
    """The reading of ``path`` (whose ``text`` may be given), from the store when its text was read before."""
    text = path.read_text(encoding="utf-8") if text is None else text
    return cache.kept("engine-source", text, lambda: read_text(text, str(path)))


def read_text(text: str, filename: str = "<engine>") -> Reading:
    """The reading of a file's ``text`` (its ``filename`` names it in a syntax error)."""
    tree = ast.parse(text, filename)
    refusals, events, first_words = [], [], set()
    kits = _uses_kits(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.strip():
            first_words.add(node.value.split()[0].lower())
        elif isinstance(node, ast.Call):
            called = _name(node.func)
            if isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Name) \
                    and f"{node.func.value.id}.{called}" in KIT_REFUSALS:
                called = f"{node.func.value.id}.{called}"
            if called == "Refusal" or (kits and called in KIT_REFUSALS):
                places = KIT_REFUSALS.get(called, 0) if called != "Refusal" else 0
                given = [node.args[at] for at in (places if isinstance(places, tuple) else (places,))
                         if len(node.args) > at]
                given += [k.value for k in node.keywords if k.arg and (k.arg == "rule" or k.arg.endswith("_rule"))]
                for first in given or [None]:
                    literal = isinstance(first, ast.Constant) and isinstance(first.value, str)
                    if literal or called == "Refusal":
                        refusals.append((first.value if literal else None, node.lineno))
            elif called == "Event" and node.args and isinstance(node.args[0], ast.Constant) \
                    and isinstance(node.args[0].value, str):
                events.append((node.args[0].value, node.lineno, any(k.arg == "seen_by" for k in node.keywords),
                               _details(node)))
    return Reading(tuple(refusals), tuple(events), frozenset(first_words), tuple(_functions(tree)))


def _details(call: ast.Call) -> tuple[str, ...] | None:
    """The names of an ``Event`` call's details when it writes them out (a mapping of plain keys, or
    none at all); None when they are made elsewhere (a variable, ``**more``)."""
    given = call.args[1] if len(call.args) > 1 else next((k.value for k in call.keywords if k.arg == "data"), None)
    if given is None:
        return ()
    if isinstance(given, ast.Dict) and all(isinstance(k, ast.Constant) and isinstance(k.value, str) for k in given.keys):
        return tuple(k.value for k in given.keys)
    return None


# The fields of a statement that hold statements (in the order ``ast`` lists them): a function or
# class is a statement, so it is found without walking any expression.
_BODIES = ("body", "handlers", "orelse", "finalbody", "cases")


def _functions(tree: ast.Module) -> list[tuple[str, int, int, int]]:
    found = []

    def walk(node, prefix: str) -> None:
        for field in _BODIES:
            for child in getattr(node, field, None) or ():
                if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    name = f"{prefix}{child.name}"
                    if not isinstance(child, ast.ClassDef):
                        found.append((name, child.lineno, child.end_lineno or child.lineno, child.body[0].lineno))
                    walk(child, name + ".")
                elif isinstance(child, ast.AST):
                    walk(child, prefix)

    walk(tree, "")
    return sorted(found, key=lambda f: f[2] - f[1])


def _name(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def data_refusals(path: Path, text: str | None = None) -> tuple[tuple[str, int], ...]:
    """The refusals written as data in one of a game's YAML files: each phase (a mapping with
    ``moves`` and ``rule``, as ``turns.Phases`` reads it) refuses every move it does not allow by
    its rule, as (that rule ID, the line of its value). A file that is not YAML has none here: the
    game's ``data_file`` says what is wrong with it, at its line."""
    text = path.read_text(encoding="utf-8") if text is None else text
    return cache.kept("data-refusals", text, lambda: data_refusals_in(text))


def data_refusals_in(text: str) -> tuple[tuple[str, int], ...]:
    try:
        root = yaml.compose(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except yaml.YAMLError:
        return ()
    found, todo = [], [root] if root is not None else []
    while todo:
        node = todo.pop()
        if isinstance(node, yaml.MappingNode):
            keys = {str(key.value): value for key, value in node.value if isinstance(key, yaml.ScalarNode)}
            rule = keys.get("rule")
            if "moves" in keys and isinstance(rule, yaml.ScalarNode) and str(rule.value).strip():
                found.append((str(rule.value), rule.start_mark.line + 1))
            todo.extend(value for _, value in node.value)
        elif isinstance(node, yaml.SequenceNode):
            todo.extend(node.value)
    return tuple(sorted(found, key=lambda site: site[1]))
