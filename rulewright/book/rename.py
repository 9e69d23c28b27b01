"""``rulewright rename OLD NEW``: give a rule a new ID everywhere the project writes it.

A rule's ID is written in many places: its ``{rule}`` directive, the ``:rules:`` of the examples
that show it, ``{ruleref}`` links, ``refused:`` expectations, a quick reference's ``rules:``, the
engine's refusals (``Refusal("old.id", ...)``, a kit call citing it, a phase's ``rule:`` in the
game's data). Renaming by hand misses one, and the book turns red far from the edit. ``plan``
finds every place, as a whole ID (``hush.play`` is not a part of ``hush.play.lead``), in the
project's own files: the rulebook's pages and YAML files, and the Python and YAML files of the
games the project registers. ``apply`` writes them and gives the rule ``:formerly: OLD``, so a
record, another book or ``rulewright changes`` that still knows the old ID follows it.

The project's other files that name the ID (its tests, say) are listed, not changed: what they do
with it is the designer's to read.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from rulewright.book import config, registry
from rulewright.book import scanner
from rulewright.names import did_you_mean
from rulewright.problems import display_path

TEXT_FILES = ("*.md", "*.yaml", "*.yml")
CODE_FILES = ("*.py", "*.yaml", "*.yml")
LISTED_FILES = ("*.py", "*.md", "*.yaml", "*.yml", "*.toml", "*.txt", "*.json")
SKIPPED_FOLDERS = {".venv", "_build", ".git", "node_modules", "__pycache__", ".pytest_cache", ".hypothesis"}


class CannotRename(Exception):
    """Why the rule cannot be renamed, in the designer's words."""


@dataclass(frozen=True)
class Change:
    """One line of a file that names the old ID: its number (from 1), as it is and as it will be."""

    path: Path
    line: int
    before: str
    after: str


@dataclass
class Renaming:
    """What ``rename`` changes: each line, the rule's own directive (where ``:formerly:`` goes), the
    ``:formerly:`` it had (replaced), and the lines of other files that name the old ID."""

    old: str
    new: str
    rule: scanner.RuleDecl
    changes: list[Change] = field(default_factory=list)
    formerly_line: int | None = None   # the rule's ':formerly:' line, when it has one
    mentioned: list[Change] = field(default_factory=list)

    @property
    def files(self) -> list[Path]:
        return sorted({change.path for change in self.changes})


def whole_id(rule_id: str) -> re.Pattern:
    """The ID as a whole word of text: not a part of a longer ID (``a.b`` in ``a.b.c`` or ``a.b-c``)
    nor the end of one (``x.a.b``)."""
    return re.compile(rf"(?<![\w.\-]){re.escape(rule_id)}(?![\w\-]|\.\w)")


def plan(old: str, new: str, project: config.Project | None = None) -> Renaming:
    """Every change renaming ``old`` to ``new`` makes in ``project``, not yet written; a reason the
    rename cannot be done (no such rule, the new ID taken or of the wrong shape) as CannotRename."""
    project = project or config.current()
    book = scanner.scan(project.rulebook)
    if old not in book.rules:
        renamed = {rule.formerly: rule.id for rule in book.rules.values() if rule.formerly}
        if old in renamed:
            raise CannotRename(f"The rule {old} was already renamed: it is {renamed[old]} now (its ':formerly:').")
        raise CannotRename(f"The book declares no rule {old}. {did_you_mean(old, book.rules)}")
    if new == old:
        raise CannotRename(f"The rule is already called {old}.")
    if not scanner.RULE_ID.match(new):
        raise CannotRename(f"{new!r} cannot be a rule ID: write lowercase words and digits joined by dots, starting "
                           f"with the game's prefix, e.g. '{old.split('.')[0]}.section.rule'.")
    if new.split(".")[0] != old.split(".")[0]:
        raise CannotRename(f"A rule keeps its game's prefix: {old} begins '{old.split('.')[0]}.', so its new ID must "
                           f"too (e.g. '{old.split('.')[0]}.{'.'.join(new.split('.')[1:]) or 'section.rule'}').")
    if new in book.rules:
        where = book.rules[new].where
        raise CannotRename(f"The book already declares the rule {new} ({display_path(where.path)}, line {where.line}): choose "
                           "another ID, or merge the two rules by hand.")
    rule = book.rules[old]
    renaming = Renaming(old, new, rule)
    pattern = whole_id(old)
    rewritten = set()  # the files the rename owns (whether or not they name the ID)
    for path in _files(project):
        rewritten.add(path.resolve())
        for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(keepends=True), start=1):
            if pattern.search(text):
                renaming.changes.append(Change(path, number, text, pattern.sub(new, text)))
    renaming.formerly_line = _formerly_line(rule)
    for path in _listed_files(project.root):
        if path.resolve() in rewritten:
            continue
        for number, text in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), start=1):
            if pattern.search(text):
                renaming.mentioned.append(Change(path, number, text, text))
    return renaming


