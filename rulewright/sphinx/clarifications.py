"""A game's "Clarifications and variants": ``{clarifications}``, made from the game's settings.

::

    # Clarifications and variants

    ```{clarifications}
    game: bus
    settings: [parallel_when_blocked, end_street]   # optional: these settings, in this order
    ```

Where the rules can be read more than one way, the game documents each reading as a setting
(``rulewright.game.Setting``) and its phrases say each choice in the rules' words (``settings:`` in the
phrase file). The section is one table: for each setting, each reading in those words, which one this
book's rules and examples use (the setting's default), and the examples that show each other
reading (filled in when the whole book has been read, from what each example was played under:
``examples.ExampleDirective._record``). The designer's edition adds each reading's setting as an
example writes it (``parallel_when_blocked: all-ends``); the player's edition prints no engine name.
"""
from __future__ import annotations

from pathlib import Path

import yaml
from docutils import nodes
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from rulewright.book import phrases
from rulewright.book.registry import GameNotLoaded, get_game
from rulewright.sphinx import incremental, tables, wording
from rulewright.sphinx.domain import RulewrightDomain
from rulewright.sphinx.editions import edition
from rulewright.sphinx.nodes import clarifications_node
from rulewright.sphinx.numbering import numbers, reference_to

logger = logging.getLogger(__name__)

NAME = "clarifications"
TITLE = "Clarifications and variants"
BOOK_READING = "The rules"
VARIANT = "A variant"


class variant_ref(nodes.Inline, nodes.TextElement):
    """"Clarifications and variants" in a variant example's note: a link to the section of its game
    (the one of its chapter, when the game has one in several chapters), made at ``resolve``."""


PAGES = "clarifications"  # the domain's table of the pages holding one: {docname: {game, settings}}


def where_said(env, game: str, settings, fromdocname: str) -> str | None:
    """The page of ``game``'s clarifications that lists any of ``settings``, in the chapter of
    ``fromdocname`` when there is one there; None when the book has none."""
    pages = env.domaindata.get("rulewright", {}).get(PAGES, {})
    found = [doc for doc, info in sorted(pages.items()) if info["game"] == game
             and (info["settings"] is None or any(name in info["settings"] for name in settings))]
    chapter = fromdocname.rpartition("/")[0]
    return next((doc for doc in found if doc.rpartition("/")[0] == chapter), found[0] if found else None)


class ClarificationsDirective(SphinxDirective):
    has_content = True

    def run(self):
        path = self.env.doc2path(self.env.docname)
        try:
            declared = yaml.safe_load("\n".join(self.content)) if self.content else None
        except yaml.YAMLError as error:
            declared, problem = None, f"it cannot be read ({str(error).splitlines()[0]})"
        else:
            problem = ""
        name = declared.get("game") if isinstance(declared, dict) else None
        if name is None:
            logger.warning(f"The clarifications section needs its game, as a line 'game: <name>' inside the "
                           f"block{': ' + problem if problem else ''}.", location=(self.env.docname, self.lineno))
            return []
        name = str(name)
        incremental.uses_game(self.env, name)  # its settings and their words come from the game
        try:
            game = get_game(name)
        except GameNotLoaded:  # its code or data fails: said once, at its place, by the book's checks
            return []
        except Exception as error:  # noqa: BLE001 - an unknown game: said at the line
            logger.warning(f"{error} (in the clarifications section of {Path(path).name})",
                           location=(self.env.docname, self.lineno))
            return []
        wanted = declared.get("settings")
        if wanted is not None:
            if not isinstance(wanted, list) or not all(isinstance(w, str) for w in wanted):
                logger.warning("The clarifications section's 'settings:' is a list of the game's settings, in the "
                               f"order to print them, e.g. settings: [{', '.join(list(game.settings)[:2])}].",
                               location=(self.env.docname, self.lineno))
                wanted = None
            else:
                unknown = [w for w in wanted if w not in game.settings]
                if unknown:
                    logger.warning(f"The clarifications section names {', '.join(map(repr, unknown))}, which the game "
                                   f"{name} has no setting called; its settings are "
                                   f"{', '.join(game.settings) or 'none'}. Correct the name or remove it.",
                                   location=(self.env.docname, self.lineno))
                    wanted = [w for w in wanted if w in game.settings]
        self.env.domaindata.setdefault("rulewright", {}).setdefault(PAGES, {})[self.env.docname] = {
            "game": name, "settings": wanted}
        return [clarifications_node(game=name, settings=wanted)]


def readings(game, said: phrases.Phrases, names=None) -> list[tuple[str, list[tuple[object, str | None]]]]:
    """Each setting of ``game`` (or those ``names``, in that order) and its readings, as (setting,
    [(choice, words or None)]): the book's reading (the default) first, then the others as the
    setting's choices or the phrases list them."""
    out = []
    for name in (game.settings if names is None else names):
        setting = game.settings[name]
        worded = said.settings.get(name, {})
        choices = [setting.default] + [c for c in setting.choices if c != setting.default]
        for key in worded:  # a setting without a list of choices: those its phrases say
            if not any(phrases.words(c) == key for c in choices):
                choices.append(_value(key))
        out.append((name, [(choice, said.setting(name, choice)) for choice in choices]))
    return out


