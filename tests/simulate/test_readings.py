"""Does this reading matter? Every documented reading of a game played against the book's, with the
same seeds, and the difference said as significant only where it is: a planted advantage
(the duel's ``head_start``) is, a setting no rule reads (``dice_colour``) is not; and the
``{readings}`` block shows it in the designer's edition, the same on every build."""
import html
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from rulewright.book.registry import get_game
from rulewright.game import InputError
from rulewright.play import readings
from rulewright.play.simulate import make_job

pytest.importorskip("scipy")

REPO = Path(__file__).resolve().parents[2]


def duel_job(games_seed: int = 2):
    game = get_game("duel")
    return make_job(game, game.resolve_settings({}), "start", "random", 1000, games_seed), game


def test_a_planted_advantage_is_significant_and_a_reading_no_rule_reads_is_not():
    job, game = duel_job()
    found = readings.effects(job, 300, game, ["head_start", "dice_colour"])
    assert found.finished == 300 and [r.name for r in found.readings] == ["head_start", "dice_colour"]
    head_start, colour = found.readings
    assert [c.value for c in head_start.choices] == [3, 6, 10]  # every other choice, the book's (0) left out
    ten = head_start.choices[-1]
    first_seat = next(row for row in ten.rows if row["figure"] == "seat 1 (ann) wins")
    assert first_seat["significant"] and first_seat["difference"] > 0.15 and first_seat in ten.changed
    assert not ten.same_games
    (red,) = colour.choices
    assert red.value == "red" and red.same_games and red.changed == []
    assert all(row["difference"] == 0 and row["p"] == 1.0 for row in red.rows)


def test_a_setting_the_game_does_not_have_is_named_with_its_settings():
    job, game = duel_job()
    with pytest.raises(InputError) as error:
        readings.effects(job, 10, game, ["head_strat"])
    assert "Duel has no setting 'head_strat'" in error.value.message and "head_start" in error.value.message


def test_a_game_no_game_of_which_ends_plays_no_other_reading():
    job, game = duel_job()
    short = type(job)(**{**job.__dict__, "moves": 3})  # no duel ends in three moves
    found = readings.effects(short, 20, game)
    assert found.finished == 0 and all(r.choices == [] for r in found.readings)


PAGE = """# Duel

## Does this reading matter?

```{{readings}}
:game: duel
:games: 300
:seed: 2
:only: {only}
```
"""


def build(folder: Path, edition: str, only: str = "head_start, dice_colour", cache: str = "off") -> str:
    """The text of the built page of a one-page book holding a {readings} block."""
    (folder / "book").mkdir(parents=True, exist_ok=True)
    (folder / "pyproject.toml").write_text('[tool.rulewright]\nrulebook = "book"\n\n[tool.rulewright.games]\n'
                                           'duel = "tests.simulate.duel:GAME"\n', encoding="utf-8")
    (folder / "conf.py").write_text('extensions = ["myst_parser", "rulewright.sphinx"]\n'
                                    'source_suffix = {".md": "markdown"}\nroot_doc = "index"\n', encoding="utf-8")
    (folder / "book" / "index.md").write_text(PAGE.format(only=only), encoding="utf-8")
    out = folder / "_build" / edition
    env = {**os.environ, "PYTHONPATH": str(REPO), "RULEWRIGHT_CACHE": cache, "NO_COLOR": "1"}
    done = subprocess.run([str(Path(sys.executable).parent / "sphinx-build"), "-q", "-E", "-b", "html", "-t", edition,
                           "-c", str(folder), str(folder / "book"), str(out)], cwd=folder, env=env,
                          capture_output=True, text=True, timeout=600)
    page = (out / "index.html").read_text(encoding="utf-8") if (out / "index.html").exists() else ""
    text = re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", page)))
    return text + "\nSPHINX: " + done.stdout + done.stderr


def test_the_designers_page_says_which_readings_matter_in_words_the_same_on_every_build(tmp_path):
    first = build(tmp_path / "a", "designer")
    assert "Played: 300 games of Duel from the preset ‘start’, agents: random, seed 2" in first, first
    assert "a share of the games (a seat's wins, the games stopped at the move limit) is known to within about 6 " \
           "percentage points either way" in first.replace("’", "'")
    assert re.search(r"Read as 10 instead, it matters: seat 1 \(ann\) wins goes from [\d.]+% to [\d.]+% "
                     r"\(\+[\d.]+ points; Fisher’s exact test, p [<=] [\d.]+\)", first), first
    assert ("Read as ‘red’ instead, each of the 300 games is played exactly as with this book’s reading: in these "
            "games the choice never makes a difference.") in first
    again = build(tmp_path / "b", "designer")
    assert again.split("SPHINX:")[0] == first.split("SPHINX:")[0]  # the same seed, the same page
    assert "Played:" not in build(tmp_path / "c", "player")  # the designer's page only


def test_a_block_naming_a_setting_the_game_lacks_is_said_at_its_line(tmp_path):
    said = build(tmp_path, "designer", only="head_strat")
    assert "These readings cannot be compared" in said
    assert "index.md, line 5: Duel has no setting 'head_strat'" in said, said


def test_a_run_is_kept_by_its_game_and_reading_and_played_again_only_when_one_changes(tmp_path, monkeypatch):
    from rulewright.play import runner

    monkeypatch.setenv("RULEWRIGHT_CACHE", str(tmp_path / "store"))
    playing = runner.run
    runs: list[dict] = []
    monkeypatch.setattr(runner, "run", lambda job, games: runs.append(job.settings) or playing(job, games))
    job, game = duel_job()
    first = readings.effects(job, 40, game, ["dice_colour"])
    assert len(runs) == 2  # the book's reading and the other one
    again = readings.effects(job, 40, game, ["dice_colour"])
    assert len(runs) == 2 and again.readings[0].choices[0].rows == first.readings[0].choices[0].rows
    readings.effects(job, 40, game, ["head_start"])
    assert [r["head_start"] for r in runs[2:]] == [3, 6, 10]  # only the readings not yet played
