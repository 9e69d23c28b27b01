"""The index of terms: ``{term-index}``, every term of the chapters' glossaries in alphabetical order
with where it is defined and the pages that use it.

Each term of a ``{glossary-page}`` is also an entry of Sphinx's own index (``genindex.html``, "crossing,
Bus"), so the HTML's Index page lists them. The ``{term-index}`` page is the printed book's index: in
the HTML each entry links to its definition and to the sections that use the term (the first
section of each page that does); in the PDF the same links print as page numbers (CSS
``target-counter``, ``a.rw-page-number`` in rulewright.css), the definition's page first, in bold.
A term is "used" on a page where the glossary's own link would find it: the term or one of its forms
as whole words in a paragraph, outside titles, code, the worked examples, the quick reference's
page and what this edition leaves out; the first such paragraph of the page gets an anchor
(``use-<page>-<term>``), the index leads there.
"""
from __future__ import annotations

import re
from pathlib import Path

from docutils import nodes
from sphinx import addnodes
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from rulewright.book import registry
from rulewright.book.registry import get_game
from rulewright.checks import words
from rulewright.problems import ExampleProblem
from rulewright.sphinx import incremental
from rulewright.sphinx.domain import TERM_USES
from rulewright.sphinx.nodes import example_node, outside
from rulewright.sphinx.numbering import SINGLE_PAGE_BUILDERS, reference_to

logger = logging.getLogger(__name__)

# What a glossary term is never linked or indexed inside (links, code, titles, raw output).
SKIP = (nodes.reference, nodes.literal, nodes.literal_block, nodes.title, nodes.term, nodes.raw,
        nodes.FixedTextElement, nodes.field_name)

NAME = "term-index"
USES = 8  # at most this many pages listed for one term (a term on every page needs no index)


class term_index_node(nodes.General, nodes.Element):
    """Where the index of terms goes, filled in once the whole book is read."""


class TermIndexDirective(SphinxDirective):
    """``{term-index}``: the index of every glossary's terms."""

    def run(self):
        return [term_index_node()]


def game_title(glossary: words.Glossary) -> str:
    """The game a glossary belongs to, by its title ("Bus"), or its name in the glossary."""
    try:
        return get_game(glossary.game).title or glossary.game
    except Exception:  # noqa: BLE001 - an unknown game is reported by the checks; here only a label
        return glossary.game


def masked(text: str, title: str | None) -> str:
    """``text`` with the game's title blanked out, letter for letter: "Ferry" in "Ferry Crossing"
    is the game's name, not a use of the term "ferry" (neither linked nor indexed)."""
    if not title or title not in text:
        return text
    return text.replace(title, " " * len(title))


def index_entries(glossary: words.Glossary) -> addnodes.index:
    """Sphinx's index entries for a glossary's terms (its ``genindex`` page): "crossing" with the
    game under it, in a book of several games; the term alone in a book of one."""
    title = game_title(glossary)
    several = len(registry.targets()) > 1
    return addnodes.index(entries=[("single", f"{term.name}; {title}" if several else term.name,
                                    glossary.anchor(term), "", None) for term in glossary.terms])


def _reading_order(env) -> list[str]:
    """Every page as the contents lead through them (the printed order)."""
    order, seen = [], set()

    def walk(doc):
        if doc in seen:
            return
        seen.add(doc)
        order.append(doc)
        for child in env.toctree_includes.get(doc, []):
            walk(child)

    walk(env.config.root_doc)
    return order + sorted(set(env.found_docs) - seen)


def _use_id(docname: str, anchor: str) -> str:
    return "use-" + re.sub(r"[^a-z0-9]+", "-", docname.lower()).strip("-") + "-" + anchor


def mark_uses(app, doctree) -> None:
    """``doctree-read``: the first paragraph of a page that uses a term of its chapter's glossary
    gets an anchor, for the index to lead to (and, in print, to give its page)."""
    docname = app.env.docname
    page = Path(app.env.doc2path(docname))
    path = next((folder / words.GLOSSARY_FILE for folder in page.parents
                 if (folder / words.GLOSSARY_FILE).is_file()), None)
    if path is None or Path(app.srcdir) not in path.parents:
        return
    app.env.note_dependency(str(path))
    try:
        glossary = words.load_glossary(path)
    except (ExampleProblem, OSError):
        return
    # A quick reference names most terms once more, a page or two after the chapter's text and
    # usually on its glossary's page: its page is no use of a term for the index (listed twice).
    pending = {} if any(_quick_reference(box) for box in doctree.findall(nodes.container)) \
        else {t.name: t for t in glossary.terms}
    title = game_title(glossary)
    marked: list[str] = []
    left_out = SKIP + (example_node, nodes.definition_list)

    def skipped(element) -> bool:
        return isinstance(element, left_out) or _not_printed(app, element)

    for paragraph, _ in outside(doctree, skipped):
        if not pending:
            break
        if not isinstance(paragraph, nodes.paragraph):
            continue
        text = masked(" ".join(str(t) for t, _ in outside(paragraph, lambda element: isinstance(element, SKIP))
                               if isinstance(t, nodes.Text)), title)
        for name, term in list(pending.items()):
            if term.pattern.search(text):
                marked.append(_use_id(docname, glossary.anchor(term)))
                paragraph["ids"].append(marked[-1])
                del pending[name]
    # Kept with the book, so the index finds the anchors without reading every page again.
    incremental.data(app.env).setdefault(TERM_USES, {})[docname] = marked


