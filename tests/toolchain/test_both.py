"""`make rulebook`'s six builds from one warm process (rulewright.sphinx.both): the same Sphinx
command lines as the Makefile's targets, in the same order, and a failure stops what follows it."""
from __future__ import annotations

import os

import pytest

from rulewright.sphinx import both
from rulewright.sphinx.editions import LIST_SAID_BY, PICTURES_SAID_BY, REPORTED_BY


@pytest.fixture
def forks(monkeypatch):
    """Each fork's Sphinx arguments as it starts and ends, with the exit codes chosen by builder."""
    log, fail = [], set()
    monkeypatch.setenv(REPORTED_BY, "")  # restored when the test ends: run() sets it for its forks
    monkeypatch.setenv(PICTURES_SAID_BY, "")
    monkeypatch.setenv(LIST_SAID_BY, "")

    def started(args):
        log.append(("start", args[1], args[5]))
        return len(log), args

    def finished(pid):
        _, args = pid
        log.append(("end", args[1], args[5]))
        return 2 if (args[1], args[5]) in fail else 0

    monkeypatch.setattr(both.warm, "started", started)
    monkeypatch.setattr(both.warm, "finished", finished)
    return log, fail


def test_the_builds_run_as_the_makefile_ran_them(forks, capsys):
    log, _ = forks
    assert both.run("_build", "rulebook", ["-q", "-W"]) == 0
    assert log == [("start", "player", "dummy"), ("start", "designer", "dummy"),  # read side by side
                   ("end", "player", "dummy"), ("end", "designer", "dummy"),
                   ("start", "designer", "simplepdf"),  # beside the rest, one after another
                   ("start", "player", "simplepdf"), ("end", "player", "simplepdf"),
                   ("start", "player", "html"), ("end", "player", "html"),
                   ("start", "designer", "html"), ("end", "designer", "html"),
                   ("end", "designer", "simplepdf")]
    assert both.command("_build", "rulebook", ["-q", "-W"], "designer", "simplepdf") == [
        "-t", "designer", "-d", "_build/designer/doctrees", "-b", "simplepdf", "rulebook", "_build/designer/pdf",
        "-q", "-W"]
    assert "HTML, designer edition: _build/designer/html/index.html" in capsys.readouterr().out


def test_the_book_s_problems_are_said_by_the_designer_s_reading_only(monkeypatch):
    """The two readings run side by side; only the designer's says a failing example (the player's
    says what is its own), so `make rulebook` says it once (editions.reported_elsewhere)."""
    seen = []
    monkeypatch.setenv(REPORTED_BY, "")  # restored when the test ends: run() sets it for its forks
    monkeypatch.setenv(PICTURES_SAID_BY, "")
    monkeypatch.setenv(LIST_SAID_BY, "")
    monkeypatch.setattr(both.warm, "started", lambda args: seen.append(
        (os.environ.get(REPORTED_BY), os.environ.get(PICTURES_SAID_BY), os.environ.get(LIST_SAID_BY))) or args)
    monkeypatch.setattr(both.warm, "finished", lambda pid: 0)
    assert both.run("_build", "rulebook", []) == 0
    # (and a picture that cannot be drawn is said by an edition's HTML, not by its PDF beside it; the
    # pending examples are listed by the edition's reading, not again by its HTML and its PDF)
    assert seen and set(seen) == {("designer", "html", "dummy")}


def test_a_failed_reading_writes_nothing_and_a_failed_build_stops_the_rest(forks):
    log, fail = forks
    fail.add(("designer", "dummy"))
    assert both.run("_build", "rulebook", []) != 0
    assert [entry for entry in log if entry[0] == "start"] == [("start", "player", "dummy"),
                                                                ("start", "designer", "dummy")]
    log.clear()
    fail.clear()
    fail.add(("player", "simplepdf"))
    assert both.run("_build", "rulebook", []) != 0
    assert ("start", "player", "html") not in log and log[-1] == ("end", "designer", "simplepdf")
