"""Markdown for the toolchain's tests: the toy game's rules and examples, assembled into pages.

Tests find the line they expect a message to name with ``line_of``, so a page can change shape
without its assertions going stale.
"""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def toy_conf(target: str = "tests.toolchain.toy_game:GAME", root_doc: str = "index", before: str = "") -> str:
    """A Sphinx conf.py for a toy book: this repository on the path, the toy game registered as
    ``target``, and ``before`` (more Python) run before the extensions are named."""
    return (f"import sys\nsys.path.insert(0, {str(ROOT)!r})\n{before}"
            f"from rulewright.book.registry import register\nregister(\"toy\", {target!r})\n"
            f"extensions = [\"myst_parser\", \"rulewright.sphinx\"]\nroot_doc = {root_doc!r}\n")


RULE_ADD = """
```{rule} toy.add
:title: Adding
A turn adds one to three counters.
```
"""

RULE_TURN = """
```{rule} toy.turn
:title: Taking turns
Players take turns in order. See {ruleref}`toy.add`.
```
"""

EXAMPLE_ADD = """
```{example} Adding to the pile
:id: toy-add
:rules: toy.add

game: toy
setup: {preset: small}
do:
  - ann: add 2
expect:
  pile: 2
```
"""

EXAMPLE_TOO_MANY = """
```{example} Adding too many
:id: toy-add-too-many
:rules: toy.add

game: toy
setup: {preset: small}
do:
  - ann: add 4
expect:
  refused: toy.add
```
"""

EXAMPLE_BOB_FIRST = """
```{example} Bob cannot go first
:id: toy-turn
:rules: toy.turn

game: toy
setup: {preset: small}
do:
  - bob: add 1
expect:
  refused: toy.turn
  pile: 0
```
"""

RULE_END = """
```{rule} toy.end
:title: The end
Whoever makes the pile reach the target wins, and the game ends.
```
"""

EXAMPLE_END = """
```{example} After the end
:id: toy-end
:rules: toy.end

game: toy
setup: {pile: 4, target: 5, players: [ann, bob]}
do:
  - ann: add 1
  - bob: add 1
expect:
  refused: toy.end
  winner: ann
```
"""


def rest_of_toy() -> str:
    """A page with the toy game's other rules and an example of each refusal, for a test book
    that shows only part of the game: a build checks that the book declares and shows every
    refusal the engine can make, as ``rulewright check`` does."""
    return assemble(RULE_TURN, RULE_END, EXAMPLE_TOO_MANY, EXAMPLE_BOB_FIRST, EXAMPLE_END, title="More")


DOCTEST = """
```python
>>> 1 + 1
2
```
"""


def assemble(*parts: str, title: str = "Toy") -> str:
    return f"# {title}\n" + "".join(parts)


def line_of(text: str, snippet: str, after: str = "") -> int:
    """The 1-based line of the first line containing ``snippet`` (after the first ``after``)."""
    start = text.index(after) if after else 0
    return text.count("\n", 0, text.index(snippet, start)) + 1