def apply(renaming: Renaming) -> None:
    """Write every change of ``renaming``, and ``:formerly: OLD`` on the rule (in place of the
    ``:formerly:`` it had, which a rule has one of)."""
    by_file: dict[Path, dict[int, str]] = {}
    for change in renaming.changes:
        by_file.setdefault(change.path, {})[change.line] = change.after
    rule_file = Path(renaming.rule.where.path)
    for path in sorted(set(by_file) | {rule_file}, key=str):
        lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
        for number, text in by_file.get(path, {}).items():
            lines[number - 1] = text
        if path.resolve() == rule_file.resolve():
            _mark_formerly(lines, renaming)
        path.write_text("".join(lines), encoding="utf-8")


def _mark_formerly(lines: list[str], renaming: Renaming) -> None:
    directive = renaming.rule.where.line
    if renaming.formerly_line is not None:
        text = lines[renaming.formerly_line - 1]
        indent = text[:len(text) - len(text.lstrip())]
        lines[renaming.formerly_line - 1] = f"{indent}:formerly: {renaming.old}\n"
        return
    indent = lines[directive - 1][:len(lines[directive - 1]) - len(lines[directive - 1].lstrip())]
    lines.insert(directive, f"{indent}:formerly: {renaming.old}\n")


def _formerly_line(rule: scanner.RuleDecl) -> int | None:
    """The line of the rule's ':formerly:' option, among the option lines right after its directive."""
    lines = Path(rule.where.path).read_text(encoding="utf-8").splitlines()
    for number in range(rule.where.line + 1, len(lines) + 1):
        text = lines[number - 1].strip()
        if not text.startswith(":"):
            return None
        if text.startswith(":formerly:"):
            return number
    return None


def _files(project: config.Project) -> list[Path]:
    """The files a rename rewrites: the rulebook's pages and YAML files, and the Python and YAML
    files of the project's games that lie in the project (never an installed package's)."""
    files = {path for path in _walk(project.rulebook, TEXT_FILES) if _kept(path, project.root)}
    for source in registry.game_sources(project.games):
        source = Path(source).resolve()
        if not source.is_relative_to(project.root):
            continue
        found = [source] if source.is_file() else _walk(source, CODE_FILES)
        files.update(path for path in found if _kept(path, project.root))
    return sorted(files)


def _listed_files(root: Path) -> list[Path]:
    return sorted(path for path in _walk(root, LISTED_FILES) if _kept(path, root))


def _walk(folder: Path, patterns: tuple[str, ...]) -> list[Path]:
    """The files under ``folder`` matching one of ``patterns``, never looking into SKIPPED_FOLDERS
    (a project's virtual environment alone holds tens of thousands of files)."""
    found = []
    for parent, folders, names in os.walk(folder):
        folders[:] = [name for name in folders if name not in SKIPPED_FOLDERS]
        found += [Path(parent, name) for name in names if any(Path(name).match(p) for p in patterns)]
    return found


def _kept(path: Path, root: Path) -> bool:
    """A file of the project (not of a virtual environment, a build or version control's folders)."""
    path, root = path.resolve(), root.resolve()
    parts = path.relative_to(root).parts if path.is_relative_to(root) else ()
    return bool(parts) and not SKIPPED_FOLDERS.intersection(parts) and path.is_file()
