"""An example told as a player, in the two editions: the player's edition prints nothing that
player cannot see (neither in the setup nor in the outcome), the designer's edition shows the
truth; a check as another player says whose view it reads."""
import re
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

```{example} Ann draws, told for the table
:id: secret-table
:rules: secret.draw

game: secret
setup: {players: {ann: {hand: [yak]}, bob: {hand: [ibex, okapi]}}, deck: [narwhal, tapir]}
draws: [{top: [narwhal]}]
do:
  - ann: draw
  - expect: {players.bob.hand: [ibex, okapi]}
expect:
  players.ann.hand: [yak, narwhal]
  players.bob.hand: {length: 2}
  deck: [tapir]
```

Bob shows his hand to everyone:

```{example} Bob shows his hand
:id: secret-shown
:rules: secret.draw
:reveals: players.bob.hand

game: secret
setup: {players: {ann: {}, bob: {hand: [gnu]}}, deck: [emu]}
do:
  - bob: draw
expect:
  players.bob.hand: [gnu, emu]
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

## A table to start from

```{position} Two hands dealt
:name: secret-dealt

game: secret
setup: {players: {ann: {hand: [lynx]}, bob: {hand: [puma, ocelot]}}, deck: [serval]}
```

```{example} Ann draws from the dealt table
:id: secret-from-dealt
:rules: secret.draw

game: secret
setup: {from: secret-dealt}
do:
  - ann: draw
expect:
  players.ann.hand: {length: 2}
```

## At a glance

```{quick-reference}
game: secret
numbers:
  - {say: "Cards in the deck at the start", view: deck, preset: two}
  - {say: "Cards in ann's hand", view: players.ann.cards, preset: two}
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
    ann, bob = ("Ann", "Bob") if edition == "player" else ("ann", "bob")  # (the player's: as its sentences)
    assert f"as {ann} sees it" in text
    assert f"as {bob} sees it" in text  # the check between moves is Bob's
    if edition == "player":
        for unseen in ("quokka", "koala"):  # the deck, and the stated shuffle that orders it
            assert unseen not in text, unseen
        assert "1 unseen" in text and "3 unseen" in text
    else:
        assert "quokka" in text and "koala" in text and "zebra" in text


def examples_in(text: str) -> dict[str, str]:
    """Each example's box in the built page, by its ID, as the text a reader sees."""
    from html.parser import HTMLParser

    boxes = {}
    for part in re.split(r'(?=<div[^>]*id="example-)', text)[1:]:
        example_id = re.match(r'<div[^>]*id="example-([\w-]+)"', part).group(1)
        body = part[:part.find(f'id="example-{example_id}-end"')]

        class Words(HTMLParser):
            said: list = []

            def handle_data(self, data):
                self.said.append(data)
        reader = Words()
        reader.said = []
        reader.feed(body)
        boxes[example_id] = " ".join(" ".join(reader.said).split())
    return boxes


def test_an_example_told_for_the_table_prints_no_hidden_value_unless_it_reveals_it(html):
    edition, text = html
    boxes = examples_in(text)
    table, shown = boxes["secret-table"], boxes["secret-shown"]
    secrets = ("yak", "ibex", "okapi", "narwhal", "tapir")  # the hands, the deck and the stated shuffle
    if edition == "player":
        assert not [word for word in secrets if word in table], table
        assert "2 unseen" in table and "1 unseen" in table  # Bob's hand, the deck, each as its size
        assert "gnu" in shown and "emu" in shown  # what the example says it reveals: Bob's hand
        assert "hidden:" not in text
    else:  # the truth, each hidden value marked as whose it is
        assert all(word in table for word in secrets), table
        assert "yak (hidden: only ann sees it)" in table and "ibex, okapi (hidden: only bob sees it)" in table
        assert "tapir (hidden: nobody sees it)" in table


