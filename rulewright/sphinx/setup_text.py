"""The setup of an example in words, not YAML: a short table a player can read.

``setup: {companies: {LMR: {home: Liverpool, treasury: 10}}}`` reads as the row
"Companies | LMR: home Liverpool, treasury 10". A game's phrases may say how a key reads
(``setup:`` in its phrase file, ``rulewright.book.phrases``): a label, how each entry reads ("5 floes
of 1, 3 of 2 and 2 of 3"), or a board drawn as a small grid.
"""
from __future__ import annotations

import re

from docutils import nodes
from sphinx import addnodes

from rulewright.book import phrases, scanner
from rulewright.scenario.comparing import flatten
from rulewright.sphinx import secrecy, tables

CELL_NAME = re.compile(r"^([A-Za-z]+)(\d+)$")


def words(value, names: dict[str, str] | None = None) -> str:
    """A nested value as a short phrase; ``names``: how some fields' names read (a setup phrase's
    ``names:``)."""
    names = names or {}
    if isinstance(value, dict):
        return ", ".join(_named(names.get(str(k)) or _label(k), words(v, names)) if not isinstance(v, dict) or str(k) in names
                         else f"{k} ({words(v, names)})" for k, v in value.items())
    if isinstance(value, list):
        return ", ".join(words(v, names) for v in value) if value else "none"
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if value is None:
        return "none"
    return str(value)


def _named(label: str, said: str) -> str:
    """A field's value after its name: "hand A2", or a sum after a name ending in "$" ("cash $":
    "cash $2,400", not "cash $ 2400")."""
    return phrases.money(f"{label}{said}") if label.endswith("$") else f"{label} {said}"


def _label(key) -> str:
    return str(key).replace("_", " ")


def said_value(phrase: phrases.SetupPhrase, value):
    """A setup value as the game's phrase for its key says it: a grid, entries, or plain words."""
    if phrase.grid:
        grid = _grid(value, phrase.corners)
        if grid is not None:
            return grid
    return phrase.entries(value) or words(value, phrase.names)


def _grid(value, corners: tuple[str, str] | None = None) -> nodes.table | None:
    """A board as a small table: rows of cells, or cells named A1, B2 (column letter, row number),
    from the first named to the last, or over the whole board from corner to corner (``A1``, ``D4``)."""
    if isinstance(value, list) and value and all(isinstance(r, (list, str)) for r in value):
        rows = [r.split() if isinstance(r, str) else [words(c) for c in r] for r in value]
        head = None
    elif isinstance(value, dict) and all(CELL_NAME.match(str(k)) for k in value) and (value or corners):
        cells = {(m.group(1).upper(), int(m.group(2))): "—" if v is None else words(v)  # (F1: ~: emptied, not
                 # "none", nor blank as a cell a setup from a shared position leaves unchanged)
                 for m, v in ((CELL_NAME.match(str(k)), v) for k, v in value.items())}
        spanned = set(cells) | {(m.group(1).upper(), int(m.group(2)))
                                for m in map(CELL_NAME.match, corners or ())}
        columns = sorted({c for c, _ in spanned}, key=lambda c: (len(c), c))
        if all(len(c) == 1 for c in columns):  # the board's columns between, empty ones too
            columns = [chr(c) for c in range(ord(columns[0]), ord(columns[-1]) + 1)]
        numbers = range(min(n for _, n in spanned), max(n for _, n in spanned) + 1)
        head = [""] + columns
        rows = [[str(n)] + [cells.get((c, n), "") for c in columns] for n in numbers]
    else:
        return None
    width = max(len(r) for r in rows + ([head] if head else []))
    table, body = tables.table((1,) * width, head=head, classes=["rw-setup-grid"])
    for cells in rows:
        body += tables.row(cells + [""] * (width - len(cells)))
    return table


def _as_view_paths(key, value: dict, said) -> list[tuple[str, str]] | None:
    """A setup key's mapping read as the view's paths, as the game's setup keys mirror its view
    (``players: {cat: {cash: 30}}`` is the view's ``players.cat.cash``): a row for each value,
    in its path's words ("Cat's cash", "$30"), or None when some path has no words (the whole-book
    checks name it: ``rulewright.checks.book.setup_paths``). A path the setup writes otherwise than
    the view (``players.ann.sold``) reads as the phrases' 'setup:' words for its pattern say."""
    if said is None:
        return None
    rows = []
    for path, _, leaf in flatten({key: value}):
        if leaf == {}:
            continue  # (an entry as the position has it: nothing to say)
        dotted = ".".join(map(str, path))
        phrase = said.setup_path(dotted)
        if phrase is None or isinstance(leaf, dict):
            return None
        rows.append((phrase[:1].upper() + phrase[1:], leaf if isinstance(leaf, Said) else said.setup_value(dotted, leaf)))
    return rows or None  # (a Said: what the edition may tell of a hidden value, seen_setup)


