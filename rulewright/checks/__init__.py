"""Whole-book checks: rules, examples and refusals agree (``book``), the words a book uses and its
cross-references (``words``), and which engine lines and refusals no example reaches (``coverage``).

``check()`` and ``report()`` are the calls a project's own test makes (``tests/test_rulebook.py``)."""
from rulewright.checks.book import check, report

__all__ = ["check", "report"]
