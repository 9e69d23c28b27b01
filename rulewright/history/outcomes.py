"""One version's book read, and its examples played on one version's engine, as plain data.

``read_and_play(engine_root, book_root)`` runs in a process of its own (``python -m
rulewright.history.outcomes ENGINE BOOK``): the games come from the project at ``engine_root``
(its ``[tool.rulewright.games]``), the pages from the project at ``book_root``. It returns::

    {"rules": {id: {"title", "text", "formerly", "page", "line", "section"}},
     "examples": {id: {"title", "text", "rules", "page", "line", "section", "outcome"}},
     "notes": [{"page", "line", "section", "text"}]}

where an outcome is ``{"problem": text}`` for an example that cannot be played, else
``{"checks": {key: [expected, actual, ok]}, "stopped": text or None, "words": {key: words}}``,
values written as YAML writes them, ``words`` the game's phrase for each checked part. A
``section`` is the title of the heading a rule, an example or a note stands under (its page's own
title before the first). What a problem or a stop says names files as the project does
(``rulebook/rules.md``), never the scratch folder an earlier version was unpacked in.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from rulewright.book import config, phrases, scanner
from rulewright.book.scanner.directives import DIRECTIVE_INFO, markdown
from rulewright.problems import ExampleProblem
from rulewright.scenario import evaluate, show


def read_and_play(engine_root: Path, book_root: Path) -> dict:
    config.load(engine_root).activate()
    return read(config.load(book_root).rulebook, play=True, roots=(engine_root, book_root))


def read(pages: Path, play: bool = False, roots=()) -> dict:
    """The rules, examples and designer's notes of the book in ``pages``; with ``play``, each
    example's outcome on the engines of the active project too."""
    scanned = scanner.scan(pages)
    out: dict = {"rules": {}, "examples": {}, "notes": []}
    headings = {str(Path(path).resolve()): _headings(page.text) for path, page in scanned.pages.items()}

    def section(path: str, line: int) -> str:
        return next((title for at, title in reversed(headings.get(str(Path(path).resolve()), [])) if at <= line), "")

    for rule in scanned.rules.values():
        out["rules"][rule.id] = {"title": rule.title, "text": rule.text, "formerly": rule.formerly,
                                 "page": _relative(rule.where.path, pages), "line": rule.where.line,
                                 "section": section(rule.where.path, rule.where.line)}
    for decl in scanned.examples:
        if not decl.id:
            continue
        entry = {"title": decl.title, "text": decl.body, "page": _relative(decl.where.path, pages),
                 "line": decl.where.line, "section": section(decl.where.path, decl.where.line),
                 "rules": str(decl.options.get("rules", "")).replace(",", " ").split()}
        out["examples"][decl.id] = entry
        if not play:
            continue
        try:
            scenario = decl.parse(positions=scanned.positions)
            entry["rules"] = scenario.named_rules()
            result = evaluate(scenario)
            entry["outcome"] = {"checks": {check.key: [show(check.expected), show(check.actual), check.ok]
                                           for check in result.checks},
                                "stopped": _unrooted(result.stopped, roots),
                                "words": _words_for(result, [check.key for check in result.checks])}
        except ExampleProblem as problem:
            entry["outcome"] = {"problem": _unrooted(problem.message, roots)}
        except Exception as error:  # an old engine may fail where the new one does not: that is an outcome too
            entry["outcome"] = {"problem": _unrooted(f"the engine failed ({type(error).__name__}: {error})", roots)}
    for path, page in scanned.pages.items():
        for name, line, text in _notes(page.text):
            out["notes"].append({"page": _relative(path, pages), "line": line, "section": section(path, line),
                                 "text": text})
    return out


def _words_for(result, keys) -> dict:
    """The game's phrase for each checked part ("the left heap" for ``heaps.left``), where it has one."""
    try:
        said = phrases.for_game(result.run.game)
    except Exception:  # no phrases, or a phrase file with a mistake (said elsewhere): the paths alone
        return {}
    return {key: said.path(key) for key in keys if said.path(key)}


def _unrooted(text: str | None, roots) -> str | None:
    """``text`` with each path inside the projects ``roots`` written from the project's folder: an
    earlier version is unpacked in a scratch folder whose name means nothing to the designer."""
    if not text:
        return text
    for root in roots:
        for form in {str(root), str(Path(root).resolve())}:
            text = text.replace(form.rstrip("/") + "/", "")
    return text


def _headings(text: str) -> list[tuple[int, str]]:
    """Each heading of a page: its line and its words."""
    tokens = markdown().parse(text)
    found = []
    for n, token in enumerate(tokens):
        if token.type == "heading_open" and token.map is not None and n + 1 < len(tokens):
            found.append((token.map[0] + 1, tokens[n + 1].content.strip()))
    return found


def _notes(text: str):
    """Each ``{designer-note}`` of a page: its name, line and text."""
    for token in markdown().parse(text):
        if token.type in ("fence", "colon_fence") and token.map is not None:
            match = DIRECTIVE_INFO.match(token.info.strip())
            if match and match.group(1).strip() == "designer-note":
                yield "designer-note", token.map[0] + 1, token.content.strip()


def _relative(path: str, pages: Path) -> str:
    try:
        return str(Path(path).resolve().relative_to(pages.resolve()))
    except ValueError:
        return str(path)


def in_a_process(engine_root: Path, book_root: Path) -> dict:
    """``read_and_play`` in a new Python process (started away from both projects, so that neither
    one's own ``rulewright`` folder stands in for the toolchain running this)."""
    neutral = Path(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))).parent
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "RULEWRIGHT_CACHE")}
    env["PYTHONPATH"] = str(neutral)
    done = subprocess.run([sys.executable, "-m", "rulewright.history.outcomes", str(engine_root), str(book_root)],
                          capture_output=True, text=True, cwd=str(neutral), env=env)
    if done.returncode != 0:
        raise RuntimeError(f"playing the book of {book_root} on the engine of {engine_root} failed:\n"
                           f"{done.stderr[-3000:]}")
    return json.loads(done.stdout)


if __name__ == "__main__":
    print(json.dumps(read_and_play(Path(sys.argv[1]), Path(sys.argv[2]))))
