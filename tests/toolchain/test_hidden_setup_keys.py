"""Hidden hands stay hidden when a game's setup writes them under keys of its own (``hands:
{ann: [...]}``) rather than the view's paths (``players.ann.hand``): the player's edition prints
them as unseen in every setup table and shared position, found by their value in the position set
up (or named by the game's ``hidden_setup``); the designer's edition marks them hidden. A test over
the whole built page of the player's edition finds no hidden card anywhere on it."""
import subprocess
import sys
import textwrap
from types import SimpleNamespace

import pytest

from tests.player_html import reader_text
from tests.toolchain.pages import toy_conf

SECRET_WORDS = ("heron", "stork", "crane", "egret", "plover", "avocet", "curlew", "dunlin")

PAGE = """
# Secrets kept apart

```{rule} secret.draw
:title: Drawing
Draw the top card of the deck.
```

```{example} Dealt hands, told for the table
:id: hands-table
:rules: secret.draw

game: secret
setup: {hands: {ann: [heron], bob: [stork, crane]}, deck: [egret]}
do:
  - ann: draw
expect:
  players.ann.hand: {length: 2}
  players.bob.hand: {length: 2}
```

```{example} Dealt hands, as ann sees them
:id: hands-as-ann
:rules: secret.draw
:as: ann

game: secret
setup: {hands: {ann: [wren], bob: [plover, avocet]}, deck: [curlew]}
do:
  - ann: draw
expect:
  players.ann.hand: {length: 2}
```

```{position} A table dealt apart
:name: hands-dealt

game: secret
setup: {hands: {ann: [dunlin], bob: [gannet]}, deck: [egret]}
```

```{example} Bob plays from the table dealt apart
:id: hands-from-position
:rules: secret.draw
:as: bob

game: secret
setup: {from: hands-dealt}
do:
  - ann: draw
expect:
  players.bob.hand: [gannet]
```

```{example} Nothing to draw
:id: hands-empty
:rules: secret.draw

game: secret
setup: {players: [ann, bob], deck: []}
do:
  - ann: draw
expect:
  refused: secret.draw
```
"""


@pytest.fixture(scope="module", params=["player", "designer"])
def built(request, tmp_path_factory):
    src = tmp_path_factory.mktemp("hands") / "src"
    src.mkdir()
    (src / "conf.py").write_text(toy_conf(before="from rulewright.book.registry import register as _r\n"
                                                 "_r('secret', 'tests.toolchain.secret_game:GAME')\n"))
    (src / "index.md").write_text("# Book\n\n```{toctree}\nsecrets\n```\n")
    (src / "secrets.md").write_text(textwrap.dedent(PAGE))
    out = src.parent / "out"
    done = subprocess.run([sys.executable, "-m", "sphinx", "-q", "-W", "-t", request.param, "-b", "html", str(src),
                           str(out)], capture_output=True, text=True,
                          env={"RULEWRIGHT_STRICT": "1", "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    return request.param, out


def page_text(out) -> str:
    """The built page as a reader sees it: its words, tags and scripts left out."""
    return reader_text((out / "secrets.html").read_text(encoding="utf-8"))


def test_the_player_s_edition_prints_no_hand_written_under_a_setup_key_of_its_own(built):
    edition, out = built
    text = page_text(out)
    if edition == "player":
        # anywhere on the page (setup tables, the shared position, the moves, what happened), every
        # file the build wrote for it included (its search index, a diagram)
        found = [word for word in SECRET_WORDS if word in text]
        assert found == [], found
        written = "".join(p.read_text(encoding="utf-8", errors="replace") for p in out.rglob("*")
                          if p.is_file() and p.suffix in (".html", ".js", ".svg", ".txt"))
        assert [word for word in SECRET_WORDS if word in written] == []
        assert "wren" in text  # ann's own hand, in the example told as ann
        # the shared position is told for the table; bob's own card only in his example's check
        position = text[text.index("A table dealt apart"):text.index("Bob plays from the table")]
        assert "gannet" not in position and "1 unseen" in position, position
        assert "gannet" in text[text.index("Bob plays from the table"):]
        assert "2 unseen" in text and "1 unseen" in text
    else:
        assert "stork, crane (hidden: only bob sees it)" in text or "crane, stork (hidden: only bob sees it)" in text
        assert "heron (hidden: only ann sees it)" in text
        assert "dunlin (hidden: only ann sees it)" in text


def test_a_game_may_name_the_setup_keys_that_hold_hidden_things():
    """``Game.hidden_setup``: a place of the setup that the position set up does not show as it is
    written (cards set aside under a key of the setup's own) is unseen in the player's edition
    when the game names it; its owner sees it."""
    from rulewright.sphinx.setup_text import seen_setup

    game = SimpleNamespace(hidden=("players.<player>.hand",), hidden_setup=("reserve.<player>",),
                           view=lambda state: {"players": {}})

    def row(viewer, designer=False):
        scenario = SimpleNamespace(viewer=viewer, data={"setup": {"reserve": {"ann": [7, 9], "bob": [2]}}},
                                   reveals_path=lambda path: False, reveals=())
        return " ".join(seen_setup(scenario, game, None, before=object(), designer=designer)[0].astext().split())

    assert "7" not in row(None) and "2 unseen" in row(None) and "1 unseen" in row(None)
    assert "7, 9" in row("ann") and "1 unseen" in row("ann")
    assert "7, 9 (hidden: only ann sees it)" in row(None, designer=True)
