"""`:diagram: after 2` (or `before 2`) draws the position at a named move of the example, not only
before the first or after the last; a number past the moves, or with `both`, is said at the line.
In a designer's project made by `rulewright new`."""
from __future__ import annotations

import subprocess
import sys

from rulewright import cli

EXAMPLE = """
```{{example}} A whole round
:id: heaps-whole-round
:rules: {game}.take.limit
:diagram: {diagram}

game: {game}
setup: {{preset: standard}}
do:
  - ann: take 3 from left
  - bob: take 2 from middle
  - expect: {{heaps.middle: 2}}
  - ann: take 2 from middle
  - bob: take 5 from right
expect:
  counters: 0
```
"""


AT_STEP = """
from pathlib import Path
from rulewright.book import config, scanner
from rulewright.book.diagrams import at_step
from rulewright.scenario import evaluate

config.load(Path(".")).activate()
decl = next(d for d in scanner.scan(Path("rulebook")).examples if d.id == "heaps-whole-round")
result = evaluate(decl.parse())
cut, when = at_step(result.run, "after", 2)
assert when == "after" and cut.after is result.run.steps[1].state and len(cut.steps) == 2
assert at_step(result.run, "before", 1) == (result.run, "before")
print("cut after move 2; before move 1 is the first position")
"""


def run_in(folder, *words):
    return subprocess.run([sys.executable, "-m", "rulewright.cli", *words], cwd=folder, capture_output=True,
                          text=True, timeout=300)


def project(tmp_path, diagram: str, game: str = "heaps"):
    folder = tmp_path / game
    assert cli.main(["new", str(folder), "--title", game.title(), "--game", game, "--starter"]) == 0
    rules = folder / "rulebook" / "rules.md"
    rules.write_text(rules.read_text(encoding="utf-8") + EXAMPLE.format(diagram=diagram, game=game),
                     encoding="utf-8")
    return folder


def test_a_diagram_at_a_named_move(tmp_path, capsys):
    folder = project(tmp_path, "after 2")
    capsys.readouterr()
    at_two = run_in(folder, "diagram", "heaps-whole-round")
    assert at_two.returncode == 0, at_two.stdout + at_two.stderr
    last = run_in(folder, "diagram", "heaps-whole-round", "--when", "after").stdout
    first = run_in(folder, "diagram", "heaps-whole-round", "--when", "before").stdout
    assert len({at_two.stdout, last, first}) == 3  # neither the first position nor the last
    # the same as the position the '- expect:' after move 2 checks: drawn from a run cut there (played
    # in a process of its own, as the project's book: this one stays as it was)
    checked = subprocess.run([sys.executable, "-c", AT_STEP], cwd=folder, capture_output=True, text=True, timeout=300)
    assert checked.stdout.strip() == "cut after move 2; before move 1 is the first position", checked.stderr

    built = subprocess.run([sys.executable, "-m", "sphinx", "-q", "-t", "designer", "-b", "html", "-c", ".",
                            "rulebook", str(folder / "_out")], cwd=folder, capture_output=True, text=True, timeout=600)
    assert built.returncode == 0, built.stderr
    assert "A whole round: the position after move 2" in (folder / "_out" / "rules.html").read_text(encoding="utf-8")


def test_a_move_the_example_does_not_have_is_said_at_the_line(tmp_path, capsys):
    folder = project(tmp_path, "after 5")
    capsys.readouterr()
    said = run_in(folder, "check").stdout
    line = (folder / "rulebook" / "rules.md").read_text(encoding="utf-8").splitlines().index(":diagram: after 5") + 1
    assert (f"rulebook/rules.md, line {line}, example heaps-whole-round: ':diagram: after 5' names move 5, but the "
            "example has 4 moves. Write a move's number, 1 to 4, or 'after' alone for the position after the last.") \
        in said, said
