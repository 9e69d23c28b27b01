"""A 25-page book for the speed figures: the starter project of ``rulewright new`` and as many
chapters of prose as make 25 pages, each with sections, a reference to a rule and a worked example
with its diagram, as a designer's book grows."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

PAGES = 25
PROSE = ("The heaps sit between the players, and every counter taken is gone for good. A player who "
         "looks ahead counts what is left after each of the next two turns, not only this one. ")


def chapter(number: int) -> str:
    sections = "\n".join(f"## Part {part}\n\n" + PROSE * 4 + "\n" for part in range(1, 4))
    return f"""# Chapter {number}

{PROSE * 3}See {{ruleref}}`tfive.take.limit`.

{sections}
```{{example}} A first turn, told again in chapter {number}
:id: tfive-first-turn-{number:02}
:rules: tfive.take.limit tfive.turn.order
:diagram: after

game: tfive
setup:
  preset: standard
do:
  - ann: take 2 from left
expect:
  heaps.left: 1
  next: bob
```
"""


def make(where: Path) -> Path:
    """The book in ``where`` (a new folder), ready for ``make rulebook``; its chapters are
    ``chapter-01.md`` and on."""
    subprocess.run([sys.executable, "-m", "rulewright.cli", "new", str(where), "--game", "tfive",
                    "--title", "Twenty-five"], check=True, capture_output=True)
    book = where / "rulebook"
    chapters = PAGES - len(list(book.glob("*.md")))  # the starter's pages grow as Rulewright does
    for number in range(1, chapters + 1):
        (book / f"chapter-{number:02}.md").write_text(chapter(number), encoding="utf-8")
    index = book / "index.md"
    names = "\n".join(f"chapter-{n:02}" for n in range(1, chapters + 1))
    index.write_text(index.read_text(encoding="utf-8").replace("rules\nnotation\n", f"rules\nnotation\n{names}\n"),
                     encoding="utf-8")
    assert len(list(book.glob("*.md"))) == PAGES
    return where


def edit_prose(where: Path) -> None:
    """A designer's edit of one page's prose."""
    page = where / "rulebook" / "chapter-07.md"
    page.write_text(page.read_text(encoding="utf-8").replace("## Part 2\n", "## Part 2\n\nOne more sentence.\n", 1),
                    encoding="utf-8")
