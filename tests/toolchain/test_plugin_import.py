"""The pytest plugin is imported by every pytest session of an environment where Rulewright is
installed, rulebook or not: importing it opens nothing and registers nothing to run at exit."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

LOOK = """
import atexit, os
registered = []
atexit.register = lambda f, *a, **k: registered.append(f)
before = sorted(os.listdir('/proc/self/fd'))
import rulewright.testing.plugin
ours = [f for f in registered if getattr(f, '__module__', '').startswith('rulewright')]  # (logging registers its own)
print(sorted(os.listdir('/proc/self/fd')) == before, ours == [])
"""


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="open files are counted in /proc, which this platform lacks")
def test_importing_the_plugin_opens_nothing_and_registers_nothing():
    said = subprocess.run([sys.executable, "-c", LOOK], cwd=ROOT, capture_output=True, text=True, check=True)
    assert said.stdout.split() == ["True", "True"], said.stdout + said.stderr
