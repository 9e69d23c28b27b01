"""Accepting what the engine now does: ``rulewright accept ID...`` rewrites the ``expect:`` values of
failing examples to what the engine produced, in place.

The example's YAML is read and written with ruamel.yaml's round trip, so its layout, comments, key
order and flow or block style stay as the designer wrote them; an example that would not come back
unchanged from a round trip is left alone with a reason. Where accepting would mean guessing, it
refuses in plain words: an example that cannot be read or run, an action refused that the example
did not expect, and an expected refusal that no longer happens (or now comes from another rule). An
expected event is rewritten to the details of the event that happened, or taken out when none of its
name did.
"""
from __future__ import annotations

import difflib
import io
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq

from rulewright.book.scanner import ExampleDecl
from rulewright.game.values import written
from rulewright.problems import ExampleProblem, display_path
from rulewright.scenario import Result


BOM = b"\xef\xbb\xbf"
LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$")  # a line and its ending, as Python reads a file
LINE_END = re.compile(r"(\r\n|\r|\n)$")


class CannotAccept(Exception):
    """Accepting this example would mean guessing; the message says why, in plain words."""


@dataclass
class Change:
    """One example's rewrite: its file's text before and after."""

    decl: ExampleDecl
    before: str
    after: str
    changed: list[str]  # the expectations rewritten, as "path: old -> new"
    bom: bytes = b""  # the file's byte-order mark, if it has one: written back as found

    def write(self) -> None:
        """Write the accepted text: the same encoding, byte-order mark and line endings as before."""
        Path(self.decl.where.path).write_bytes(self.bom + self.after.encode("utf-8"))

    def diff(self) -> str:
        name = display_path(self.decl.where.path)
        return "".join(difflib.unified_diff(self.before.splitlines(keepends=True), self.after.splitlines(keepends=True),
                                            f"{name} (before)", f"{name} (accepted)"))


# The indentations an example's YAML may be written in, the authoring guide's first: (mapping,
# sequence, offset of the dash), as ruamel.yaml names them.
LAYOUTS = ((2, 4, 2), (2, 2, 0), (4, 4, 2), (4, 6, 4), (4, 4, 0), (3, 3, 0), (3, 5, 3), (4, 2, 0), (2, 3, 1))


def _yaml(layout: tuple[int, int, int] = LAYOUTS[0]) -> YAML:
    yaml = YAML()  # round trip: comments, order and styles are kept
    yaml.preserve_quotes = True
    yaml.width = 4096
    yaml.brace_single_entry_mapping_in_flow_sequence = True  # [{took: {count: 2}}] stays so
    mapping, sequence, offset = layout
    yaml.indent(mapping=mapping, sequence=sequence, offset=offset)
    yaml.representer.add_representer(type(None), lambda r, _: r.represent_scalar("tag:yaml.org,2002:null", "null"))
    return yaml


def _dump(yaml: YAML, data) -> str:
    out = io.StringIO()
    yaml.dump(data, out)
    return out.getvalue()


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        value = list(value)
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


def _styled_like(old: Any, new: Any) -> Any:
    """``new`` written in the style ``old`` was: a list or mapping written on one line stays so."""
    new = _plain(new)
    if isinstance(new, list):
        seq = CommentedSeq(new)
        if isinstance(old, CommentedSeq) and old.fa.flow_style():
            seq.fa.set_flow_style()
        return seq
    if isinstance(new, dict):
        mapping = CommentedMap(new)
        if isinstance(old, CommentedMap) and old.fa.flow_style():
            mapping.fa.set_flow_style()
        return mapping
    return new


def refusal_reason(decl: ExampleDecl, result: Result | None, problem: ExampleProblem | None) -> str | None:
    """Why this example's outcome cannot simply be accepted, or None when it can."""
    where = f"{decl.where}"
    if problem is not None:
        return (f"{problem}\n  Not accepted: the example cannot be run as written, so there is no outcome to "
                "accept. Fix it first.")
    if result.stopped:
        return (f"{where}: not accepted: play stopped on a refusal the example does not expect.\n{result.stopped}\n"
                "  Decide whether the move should be allowed (then the engine or the move is wrong) or refused "
                "(then write 'refused: <rule>' under expect).")
    for check in result.checks:
        if check.ok:
            continue
        if check.key == "refused":
            happened = ("the move is now accepted" if check.actual is None
                        else f"it is now refused by rule {check.actual} instead")
            return (f"{where}: not accepted: the example expects the last move to be refused by rule "
                    f"{check.expected}, but {happened}. Decide which rule should apply and edit the example by "
                    "hand.")
        if check.key == "invariants":
            return (f"{where}: not accepted: the example expects every law of the game to hold, but "
                    f"{check.note}. That is for the engine to mend, not for the example to accept.")
    return None


