"""A game's "Clarifications and variants" (``{clarifications}``) in a small book: each reading in the
rules' words, the book's first, the examples that show each other reading; the player's edition
prints no "Rules read as" row, marks a variant example as one and links it to the section, and the
designer's edition adds the settings as an example writes them. A mistake in the block is named at
its line."""
import re
import subprocess
import sys

import pytest

from rulewright.book import phrases
from rulewright.sphinx import clarifications
from tests.toolchain.pages import toy_conf
from tests.toolchain.test_sphinx import TOY
from tests.toolchain.test_phrases import TOY_PHRASES
from tests.toolchain.toy_game import Toy

# the toy book checks who won: words for it, as check and the build (either edition) ask of every path shown
WORDED = dict(TOY_PHRASES, paths={**TOY_PHRASES["paths"], "winner": "the winner"}, settings={"max_add": {2: "a turn adds at most two counters",
                                                 3: "a turn adds at most three counters",
                                                 4: "a turn adds at most four counters"},
                                     "crowd_first": {False: "the first player starts",
                                                     True: "with three or more players, the last player starts"}})
CONF = toy_conf(before="from tests.toolchain.toy_game import Toy\n"
                       "from tests.toolchain.test_clarifications import WORDED\nToy.phrases = WORDED\n")

VARIANT = """
```{example} Four at once, when a turn may add four
:id: toy-add-four

game: toy
settings: {max_add: 4}
setup: {preset: small}
do:
  - ann: add 4
expect:
  pile: 4
```
"""

INDEX = """# Toy

```{toctree}
:numbered:
toy
clarifications
```
"""

SECTION = """# Clarifications and variants

```{clarifications}
game: toy
%s
```
"""


def _build(tmp_path, edition: str, section: str = SECTION % ""):
    src = tmp_path / edition / "src"
    src.mkdir(parents=True)
    (src / "conf.py").write_text(CONF)
    (src / "index.md").write_text(INDEX)
    (src / "toy.md").write_text(TOY + VARIANT)
    (src / "clarifications.md").write_text(section)
    out = tmp_path / edition / "out"
    done = subprocess.run([sys.executable, "-m", "sphinx", "-q", "-W", "--keep-going", "-t", edition, "-b", "html",
                           str(src), str(out)], capture_output=True, text=True,
                          env={"RULEWRIGHT_STRICT": "1", "PATH": "/usr/bin:/bin"})
    return done, out


def _text(page) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page.read_text()))


@pytest.fixture(scope="module")
def player(tmp_path_factory):
    done, out = _build(tmp_path_factory.mktemp("book"), "player")
    assert done.returncode == 0, done.stderr
    return out


def test_the_player_s_edition_prints_no_reading_row_and_marks_the_variant(player):
    page = (player / "toy.html").read_text()
    assert "Rules read as" not in page
    variant = page[page.index('id="example-toy-add-four"'):page.index('id="end-of-example-toy-add-four"')]
    assert "A variant:" in variant and "as if a turn adds at most four counters" in _text_of(variant)
    assert 'href="clarifications.html"' in variant  # the note links to the section
    plain = page[page.index('id="example-toy-add"'):page.index('id="end-of-example-toy-add"')]
    assert "A variant" not in plain  # an example under the book's reading is not marked


def _text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_the_section_lists_each_reading_the_book_s_first_and_the_examples_of_the_others(player):
    text = _text(player / "clarifications.html")
    book = text.index("A turn adds at most three counters. The rules")
    assert book < text.index("A turn adds at most two counters. A variant —")  # (no example shows it)
    assert re.search(r"A turn adds at most four counters\. A variant Example A-\d+ ", text), text
    assert "The first player starts. The rules" in text
    assert "max_add" not in text and "crowd_first" not in text  # no engine names for players
    assert 'href="toy.html#example-toy-add-four"' in (player / "clarifications.html").read_text()


def test_the_designer_s_edition_keeps_the_row_and_names_each_setting(tmp_path):
    done, out = _build(tmp_path, "designer")
    assert done.returncode == 0, done.stderr
    assert "Rules read as" in (out / "toy.html").read_text()
    assert "A variant:" not in (out / "toy.html").read_text()
    text = _text(out / "clarifications.html")
    assert re.search(r"A turn adds at most four counters\. max_add: 4 A variant Example A-\d+ ", text), text


def test_a_section_limited_to_some_settings_prints_only_those(tmp_path):
    done, out = _build(tmp_path, "player", SECTION % "settings: [crowd_first]")
    assert done.returncode == 0, done.stderr
    text = _text(out / "clarifications.html")
    assert "The first player starts." in text and "at most" not in text


def test_a_setting_the_game_does_not_have_is_named_at_its_line(tmp_path):
    done, _ = _build(tmp_path, "player", SECTION % "settings: [crowd_first, max_adds]")
    assert done.returncode != 0
    assert ("clarifications.md:3: WARNING: The clarifications section names 'max_adds', which the game toy has no "
            "setting called; its settings are max_add, crowd_first.") in done.stderr, done.stderr


def test_readings_put_the_book_s_first_and_name_each_other_choice():
    said = phrases.load(WORDED, "toy phrases")
    listed = dict(clarifications.readings(Toy(), said))
    assert [choice for choice, _ in listed["max_add"]] == [3, 2, 4]
    assert listed["crowd_first"][0] == (False, "the first player starts")
    assert clarifications.variant_readings(Toy(), {"max_add": 4, "crowd_first": False}) == {"max_add": "4"}
