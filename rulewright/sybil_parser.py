"""Sybil integration: every ``{example}`` in the rulebook becomes a pytest test named by its ID.

The parser only finds examples; running one is ``rulewright.scenario.evaluate`` through the
store of results (``rulewright.cache``), the same call the Sphinx directive makes.
"""
from __future__ import annotations

import warnings

from sybil import Document, Example, Region, Sybil
from sybil.parsers.myst import PythonCodeBlockParser, SkipParser

from rulewright import book, config
from rulewright.diagrams import draw_all
from rulewright.problems import ExampleProblem
from rulewright.cache import evaluate
from rulewright.scenario import failure_text, verdict


class ExampleParser:
    """Finds ``{example}`` directives; each region's ``parsed`` is the ``ExampleDecl``."""

    def __call__(self, document: Document):
        for decl in book.examples_in(document):
            yield Region(*decl.span, decl, evaluate_example)


class PendingExampleHolds(UserWarning):
    """An example marked ':status: pending' now holds: the mark should be removed."""


def evaluate_example(example: Example) -> str | None:
    """Sybil evaluator: ``None`` when the example holds and its diagrams draw, else the
    plain-words report. A pending example that does not hold yet is reported as pending (pytest's
    xfail, with the reason); one that holds is passed with a warning to remove the mark."""
    decl: book.ExampleDecl = example.parsed
    try:
        result = evaluate(decl.parse(), known_rules=book.declared_rules())
        if result.ok:
            draw_all(result)  # the same drawing and rendering as the book build
    except ExampleProblem as problem:
        return str(problem)
    pending_is_error = config.current().pending == "error"
    outcome = verdict(result, pending_is_error)
    if outcome == "pending":
        import pytest

        pytest.xfail("pending: " + result.pending_note())
    if outcome == "ready":
        warnings.warn(PendingExampleHolds(result.pending_note()), stacklevel=1)
    return failure_text(result, pending_is_error) if outcome == "failed" else None


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
