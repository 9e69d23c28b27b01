"""Sybil integration: every ``{example}`` in the rulebook becomes a pytest test named by its ID.

The parser only finds examples; running one is ``rulewright.scenario.evaluate``, the same call
the Sphinx directive makes.
"""
from __future__ import annotations

from sybil import Document, Example, Region, Sybil
from sybil.parsers.myst import PythonCodeBlockParser, SkipParser

from rulewright import book, config
from rulewright.diagrams import draw_all
from rulewright.problems import ExampleProblem
from rulewright.scenario import evaluate


class ExampleParser:
    """Finds ``{example}`` directives; each region's ``parsed`` is the ``ExampleDecl``."""

    def __call__(self, document: Document):
        for decl in book.examples_in(document):
            yield Region(*decl.span, decl, evaluate_example)


def evaluate_example(example: Example) -> str | None:
    """Sybil evaluator: ``None`` when the example holds and its diagrams draw, else the
    plain-words report."""
    decl: book.ExampleDecl = example.parsed
    try:
        result = evaluate(decl.parse(), known_rules=book.declared_rules())
        if result.ok:
            draw_all(result)  # the same drawing and rendering as the book build
    except ExampleProblem as problem:
        return str(problem)
    return None if result.ok else result.report()


class RulebookSybil(Sybil):
    """Names each example's test by its ``:id:``, so inserting a paragraph renames nothing and
    ``pytest -k <id>`` runs one example."""

    def identify(self, example: Example) -> str:
        if isinstance(example.parsed, book.ExampleDecl) and example.parsed.id:
            return example.parsed.id
        return super().identify(example)


def rulebook_sybil(path=None) -> RulebookSybil:
    """Sybil for every Markdown page under ``path`` (the project's rulebook by default)."""
    path = path if path is not None else config.current().rulebook
    return RulebookSybil(
        parsers=[ExampleParser(), PythonCodeBlockParser(), SkipParser()],
        patterns=["*.md"],
        path=str(path),
    )
