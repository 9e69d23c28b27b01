"""A command's exit code tells a CI script what went wrong: 1 the book, 2 the command line, 70
Rulewright itself (``problems.INTERNAL_FAILURE``)."""
from __future__ import annotations

import pytest

from rulewright import cli
from rulewright.cli import replay
from rulewright.problems import INTERNAL_FAILURE


def test_a_failure_inside_rulewright_exits_70_with_one_plain_paragraph(monkeypatch, capsys):
    def broken(args):
        raise KeyError("a bug of Rulewright's own")

    monkeypatch.setattr(replay, "run", broken)
    assert cli.main(["replay", "game.yaml"]) == INTERNAL_FAILURE == 70
    said = capsys.readouterr().err
    assert "This is a bug in Rulewright, not in your rulebook" in said and "Traceback" not in said


def test_a_command_typed_wrong_still_exits_2():
    with pytest.raises(SystemExit) as stop:
        cli.main(["no-such-command"])
    assert stop.value.code == 2 != INTERNAL_FAILURE
