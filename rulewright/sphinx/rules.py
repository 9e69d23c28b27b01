"""Rules as first-class objects in the book: ``{rule}``, ``{ruleref}``, ``{designer-note}`` and
``{rule-index}``.

A rule is declared once, with its ID, and rendered with a number made from the section it sits in
and a letter (rule "2.3b" is the second rule of section 2.3). Numbers are assigned after every page
is read, so inserting a rule renumbers the book but never breaks a reference: references use IDs.
"""
from __future__ import annotations

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective, SphinxRole

from rulewright.sphinx.numbering import numbers, reference_to

logger = logging.getLogger(__name__)


class rule_node(nodes.General, nodes.Element):
    """A declared rule: its number is filled in when the book is resolved."""


class rule_number(nodes.Inline, nodes.TextElement):
    """Placeholder text for a rule's or example's number (``key`` is ``rule:<id>``/``example:<id>``)."""


class ruleref_node(nodes.Inline, nodes.TextElement):
    """A reference to a rule by ID, resolved to a link reading "rule 2.3b"."""


class rule_index_node(nodes.General, nodes.Element):
    """Where the rule index table goes."""


def anchor(rule_id: str) -> str:
    return "rule-" + rule_id.replace(".", "-")


class RuleDirective(SphinxDirective):
    """```{rule} mb.expand.first-link`` with an optional ``:title:``; the body is the rule text."""

    optional_arguments = 1  # a rule without an ID is reported by the scanner, at its line
    has_content = True
    option_spec = {"title": directives.unchanged}

    def run(self):
        if not self.arguments:
            return []
        rule_id = self.arguments[0].strip()  # the scanner reports an ID of the wrong shape at its line
        rules = self.env.domaindata.setdefault("rulewright", {}).setdefault("rules", {})
        if rule_id in rules and rules[rule_id]["docname"] != self.env.docname:
            logger.warning(f"The rule {rule_id!r} is declared twice (also in {rules[rule_id]['docname']}). "
                           "Rule IDs must be unique.", location=self.get_location())
        title = self.options.get("title", "")
        rules[rule_id] = {"docname": self.env.docname, "lineno": self.lineno, "title": title}

        node = rule_node(ids=[anchor(rule_id)], classes=["rw-rule"], rule_id=rule_id, docname=self.env.docname)
        head = nodes.paragraph(classes=["rw-rule-head"])
        head += nodes.strong("", "", nodes.Text("Rule "), rule_number(key=f"rule:{rule_id}"))
        if title:
            head += nodes.Text(" ")
            head += nodes.emphasis(text=title)
        head += nodes.inline(text=rule_id, classes=["rw-rule-id"])
        node += head
        body = nodes.container(classes=["rw-rule-body"])
        self.state.nested_parse(self.content, self.content_offset, body)
        node += body
        return [node]


class RuleRefRole(SphinxRole):
    """{ruleref}`mb.expand.first-link` reads "rule 2.3a" and links to the rule."""

    def run(self):
        rule_id = self.text.strip()
        node = ruleref_node(rule_id=rule_id, rawtext=self.rawtext)
        node.source, node.line = self.get_source_info()
        return [node], []


class DesignerNote(SphinxDirective):
    """A boxed note where the designer explains a choice the source rules left open."""

    has_content = True

    def run(self):
        note = nodes.admonition(classes=["rw-designer-note"])
        note += nodes.title(text="Designer's note")
        self.state.nested_parse(self.content, self.content_offset, note)
        return [note]


class RuleIndexDirective(SphinxDirective):
    def run(self):
        return [rule_index_node()]


