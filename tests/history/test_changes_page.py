"""The book's Changes page and change bars, from ``changes-since`` in ``[tool.rulewright]``: a
project in a scratch git repository, a rule reworded and one added since the tag v1, both editions
built."""
import html
import re
import subprocess
import sys

from tests.history.test_changes import edit, git, project  # noqa: F401 (the fixture)

CONF = '''extensions = ["myst_parser", "rulewright.sphinx"]
myst_enable_extensions = ["colon_fence"]
EDITION = "player" if tags.has("player") else "designer"  # noqa: F821
'''

NEW_RULE = """
```{rule} race.over
:title: The end
Once someone has won, nobody moves.
```

```{example} No move after the end
:id: race-over
:rules: race.over

game: race
setup: {preset: start, winner: ann, next: bob}
do:
  - bob: rest
expect:
  refused: race.over
```

```{rule} race.finish
:title: The finish
Whoever reaches the last square first wins.
```

```{example} Ann reaches the finish
:id: race-finish
:rules: race.finish

game: race
draws: [6]
setup: {preset: start, squares: {ann: 29}}
do:
  - ann: roll
expect:
  winner: ann
```
"""


def build(folder, edition):
    out = folder / "_build" / edition
    done = subprocess.run([sys.executable, "-m", "sphinx", "-q", "-W", "-t", edition, "-b", "html", "-c", str(folder),
                           str(folder / "rulebook"), str(out)], cwd=folder, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    return out


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_a_reworded_and_a_new_rule_are_listed_and_barred_in_both_editions(project):  # noqa: F811
    (project / "conf.py").write_text(CONF, encoding="utf-8")
    edit(project, "pyproject.toml", 'rulebook = "rulebook"', 'rulebook = "rulebook"\nchanges-since = "v1"')
    edit(project, "rulebook/index.md", "takes one coin from the bank.", "takes one coin from the bank, if it has one.")
    (project / "rulebook" / "index.md").write_text((project / "rulebook" / "index.md").read_text() + NEW_RULE
                                                   + "\n```{toctree}\nchanges\n```\n")
    (project / "rulebook" / "changes.md").write_text("# Changes\n\n```{changes}\n```\n", encoding="utf-8")
    for edition in ("player", "designer"):
        out = build(project, edition)
        page = text_of((out / "changes.html").read_text(encoding="utf-8"))
        assert "What changed in the rules since the version v1" in page
        assert "Rules changed" in page and "New rules" in page and "Coins" in page and "The finish" in page and "The end" in page
        rules = (out / "index.html").read_text(encoding="utf-8")
        assert len(re.findall(r'class="[^"]*rw-rule[^"]*rw-changed', rules)) == 3  # coins reworded; the end and the finish new
        assert "changed since v1" in text_of(rules) and "new since v1" in text_of(rules)
        assert ("race.coins" in page) == (edition == "designer")  # IDs and the words changed: designer's only
        assert ("[-bank.-] {+bank, if it has one.+}" in html.unescape(page)) == (edition == "designer")
