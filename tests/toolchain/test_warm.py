"""The live preview's warm rebuilds (rulewright.sphinx.warm): a rebuild is Sphinx's own command
line run in a fork, the warm process holds no game's code, and a changed toolchain makes the
rebuild a new process again."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from rulewright.sphinx import warm

ROOT = Path(__file__).resolve().parents[2]


def test_a_fork_runs_sphinx_and_says_how_it_ended(tmp_path, capfd):
    import sphinx

    assert warm.forked(["--version"]) == 0
    assert sphinx.__display_version__ in capfd.readouterr().out
    assert warm.forked([str(tmp_path / "no-such-book"), str(tmp_path / "out")]) != 0


def test_the_warm_process_imports_no_game_and_activates_no_project():
    """So each fork imports the games as a new process would: with their latest code and data (the
    book's pages read ahead included)."""
    probe = ("import importlib, sys\nfrom rulewright.sphinx import warm\nfor name in warm.WARM:\n"
             "    importlib.import_module(name)\nwarm.read_ahead()\nfrom rulewright.book import config\n"
             "print(config._current, sorted(m for m in sys.modules if m.split('.')[0] == 'engine'))\n")
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "None []"


def test_a_changed_toolchain_or_another_command_is_a_new_process(monkeypatch):
    started = []
    monkeypatch.setattr(warm.subprocess, "run", lambda command, **options: started.append(command))
    monkeypatch.setattr(warm, "forked", lambda args: started.append(("fork", *args)) or 0)
    runner = warm.Runner()
    build = [sys.executable, "-m", "sphinx", "build", "-q", "book", "out"]
    runner.run(build, check=True)
    runner.run(["echo", "post-build"], check=True)
    assert started == [("fork", "build", "-q", "book", "out"), ["echo", "post-build"]]
    monkeypatch.setattr(warm, "toolchain", lambda: ["Rulewright's code edited since the start"])
    runner.run(build, check=True)
    assert started[-1] == build


def test_pages_read_ahead_are_found_read_and_a_changed_page_is_read_again(tmp_path, monkeypatch):
    from rulewright.book import scanner
    from rulewright.checks import words

    monkeypatch.setenv("RULEWRIGHT_CACHE", str(tmp_path / "store"))  # (a page's pieces are kept there by its text)
    page = tmp_path / "rules.md"
    page.write_text(f"# Rules of {tmp_path.name}\n\nThe `tfive.take.limit` rule.\n", encoding="utf-8")
    warm.read_ahead(tmp_path)
    read = []
    monkeypatch.setattr(scanner.pages, "read_page", lambda text, path: read.append(path) or scanner.Page(path, text))
    monkeypatch.setattr(words, "pieces", lambda text: read.append(text) or iter(()))
    first = scanner.read_file(page)
    assert [p.kind for p in words.page_pieces(page)] == ["text", "code", "text"] and read == []
    first.problems.append("changed by the scan")  # the scan changes what it is given: a copy
    assert scanner.read_file(page).problems == []
    page.write_text(f"# Rules of {tmp_path.name}, edited\n", encoding="utf-8")
    scanner.read_file(page), words.page_pieces(page)
    assert len(read) == 2
