"""The built Hush chapter in both editions: the player's edition prints no hidden card (a hand,
the deck, the set-aside card before the end) outside an example about revealing it (':reveals:'),
and the designer's prints each of them, marked as hidden. The editions are read as built by
`make html-player` / `make html-designer` (CI builds them before the tests)."""
from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import pytest

from rulewright.book import phrases
from rulewright.book import scanner
from rulewright.game.interface import hidden_owner
from rulewright.game import is_hidden
from rulewright.scenario import evaluate
from rulewright.sphinx.secrecy import state_at
from rulewright.sphinx.setup_text import words

ROOT = Path(__file__).resolve().parents[2]


class _Row(list):
    """A table row's cells' text, and whether it is a row of the Setup table or of the outcome's."""

    kind = "outcome"


class _Rows(HTMLParser):
    """Each table row of each example box on a page: {example ID: [[cell text, ...], ...]}."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.boxes, self.current, self.row, self.cell = {}, None, None, None

    def handle_starttag(self, tag, attrs):
        found, classes = dict(attrs).get("id") or "", (dict(attrs).get("class") or "").split()
        if "rw-example-end" in classes:
            self.current = None
        elif "rw-example" in classes and found.startswith("example-"):
            self.current = found[len("example-"):]
            self.boxes[self.current] = []
        if self.current and tag == "tr":
            self.row = _Row()
        if self.row is not None and tag in ("td", "th"):
            self.cell = []
            if "rw-setup-key" in classes:
                self.row.kind = "setup"

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self.cell is not None and self.row is not None:
            self.row.append(" ".join("".join(self.cell).replace("’", "'").split()))
            self.cell = None
        if tag == "tr" and self.row is not None:
            if self.current:
                self.boxes[self.current].append(self.row)
            self.row = None

    def handle_data(self, data):
        if self.cell is not None:
            self.cell.append(data)


def rows_of(edition: str) -> dict[str, list[list[str]]]:
    page = ROOT / "_build" / edition / "html" / "hush" / "rules.html"
    if not page.exists():
        pytest.skip(f"The {edition}'s edition in HTML is not built here; `make html-{edition}` builds it.")
    reader = _Rows()
    reader.feed(page.read_text(encoding="utf-8"))
    return reader.boxes


def _seen(view, path: str) -> bool:
    node = view
    for part in path.split("."):
        if is_hidden(node) or not isinstance(node, dict) or part not in node:
            return False
        node = node[part]
    return not is_hidden(node)


def secrets():
    """Each Hush example's hidden values as the book would print them: (example ID, whether it
    says it reveals them, the row's label, the value's words), for every value at a hidden path
    that the example's reader (its ':as:' player, else the whole table) cannot see at that point,
    by the game's own view."""
    found = []
    for decl in scanner.scan().examples:
        s = decl.parse()
        if s.game_name != "hush":
            continue
        run = evaluate(s).run
        game, said = run.game, phrases.for_game(run.game)

        def hidden(path, state, viewer=s.viewer):
            place = next((".".join(path.split(".")[:n]) for n in range(1, path.count(".") + 2)
                          if hidden_owner(game.hidden, ".".join(path.split(".")[:n]))[0]), None)
            return place is not None and not _seen(game.view_for(state, viewer), place)

        setup = s.data.get("setup") or {}
        for name, held in (setup.get("players") or {}).items() if isinstance(setup.get("players"), dict) else ():
            if (held or {}).get("hand") and hidden(f"players.{name}.hand", run.before):
                found.append((s.id, bool(s.reveals), "setup", said.path(f"players.{name}.hand"), words(held['hand'])))
        for key in ("deck", "aside"):  # (each labelled as the game's words for that path: "The deck")
            if setup.get(key) not in (None, []) and hidden(key, run.before):
                label = said.path(key)
                found.append((s.id, bool(s.reveals), "setup", label, words(setup[key])))
        for place, value in (s.data.get("deal") or {}).items():
            if hidden(place, run.before):
                found.append((s.id, bool(s.reveals), "setup", "Dealt", f"{said.path(place)}: {said.value(place, value)}"))
        for check in evaluate(s).checks:
            if check.key in ("refused", "invariants") or check.key.startswith("events"):
                continue
            if not (isinstance(check.expected, dict) and set(check.expected) in ({"length"}, {"hidden"})) \
                    and hidden(check.key, state_at(run, check.step), check.viewer):  # (an 'as: bob' check: his)
                found.append((s.id, bool(s.reveals), "outcome", said.path(check.key),
                              said.value(check.key, check.expected)))
    return found


def printed(rows: list[list[str]], kind: str, label: str, value: str) -> list[str]:
    """The row of the Setup table or the outcome's (``kind``) under ``label`` (as a row's label
    prints it: begun with a capital, maybe after "After step 2: ") whose value says ``value``, if any
    (in any case: the player's edition prints "Ann's hand: 1, 3 and 6" where the example says "ann")."""
    return next((row for row in rows if row.kind == kind and len(row) >= 2
                 and row[0].lower().endswith(label.lower()) and value.lower() in row[1].lower()), [])


def test_the_player_s_edition_prints_no_hidden_card_outside_an_example_that_reveals_it():
    boxes, found = rows_of("player"), secrets()
    assert len({example for example, *_ in found}) >= 4, found  # the chapter has hidden values to keep
    leaks = [(example, label, value) for example, reveals, kind, label, value in found
             if not reveals and printed(boxes[example], kind, label, value)]
    assert not leaks, leaks
    shown = [(example, label, value) for example, reveals, kind, label, value in found
             if reveals and not printed(boxes[example], kind, label, value)]
    assert not shown, shown  # an example that says it reveals them prints them
    assert any(reveals for _, reveals, *_ in found)


def test_a_check_that_a_card_is_hidden_prints_as_unseen_in_both_editions():
    """'aside: {hidden: true}' in an example told as Ann: the set-aside card is "unseen", which
    tells no secret; the designer's edition marks it as the table's secret."""
    for edition in ("player", "designer"):
        row = printed(rows_of(edition)["hush-deal"], "outcome", "the set-aside card", "unseen")
        assert row, rows_of(edition)["hush-deal"]
        assert ("(hidden: " in row[1]) == (edition == "designer"), row


def test_the_designer_s_edition_prints_every_hidden_card_marked():
    boxes = rows_of("designer")
    missing = [(example, label, value) for example, _, kind, label, value in secrets()
               if "(hidden: " not in " ".join(printed(boxes[example], kind, label, value))]
    assert not missing, missing