def resolve(app, doctree, fromdocname) -> None:
    """Fill in numbers, rule references and the rule index (``doctree-resolved``)."""
    env = app.env
    nums = numbers(env)
    rules = env.domaindata.get("rulewright", {}).get("rules", {})
    for placeholder in list(doctree.findall(rule_number)):
        placeholder.replace_self(nodes.Text(nums.get(placeholder["key"], "?")))
    for ref in list(doctree.findall(ruleref_node)):
        rule_id = ref["rule_id"]
        if rule_id not in rules:
            logger.warning(f"The rule {rule_id!r} referred to here is not declared anywhere in the rulebook. "
                           "Check the spelling, or declare it with a rule directive.", location=ref)
            ref.replace_self(nodes.literal(text=rule_id))
            continue
        text = nodes.Text("rule " + nums.get(f"rule:{rule_id}", "?"))
        ref.replace_self(reference_to(app.builder, fromdocname, rules[rule_id]["docname"], anchor(rule_id),
                                      text, title=rule_id))
    for index in list(doctree.findall(rule_index_node)):
        index.replace_self(_index(app, fromdocname, nums, rules))


def _index(app, fromdocname, nums, rules):
    recorded = app.env.domaindata.get("rulewright", {}).get("examples", {})
    failing = sorted(e for e, info in recorded.items() if info.get("verdict", "failed") == "failed")
    pending = sorted(e for e, info in recorded.items() if info.get("verdict") == "pending")
    examples = {k: v for k, v in recorded.items() if not v.get("broken")}  # one that cannot run has no number
    summary = nodes.paragraph(classes=["rw-index-summary"])
    summary += nodes.strong(text=f"{len(rules)} rules, {len(examples)} worked examples. ")
    summary += nodes.Text("Every example was played on the rules engine when this book was built: "
                          + (f"{len(failing)} did not hold ({', '.join(failing)})." if failing else
                             "all of them held." if not pending else "all held but those marked pending.")
                          + (f" {len(pending)} {'is' if len(pending) == 1 else 'are'} pending, not supported by the "
                             f"engine yet ({', '.join(pending)})." if pending else ""))
    return [summary, _index_table(app, fromdocname, nums, rules, examples)]


def _index_table(app, fromdocname, nums, rules, examples):
    shown_by: dict[str, list[str]] = {}
    for example_id, info in examples.items():
        for rule_id in info["rules"]:
            shown_by.setdefault(rule_id, []).append(example_id)
    table = nodes.table(classes=["rw-rule-index"])
    group = nodes.tgroup(cols=4)
    table += group
    for width in (10, 38, 22, 30):
        group += nodes.colspec(colwidth=width)
    head = nodes.thead()
    group += head
    head += _row([nodes.Text(t) for t in ("Rule", "Rule ID and title", "Page", "Shown by examples")])
    body = nodes.tbody()
    group += body

    for rule_id in sorted(rules, key=lambda r: (_sort_key(nums.get(f"rule:{r}", "")), r)):
        info = rules[rule_id]
        number = reference_to(app.builder, fromdocname, info["docname"], anchor(rule_id),
                              nodes.Text(nums.get(f"rule:{rule_id}", "?")))
        name = nodes.inline()
        name += nodes.literal(text=rule_id)
        if info["title"]:
            name += nodes.Text(" " + info["title"])
        page = reference_to(app.builder, fromdocname, info["docname"], None,
                            nodes.Text(str(app.env.titles[info["docname"]].astext())))
        shows = nodes.inline()
        for n, example_id in enumerate(sorted(shown_by.get(rule_id, []),
                                              key=lambda e: _sort_key(nums.get(f"example:{e}", "")))):
            if n:
                shows += nodes.Text(", ")
            ex = examples[example_id]
            shows += reference_to(app.builder, fromdocname, ex["docname"], ex["anchor"],
                                  nodes.Text(nums.get(f"example:{example_id}", "?")), title=example_id)
        if not shown_by.get(rule_id):
            shows += nodes.emphasis(text="none")
        body += _row([number, name, page, shows])
    return table


def _sort_key(number: str):
    """"1.10b" sorts as ((1, 10), "b"): by section numbers, then letter; "1a" before "1.1a"."""
    head = number.rstrip("abcdefghijklmnopqrstuvwxyz")
    letters = number[len(head):]
    return tuple(int(p) for p in head.split(".") if p.isdigit()), len(letters), letters


def _row(cells):
    row = nodes.row()
    for cell in cells:
        entry = nodes.entry()
        entry += nodes.paragraph("", "", cell) if not isinstance(cell, nodes.paragraph) else cell
        row += entry
    return row
