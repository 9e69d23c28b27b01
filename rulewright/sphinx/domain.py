"""The ``rulewright`` Sphinx domain: the book's rules and examples as Sphinx objects.

What a page declares (``{rule}``, ``{example}``, a chapter's glossary) is kept in the domain's data,
which Sphinx purges for a page read again (``clear_doc``) and merges from parallel readers
(``merge_domaindata``). The domain lists every rule and example for ``objects.inv``
(``get_objects``), so another book (an expansion, a FAQ, a living-rules site) links to them with
intersphinx: ``{ruleref}`base:mb.expand.first-link``` reads "rule 2.3a" there, as here. It resolves
``{any}`` references to a rule or example ID, and it has the rule index as a Sphinx index
(``rulewright-rules``).
"""
from __future__ import annotations

from docutils import nodes
from sphinx.addnodes import pending_xref
from sphinx.domains import Domain, Index, IndexEntry, ObjType

from rulewright.sphinx.numbering import numbered, numbers, reference_to

# The tables kept by rule or example ID, each entry saying the page it was read on, and those kept
# by page; what one page contributed leaves with it.
BY_ID = ("rules", "examples", "glossaries")
TERM_USES = "term_uses"  # the terms a page uses, marked where first used (``term_index``)
WARNED = "warned"  # what a page's reading warned, said again after each incremental build
BY_PAGE = ("pages", TERM_USES, WARNED, "clarifications")  # (the last: clarifications.PAGES)

# Each object type and the role that names it; intersphinx finds a role's objects by this table.
ROLES = {"rule": "ruleref", "example": "exampleref"}


def anchor(rule_id: str) -> str:
    """The HTML anchor of a rule: ``rule-mb-expand-first-link``."""
    return "rule-" + rule_id.replace(".", "-")


def said(env, kind: str, key: str) -> str:
    """How a reader names a rule or an example: "rule 2.3a", "Example B-3" (never its ID)."""
    number = numbers(env).get(f"{kind}:{key}", "?")
    return f"rule {number}" if kind == "rule" else f"Example {number}"


class RuleIndex(Index):
    """Every rule of the book by its number, grouped by chapter: the page ``rulewright-rules``."""

    name = "rules"
    localname = "Rule index"
    shortname = "rules"

    def generate(self, docnames=None):
        env = self.domain.env
        nums = numbers(env)
        content: dict[str, list[IndexEntry]] = {}
        rules = self.domain.data["rules"]
        for rule_id in sorted(rules, key=lambda r: (sort_key(nums.get(f"rule:{r}", "")), r)):
            info = rules[rule_id]
            if docnames and info["docname"] not in docnames:
                continue
            number = nums.get(f"rule:{rule_id}", "?")
            chapter = number.split(".")[0].rstrip("abcdefghijklmnopqrstuvwxyz") or "?"
            extra = "" if env.config.rulewright_edition == "player" else rule_id
            content.setdefault(chapter, []).append(
                IndexEntry(f"Rule {number}" + (f": {info['title']}" if info["title"] else ""), 0, info["docname"],
                           anchor(rule_id), extra, "", ""))
        return sorted(content.items(), key=lambda item: sort_key(item[0])), False


def sort_key(number: str):
    """"1.10b" sorts as ((1, 10), "b"): by section numbers, then letter; "1a" before "1.1a"."""
    head = number.rstrip("abcdefghijklmnopqrstuvwxyz")
    letters = number[len(head):]
    return tuple(int(p) for p in head.split(".") if p.isdigit()), len(letters), letters


class RulewrightDomain(Domain):
    name = "rulewright"
    label = "Rulewright"
    object_types = {kind: ObjType(kind, role) for kind, role in ROLES.items()}
    initial_data = {table: {} for table in BY_ID + BY_PAGE}
    data_version = 1
    indices = [RuleIndex]

    def clear_doc(self, docname: str) -> None:
        for kind in BY_ID:
            table = self.data.setdefault(kind, {})
            for key in [k for k, v in table.items() if v["docname"] == docname]:
                del table[key]
        for kind in BY_PAGE:
            self.data.setdefault(kind, {}).pop(docname, None)

    def merge_domaindata(self, docnames, otherdata: dict) -> None:
        for kind in BY_ID:
            for key, value in otherdata.get(kind, {}).items():
                if value["docname"] in docnames:
                    self.data.setdefault(kind, {})[key] = value
        for kind in BY_PAGE:
            for docname, value in otherdata.get(kind, {}).items():
                if docname in docnames:
                    self.data.setdefault(kind, {})[docname] = value

    def get_objects(self):
        for rule_id, info in self.data.get("rules", {}).items():
            yield rule_id, said(self.env, "rule", rule_id), "rule", info["docname"], anchor(rule_id), 1
        for example_id, info in self.data.get("examples", {}).items():
            if numbered(info):  # an example that cannot be read, or left out of this edition, has no place
                yield example_id, said(self.env, "example", example_id), "example", info["docname"], info["anchor"], 1

    def _target(self, kind: str, key: str):
        """Where the rule or example ``key`` is: its page and anchor, or None."""
        info = self.data.get("rules" if kind == "rule" else "examples", {}).get(key)
        if info is None or (kind != "rule" and not numbered(info)):
            return None
        return info["docname"], anchor(key) if kind == "rule" else info["anchor"]

    def _link(self, builder, fromdocname: str, kind: str, key: str):
        found = self._target(kind, key)
        if found is None:
            return None
        return reference_to(builder, fromdocname, *found, nodes.inline(text=said(self.env, kind, key)),
                            title=said(self.env, kind, key))

    def resolve_xref(self, env, fromdocname, builder, typ, target, node, contnode):
        kind = {role: kind for kind, role in ROLES.items()}.get(typ, typ)
        return self._link(builder, fromdocname, kind, target) if kind in ROLES else None

    def resolve_any_xref(self, env, fromdocname, builder, target, node, contnode):
        found = []
        for kind in ROLES:
            link = self._link(builder, fromdocname, kind, target)
            if link is not None:
                found.append((f"{self.name}:{kind}", link))
        return found


def from_another_book(app, fromdocname: str, role: str, key: str):
    """A link to the rule or example ``key`` of another book, from its ``objects.inv`` as
    intersphinx knows it (``base:mb.expand.first-link`` names the book; a plain ID is looked for in
    every book the project links to), reading as that book says it ("rule 2.3a"); None where no
    linked book has it."""
    xref = pending_xref("", refdomain="rulewright", reftype=role, reftarget=key, refexplicit=False,
                        refdoc=fromdocname)
    contnode = nodes.inline(text=key)
    return app.emit_firstresult("missing-reference", app.env, xref, contnode, allowed_exceptions=(Exception,))
