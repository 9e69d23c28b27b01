"""`rulewright rename OLD NEW`: a rule's new ID in every place the project writes the old one (its
directive, examples' :rules: and refused:, links, the quick reference, the engine's refusals), the
old one kept as ':formerly:', and the book as green after as before."""
from __future__ import annotations

import subprocess
import sys

import pytest

from rulewright import cli, scaffold
from rulewright.book import config, rename


@pytest.fixture
def project(tmp_path, monkeypatch):
    folder = tmp_path / "renamer"
    scaffold.create(folder, scaffold.Names("Renamer", "renamer"))
    monkeypatch.chdir(folder)
    monkeypatch.syspath_prepend(str(folder))
    monkeypatch.setattr(config, "_current", config.load(folder))  # restored after the test
    yield folder
    for name in [name for name in sys.modules if name == "renamer" or name.startswith("renamer.")]:
        del sys.modules[name]  # the next test's project has a game package of the same name


def files(root):
    return {p.relative_to(root): p.read_text(encoding="utf-8") for p in root.rglob("*") if p.is_file()}


def test_a_renamed_rule_is_renamed_everywhere_and_the_book_stays_green(project, capsys):
    (project / "tests" / "test_mine.py").write_text("# my own test of renamer.take.limit\n", encoding="utf-8")
    assert cli.main(["rename", "renamer.take.limit", "renamer.take.most"]) == 0
    said = capsys.readouterr().out
    assert "Renamed renamer.take.limit to renamer.take.most on 10 lines of 4 files" in said, said
    assert "tests/test_mine.py, line 1: # my own test of renamer.take.limit" in said, said
    after = files(project)
    left = sorted(str(path) for path, text in after.items() if "renamer.take.limit" in text)
    assert left == ["rulebook/rules.md", "tests/test_mine.py"], left  # the ':formerly:', and the designer's own
    rules = after[next(p for p in after if str(p) == "rulebook/rules.md")]
    assert "```{rule} renamer.take.most\n:formerly: renamer.take.limit\n:title:" in rules
    assert "refused: renamer.take.most" in rules and ":rules: renamer.take.most renamer.turn.order" in rules
    assert 'Refusal("renamer.take.most"' in after[next(p for p in after if str(p) == "renamer/game.py")]
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"], cwd=project,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    checked = subprocess.run([sys.executable, "-m", "rulewright.cli", "check"], cwd=project, capture_output=True,
                             text=True, timeout=300)
    assert "The rulebook is sound" in checked.stdout, checked.stdout + checked.stderr


def test_a_second_rename_replaces_the_former_id_and_a_dry_run_writes_nothing(project, capsys):
    assert cli.main(["rename", "renamer.take.limit", "renamer.take.most"]) == 0
    before = files(project)
    assert cli.main(["rename", "renamer.take.most", "renamer.take.count", "--dry-run"]) == 0
    said = capsys.readouterr().out
    assert "replaces its ':formerly: ...'" in said and "nothing written" in said, said
    assert files(project) == before
    assert cli.main(["rename", "renamer.take.most", "renamer.take.count"]) == 0
    rules = (project / "rulebook" / "rules.md").read_text(encoding="utf-8")
    assert "```{rule} renamer.take.count\n:formerly: renamer.take.most\n:title:" in rules
    assert rules.count(":formerly:") == 1


@pytest.mark.parametrize("old, new, said", [
    ("renamer.take.limt", "renamer.take.most", "The book declares no rule renamer.take.limt. Did you mean 'renamer.take.limit'?"),
    ("renamer.take.limit", "other.take.most", "A rule keeps its game's prefix: renamer.take.limit begins 'renamer.'"),
    ("renamer.take.limit", "renamer.turn.order", "The book already declares the rule renamer.turn.order (rulebook/rules.md"),
    ("renamer.take.limit", "Heap Most", "'Heap Most' cannot be a rule ID"),
    ("renamer.take.limit", "renamer.take.limit", "The rule is already called renamer.take.limit."),
])
def test_a_rename_that_cannot_be_done_says_why_and_writes_nothing(project, capsys, old, new, said):
    before = files(project)
    assert cli.main(["rename", old, new]) == 1
    assert said in capsys.readouterr().err
    assert files(project) == before


def test_a_renamed_id_is_found_after_its_rename(project, capsys):
    assert cli.main(["rename", "renamer.take.limit", "renamer.take.most"]) == 0
    capsys.readouterr()
    assert cli.main(["rename", "renamer.take.limit", "renamer.take.count"]) == 1
    assert "already renamed: it is renamer.take.most now" in capsys.readouterr().err


def test_only_the_whole_id_is_renamed():
    pattern = rename.whole_id("hush.turn")
    assert pattern.sub("X", "hush.turn, hush.turn.match, x.hush.turn, hush.turn-two, `hush.turn`.") == \
        "X, hush.turn.match, x.hush.turn, hush.turn-two, `X`."