def _changed(value):
    """A setup key's mapping without the entries given as ``{}``: an entry there as the position has
    it, or as the game starts it (``bob: {}``), which no row of the setup has anything to say about
    ("Bob: unchanged"; ``_as_view_paths`` leaves such a value out alike)."""
    if not isinstance(value, dict) or not any(inner == {} for inner in value.values()):
        return value
    return {name: inner for name, inner in value.items() if inner != {}}


def _position_words(title: str) -> str:
    """A shared position as the player's edition names it: by its title, "the position “Three
    players, pile at four”", or the title alone where it says it is a position ("the opening
    position", not "the position “the opening position”")."""
    title = title[0].lower() + title[1:] if title[:4] == "The " else title
    if re.search(r"\bposition\b", title, re.I):
        return title if title[:4] == "the " else f"“{title}”"
    return f"the position “{title}”"


def describe_setup(data: dict, said=None, designer: bool = True, where: str | None = None) -> list[nodes.Node]:
    """The setup as a table. ``said`` (the game's ``Phrases``) gives each setting's choice in the
    rules' words, and its ``setup`` words how each key reads; the player's edition (``designer``
    false) names a shared position by its title and says chance in a player's words, the
    designer's adds the names an example writes."""
    said_keys = said.setup if said is not None else {}
    rows = []
    setup = dict(data.get("setup") or {})
    preset = setup.pop("preset", None)
    start = setup.pop("from", None)
    if start:
        title = _position_title(str(start), where)
        text = (f"the shared position ‘{start}’" if designer or not title else _position_words(title))
        link = addnodes.pending_xref("", nodes.inline(text=text), refdomain="std",
                                     reftype="ref", reftarget=f"position-{start}", refexplicit=True, refwarn=True)
        rows.append(("Starts from", [link, nodes.Text(", changed as below" if setup or preset else "")]))
    if preset:
        # The game's words for the position the preset sets up; its name only in the designer's
        # edition, or in a player's edition whose game has no words for it (a game with phrases
        # is told so by the whole-book checks and the player's build).
        told = said.preset(preset) if said is not None else None
        text = ((f"{told} (the '{preset}' preset)" if designer else told) if told else
                f"the '{preset}' preset" if designer else f"the prepared position ‘{preset}’")
        rows.append(("Starts from", f"{text}, changed as below" if setup else text))
    for key, value in setup.items():
        if isinstance(value, dict) and value and all(inner == {} for inner in value.values()):
            continue  # (every entry as the position has it: nothing to say; ``_changed``)
        value = _changed(value)
        if str(key) in said_keys:
            phrase = said_keys[str(key)]
            if phrase.per_entry and isinstance(value, dict) and value:
                rows.extend((phrases.sentence(phrase.label(name)),  # ("{key}" for a player: "Ann")
                             phrase.entries({name: inner}) or words(inner, phrase.names))
                            for name, inner in value.items())
            else:  # (a label naming {key}, for a value that is not a mapping, gives way to the key's own name)
                label = phrase.say if phrase.say and not phrase.per_entry else _label(key).capitalize()
                rows.append((label, said_value(phrase, value)))
        elif isinstance(value, dict) and value and (told := _as_view_paths(key, value, said)):
            rows.extend(told)  # (a mapping that mirrors the view: each value in its path's words)
        elif isinstance(value, dict) and value and all(isinstance(v, dict) for v in value.values()):
            for name, inner in value.items():
                rows.append((f"{_label(key).capitalize()}: {name}", words(inner)))
        else:
            # A key written as the view's path (the game's setup keys mirror its view: next, bank)
            # reads as the game's words for that path: "Whose turn it is: bob", not "Next: bob".
            phrase = said.path(str(key)) if said is not None and not isinstance(value, dict) else None
            if phrase:
                rows.append((phrase[:1].upper() + phrase[1:],
                             value if isinstance(value, Said) else said.value(str(key), value)))
            else:
                rows.append((_label(key).capitalize(), words(value)))
    for name, value in (data.get("settings") or {}).items():
        choice = said.setting(name, value) if said is not None else None
        if choice is None:  # no words for it (the whole-book checks report it): the engine's name
            rows.append(("Setting", f"{_label(name)} = {words(value)}"))
        elif designer:  # the player's edition plays one reading: another is a variant, said above the
            # setup (examples._variant_note) and listed in the game's "Clarifications and variants"
            rows.append(("Rules read as", f"{choice} ({name}: {words(value)})"))
    if data.get("deal"):
        rows.append(("Dealt", _deal_words(data["deal"], said)))
    if "seed" in data and designer:  # (for players, the play says what was drawn, as a game's would)
        rows.append(("Random seed", str(data["seed"])))
    if data.get("draws"):
        # Dice and single draws read as one list in their order; a shuffle as its order. The label
        # is the game's own when its phrases name one: setup: {draws: {say: The dice}}.
        draws = data["draws"]
        label = said_keys["draws"].say if "draws" in said_keys and said_keys["draws"].say else "Chance"
        if all(not isinstance(d, (list, dict)) for d in draws):
            told = phrases.words(draws) + (", in that order" if len(draws) > 1 else "")
        else:
            told = "; then ".join(
                f"the order {words(d)}" if isinstance(d, list) else
                f"an order starting {words(d['top'])} (the rest by chance)" if isinstance(d, dict) and list(d) == ["top"]
                else words(d) for d in draws)
        rows.append((label, told))
    if "seeds" in data:
        rows.append(("Random seeds", f"played once with each seed {data['seeds']}; every expectation holds "
                                     "for each") if designer
                    else ("Chance", "whatever is drawn, it ends as below"))
    if not rows:
        return [nodes.paragraph(text="The game's standard starting position.")]
    table, body = tables.table((30, 70), classes=["rw-setup"])
    for label, text in rows:
        if not designer and said is not None:  # ("ES on the board", "MRBC, owned by bob": as sentences name them)
            label = said.codes_named(label) if type(label) is str else label
            text = said.codes_named(text, capital=False) if type(text) is str else text
        body += tables.row([label, text], cell_classes=("rw-setup-key", "rw-setup-value"))
    return [table]


