"""Whole-book checks: rules, examples and refusals agree (``book``), the words a book uses and its
cross-references (``words``), and which engine lines and refusals no example reaches (``coverage``).

``check()`` and ``BookProblems`` are what a project's own test uses (``tests/test_rulebook.py``)."""
from rulewright.checks.book import BookProblems, check

__all__ = ["BookProblems", "check"]
