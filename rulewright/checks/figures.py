"""Figures from the game, checked as the build reads them: each ``{value}`` role and each row of a
``{values}`` table of the book names a value the game has (``rulewright.book.figures``), else a
problem at its line naming the paths, presets or data the game does have. ``rulewright check``,
``make test`` and the build say the same words at the same line."""
from __future__ import annotations

from rulewright.book import figures
from rulewright.book import scanner
from rulewright.checks import words
from rulewright.problems import ExampleProblem, Where


def figure_problems(book) -> list[ExampleProblem]:
    """Every figure of ``book`` (a ``scanner.Book``) that cannot be read from its game."""
    found: list[ExampleProblem] = []
    for page in book.pages.values():
        if f"{{{figures.ROLE}}}" not in page.text and f"{{{figures.TABLE}}}" not in page.text:
            continue  # (most pages have none: not read again)
        game = figures.page_game(page.path, page.text)
        for piece in words.text_pieces(page.text):
            if piece.kind == "role" and piece.name == figures.ROLE:
                found += figures.problems(piece.text, Where(page.path, piece.line), game)
        for body, line in scanner.directive_bodies(page.text, figures.TABLE):
            found += figures.table_problems(body, Where(page.path, line), game)
    return found
