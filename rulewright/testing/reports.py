"""How a failed test is said: in Rulewright's own words, as they are, and why a test is skipped.
Shared by the plugin and the items it collects (pages, glossaries, game records); it needs none of them.
"""
from __future__ import annotations

from pathlib import Path


class Said:
    """A failure said in Rulewright's own words, as they are: a test report's ``longrepr`` that
    pytest writes with ``toterminal`` (and sends from a pytest-xdist worker as ``str``), with no
    crash line for the short summary to repeat. (pytest's own ``TerminalRepr`` is not public API.)"""

    def __init__(self, text: str) -> None:
        self.text = text

    def toterminal(self, tw) -> None:
        for line in self.text.splitlines():
            tw.line(line)

    def __str__(self) -> str:
        return self.text


def cannot_be_played(place) -> str:
    """Why a test that needs a game that cannot be loaded is skipped: the game's one problem is said
    at the end of the run, at ``place``."""
    return f"its game cannot be loaded: see {place}, said at the end of the run"


tested: set[Path] = set()  # the pages whose shared positions this run tests (each xdist worker collects all)


def collected_pages() -> set[Path]:
    """The pages (resolved) whose shared positions have their tests in this run, once chosen (``-k``,
    ``--rule``): a position's problem is said by its test only when the run has it."""
    return tested
