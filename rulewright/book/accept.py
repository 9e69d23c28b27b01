"""Accepting what the engine now does: ``rulewright accept ID...`` rewrites the ``expect:`` values of
failing examples to what the engine produced, in place.

The example's YAML is read and written with ruamel.yaml's round trip, so its layout, comments, key
order and flow or block style stay as the designer wrote them; an example that would not come back
unchanged from a round trip is left alone with a reason. Where accepting would mean guessing, it
refuses in plain words: an example that cannot be read or run, an action refused that the example
did not expect, an expected refusal that no longer happens (or now comes from another rule), and an
expected event that did not happen.
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


def _yaml() -> YAML:
    yaml = YAML()  # round trip: comments, order and styles are kept
    yaml.preserve_quotes = True
    yaml.width = 4096
    yaml.indent(mapping=2, sequence=4, offset=2)
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
        if check.key.startswith("events: "):
            return (f"{where}: not accepted: the example expects the event '{check.expected}', but "
                    f"{check.note}. Edit the events you expect by hand.")
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
    yaml = _yaml()
    original = "".join(body_lines)
    data = yaml.load(original)
    if _dump(yaml, data).rstrip("\n") != original.rstrip("\n"):
        raise CannotAccept(f"{decl.where}: not accepted: this example's YAML cannot be rewritten without changing "
                           "its layout (unusual indentation or quoting). Edit the expected values by hand.")
    changed = []
    for check in failing:
        node = data
        for part in check.yaml_path[:-1]:
            node = node[part]
        last = check.yaml_path[-1]
        node[last] = _styled_like(node[last], check.actual)
        changed.append(f"{check.key}: {_show(check.expected)} -> {_show(check.actual)}")
    new_body = _dump(yaml, data)
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


def _show(value) -> str:
    from rulewright.game.values import written

    return written(_plain(value))
