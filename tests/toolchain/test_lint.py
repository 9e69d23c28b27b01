"""The linter over the toolchain, the engines, the tests and the benchmarks, with the rules chosen in
pyproject.toml ([tool.ruff]): an unused import or variable, a name used but never defined, a key
written twice in one dict. `make test` runs it here, so what it finds fails like any test."""
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def ruff() -> str:
    found = shutil.which("ruff", path=str(Path(sys.executable).parent)) or shutil.which("ruff")
    if found is None:
        pytest.skip("ruff is not installed here (it comes with the [dev] extra: pip install -e '.[dev]')")
    return found


def test_ruff_finds_nothing(ruff):
    done = subprocess.run([ruff, "check", "--no-cache", "--output-format", "concise", "rulewright", "engine", "tests",
                           "benchmarks", "conf.py"], cwd=REPO, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr


def test_ruff_would_see_an_unused_import(ruff):
    """The rules are on: a planted unused import is found (so a passing run above means something)."""
    done = subprocess.run([ruff, "check", "--no-cache", "--stdin-filename", "rulewright/planted.py", "-"],
                          input="import os\n", cwd=REPO, capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and "F401" in done.stdout, done.stdout + done.stderr


def test_ruff_would_see_an_import_inside_a_function(ruff):
    """Imports stay at the top of the toolchain's modules (PLC0415): one planted inside a function is
    found, and one marked with its reason is let through."""
    planted = "def f():\n    import os\n    return os\n"
    done = subprocess.run([ruff, "check", "--no-cache", "--stdin-filename", "rulewright/planted.py", "-"],
                          input=planted, cwd=REPO, capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and "PLC0415" in done.stdout, done.stdout + done.stderr
    marked = planted.replace("import os\n", "import os  # noqa: PLC0415 - start-up: rulewright --help\n")
    done = subprocess.run([ruff, "check", "--no-cache", "--stdin-filename", "rulewright/planted.py", "-"],
                          input=marked, cwd=REPO, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
