"""`rulewright run ID --position` shows the position an example starts from: as a setup, ready to
paste (and an example pasted with it starts there and holds), or with `--as` as that player sees it.
In designer's projects made by `rulewright new`, the starter game and the card game."""
from __future__ import annotations

import subprocess
import sys

from rulewright import cli


def run_in(folder, *words):
    return subprocess.run([sys.executable, "-m", "rulewright.cli", *words], cwd=folder, capture_output=True,
                          text=True, timeout=300)


def test_run_position_shows_where_an_example_starts(tmp_path, capsys):
    heaps = tmp_path / "heaps"
    assert cli.main(["new", str(heaps), "--title", "Heaps", "--game", "heaps", "--starter"]) == 0
    capsys.readouterr()
    said = run_in(heaps, "run", "heaps-in-progress", "--position")
    assert said.returncode == 0, said.stdout + said.stderr
    setup = said.stdout.split("paste it into an example to start there):\n")[1].split("\n  1. ")[0]
    assert setup == "  setup:\n    preset: endgame\n    heaps: {last: 1}\n    next: bob\n    taken: {ann: 1}", said.stdout
    rules = heaps / "rulebook" / "rules.md"
    pasted = "\n".join(line[2:] for line in setup.splitlines())
    rules.write_text(rules.read_text(encoding="utf-8") + f"""
```{{example}} From the same position
:id: heaps-same-position
:rules: heaps.end.last-counter

game: heaps
{pasted}
do:
  - bob: take 1 from last
expect:
  winner: bob
```
""", encoding="utf-8")
    again = run_in(heaps, "run", "heaps-same-position")
    assert "heaps-same-position: holds" in again.stdout, again.stdout + again.stderr

    cards = tmp_path / "trick"
    assert cli.main(["new", str(cards), "--title", "Trick", "--game", "trick", "--template", "cards"]) == 0
    seen = run_in(cards, "run", "trick-deal-trumps", "--position", "--as", "bob")
    assert "The position trick-deal-trumps starts from, as bob sees it" in seen.stdout, seen.stdout
    start = seen.stdout.split("sees it")[1].split("\n  1. ")[0]
    assert "hand: {hidden: 5}" in start and "AS" not in start, seen.stdout
