"""Every command the README and the authoring guide show works when pasted: the shell lines of
their fenced ``sh`` and ``console`` blocks are run from the repository's root and must succeed.
The long-running ones (builds, the full test run, the live preview) are left to CI and to their
own tests, and listed here by name so that nothing else is skipped. The guide's sample failure
message is the evaluator's own."""
import os
import re
import subprocess
from pathlib import Path

import pytest

from rulewright.book import scanner
from rulewright.store.cache import evaluate

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", ROOT / "rulebook" / "authoring.md"]
BLOCK = re.compile(r"^(`{3,})(sh|console)[ \t]*\n(.*?)^\1[ \t]*$", re.MULTILINE | re.DOTALL)
# Run by CI (make test, make rulebook) or by their own bounded tests (make serve: tests/toolchain/test_serve.py;
# installing the wheel and starting a project with `rulewright new`: tests/test_distribution.py).
LONG = {"make rulebook", "make test", "make html", "make pdf", "make serve", "make bench",
        "pip install rulewright", 'rulewright new dragon-race --title "Dragon Race"',
        "cd dragon-race && make test && make rulebook"}


def shell_lines(path: Path) -> list[str]:
    lines = []
    for match in BLOCK.finditer(path.read_text(encoding="utf-8")):
        for line in match.group(3).splitlines():
            if match.group(2) == "console":
                if not line.startswith("$ "):
                    continue  # the command's output
                line = line[2:]
            line = re.sub(r"\s+#.*$", "", line).strip()
            if line and not line.startswith("#"):
                lines.append(line)
    return lines


COMMANDS = [(path.name, line) for path in PAGES for line in shell_lines(path)]


def test_the_pages_show_commands_and_only_the_long_ones_are_left_out():
    assert len([c for _, c in COMMANDS if c not in LONG]) >= 6, COMMANDS
    assert {line for _, line in COMMANDS if line.split()[0] in ("make", "pip", "cd")} <= LONG | {"make check"}


@pytest.mark.parametrize("page, command", [c for c in COMMANDS if c[1] not in LONG],
                         ids=[f"{p}: {c}" for p, c in COMMANDS if c not in LONG])
def test_a_command_shown_works_when_pasted(page, command):
    done = subprocess.run(command, shell=True, cwd=ROOT, capture_output=True, text=True, timeout=300,
                          env={**os.environ, "PYTEST_ADDOPTS": ""})
    assert done.returncode == 0, f"{page}: '{command}' failed:\n{done.stdout}\n{done.stderr}"
    assert "Traceback" not in done.stdout + done.stderr


def test_the_guide_shows_the_failure_message_the_evaluator_gives():
    guide = (ROOT / "rulebook" / "authoring.md").read_text(encoding="utf-8")
    shown = re.search(r"^```text\n(.*?)^```", guide[guide.index("## When an example fails"):],
                      re.MULTILINE | re.DOTALL).group(1).strip()
    decl = next(d for d in scanner.scan().examples if d.id == "guide-first-link")
    scenario = decl.parse()
    scenario.data["expect"]["companies.LMR.income"] = 8
    assert evaluate(scenario).report() == shown
