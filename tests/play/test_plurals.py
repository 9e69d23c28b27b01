"""Every count a command prints agrees with its noun ("1 move", "2 moves"), in a designer's project
made by `rulewright new`: random play of one game, a finding, and the record's length."""
from __future__ import annotations

import re
import subprocess
import sys

from rulewright import cli


def run_in(folder, *words):
    return subprocess.run([sys.executable, "-m", "rulewright.cli", *words], cwd=folder, capture_output=True,
                          text=True, timeout=600)


def test_counts_agree_with_their_nouns(tmp_path, capsys):
    folder = tmp_path / "heaps"
    assert cli.main(["new", str(folder), "--title", "Heaps", "--game", "heaps", "--starter"]) == 0
    capsys.readouterr()
    sound = run_in(folder, "fuzz", "heaps", "--games", "1", "--moves", "1", "--out", str(tmp_path / "found"))
    assert "Playing 1 random game of Heaps" in sound.stdout and "at most 1 move in it;" in sound.stdout, sound.stdout
    assert "1 game, 1 move: every law held" in sound.stdout, sound.stdout

    engine = folder / "heaps" / "game.py"
    engine.write_text(engine.read_text(encoding="utf-8").replace(
        "state.taken[action.actor] += action.count", "state.taken[action.actor] += action.count + 1"), encoding="utf-8")
    found = run_in(folder, "fuzz", "heaps", "--games", "1", "--moves", "5", "--out", str(tmp_path / "found"))
    assert "Found after 1 move of game 1" in found.stdout and "shrunk to 1 move." in found.stdout, found.stdout
    assert found.stdout.rstrip().endswith("1 finding, each found and shrunk as said above."), found.stdout

    every = found.stdout + sound.stdout
    assert not re.search(r"\b1 (moves|games|findings)\b", every), every
    assert not re.search(r"\b(\d*[02-9]|\d+1\d) (move|game|finding)\b(?! of)", every.replace("1 move in it", "")), every
