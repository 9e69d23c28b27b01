"""`make rulebook` starts no Sphinx process when nothing changed, and always one when anything the
build reads changed (rulewright.store.built): each kind of input is changed in turn."""
from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from rulewright.store import built

EDITIONS_MK = Path(built.__file__).resolve().parent.parent / "scaffold" / "editions.mk"


def project(root: Path) -> Path:
    """A small project: a book with a page and a picture, a game package with code and data."""
    (root / "rulebook").mkdir(parents=True)
    (root / "rulebook" / "index.md").write_text("# The book\n\nOne rule.\n")
    (root / "rulebook" / "board.svg").write_text("<svg/>\n")
    game = root / "toygame_built"
    (game / "data").mkdir(parents=True)
    (game / "__init__.py").write_text("GAME = None\n")
    (game / "rules.py").write_text("LIMIT = 3\n")
    (game / "data" / "cards.yaml").write_text("cards: [a, b]\n")
    (root / "pyproject.toml").write_text('[tool.rulewright]\nrulebook = "rulebook"\n\n'
                                         '[tool.rulewright.games]\ntoy = "toygame_built.rules:GAME"\n')
    (root / "conf.py").write_text("project = 'Toy'\n")
    (root / "Makefile").write_text("all:\n")
    return root


def edit(path: Path, text: str = "\nsaved again, changed\n") -> None:
    path.write_text(path.read_text() + text)


@pytest.fixture
def toy(tmp_path, monkeypatch):
    root = project(tmp_path / "toy")
    monkeypatch.chdir(root)
    monkeypatch.setattr(sys, "path", list(sys.path))
    for name in [k for k in os.environ if k.startswith(built.ENVIRONMENT)]:
        monkeypatch.delenv(name)
    return root


def digest(root: Path, values=("STRICT=1",)) -> str:
    return built.inputs(root / "rulebook", root, [str(root / "Makefile")], list(values))


def test_each_kind_of_input_changes_the_digest(toy, tmp_path, monkeypatch):
    before = digest(toy)
    (toy / "rulebook" / "index.md").write_text((toy / "rulebook" / "index.md").read_text())
    assert digest(toy) == before, "a page saved again unchanged is no change"
    seen = {before}
    changes = {
        "a page": lambda: edit(toy / "rulebook" / "index.md"),
        "a new picture": lambda: (toy / "rulebook" / "new.png").write_bytes(b"\x89PNG"),
        "an engine file": lambda: edit(toy / "toygame_built" / "rules.py", "LIMIT = 4\n"),
        "a game's data file": lambda: edit(toy / "toygame_built" / "data" / "cards.yaml", "more: [c]\n"),
        "pyproject.toml": lambda: edit(toy / "pyproject.toml", '\n[tool.rulewright.importers]\n'),
        "conf.py": lambda: edit(toy / "conf.py", "html_theme = 'alabaster'\n"),
        "the Makefile": lambda: edit(toy / "Makefile", "\t@true\n"),
        "an environment setting": lambda: monkeypatch.setenv("RULEWRIGHT_STRICT", "0"),
        "an installed package's version": lambda: monkeypatch.setattr(
            built, "installed", lambda: ["sphinx-99.0.dist-info"]),
    }
    for what, change in changes.items():
        change()
        now = digest(toy)
        assert now not in seen, f"changing {what} went unnoticed"
        seen.add(now)
    assert digest(toy, values=("STRICT=0",)) not in seen, "the build's settings count"

    toolchain = tmp_path / "toolchain"
    shutil.copytree(Path(built.__file__).parent, toolchain)
    monkeypatch.setattr(built, "TOOLCHAIN", toolchain)
    before = digest(toy)
    edit(toolchain / "built.py", "# a toolchain edit\n")
    assert digest(toy) != before, "changing Rulewright's own code went unnoticed"


