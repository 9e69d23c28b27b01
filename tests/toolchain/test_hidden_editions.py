"""An example told as a player, in the two editions: the player's edition prints nothing that
player cannot see (neither in the setup nor in the outcome), the designer's edition shows the
truth; a check as another player says whose view it reads."""
import sys
import subprocess
import textwrap

import pytest

from tests.toolchain.pages import toy_conf

PAGE = """
# Secrets

```{rule} secret.draw
:title: Drawing
Draw the top card of the deck.
```

```{example} Ann draws
:id: secret-ann-draws
:rules: secret.draw
:as: ann

game: secret
setup: {players: {ann: {}, bob: {hand: [zebra]}}, deck: [quokka, wombat, koala]}
draws: [{top: [wombat]}]
do:
  - ann: draw
  - expect: {as: bob, players.bob.hand: [zebra]}
expect:
  players.ann.hand: [wombat]
  players.bob.hand: {length: 1}
```

```{example} Nothing to draw
:id: secret-empty
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
def html(request, tmp_path_factory):
    src = tmp_path_factory.mktemp("secret") / "src"
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
    return request.param, (out / "secrets.html").read_text()


def test_the_players_edition_prints_only_what_the_viewer_sees(html):
    edition, text = html
    assert "as ann sees it" in text
    assert "as bob sees it" in text  # the check between moves is Bob's
    if edition == "player":
        for unseen in ("quokka", "koala"):  # the deck, and the stated shuffle that orders it
            assert unseen not in text, unseen
        assert "1 unseen" in text and "3 unseen" in text
    else:
        assert "quokka" in text and "koala" in text and "zebra" in text