def test_a_reveal_of_nothing_hidden_is_reported_at_its_line(tmp_path):
    from rulewright.problems import ExampleProblem
    from rulewright.scenario import evaluate, parse
    from rulewright.problems import Where
    from rulewright.book.registry import register

    register("secret", "tests.toolchain.secret_game:GAME")
    body = "game: secret\nsetup: {players: [ann, bob], deck: [emu]}\nexpect: {players.ann.cards: 0}\n"
    scenario = parse(body, Where(str(tmp_path / "p.md"), 5), "t", {"id": "x", "reveals": "players.bob.cards"},
                     directive_line=1, option_lines={"reveals": 3})
    with pytest.raises(ExampleProblem) as caught:
        evaluate(scenario)
    assert caught.value.where.line == 3
    assert "':reveals: players.bob.cards' names no hidden part of Secret" in caught.value.message
    assert "':reveals: draws' for draws made face up" in caught.value.message
    drawn = parse(body, Where(str(tmp_path / "p.md"), 5), "t", {"id": "x", "reveals": "draws"},
                  directive_line=1, option_lines={"reveals": 3})
    assert evaluate(drawn).ok  # (the draws, face up: no hidden path, and not reported)


def test_a_quick_reference_prints_no_hidden_value_in_the_player_s_edition(html):
    """A key number read from the game's view at a hidden path (the deck) is how many it holds for
    players ("5"), the truth marked hidden for designers; a number everyone sees is printed as it is."""
    edition, text = html
    glance = text[text.index("At a glance"):]
    glance = " ".join(re.sub(r"<[^>]+>", " ", glance[:glance.index('class="sphinxsidebar"')]).split())
    assert "Cards in ann’s hand 0" in glance or "Cards in ann's hand 0" in glance, glance
    if edition == "player":
        assert "Cards in the deck at the start 5 " in glance and "hidden" not in glance, glance
        assert not re.search(r"\b[a-e], [a-e]", glance), glance  # not the cards
    else:
        assert re.search(r"Cards in the deck at the start ([a-e], ){3}[a-e] and [a-e] \(hidden: nobody sees it\)",
                         glance), glance


def test_a_shared_position_prints_no_hidden_value_in_the_player_s_edition(html):
    """A {position} is told for the table, as the examples starting from it are: the hands and the
    deck are unseen in the player's edition, and marked hidden in the designer's."""
    edition, text = html
    start = text.index("Two hands dealt")
    table = text[start:text.index("Ann draws from the dealt table", start)]
    table = " ".join(re.sub(r"<[^>]+>", " ", table).split())
    if edition == "player":
        assert not [word for word in ("lynx", "puma", "ocelot", "serval") if word in table], table
        assert "2 unseen" in table and "1 unseen" in table, table
    else:
        assert "puma, ocelot (hidden: only bob sees it)" in table and "serval (hidden: nobody sees it)" in table, table


def test_a_hidden_bag_of_counts_reads_as_how_many_things_and_in_its_phrase_for_the_designer():
    """A hidden setup value written as a count of each kind ({short: 10, long: 5, gold: 0}) is
    so many things: the player's edition says "15 unseen" ("none" when the bag is empty), not
    the number of kinds; the designer's says it as the key's phrase does, marked hidden."""
    from types import SimpleNamespace

    from rulewright.book import phrases
    from rulewright.sphinx.setup_text import seen_setup

    said = phrases.load({"setup": {"bag": {"say": "The bag", "each": "{value} {key} tiles", "then": "{value} {key}"}}},
                        "phrases.yaml")
    game = SimpleNamespace(hidden=("bag",))

    def setup_row(bag, designer):
        scenario = SimpleNamespace(viewer=None, data={"setup": {"bag": bag}}, reveals_path=lambda path: False)
        return " ".join(seen_setup(scenario, game, said, designer=designer)[0].astext().split())

    assert "The bag 15 unseen" in setup_row({"short": 10, "long": 5, "gold": 0}, designer=False)
    assert "The bag none" in setup_row({"short": 0, "long": 0}, designer=False)
    assert "10 short tiles, 5 long and 0 gold (hidden: nobody sees it)" in setup_row(
        {"short": 10, "long": 5, "gold": 0}, designer=True)


def test_the_stated_draws_of_a_game_that_hides_things_are_unseen_unless_the_example_reveals_them():
    from types import SimpleNamespace

    from rulewright.sphinx.setup_text import seen_setup

    game = SimpleNamespace(hidden=("bag",))

    def chance(reveals):
        scenario = SimpleNamespace(viewer=None, data={"draws": ["crab", "star"]},
                                   reveals_path=lambda path: path in reveals or "everything" in reveals)
        return " ".join(seen_setup(scenario, game, None, designer=False)[0].astext().split())

    assert "what the players cannot see" in chance(()) and "crab" not in chance(())
    assert "crab and star, in that order" in chance(("draws",))