def test_the_last_commit_counts(toy):
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@t", "-C", str(toy)]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "commit", "-q", "--allow-empty", "-m", "one"], check=True)
    before = digest(toy)
    subprocess.run([*git, "commit", "-q", "--allow-empty", "-m", "two"], check=True)
    assert digest(toy) != before, "the cover prints the last commit's day: a new commit counts"


def test_check_keep_and_outputs(toy):
    stamp, out = toy / "_build" / "rulebook.built", toy / "_build" / "html"
    args = (stamp, toy / "rulebook", toy, [], [])
    assert not built.check(*args, [str(out)])
    out.mkdir()
    (out / "index.html").write_text("<p>book</p>")
    edit(toy / "rulebook" / "index.md")  # saved while the build ran: the next build must see it
    built.keep(stamp, [str(out)])
    assert not built.check(*args, [str(out)])
    built.keep(stamp, [str(out)])
    assert built.check(*args, [str(out)])
    (out / "index.html").unlink()
    assert not built.check(*args, [str(out)]), "a deleted output is built again"


# Stands in for Python running the six builds (rulewright.sphinx.both), each with the stand-in below.
FAKE_PYTHON = """#!/bin/sh
if [ "$2" = rulewright.sphinx.both ]; then
  build=$3; shift 5
  for step in "player dummy read" "designer dummy read" "designer simplepdf pdf" "player simplepdf pdf" \\
              "player html html" "designer html html"; do
    set -- $step
    "$(dirname "$0")/sphinx-build" -t $1 -b $2 rulebook $build/$1/$3 || exit 1
  done
  exit 0
fi
exec "{python}" "$@"
"""

FAKE_SPHINX = """#!/bin/sh
# Stands in for sphinx-build: notes each run and writes what the real one would.
echo "$@" >> "$BUILT_LOG"
[ -n "$BUILT_FAIL" ] && exit 1
while [ "$1" != rulebook ]; do shift; done
mkdir -p "$2" && echo page > "$2/index.html" && echo pdf > "$2/book.pdf"
"""


def test_make_rulebook_starts_sphinx_only_when_something_changed(toy, tmp_path):
    """The Makefile rules themselves (editions.mk), with a stand-in for sphinx-build."""
    bin_ = toy / "venv" / "bin"
    bin_.mkdir(parents=True)
    for name, text in (("sphinx-build", FAKE_SPHINX), ("python", FAKE_PYTHON.format(python=sys.executable))):
        (bin_ / name).write_text(text)
        (bin_ / name).chmod(stat.S_IRWXU)
    (toy / "venv" / ".installed").touch()
    (toy / "Makefile").write_text(f"VENV := venv\nBIN := $(VENV)/bin\nSTAMP := $(VENV)/.installed\nBUILD := _build\n"
                                  f"STRICT ?= 1\nSPHINXOPTS ?=\ninclude {EDITIONS_MK}\n")
    log = tmp_path / "sphinx.log"
    env = {**os.environ, "BUILT_LOG": str(log), "PYTHONPATH": str(Path(built.__file__).parents[2])}

    def runs(*make_args, fail=False) -> int:
        before = len(log.read_text().splitlines()) if log.exists() else 0
        done = subprocess.run(["make", "-s", "rulebook", *make_args], cwd=toy, capture_output=True, text=True,
                              env={**env, "BUILT_FAIL": "1"} if fail else env)
        assert (done.returncode != 0) == fail, done.stdout + done.stderr
        return len(log.read_text().splitlines()) - before

    assert runs() == 6  # two readings, two HTML, two PDF
    assert runs() == 0
    edit(toy / "rulebook" / "index.md")
    assert runs() == 6
    edit(toy / "toygame_built" / "data" / "cards.yaml", "more: [d]\n")
    assert runs() == 6
    assert runs("STRICT=0") == 6
    (toy / "_build" / "player" / "pdf" / "book.pdf").unlink()
    assert runs("STRICT=0") == 6
    edit(toy / "rulebook" / "index.md")
    assert runs("STRICT=0", fail=True) > 0
    assert runs("STRICT=0") == 6, "after a failed build, the next one runs"
    assert runs("STRICT=0") == 0
