"""`rulewright example RECORD --at N` in a designer's project made by `rulewright new --template
cards`: the example expects what the moves' players changed (another player's places and places
left empty are left out, and the comment says how many), `--all` everything; both hold when pasted."""
from __future__ import annotations

import subprocess
import sys

from rulewright import cli
from rulewright.book import scanner

RECORD = """\
record:
  title: One trick
game: trick
setup:
  players: {ann: {hand: [AS, 9H], bid: 1}, bob: {hand: [KS, JC], bid: 0}}
  deck: [10D]
  trump: QC
  phase: playing
moves:
  - ann: play AS
  - bob: play KS
  - ann: play 9H
  - bob: play JC
"""


def cut(folder, *words):
    done = subprocess.run([sys.executable, "-m", "rulewright.cli", "example", "rulebook/records/one-trick.yaml",
                           *words], cwd=folder, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def expect_of(text: str) -> dict:
    page = scanner.read_page("# Scratch\n\n" + text, "scratch.md")
    assert not page.problems and len(page.examples) == 1, page.problems
    return page.examples[0].parse(positions={}).expect


def test_a_cut_example_expects_what_its_players_changed_and_all_of_it_on_asking(tmp_path, capsys):
    folder = tmp_path / "trick"
    assert cli.main(["new", str(folder), "--title", "Trick", "--game", "trick", "--template", "cards"]) == 0
    capsys.readouterr()
    (folder / "rulebook" / "records").mkdir()
    (folder / "rulebook" / "records" / "one-trick.yaml").write_text(RECORD, encoding="utf-8")

    mine = cut(folder, "--at", "1")
    expect = expect_of(mine)
    # (the won trick's cards are seen where they went: the card template's view keeps them, as 'played')
    assert expect == {"players.bob.hand": ["JC"], "next": "ann", "played": ["AS", "KS"],
                      "events": ["card-played", "trick-won"]}, mine
    assert "[]" not in mine.split("expect:")[1], mine
    assert "It expects what bob changed; 2 other changed places are left out (--all writes every one)." in mine

    everything = expect_of(cut(folder, "--at", "1", "--all"))
    assert everything["players.ann.tricks"] == 1 and everything["trick"] == [], everything
    assert set(expect) < set(everything)
    # pasted into the book, each holds
    rules = folder / "rulebook" / "rules.md"
    rules.write_text(rules.read_text(encoding="utf-8") + "\n" + mine + "\n"
                     + cut(folder, "--at", "2", "--all", "--id", "one-trick-all"), encoding="utf-8")
    for example_id in ("one-trick-2", "one-trick-all"):
        ran = subprocess.run([sys.executable, "-m", "rulewright.cli", "run", example_id], cwd=folder,
                             capture_output=True, text=True, timeout=300)
        assert ran.returncode == 0 and "holds" in ran.stdout, ran.stdout + ran.stderr
