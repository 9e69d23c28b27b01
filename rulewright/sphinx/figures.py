"""Figures from the game in the built book: the ``{value}`` role and the ``{values}`` table
(``rulewright.book.figures`` reads them; ``rulewright check`` and ``make test`` read them alike).

Both editions print the value in the game's words ("$20"); the designer's edition also says where
it came from, on hover (``companies.LMR.treasury@demo``). A value at one of the game's hidden paths
(a deck) is printed in the player's edition as how many it holds, as a quick reference prints it.
A figure that cannot be read is a warning at its line (an error in the strict build), and prints
as written.
"""
from __future__ import annotations

from pathlib import Path

from docutils import nodes
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective, SphinxRole

from rulewright.book import figures
from rulewright.book.phrases import words
from rulewright.book.registry import GameNotLoaded
from rulewright.problems import ExampleProblem, Where
from rulewright.sphinx import incremental, secrecy, tables, wording
from rulewright.sphinx.editions import edition

logger = logging.getLogger(__name__)

ROLE, TABLE = figures.ROLE, figures.TABLE


def told(config, game, said, figure: figures.Figure, path: str, state, value) -> str:
    """A value read from the game, as the edition may print it: a value at one of the game's
    hidden paths (the deck) that the table cannot see is printed as how many it holds in the
    player's edition ("16": a key number, and the one thing the table sees of a face-down pile),
    and marked hidden in the designer's (``rulewright.sphinx.secrecy``); a count (``#deck``) is
    printed as it is in both."""
    if figure.count:  # how many a pile holds is what the table sees of it
        return figures.said(said, figure, path, value)
    hidden, owner = secrecy.unseen(None, game, state, path, None, revealing=False) if state is not None \
        else (False, None)
    if not hidden:
        return figures.said(said, figure, path, value)
    if edition(config) == "designer":
        return f"{figures.said(said, figure, path, value)} ({secrecy.mark(owner)})"
    if isinstance(value, (list, tuple, dict, set)):
        return str(len(value))
    return str(secrecy.hidden_words(value))


def _words(game):
    return wording.game_phrases(game)


def _read(env, figure: figures.Figure, page_game: str | None):
    """(game, the read figure), the game noted as shown by the page (read again when it changes)."""
    game = figures.game_for(figure, page_game)
    incremental.uses_game(env, game.name)
    return game, figures.read(game, figure)


def _sourced(env, text: str, figure: figures.Figure) -> nodes.Node:
    """``text``, which in the designer's edition says where it came from (on hover)."""
    if edition(env.config) == "designer":
        return nodes.abbreviation(text, text, explanation=f"from the game: {figure.written}", classes=["rw-value"])
    return nodes.inline(text, text, classes=["rw-value"])


class ValueRole(SphinxRole):
    """``{value}`path@preset```: the value the game has there, in its words."""

    def run(self):
        path = Path(self.env.doc2path(self.env.docname))
        _, line = self.get_source_info()
        where = Where(str(path), line or 0)
        try:
            figure = figures.parse_role(self.text, where)
            game, found = _read(self.env, figure, figures.page_game(path))
        except GameNotLoaded:  # said once, at its place, by the book's checks
            return [nodes.literal(self.rawtext, self.text)], []
        except ExampleProblem as problem:
            logger.warning(problem.message, location=(self.env.docname, line))
            return [nodes.literal(self.rawtext, self.text)], []
        said = _words(game)
        if found.each is not None:
            text = words([told(self.config, game, said, figure, p, found.state, v) for p, v in found.each])
        else:
            text = told(self.config, game, said, figure, figure.path, found.state, found.value)
        return [_sourced(self.env, text, figure)], []


def rows(env, game, say: str | None, figure: figures.Figure) -> list[tuple[str, nodes.Node]]:
    """The (label, value) rows of one figure of a table: one, or one per part a ``*`` stands for,
    each labelled by ``say`` (one row) or the game's phrase for its path."""
    incremental.uses_game(env, game.name)
    found, said = figures.read(game, figure), _words(game)
    out = []
    for path, value in (found.each if found.each is not None else [(figure.path, found.value)]):
        label = say if say and found.each is None else figures.label(game, path)
        text = told(env.config, game, said, figure, path, found.state, value)
        out.append((label[:1].upper() + label[1:], nodes.paragraph("", "", _sourced(env, text, figure))))
    return out


class ValuesDirective(SphinxDirective):
    """``{values}``: a table of figures, each row read from the game (or stated)."""

    has_content = True

    def run(self):
        path = Path(self.env.doc2path(self.env.docname))
        try:
            table = figures.read_table("\n".join(self.content), Where(str(path), first_line(self, path)))
            return [self._build(table, figures.page_game(path))]
        except GameNotLoaded:
            return []
        except ExampleProblem as problem:
            logger.warning(problem.message, location=f"{problem.where.path}:{problem.where.line}")
            return []

    def _build(self, table: figures.Table, page_game: str | None) -> nodes.Element:
        whole, body = tables.table((55, 45), classes=["rw-values"])
        for row in table.rows:
            if row.figure is None:
                body += tables.row([row.say, row.value])
                continue
            game = figures.game_for(row.figure, table.game or page_game)
            for label, value in rows(self.env, game, row.say, row.figure):
                body += tables.row([label, value])
        return whole


def first_line(directive, path: Path) -> int:
    """The file line of a directive's first line of content."""
    first = next((line for line in directive.content if line.strip()), None)
    try:
        text = path.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        text = []
    for number in range(directive.lineno, len(text)):
        if first is not None and text[number].strip() == first.strip():
            return number + 1 - next(i for i, line in enumerate(directive.content) if line.strip())
    return directive.lineno + 1
