"""The chapter glossaries in the book: ``{glossary-page}``, the ``{word}`` role, links from the
first use of a term in each section to its entry, and the terminology check in the build.

The glossary itself is data (``glossary.yaml`` beside the chapter's pages, read by
``rulewright.checks.words``); the check is ``rulewright.checks.words.check_terms``, the same one
``rulewright check`` runs.
"""
from __future__ import annotations

import sys
from pathlib import Path

from docutils import nodes
from sphinx import addnodes
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective, SphinxRole

from rulewright.checks import levels, words
from rulewright.problems import ExampleProblem
from rulewright.sphinx import term_index
from rulewright.sphinx.editions import strict
from rulewright.sphinx.nodes import example_node, outside
from rulewright.sphinx.numbering import reference_to

logger = logging.getLogger(__name__)


class WordRole(SphinxRole):
    """``{word}`track```: a word mentioned as a word (a deliberate use of an avoided word). Shown
    in italics; the terminology check and the term links leave it alone."""

    def run(self):
        return [nodes.emphasis(self.rawtext, self.text, classes=["rw-word"])], []


class GlossaryPageDirective(SphinxDirective):
    """``{glossary-page}``: the chapter's ``glossary.yaml`` (or the file named as the argument,
    relative to the page) as a list of terms, each with its definition and the terms it relates to;
    in the designer's edition also the words the book's writers avoid for it ("Not: ...") and what
    the engine calls it."""

    optional_arguments = 1

    def run(self):
        page = Path(self.env.doc2path(self.env.docname))
        path = page.parent / (self.arguments[0] if self.arguments else words.GLOSSARY_FILE)
        self.env.note_dependency(str(path))
        try:
            glossary = words.load_glossary(path)
        except ExampleProblem:
            return []  # said at the glossary's own line with the book's words (check_words), as check says it
        except OSError:
            logger.warning(f"There is no glossary at {path}.", location=self.get_location())
            return []
        table = self.env.domaindata.setdefault("rulewright", {}).setdefault("glossaries", {})
        table[str(glossary.folder)] = {"docname": self.env.docname, "path": str(path)}
        entries = nodes.definition_list(classes=["rw-glossary"])
        for term in sorted(glossary.terms, key=lambda t: t.name.lower()):
            item = nodes.definition_list_item()
            item += nodes.term(term.name, term.name, ids=[glossary.anchor(term)])
            body = nodes.definition()
            body += nodes.paragraph(term.definition, term.definition)
            if term.avoid and self.config.rulewright_edition != "player":  # the style check's list: for writers
                note = nodes.paragraph(classes=["rw-glossary-avoid"])
                note += nodes.Text("Not: " + ", ".join(term.avoid))
                if term.allow:
                    note += nodes.Text(" (except in: " + ", ".join(term.allow) + ")")
                note += nodes.Text(".")
                body += note
            if term.see:
                see = nodes.paragraph(classes=["rw-glossary-see"])
                see += nodes.Text("See also: ")
                for index, other in enumerate(term.see):
                    target = glossary.term(other)
                    see += nodes.Text(", " if index else "")
                    see += (nodes.reference(other, other, internal=True, refid=glossary.anchor(target))
                            if target else nodes.Text(other))
                see += nodes.Text(".")
                body += see
            if term.engine and self.config.rulewright_edition != "player":  # the engine's names: for designers
                engine = nodes.paragraph(classes=["rw-glossary-engine"])
                engine += nodes.Text("In the engine: ")
                for index, (kind, name) in enumerate(sorted(term.engine.items())):
                    engine += nodes.Text((", " if index else "") + ("view " if kind == "view" else "action "))
                    engine += nodes.literal(name, name)
                engine += nodes.Text(".")
                body += engine
            item += body
            entries += item
        _note_terms(self.env, glossary, self.get_location())
        return [term_index.index_entries(glossary), entries]  # (Sphinx's Index page lists the terms)


def _note_terms(env, glossary, location) -> None:
    """The terms as Sphinx's standard domain knows glossary terms: the ``{term}`` role finds them,
    and ``objects.inv`` lists them for other books (``std:term``). A term two chapters define (a
    share in 1870 and in powerUp) is the book's under its first definition; a page's ``{term}``
    finds its own chapter's (``ChapterTerms``)."""
    standard = env.get_domain("std")
    for term in glossary.terms:
        if ("term", term.name) not in standard.objects:
            standard.note_object("term", term.name, glossary.anchor(term), location=location)


