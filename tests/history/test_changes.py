"""``rulewright changes``: two versions of a small project in a scratch git repository, compared
rule by rule, with the behaviour changes their examples show and the warnings that matter."""
import json
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

PAGE = """\
# Racing

```{rule} race.coins
:title: Coins
Landing on a square numbered by five takes one coin from the bank.
```

```{rule} race.turn
:title: Turns
Players take turns in seat order.
```

```{example} A coin on square 5
:id: race-coin
:rules: race.coins

game: race
draws: [5]
setup: {preset: start}
do:
  - ann: roll
expect:
  cash.ann: 1
```

```{example} Bob waits
:id: race-bob-waits

game: race
setup: {preset: start}
do:
  - bob: rest
expect:
  refused: race.turn
```
"""


def git(folder, *words):
    done = subprocess.run(["git", "-C", str(folder), *words], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done.stdout


def changes(folder, *words):
    return subprocess.run([sys.executable, "-m", "rulewright.cli", "changes", *words], cwd=folder,
                          capture_output=True, text=True, timeout=300)


@pytest.fixture
def project(tmp_path):
    folder = tmp_path / "race-book"
    (folder / "rulebook").mkdir(parents=True)
    (folder / "pyproject.toml").write_text(textwrap.dedent("""\
        [tool.rulewright]
        rulebook = "rulebook"
        [tool.rulewright.games]
        race = "race_game:GAME"
        """), encoding="utf-8")
    shutil.copy(ROOT / "tests" / "play" / "race" / "__init__.py", folder / "race_game.py")
    (folder / "rulebook" / "index.md").write_text(PAGE, encoding="utf-8")
    git(folder, "init", "-q")
    git(folder, "-c", "user.name=t", "-c", "user.email=t@t", "add", ".")
    git(folder, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "v1")
    git(folder, "tag", "v1")
    return folder


def edit(folder, name, old, new):
    path = folder / name
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_an_engine_change_with_no_text_change_fails_the_check(project):
    edit(project, "race_game.py", "state.cash[action.actor] += 2 if state.leaky else 1",
         "state.cash[action.actor] += 2")
    done = changes(project, "v1", "--check")
    assert done.returncode == 1, done.stdout + done.stderr
    assert "race-coin (index.md, line 13; rules race.coins):" in done.stdout
    assert "cash.ann: 1 before, 2 now (the example expects 1)" in done.stdout
    assert "UNDOCUMENTED" in done.stdout
    assert "1 example changed outcome with no rule text or designer's note saying so." in done.stdout


def test_a_reworded_rule_documents_the_change_and_a_wording_change_alone_is_named(project):
    edit(project, "race_game.py", "state.cash[action.actor] += 2 if state.leaky else 1",
         "state.cash[action.actor] += 2")
    edit(project, "rulebook/index.md", "takes one coin from the bank.", "takes two coins, one from the bank.")
    edit(project, "rulebook/index.md", "Players take turns in seat order.", "Players take their turns in seat order.")
    edit(project, "rulebook/index.md", "  cash.ann: 1\n", "  cash.ann: 2\n")
    done = changes(project, "v1", "--check")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "race.coins: Landing on a square numbered by five takes {+two coins,+} one [-coin-] from the bank." \
        in done.stdout
    assert "documented by the text of rule race.coins." in done.stdout
    assert "Rules whose text changed while no example's outcome did" in done.stdout
    assert done.stdout.rstrip().endswith("race.turn")


def test_rules_and_examples_added_removed_and_renamed_as_json(project):
    edit(project, "rulebook/index.md", "```{rule} race.turn\n:title: Turns",
         "```{rule} race.seat-order\n:formerly: race.turn\n:title: Turns")
    edit(project, "rulebook/index.md", "refused: race.turn", "refused: race.seat-order")
    edit(project, "race_game.py", 'Refusal("race.turn"', 'Refusal("race.seat-order"')
    edit(project, "rulebook/index.md", ":id: race-bob-waits", ":id: race-bob-must-wait")
    git(project, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qam", "v2")
    done = changes(project, "v1", "HEAD", "--json", "-")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["rules"] == {"added": [], "removed": [], "renamed": {"race.turn": "race.seat-order"},
                               "reworded": {}}
    assert report["examples"] == {"added": ["race-bob-must-wait"], "removed": ["race-bob-waits"]}


def test_a_revision_that_does_not_exist_is_named(project):
    done = changes(project, "v9")
    assert done.returncode != 0 and "There is no revision 'v9'" in done.stdout + done.stderr
