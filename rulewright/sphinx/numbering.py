"""Numbers for rules and examples, from the section numbers Sphinx assigns.

Rules: the number of the section a rule sits in plus a letter in order within that section
("2.3a", "2.3b"). Examples: the chapter number plus a count through the chapter ("Example 2.7").
Where each rule and example sits is recorded while reading (``record_positions``); the numbers
are worked out once every page has been read.
"""
from __future__ import annotations

import itertools
import string

from docutils import nodes
from sphinx.util.nodes import make_refnode

SINGLE_PAGE_BUILDERS = {"singlehtml", "simplepdf"}


def record_positions(app, doctree) -> None:
    """``doctree-read``: note, for each rule and example of this page, its section and order."""
    from rulewright.sphinx.examples import example_node
    from rulewright.sphinx.rules import rule_node

    data = app.env.domaindata.setdefault("rulewright", {})
    order = 0
    for section_index, section in enumerate(doctree.findall(nodes.section)):
        section_anchor = "" if section_index == 0 else "#" + section["ids"][0]
        letters = _letters()
        for child in section.findall(lambda n: isinstance(n, (rule_node, example_node))):
            if _nearest_section(child) is not section:
                continue
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


def _nearest_section(node):
    node = node.parent
    while node is not None and not isinstance(node, nodes.section):
        node = node.parent
    return node


def numbers(env) -> dict[str, str]:
    """``{"rule:<id>": "2.3a", "example:<id>": "Example 2.7"}`` for the whole book."""
    data = env.domaindata.get("rulewright", {})
    secnums = _secnumbers(env)
    out = {}
    for rule_id, info in data.get("rules", {}).items():
        section = secnums.get(info["docname"], {}).get(info.get("anchor", ""), ())
        out[f"rule:{rule_id}"] = ".".join(map(str, section)) + info.get("letter", "")
    by_chapter: dict[int, list] = {}
    for example_id, info in data.get("examples", {}).items():
        if info.get("broken"):
            continue  # an example that cannot be run has no number
        page = secnums.get(info["docname"], {}).get("", ())
        chapter = page[0] if page else 0
        by_chapter.setdefault(chapter, []).append((page, info.get("order", 0), example_id))
    for chapter, items in by_chapter.items():
        for count, (_, _, example_id) in enumerate(sorted(items), start=1):
            out[f"example:{example_id}"] = f"{chapter}.{count}" if chapter else str(count)
    return out


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