class ChapterTerms(SphinxPostTransform):
    """A ``{term}`` on a page of a chapter with a glossary leads to that chapter's entry for the
    term where it has one (before Sphinx's own resolving, which knows one entry for each word)."""

    default_priority = 5

    def run(self, **kwargs) -> None:
        xrefs = [x for x in self.document.findall(addnodes.pending_xref)
                 if x.get("refdomain") == "std" and x.get("reftype") == "term"]
        if not xrefs:
            return
        info = chapter_glossary(self.env, self.env.docname)
        try:
            glossary = words.load_glossary(Path(info["path"])) if info else None
        except ExampleProblem:
            return
        for xref in xrefs if glossary else ():
            term = glossary.term(xref["reftarget"])
            if term is not None:
                link = reference_to(self.app.builder, self.env.docname, info["docname"], glossary.anchor(term),
                                    xref[0].deepcopy() if len(xref) else nodes.Text(term.name), title=term.definition)
                link["classes"].append("rw-term")
                xref.replace_self(link)


def chapter_glossary(env, docname: str) -> dict | None:
    """The glossary of the chapter ``docname`` is in: its page and file, or None."""
    found = env.domaindata.get("rulewright", {}).get("glossaries", {})
    page = Path(env.doc2path(docname))
    return next((v for folder, v in found.items() if Path(folder) in page.parents), None)




def link_terms(app, doctree, fromdocname) -> None:
    """``doctree-resolved``: the first use of each glossary term in each section links to its
    entry on the chapter's glossary page."""
    info = chapter_glossary(app.env, fromdocname)
    if info is None or info["docname"] == fromdocname:
        return
    try:
        glossary = words.load_glossary(Path(info["path"]))
    except ExampleProblem:
        return
    linked: dict[int, set[str]] = {}
    title = term_index.game_title(glossary)
    left_out = term_index.SKIP + (example_node,)
    for text, section in outside(doctree, lambda element: isinstance(element, left_out)
                                            or bool({"rw-word", "rw-rule-id"} & set(element.get("classes", ())))):
        if not isinstance(text, nodes.Text):
            continue
        done = linked.setdefault(id(section), set())
        pending = [t for t in glossary.terms if t.name not in done]
        replacement = _linked(app, fromdocname, info["docname"], glossary, str(text), pending, done, title)
        if replacement:
            text.parent.replace(text, replacement)


def _linked(app, fromdocname, glossary_doc, glossary, text, pending, done, title=None):
    out, rest = [], text
    while pending:
        seen = term_index.masked(rest, title)  # the game's own title is not a use of a term
        hits = [(m.start(), -len(m.group(0)), m, t) for t in pending if (m := t.pattern.search(seen))]
        if not hits:
            break
        _, _, match, term = min(hits, key=lambda h: h[:2])
        out.append(nodes.Text(rest[:match.start()]))
        out.append(reference_to(app.builder, fromdocname, glossary_doc, glossary.anchor(term),
                                nodes.Text(rest[match.start():match.end()]), title=term.definition))
        out[-1]["classes"].append("rw-term")
        rest = rest[match.end():]
        done.add(term.name)
        pending = [t for t in pending if t is not term]
    if not out:
        return None
    out.append(nodes.Text(rest))
    return [n for n in out if not (isinstance(n, nodes.Text) and not str(n))]


def check_words(app, exception) -> None:
    """``build-finished``: the terminology check, as ``rulewright check`` runs it. A build error
    in strict mode; otherwise (``make html STRICT=0``) printed, so a draft still builds. At the end
    of the build, before the list of failing examples (``incremental.finish``): a clean build of
    the designer's edition has the measuring fork check the words while the pages are read and
    written (``rulewright.checks.coverage``), and then finds them checked."""
    if exception is not None:
        return

    for problem in levels.split(words.check_terms(Path(app.srcdir)))[0]:  # (advice: incremental.finish says it)
        if strict(app.config):
            logger.warning(problem.message, location=f"{problem.where.path}:{problem.where.line}")
        else:  # shown even under -q, but not a warning that -W would turn into an error
            print(f"{problem.where.path}:{problem.where.line}: {problem.message}", file=sys.stderr)
