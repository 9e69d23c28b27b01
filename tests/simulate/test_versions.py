"""``rulewright simulate --compare REVISION``: the same games played on another version of the
project (a git revision, unpacked as ``rulewright changes`` unpacks one), each figure side by side
with its difference and Fisher's or Mann-Whitney's test."""
import json
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.history.test_changes_per_value import git  # a scratch repository's git, as rulewright changes' tests use it

pytest.importorskip("scipy")

ROOT = Path(__file__).resolve().parents[2]
GAME = """\
from race_for_versions import Race


class Duel(Race):
    name = "versioned-duel"
    HEAD_START = {head}

    def new_state(self, setup, settings, rng):
        state = super().new_state(setup, settings, rng)
        state.squares[state.players[0]] += self.HEAD_START
        return state

    def seats(self, state):
        return list(state.players)

    def places(self, state):
        return None if state.winner is None else {{p: 1 if p == state.winner else 2 for p in state.players}}


GAME = Duel()
"""


def simulate(folder, *words):
    return subprocess.run([sys.executable, "-m", "rulewright.cli", "simulate", "versioned-duel", *words], cwd=folder,
                          capture_output=True, text=True, timeout=600)


@pytest.fixture
def project(tmp_path):
    """A project whose duel gives the first player no head start at v1 and ten squares in the working tree."""
    folder = tmp_path / "duel-book"
    (folder / "rulebook").mkdir(parents=True)
    (folder / "rulebook" / "index.md").write_text("# Duel\n", encoding="utf-8")
    (folder / "pyproject.toml").write_text(textwrap.dedent("""\
        [tool.rulewright]
        rulebook = "rulebook"
        [tool.rulewright.games]
        versioned-duel = "versioned_duel:GAME"
        """), encoding="utf-8")
    shutil.copy(ROOT / "tests" / "play" / "race" / "__init__.py", folder / "race_for_versions.py")
    (folder / "versioned_duel.py").write_text(GAME.format(head=0), encoding="utf-8")
    git(folder, "init", "-q")
    git(folder, "add", ".")
    git(folder, "commit", "-qm", "even start")
    git(folder, "tag", "v1")
    (folder / "versioned_duel.py").write_text(GAME.format(head=10), encoding="utf-8")
    return folder


def test_a_version_whose_rules_differ_is_reported_significant_figure_by_figure(project):
    done = simulate(project, "--games", "200", "--compare", "v1", "--json", "figures.json")
    assert done.returncode == 0, done.stderr
    assert "Does the change from" in done.stdout and "v1" in done.stdout
    line = next(line for line in done.stdout.splitlines() if line.strip().startswith("seat 1 (ann) wins"))
    assert "SIGNIFICANT" in line and "Fisher's exact test" in line
    report = json.loads((project / "figures.json").read_text())
    seat1 = next(r for r in report["compare"]["differences"] if r["figure"].startswith("seat 1"))
    # from v1 (no head start) to this version (ten squares ahead): the first seat wins more
    assert seat1["significant"] and seat1["difference"] > 0.15 and seat1["b"] == report["figures"]["seats"][0]["share"]
    assert report["compare"]["figures"]["seats"][0]["share"] == seat1["a"]


def test_the_same_version_compared_with_itself_changes_nothing(project):
    git(project, "commit", "-qam", "head start")
    done = simulate(project, "--games", "100", "--compare", "HEAD", "--json", "figures.json")
    assert done.returncode == 0, done.stderr
    rows = json.loads((project / "figures.json").read_text())["compare"]["differences"]
    assert rows and not any(r["significant"] for r in rows) and all(r["difference"] == 0 for r in rows)
    assert "No figure changes by more than chance" in done.stdout


@pytest.mark.parametrize("revision, words", [("v9", "There is no revision 'v9'"),
                                             ("leaky", "to compare a reading, write NAME=VALUE"),
                                             ("leaki", "There is no revision 'leaki' in")])
def test_a_version_that_cannot_be_read_is_said_plainly(project, revision, words):
    done = simulate(project, "--games", "5", "--compare", revision)
    said = done.stdout + done.stderr
    assert done.returncode != 0 and words in said and "Traceback" not in done.stderr
    # a slip in a setting's name is not taken for a version without a word
    assert ("did you mean the setting 'leaky'?" in said) == (revision == "leaki")