def accept(decl: ExampleDecl, result: Result) -> Change | None:
    """The rewrite that makes ``decl`` expect what ``result`` produced; None when it already holds.
    Raises ``CannotAccept`` with a plain reason where it must not guess."""
    reason = refusal_reason(decl, result, None)
    if reason:
        raise CannotAccept(reason)
    failing = [c for c in result.checks if not c.ok]
    if not failing:
        return None
    path = Path(decl.where.path)
    raw = path.read_bytes()
    bom = BOM if raw.startswith(BOM) else b""
    text = raw[len(bom):].decode("utf-8")
    lines = LINE.findall(text)  # each line with its own ending, as the file has it (CRLF stays CRLF)
    body_lines = decl.body.splitlines(keepends=True)
    start = decl.body_line - 1
    if [line.rstrip("\r\n") for line in lines[start:start + len(body_lines)]] != [b.rstrip("\n") for b in body_lines]:
        raise CannotAccept(f"{decl.where}: not accepted: the file changed since it was read. Run the command again.")
    original = "".join(body_lines)
    yaml, data, plain = _read(original)
    changed, dropped = [], []
    for check in failing:
        if check.key.startswith("events: "):
            dropped += _accept_event(data, check, result, changed)
            continue
        node = data
        for part in check.yaml_path[:-1]:
            node = node[part]
        last = check.yaml_path[-1]
        node[last] = _styled_like(node[last], check.actual)
        changed.append(f"{check.key}: {_show(check.expected)} -> {_show(check.actual)}")
    _drop(data, dropped)
    new_body = _merged(original, plain, _dump(yaml, data), decl)
    if not original.endswith("\n"):
        new_body = new_body.rstrip("\n")
    old_lines = lines[start:start + len(body_lines)]
    ending = next((LINE_END.search(line).group(0) for line in old_lines if LINE_END.search(line)), "\n")
    new_body = new_body.replace("\n", ending)  # the new lines end as the old ones did (CRLF stays CRLF)
    last = old_lines[-1] if old_lines else ""
    if LINE_END.search(last):
        new_body += "" if new_body.endswith(ending) else ending
    after = "".join(lines[:start]) + new_body + "".join(lines[start + len(body_lines):])
    return Change(decl, text, after, changed, bom)


def _read(original: str):
    """The example's YAML read for a round trip, in the layout it is written in (``LAYOUTS``): the
    reader, the data and the text the data is written back as when nothing changes."""
    fallback = None
    for layout in LAYOUTS:
        yaml = _yaml(layout)
        data = yaml.load(original)
        plain = _dump(yaml, data)
        if plain.rstrip("\n") == original.rstrip("\n"):
            return yaml, data, plain
        fallback = fallback or (yaml, data, plain)
    return fallback  # (written in no one layout: only the lines that change are taken, _merged)


def _merged(original: str, plain: str, rewritten: str, decl: ExampleDecl) -> str:
    """The example's text with only the lines that accepting changes replaced: ``plain`` is the
    YAML written back unchanged, ``rewritten`` with the accepted values. Each changed line keeps the
    indentation the example gives it; a line the round trip would write otherwise than the example
    (spacing inside a flow mapping, say) is kept as written unless it is one that changes, where
    ``CannotAccept`` names it and why."""
    if plain.rstrip("\n") == original.rstrip("\n"):
        return rewritten
    old, same, new = original.splitlines(), plain.splitlines(), rewritten.splitlines()
    if len(old) != len(same):
        line = next((n for n, (a, b) in enumerate(zip(old, same)) if a != b), min(len(old), len(same)))
        raise CannotAccept(_layout_problem(decl, line, old, same))
    out = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, same, new, autojunk=False).get_opcodes():
        if op == "equal":
            out += old[i1:i2]
            continue
        for n in range(i1, i2):  # each line replaced or taken out must be one the reader wrote as it reads
            if old[n].split() != same[n].split():
                raise CannotAccept(_layout_problem(decl, n, old, same))
        if op == "replace" and i2 - i1 == j2 - j1:  # a value rewritten in place: its line's own spacing kept
            out += [_respaced(old[n], same[n], line) for n, line in zip(range(i1, i2), new[j1:j2])]
            continue
        anchor = i1 if i1 < len(old) else i1 - 1
        shift = (_indent(old[anchor]) - _indent(same[anchor])) if old else 0
        out += [(" " * max(0, _indent(line) + shift)) + line.lstrip(" ") for line in new[j1:j2]]
    return "\n".join(out) + ("\n" if original.endswith("\n") else "")


