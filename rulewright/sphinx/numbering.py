"""Numbers for rules and examples, from the section numbers Sphinx assigns.

Rules: the number of the section a rule sits in plus a letter in order within that section
("2.3a", "2.3b"). Examples: a letter for the chapter and a count through the chapter ("Example
B-7" is the seventh example of chapter 2), so that no reader takes an example for a section
("2.7") or a rule ("2.7a"). Pages outside the numbered chapters take the letters after them, in
the order of the book.
Where each rule and example sits is recorded while reading (``record_positions``); the numbers
are worked out once every page has been read.
"""
from __future__ import annotations

import itertools
import string

from docutils import nodes
from sphinx.util.nodes import make_refnode

from rulewright.sphinx.nodes import example_node, outside, rule_node

SINGLE_PAGE_BUILDERS = {"singlehtml", "simplepdf"}


def record_positions(app, doctree) -> None:
    """``doctree-read``: note, for each rule and example of this page, its section and order."""
    data = app.env.domaindata.setdefault("rulewright", {})
    # One walk of the page, not into the examples' boxes: each rule and example under its nearest
    # section, in the page's order (a walk per section costs a page of nested sections many walks).
    sections, under = [], {}
    for node, section in outside(doctree, lambda element: isinstance(element, example_node)):
        if isinstance(node, nodes.section):
            sections.append(node)
            under[id(node)] = []
        elif isinstance(node, (rule_node, example_node)) and isinstance(section, nodes.section):
            under[id(section)].append(node)
    order = 0
    for section_index, section in enumerate(sections):
        section_anchor = "" if section_index == 0 else "#" + section["ids"][0]
        letters = _letters()
        for child in under[id(section)]:
            order += 1
            if isinstance(child, rule_node):
                info = data["rules"][child["rule_id"]]
                info.update(anchor=section_anchor, letter=next(letters), order=order)
            else:
                data["examples"][child["example_id"]].update(order=order, section=section_anchor)


def _letters():
    """a, b, ..., z, aa, ab, ...: a section may hold any number of rules."""
    for length in itertools.count(1):
        for letters in itertools.product(string.ascii_lowercase, repeat=length):
            yield "".join(letters)


# The numbers while the pages are written (from ``env-updated`` to ``build-finished``), by
# environment: the reading is over, so they no longer change, and each page's references use them.
_settled: dict[int, dict[str, str] | None] = {}


def settle(app, env) -> None:
    """``env-updated``: the book is read; its numbers are worked out once for the pages written next."""
    _settled[id(env)] = None


def unsettle(app, exception) -> None:
    """``build-finished``: the next build may read pages again."""
    _settled.clear()


def numbers(env) -> dict[str, str]:
    """``{"rule:<id>": "2.3a", "example:<id>": "Example 2.7"}`` for the whole book."""
    if id(env) not in _settled:
        return _numbers(env)
    if _settled[id(env)] is None:
        _settled[id(env)] = _numbers(env)
    return _settled[id(env)]


def _numbers(env) -> dict[str, str]:
    data = env.domaindata.get("rulewright", {})
    secnums = _secnumbers(env)
    out = {}
    for rule_id, info in data.get("rules", {}).items():
        section = secnums.get(info["docname"], {}).get(info.get("anchor", ""), ())
        out[f"rule:{rule_id}"] = ".".join(map(str, section)) + info.get("letter", "")
    by_chapter: dict[str, list] = {}
    order = _book_order(env)
    place = {docname: n for n, docname in enumerate(order)}
    chapters = [number[0] for pages in secnums.values() for number in pages.values() if number]
    unnumbered = [d for d in order if not secnums.get(d, {}).get("")]
    unnumbered_place = {docname: n for n, docname in enumerate(unnumbered)}
    after_chapters = max(chapters, default=0) + 1
    for example_id, info in data.get("examples", {}).items():
        if not numbered(info):
            continue  # an example that cannot be run, or is left out of this edition, has no number
        docname = info["docname"]
        page = secnums.get(docname, {}).get("", ())
        if page:
            chapter = _letter(page[0])
        else:
            position = unnumbered_place.get(docname, len(unnumbered))
            chapter = _letter(after_chapters + position)
        by_chapter.setdefault(chapter, []).append((page, place.get(docname, 0),
                                                   info.get("order", 0), example_id))
    for chapter, items in by_chapter.items():
        for count, (*_, example_id) in enumerate(sorted(items), start=1):
            out[f"example:{example_id}"] = f"{chapter}-{count}"
    return out


def numbered(info: dict) -> bool:
    """Whether a recorded example is in this edition with a number: not one that cannot be read,
    nor one the player's edition leaves out (a pending example, ``pending-for-players``)."""
    return not info.get("broken") and not info.get("left_out")


def _letter(number: int) -> str:
    """1 -> A, 26 -> Z, 27 -> AA."""
    out = ""
    while number > 0:
        number, rest = divmod(number - 1, 26)
        out = chr(ord("A") + rest) + out
    return out


def _book_order(env) -> list[str]:
    """Every page in the order the book's tables of contents give."""
    seen: list[str] = []

    def walk(docname):
        if docname in seen:
            return
        seen.append(docname)
        for child in env.toctree_includes.get(docname, []):
            walk(child)

    walk(env.config.root_doc)
    return seen


def _secnumbers(env) -> dict[str, dict[str, tuple]]:
    """Section numbers by page and anchor. The single-page builders fold them into one page keyed
    ``docname/anchor``; unfold them so both layouts read alike."""
    secnums = env.toc_secnumbers
    root = env.config.root_doc
    if len(secnums) == 1 and root in secnums and any("/" in k for k in secnums[root]):
        out: dict[str, dict[str, tuple]] = {}
        for key, number in secnums[root].items():
            docname, _, anchor = key.rpartition("/")
            out.setdefault(docname, {})[anchor] = number
        return out
    return secnums


def reference_to(builder, fromdocname: str, todocname: str, target: str | None, child, title: str | None = None):
    """A link to ``target`` on ``todocname`` that works on every builder, the one-page PDF included."""
    if builder.name in SINGLE_PAGE_BUILDERS:
        node = nodes.reference("", "", internal=True, refid=target or f"document-{todocname}")
        if title:
            node["reftitle"] = title
        node += child
        return node
    return make_refnode(builder, fromdocname, todocname, target, child, title)


def one_page_links(app, doctree, docname) -> None:
    """``doctree-resolved``: on the one-page builders, a cross-reference Sphinx resolves to
    ``#document-<page>#<anchor>`` (a ``{ref}``, such as an example's link to its shared position)
    points at the anchor alone; two ``#`` lead nowhere in the PDF."""
    if app.builder.name not in SINGLE_PAGE_BUILDERS:
        return
    for reference in doctree.findall(nodes.reference):
        uri = reference.get("refuri", "")
        if uri.startswith("#") and uri.count("#") > 1:
            del reference["refuri"]
            reference["refid"] = uri.rsplit("#", 1)[1]
