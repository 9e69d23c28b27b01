"""`rulewright accept --failing` does the whole job in a designer's project made by `rulewright new`:
after the engine changes, it rewrites expected events (their details to what happened, an event
that no longer happens taken out) and values in any layout the example reader understands (a list
written without indenting its dashes, a flow mapping with spaces inside its braces, values aligned
in a column), changing only the lines that change. Where it truly cannot (a value spread over
several lines), it names the page's exact line and why, and the rest are still accepted."""
from __future__ import annotations

import subprocess
import sys

from rulewright import cli

PAGE = """# Accepting

```{example} Taking the last counters, with what happens
:id: heaps-last-events
:rules: heaps.end.last-counter

game: heaps
setup: {preset: endgame}
do:
  - ann: take 2 from last
expect:
  events: [{took: {count: 3, heap: last}}, game-over]
```

```{example} No end yet
:id: heaps-no-end
:rules: heaps.take.limit

game: heaps
setup: {preset: standard}
do:
  - ann: take 1 from left
  - expect: {events: [took, game-over]}
  - bob: take 1 from left
expect:
  events:
    - took
    - game-over
  heaps.left: 1
```

```{example} Written in a layout of its own
:id: heaps-layout
:rules: heaps.take.limit

game: heaps
setup: { preset: standard }
do:
- ann: take 2 from middle
expect:
  heaps.middle:   3    # aligned
  next:           bob
```

```{example} A value over two lines
:id: heaps-two-lines
:rules: heaps.take.limit

game: heaps
setup: {preset: standard}
do:
  - ann: take 1 from right
expect:
  heaps: {left: 3,
    right: 5}
```
"""


def run_in(folder, *command):
    return subprocess.run([sys.executable, "-m", "rulewright.cli", *command], cwd=folder, capture_output=True,
                          text=True, timeout=300)


def test_accept_failing_rewrites_events_and_any_layout_and_names_the_line_it_cannot(tmp_path, capsys):
    folder = tmp_path / "heaps"
    assert cli.main(["new", str(folder), "--title", "Heaps", "--game", "heaps", "--starter"]) == 0
    capsys.readouterr()
    index = folder / "rulebook" / "index.md"
    index.write_text(index.read_text(encoding="utf-8").replace("\nrules\n", "\nrules\naccepting\n", 1),
                     encoding="utf-8")
    page = folder / "rulebook" / "accepting.md"
    page.write_text(PAGE, encoding="utf-8")

    done = run_in(folder, "accept", "--failing")
    said = done.stdout + done.stderr
    assert done.returncode == 1, said  # one example is left for the designer
    text = page.read_text(encoding="utf-8")
    # events: the detail rewritten in its flow style, the event that no longer happens taken out
    assert "  events: [{took: {count: 2, heap: last}}, game-over]\n" in text, text
    assert "  - expect: {events: [took]}\n" in text, text
    assert "expect:\n  events:\n    - took\n  heaps.left: 1\n" in text, text
    assert ("heaps-no-end: accepted after step 1, events: no longer expects 'game-over' (it does not happen; the events "
            "are took); events: no longer expects 'game-over'") in said, said
    # a layout of its own: only the changed line, its spacing and comment kept
    assert ("setup: { preset: standard }\ndo:\n- ann: take 2 from middle\nexpect:\n"
            "  heaps.middle:   2    # aligned\n  next:           bob\n") in text, text
    # the value over two lines: named at its line, with why, and left as it was
    line = PAGE.splitlines().index("  heaps: {left: 3,") + 1
    assert f"rulebook/accepting.md, line {line}: not accepted: this line of the example ('heaps: {{left: 3,')" \
           in said, said
    assert "a value spread over several lines" in said and "Traceback" not in said, said
    assert "  heaps: {left: 3,\n    right: 5}\n" in text

    checked = run_in(folder, "check")
    assert "heaps-two-lines" in checked.stdout and "heaps-last-events" not in checked.stdout, checked.stdout
