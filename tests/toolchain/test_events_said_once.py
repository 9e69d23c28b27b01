"""The player's edition says each event once: in the play, beside the move that set it off, and not
again in what happened ("what happens in step 2"). The designer's edition lists every check. A
designer's project made by `rulewright new`, its own rules page built in both editions."""
from __future__ import annotations

import re
import subprocess
import sys

import pytest

from rulewright import cli


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    folder = tmp_path_factory.mktemp("once") / "heaps"
    assert cli.main(["new", str(folder), "--title", "Heaps", "--game", "heaps", "--starter"]) == 0
    rules = folder / "rulebook" / "rules.md"
    rules.write_text(rules.read_text(encoding="utf-8") + """
```{example} Two turns, and the end
:id: heaps-two-and-end
:rules: heaps.end.last-counter

game: heaps
setup: {preset: endgame, heaps: {last: 2}}
do:
  - ann: take 1 from last
  - bob: take 1 from last
expect:
  events: [{took: {player: ann}}, game-over]
  winner: bob
```
""", encoding="utf-8")
    pages = {}
    for edition in ("player", "designer"):
        out = folder / "_out" / edition
        done = subprocess.run([sys.executable, "-m", "sphinx", "-q", "-t", edition, "-b", "html", "-c", ".",
                               "rulebook", str(out)], cwd=folder, capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, done.stdout + done.stderr
        html = (out / "rules.html").read_text(encoding="utf-8")
        html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
        pages[edition] = " ".join(re.sub(r"<[^>]+>", " ", html).split())
    return pages


def box(page: str, title: str) -> str:
    start = page.index(title)
    end = page.find("Example ", start + len(title))
    return page[start:end if end > 0 else None]


def test_the_player_s_edition_says_each_event_once(built):
    example = box(built["player"], "Two turns, and the end")
    assert example.count("The game is over: Bob wins.") == 1, example
    # the move is said once, by its own sentence: its event ('took') adds nothing to it (tells:)
    assert example.count("Ann takes 1 counter from the last heap.") == 1, example
    assert "Ann takes 1 from the last heap." not in example, example
    assert "What happens" not in example and "The winner Bob" in example, example
    ending = box(built["player"], "Taking the last counters wins")
    assert ending.count("The game is over: Ann wins.") == 1, ending


def test_the_designer_s_edition_still_lists_every_check(built):
    example = box(built["designer"], "Two turns, and the end")
    assert "What happens in step 1" in example and "What happens in step 2" in example, example