def _respaced(written: str, plain: str, rewritten: str) -> str:
    """``rewritten`` (a line as the round trip writes it) spaced as the example wrote the line
    (``written``, which the round trip writes as ``plain``): values aligned in a column stay so."""
    words = rewritten.split()
    if len(words) != len(plain.split()):
        return " " * _indent(written) + rewritten.lstrip(" ")
    parts = re.split(r"(\s+)", written)
    told = iter(words)
    return "".join(part if not part or part.isspace() else next(told) for part in parts)


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _layout_problem(decl: ExampleDecl, index: int, old: list[str], same: list[str]) -> str:
    """Why the line ``index`` of the example's YAML cannot be rewritten, at its line of the page."""
    written = old[index] if index < len(old) else ""
    read = same[index] if index < len(same) else ""
    why = ("its indentation differs from the lines around it" if written.strip() == read.strip()
           else "a value spread over several lines" if len(old) != len(same)
           else "its quoting or spacing")
    return (f"{decl.where.at(decl.body_line + index)}: not accepted: this line of the example ({written.strip()!r}) "
            f"could not be rewritten as written: {why}. Accept would write it {read.strip()!r}; write it so (or edit "
            "the expected value by hand) and run accept again.")


def _events_at(result: Result, yaml_path: tuple) -> list:
    """The events an ``events:`` expectation written at ``yaml_path`` is checked against."""
    if yaml_path[0] == "do":
        point = next((p for p in result.run.checkpoints if p.index == yaml_path[1]), None)
        return point.events if point is not None else []
    return result.run.events


def _accept_event(data, check, result: Result, changed: list[str]) -> list[tuple]:
    """Accept what happened for one ``events:`` item: its details rewritten to those of the event of
    its name that happened (the one nearest what it said, of those no other item matched), or, when
    no such event happened, the item taken out (returned, to be taken out last)."""
    path = check.yaml_path
    if "events" not in path:  # (a result kept from before events had their place)
        raise CannotAccept(f"{result.scenario.where.at(check.line)}: not accepted: run the command again.")
    block = path[:path.index("events")]
    name = check.expected if isinstance(check.expected, str) else next(iter(check.expected))
    details = {} if isinstance(check.expected, str) else dict(check.expected[name] or {})
    happened = _events_at(result, path)
    when = f"after step {check.step}, " if check.step is not None else ""
    matched = {id(c.event) for c in result.checks if c.ok and c.event is not None
               and c.yaml_path[:len(block) + 1] == (*block, "events")}
    free = [event for event in happened if event.name == name and id(event) not in matched]
    if not free:
        names = ", ".join(event.name for event in happened) or "none"
        changed.append(f"{when}events: no longer expects {name!r} (it does not happen; the events are {names})")
        return [path]
    nearest = max(free, key=lambda event: sum(event.data.get(k) == v for k, v in details.items()))
    now = {k: nearest.data[k] for k in details if k in nearest.data}
    item = data  # the item itself: {name: {detail: value}}
    for part in path:
        item = item[part]
    item[name] = _styled_like(item[name], now)
    changed.append(f"{when}events: {name} {_show(details)} -> {_show(now)}")
    return []


def _drop(data, dropped: list[tuple]) -> None:
    """Take out the ``events:`` items of events that no longer happen, and an ``events:`` left empty."""
    for path in sorted(dropped, key=lambda p: p[-1] if isinstance(p[-1], int) else -1, reverse=True):
        parent = data
        for part in path[:-1]:
            parent = parent[part]
        del parent[path[-1]]
        if isinstance(parent, list) and not parent:
            owner = data
            for part in path[:-2]:
                owner = owner[part]
            del owner[path[-2]]


def _show(value) -> str:
    return written(_plain(value))