def _deal_words(deal: dict, said) -> str:
    """An example's ``deal:`` in the game's words: each place by its path phrase ("the set-aside
    card: 4; ann's hand: 1, 3 and 6"), and the rest left to chance."""
    placed = []
    for place, value in deal.items():
        name = said.path(str(place)) if said is not None else None
        text = value if isinstance(value, Said) else (
            said.value(str(place), value) if said is not None else words(value))
        placed.append(f"{name or _label(place)}: {text}")
    return "; ".join(placed) + "; the rest by chance"


def _position_title(name: str, where: str | None) -> str:
    """The title of the shared position ``name`` in the book of the page ``where``."""
    if where is None:
        return ""

    found = scanner.positions_for(where).get(name)
    return found.title if found is not None else ""


class Said(str):
    """A setup value already in words (unseen, or marked as hidden): printed as it is."""


def seen_setup(scenario, game, said=None, where: str | None = None, before=None,
               designer: bool = False) -> list[nodes.Node]:
    """The setup of an example as its edition tells what is hidden (``rulewright.sphinx.secrecy``).
    The player's edition: what the example's viewer (``:as:``; without one, the whole table) cannot
    see at the start (a setup key at one of the game's ``hidden`` paths, or one holding what such a
    path holds, ``secrecy.setup_places``; a place of ``deal:``; and
    the stated draws, which decide such things) is said to be unseen, unless the example reveals
    it (``:reveals:``) or the game shows it in ``before``. The designer's edition: everything,
    each value the table cannot see marked as hidden."""
    viewer = scenario.viewer
    data = dict(scenario.data)
    # (a setup key that is not the view's but holds a hidden thing: hands: {ann: [...]})
    places = secrecy.setup_places(game, dict(data.get("setup") or {}), before)

    def told(place, value, text=None):
        hidden, owner = secrecy.unseen(scenario, game, before, str(place), None if designer else viewer,
                                       revealing=not designer, setup_place=places.get(str(place)))
        if not hidden or secrecy.nothing_there(value):
            return value
        if designer:
            if text is None and said is not None and str(place) in said.setup:  # as the key's phrase says it
                shown = said_value(said.setup[str(place)], value)
                text = shown if isinstance(shown, str) else None
            return Said(f"{text if text is not None else words(value)} ({secrecy.mark(owner)})")
        return Said(secrecy.hidden_words(value))

    data["setup"] = secrecy.walk(dict(data.get("setup") or {}), game, told, places=places)
    if data.get("deal"):
        data["deal"] = {place: told(place, value, said.value(str(place), value) if said is not None else None)
                        for place, value in data["deal"].items()}
    if data.get("draws") and getattr(game, "hidden", ()) and not designer and not scenario.reveals_path("draws"):
        data["draws"] = [f"what {viewer or 'the players'} cannot see"]
    return describe_setup(data, said, designer=designer, where=where)