def _value(key: str):
    try:
        return yaml.safe_load(key)
    except yaml.YAMLError:
        return key


def variant_readings(game, settings: dict) -> dict[str, str]:
    """The settings of a played example that are not the book's reading: {setting: choice as words}."""
    return {name: phrases.words(value) for name, value in settings.items()
            if name in game.settings and value != game.settings[name].default}


def resolve(app, doctree, fromdocname) -> None:
    """``doctree-resolved``: each ``{clarifications}`` becomes its table, and each variant example's
    note links to it."""
    for ref in list(doctree.findall(variant_ref)):
        here = ref.get("docname") or fromdocname  # (the page it is on: the one-page PDF is written from the root)
        page = where_said(app.env, ref["game"], ref["settings"], here)
        if page is None:  # the book has no such section: the note ends at what the example reads
            ref.parent.remove(ref)
            continue
        link = reference_to(app.builder, fromdocname, page, None, nodes.Text(f"“{ref.astext()}”"))
        # (in print the link is followed by its page, "p. 59", in place of where it is)
        where = ([nodes.inline(text=" at the end of the chapter", classes=["rw-screen-only"])]
                 if page.rpartition("/")[0] == here.rpartition("/")[0] else [])
        ref.replace_self([nodes.Text(" (see "), link, *where, nodes.Text(")")])
    found = list(doctree.findall(clarifications_node))
    if not found:
        return

    designer = edition(app.config) == "designer"
    examples = app.env.domaindata.get("rulewright", {}).get("examples", {})
    domain = app.env.get_domain(RulewrightDomain.name)
    for place in found:
        game = get_game(place["game"])
        said = wording.game_phrases(game)
        place.replace_self(_section(app, fromdocname, domain, game, said, examples, designer, place["settings"]))


def shown_by(examples: dict, game: str) -> dict[tuple[str, str], list[str]]:
    """{(setting, choice as words): [example IDs]} for the examples of ``game`` played under a reading
    other than the book's, in the book's order."""
    out: dict[tuple[str, str], list[str]] = {}
    for example_id, info in examples.items():
        if info.get("game") != game or info.get("broken") or info.get("left_out"):
            continue
        for name, choice in (info.get("readings") or {}).items():
            out.setdefault((name, choice), []).append(example_id)
    return out


def _section(app, fromdocname, domain, game, said, examples, designer, place_settings=None) -> list[nodes.Node]:
    nums = numbers(app.env)
    by = shown_by(examples, game.name)
    for ids in by.values():
        ids.sort(key=lambda i: _order(nums.get(f"example:{i}", "")))
    rows = []
    for name, choices in readings(game, said, place_settings):
        if not designer and not any(words for _, words in choices):
            continue  # no words for it (the book's checks say so): nothing a player can read
        for n, (choice, words) in enumerate(choices):
            text = (words[:1].upper() + words[1:] + ".") if words else ""
            cells = [text or phrases.words(choice)]
            if designer:
                cells.append([nodes.literal(text=f"{name}: {phrases.words(choice)}")])
            cells.append(BOOK_READING if n == 0 else VARIANT)
            shown = by.get((name, phrases.words(choice)), []) if n else []
            links: list[nodes.Node] = []
            for k, example_id in enumerate(shown):
                link = domain._link(app.builder, fromdocname, "example", example_id)
                if link is not None:
                    links += ([nodes.Text(", ")] if links else []) + [link]
            cells.append(links or ("—" if n else "all other examples"))
            rows.append((cells, n == 0))
    if not rows:
        return [nodes.paragraph(text=f"The rules of {game.title or game.name} are read one way throughout: "
                                     "this book knows no other reading of them.")]
    head = ["Reading"] + (["Setting"] if designer else []) + ["This book", "Shown by"]
    table, body = tables.table((48, 22, 12, 18) if designer else (60, 15, 25), head=head,
                               classes=["rw-clarifications"])
    # "The rules" or "A variant" on one line, the column as wide as that (it wrapped word by word)
    kinds = ["rw-reading"] + (["rw-reading-setting"] if designer else []) + ["rw-reading-kind", "rw-reading-shown"]
    for entry, kind in zip(next(table.findall(nodes.thead)).findall(nodes.entry), kinds):
        entry["classes"].append(kind)
    for cells, first in rows:
        body += tables.row(cells, classes=["rw-reading-first"] if first else [], cell_classes=kinds)
    intro = nodes.paragraph(text=(
        "Where the rules can be read more than one way, this book's rules and examples follow one "
        "reading. The table gives each reading; those marked as a variant are other ways of playing, "
        "which a group may agree on before the game, and the examples named show each of them."))
    return [intro, table]


def _order(number: str):
    chapter, _, count = number.partition("-")
    return chapter, int(count) if count.isdigit() else 0
