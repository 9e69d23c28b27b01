"""``rulewright list``: every example and shared position with its file and line."""
from __future__ import annotations

from rulewright.book import scanner

NAME = "list"
HELP = "list every example and shared position"


def add_arguments(parser) -> None:
    pass


def run(args) -> int:
    book = scanner.scan()
    for decl in book.examples:
        print(f"{decl.id or '(no id)'}\t{decl.where}")
    for position in book.positions.values():
        print(f"position {position.name}\t{position.where}")
    return 0
