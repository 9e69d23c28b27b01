"""Every file of a book the Sphinx build reads, ``rulewright check`` reads too: a file only the build
looked at is a file whose mistakes the check (and so the pre-commit hook) would pass over.

A project ``rulewright new`` makes, with one of each kind of input a book may have (a chapter with its
own glossary, a game record, a shared position, a number printed from a game's data file), is built
and checked, each in a process of its own that records every file it opens (``opened_files.py``:
Python's audit hook on ``open``, and for the build Sphinx's own list of what each page depends on)."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from tests.toolchain.test_parity import Case, _run, project_with

HERE = Path(__file__).resolve().parent

INPUTS = Case("one of each input", {
    "rulebook/variant/glossary.yaml": "game: demo\nterms:\n  token:\n    definition: A marker on a heap.\n",
    "rulebook/variant/notes.md": "# A variant\n\nEach token marks a heap.\n",
    "rulebook/records/short.yaml": "game: demo\nsetup: {preset: standard}\nmoves:\n  - ann: take 1 from middle\n",
    "rulebook/positions.md": ("# Positions\n\n```{position} Two heaps left\n:name: two-heaps\n\ngame: demo\nsetup:\n"
                              "  preset: standard\n  heaps: {left: 0}\n```\n\n```{example} From two heaps\n"
                              ":id: from-two-heaps\n:rules: demo.take.limit\n\ngame: demo\nsetup: {from: two-heaps}\n"
                              "do:\n  - ann: take 1 from middle\nexpect:\n  heaps.middle: 3\n```\n"),
    "demo/limits.yaml": "take:\n  most_counters: 3\n",
    "rulebook/figures.md": "# Figures\n\nTake at most {value}`limits.yaml:take.most_counters` counters.\n",
}, ("", 0), "")

# What the build reads that is no input of the book: Sphinx's own settings (the theme, the
# extensions). The book's settings are pyproject.toml's [tool.rulewright], which the check reads.
NOT_THE_BOOK = {"conf.py"}


def read_by(project: Path, channel: str) -> tuple[int, set[str]]:
    done = _run(project, sys.executable, str(HERE / "opened_files.py"), channel)
    assert done.stdout.strip(), done.stderr[-3000:]
    said = json.loads(done.stdout.strip().splitlines()[-1])
    return said["code"], set(said["read"])


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    return project_with([INPUTS], tmp_path_factory.mktemp("inputs"))


def test_the_check_reads_every_file_the_build_reads(project):
    built, by_build = read_by(project, "sphinx")
    checked, by_check = read_by(project, "check")
    assert (built, checked) == (0, 0)  # (a sound book: both read it to the end)
    for name in INPUTS.files:  # the build read each kind of input (else this test proves nothing)
        assert name in by_build, (name, sorted(by_build))
    only_built = sorted(by_build - by_check - NOT_THE_BOOK)
    assert only_built == [], f"the build reads these files of the book, rulewright check does not: {only_built}"