def _not_printed(app, element) -> bool:
    """Whether ``element`` is text this edition leaves out (``{only} designer`` in the player's):
    the index would lead to a place that is not there (a blank page number in print)."""
    if not isinstance(element, addnodes.only):
        return False
    try:
        return not app.tags.eval_condition(element["expr"])
    except Exception:  # noqa: BLE001 - an expression Sphinx cannot read is Sphinx's to report
        return False


def _quick_reference(element) -> bool:
    """Whether ``element`` is a quick reference's box."""
    return isinstance(element, nodes.container) and "rw-quick-reference" in element["classes"]


def uses(env, glossary: words.Glossary, skip: str) -> dict[str, list[tuple[str, str]]]:
    """For each term, the pages that use it, in reading order: (page, the anchor of its first use)."""
    order = {doc: n for n, doc in enumerate(_reading_order(env))}
    # (Not the chapter's opening page: it shares its printed page with the first section, and its
    # overview names most terms once more.)
    pages = sorted((doc for doc in env.found_docs if doc != skip and glossary.folder in Path(env.doc2path(doc)).parents
                    and Path(env.doc2path(doc)).stem != "index"),
                   key=lambda doc: order.get(doc, len(order)))
    found: dict[str, list[tuple[str, str]]] = {t.name: [] for t in glossary.terms}
    marked = incremental.data(env).get(TERM_USES, {})
    for doc in pages:
        anchors = set(marked.get(doc, ()))
        for term in glossary.terms:
            anchor = _use_id(doc, glossary.anchor(term))
            if anchor in anchors:
                found[term.name].append((doc, anchor))
    return found


def resolve(app, doctree, fromdocname) -> None:
    """``doctree-resolved``: fill in the index of terms."""
    places = list(doctree.findall(term_index_node))
    if not places:
        return
    env = app.env
    table = env.domaindata.get("rulewright", {}).get("glossaries", {})
    entries = []
    for folder, info in sorted(table.items()):
        try:
            glossary = words.load_glossary(Path(info["path"]))
        except (ExampleProblem, OSError):
            continue  # reported by the glossary page itself
        used = uses(env, glossary, info["docname"])
        title = game_title(glossary)
        for term in glossary.terms:
            entries.append((term.name.lower(), title, term, [(glossary, info["docname"])], used[term.name]))
    order = {doc: n for n, doc in enumerate(_reading_order(env))}
    entries = _merged(entries, order)
    content = _render(app, fromdocname, sorted(entries, key=lambda e: (e[0], e[1])), order)
    for place in places:
        place.replace_self(content if place is places[-1] else [])


def _merged(entries, order) -> list[tuple]:
    """One entry per term and game: a term two chapters of one game define ("corporation" in both
    1870 chapters) lists both definitions and the pages of both, in reading order."""
    merged: dict[tuple[str, str], tuple] = {}
    for key, title, term, defined, used in entries:
        if (key, title) in merged:
            _, _, first, before, used_before = merged[(key, title)]
            used = sorted(dict.fromkeys(used_before + used), key=lambda u: order.get(u[0], len(order)))
            merged[(key, title)] = (key, title, first, before + defined, used)
        else:
            merged[(key, title)] = (key, title, term, defined, used)
    return [entry[:4] + (entry[4][:USES],) for entry in merged.values()]


def _render(app, fromdocname, entries, order: dict[str, int]) -> list[nodes.Node]:
    """The index. In print, each term's page numbers: the page defining it first, in bold, then
    the pages using it in the book's order ("first player **17**, 6, 16"); on the web, the
    definition's link first, then the pages using it by title."""
    printed = app.builder.name in SINGLE_PAGE_BUILDERS
    env = app.env
    out: list[nodes.Node] = []
    letter = None
    box = None
    several = len({entry[1] for entry in entries}) > 1  # a book of one game does not name it at every term
    for key, title, term, defined_in, used in entries:
        first = key[:1].upper() if key[:1].isalpha() else "#"
        if first != letter:
            letter = first
            out.append(nodes.rubric(text=letter, classes=["rw-term-index-letter"]))
            box = nodes.container(classes=["rw-term-index"])
            out.append(box)
        entry = nodes.paragraph(classes=["rw-term-index-entry"])
        entry += nodes.strong(text=term.name)
        entry += nodes.Text(f" ({title}) " if several else " ")
        links = []  # (the page, its link)
        for glossary, glossary_doc in defined_in:
            defined = reference_to(app.builder, fromdocname, glossary_doc, glossary.anchor(glossary.term(term.name)),
                                   nodes.Text("" if printed else "defined"), title=term.definition)
            defined["classes"] += ["rw-page-number", "rw-term-defined"] if printed else ["rw-term-defined"]
            links.append((glossary_doc, defined))
        for doc, anchor in used:
            said = "" if printed else env.titles[doc].astext() if doc in env.titles else doc
            link = reference_to(app.builder, fromdocname, doc, anchor, nodes.Text(said))
            if printed:
                link["classes"].append("rw-page-number")
            links.append((doc, link))
        if printed:  # the definition first, then the pages using the term, each in the book's order
            count = len(defined_in)
            links = (sorted(links[:count], key=lambda found: order.get(found[0], len(order)))
                     + sorted(links[count:], key=lambda found: order.get(found[0], len(order))))
        for n, (_, link) in enumerate(links):
            entry += [nodes.Text(", " if printed else " · ")] if n else []
            entry += link
        box += entry
    if not out:
        out.append(nodes.paragraph(text="This book has no glossary yet."))
    return out
