"""Rules as first-class objects in the book: ``{rule}``, ``{ruleref}``, ``{designer-note}`` and
``{rule-index}``.

A rule is declared once, with its ID, and rendered with a number made from the section it sits in
and a letter (rule "2.3b" is the second rule of section 2.3). Numbers are assigned after every page
is read, so inserting a rule renumbers the book but never breaks a reference: references use IDs.
"""
from __future__ import annotations

from pathlib import Path
import string

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective, SphinxRole

from rulewright.book.phrases import count
from rulewright.checks import words
from rulewright.book import phrases, quick_reference
from rulewright.book import scanner
from rulewright.book.registry import get_game
from rulewright.book.scanner import RULE_ID, AnyOption
from rulewright.problems import Where
from rulewright.sphinx import changes_page, incremental, tables
from rulewright.sphinx.domain import anchor, from_another_book, sort_key as _sort_key
from rulewright.sphinx.nodes import (REPORTED, exampleref_node, heading, rule_examples, rule_index_node, rule_node,
                                     rule_number, ruleref_node)
from rulewright.sphinx.numbering import numbered, numbers, reference_to

logger = logging.getLogger(__name__)


class RuleDirective(SphinxDirective):
    """```{rule} mb.expand.first-link`` with an optional ``:title:``; the body is the rule text."""

    optional_arguments = 1  # a rule without an ID is reported by the scanner, at its line
    has_content = True
    option_spec = AnyOption({"title": directives.unchanged, "formerly": directives.unchanged})  # the scanner reports a misspelt option at its line

    def run(self):
        if not self.arguments:
            return []
        rule_id = self.arguments[0].strip()
        rules = self.env.domaindata.setdefault("rulewright", {}).setdefault("rules", {})
        if rule_id in rules and rules[rule_id]["docname"] != self.env.docname:
            logger.warning(f"The rule {rule_id!r} is declared twice (also in {rules[rule_id]['docname']}). "
                           "Rule IDs must be unique.", location=self.get_location())
        title = self.options.get("title", "")
        if not RULE_ID.match(rule_id):  # an ID of the wrong shape declares no rule, as the scanner reads the
            # book (it says so at its line; not also "has no example", here only): its text is shown as text
            body = nodes.container(classes=["rw-rule-body"])
            self.state.nested_parse(self.content, self.content_offset, body)
            return [body]
        rules[rule_id] = {"docname": self.env.docname, "lineno": self.lineno, "title": title,
                          "formerly": str(self.options.get("formerly", "") or "").strip()}

        node = rule_node(ids=[anchor(rule_id)], classes=["rw-rule"], rule_id=rule_id, docname=self.env.docname)
        head = heading(classes=["rw-rule-head"])
        head += nodes.strong("", "", nodes.Text("Rule "), rule_number(key=f"rule:{rule_id}"))
        if title:
            head += nodes.Text(" ")
            head += nodes.emphasis(text=title)
        if self.config.rulewright_edition != "player":
            head += nodes.inline(text=rule_id, classes=["rw-rule-id"])

        changes_page.mark(node, head, rule_id, self.env)
        node += head
        body = nodes.container(classes=["rw-rule-body"])
        self.state.nested_parse(self.content, self.content_offset, body)
        node += body
        if self.config.rulewright_edition != "player":
            node += rule_examples(rule_id=rule_id)
        return [node]


class RuleRefRole(SphinxRole):
    """{ruleref}`mb.expand.first-link` reads "rule 2.3a" and links to the rule."""

    def run(self):
        rule_id = self.text.strip()
        node = ruleref_node(rule_id=rule_id, rawtext=self.rawtext)
        node.source, node.line = self.get_source_info()
        return [node], []


class ExampleRefRole(SphinxRole):
    """{exampleref}`mb-first-expand` reads "Example A-3" and links to the example: prose names an
    example the way a reader finds it, never by its ID."""

    def run(self):
        node = exampleref_node(example_id=self.text.strip(), rawtext=self.rawtext)
        node.source, node.line = self.get_source_info()
        return [node], []


class DesignerNote(SphinxDirective):
    """A boxed note where the designer explains a choice the source rules left open."""

    has_content = True

    def run(self):
        if self.config.rulewright_edition == "player" and not self.config.rulewright_player_notes:
            return []
        note = nodes.admonition(classes=["rw-designer-note"])
        note += nodes.title(text="Designer's note")
        self.state.nested_parse(self.content, self.content_offset, note)
        return [note]


class RuleIndexDirective(SphinxDirective):
    def run(self):
        return [rule_index_node()]


PLACEHOLDERS = (rule_number, ruleref_node, exampleref_node, rule_examples, rule_index_node)


def resolve(app, doctree, fromdocname) -> None:
    """Fill in numbers, rule references and the rule index (``doctree-resolved``)."""
    env = app.env
    nums = numbers(env)
    rules = env.domaindata.get("rulewright", {}).get("rules", {})
    # The page is walked once for the five kinds of placeholder (each walk of a page of examples
    # costs as much as the replacing).
    found: dict[type, list] = {kind: [] for kind in PLACEHOLDERS}
    for node in doctree.findall(lambda n: type(n) in found):
        found[type(node)].append(node)
    for placeholder in found[rule_number]:
        placeholder.replace_self(nodes.Text(nums.get(placeholder["key"], "?")))
    for ref in found[ruleref_node]:
        rule_id = ref["rule_id"]
        if rule_id not in rules and words.in_another_book(rule_id):
            _elsewhere(app, fromdocname, ref, "ruleref", rule_id, rules)
            continue
        if rule_id not in rules:
            _unknown(env, fromdocname, ref, "ruleref", rule_id,
                     quick_reference.unknown_rule if ref.get("quick_reference") else words.unknown_rule_reference,
                     scanner.declared_now(env.srcdir))  # (the IDs near it as check finds them: the scanner's whole book)
            continue
        text = nodes.Text("rule " + nums.get(f"rule:{rule_id}", "?"))
        ref.replace_self(reference_to(app.builder, fromdocname, rules[rule_id]["docname"], anchor(rule_id),
                                      text, title=hover(app, nums, "rule", rule_id, rules[rule_id]["title"])))
    examples = env.domaindata.get("rulewright", {}).get("examples", {})
    for ref in found[exampleref_node]:
        example_id = ref["example_id"]
        info = examples.get(example_id)
        if info is None and words.in_another_book(example_id):
            _elsewhere(app, fromdocname, ref, "exampleref", example_id, examples)
            continue
        if info is None:
            _unknown(env, fromdocname, ref, "exampleref", example_id, words.unknown_example_reference, examples)
            continue
        if info.get("broken"):  # an example that cannot be read has its own message
            ref.replace_self(nodes.literal(text=example_id))
            continue
        if info.get("left_out"):  # a pending example this edition leaves out: said with the book's problems
            ref.replace_self(nodes.Text(f"the example \u201c{info['title']}\u201d" if info.get("title") else "an example"))
            continue  # (rulewright.checks.words.designer_only_target), read here by its title
        text = nodes.Text("Example " + nums.get(f"example:{example_id}", "?"))
        ref.replace_self(reference_to(app.builder, fromdocname, info["docname"], info["anchor"], text,
                                      title=hover(app, nums, "example", example_id, info["title"])))
    shown_by = _shown_by(examples)
    for place in found[rule_examples]:
        shows = _example_links(app, fromdocname, nums, examples, shown_by.get(place["rule_id"], []))
        para = nodes.paragraph(classes=["rw-rule-examples"])
        para += nodes.Text("Examples: " if shows else "")
        para += shows or []
        place.replace_self(para)
    for index in found[rule_index_node]:
        index.replace_self(_index(app, fromdocname, nums, rules))


def _unknown(env, fromdocname, ref, role, key, complaint, known) -> None:
    """A reference to a rule or example the book does not have: the one message ``rulewright check``
    gives too, at the role's own line, and the ID left in the text as written."""
    if not ref.get("said_elsewhere") and not _left_out(env, role, key):  # (an example's own rules and refusals:
        # its checks say so, at its lines)
        path, line = ref.source or env.doc2path(fromdocname), ref.line or 1
        if not ref.get("quick_reference"):  # (a quick reference's step knows its line: no role to find)
            line = words.role_line(path, role, key, line)
        logger.warning(complaint(key, Where(str(path), line), known).message, location=f"{path}:{line}")
    ref.replace_self(nodes.literal(text=key, classes=[REPORTED]))


def _left_out(env, role: str, key: str) -> bool:
    """Whether the book has the rule or example ``key``, on a page this edition leaves out (the
    player's edition leaves out the designer's pages): a reference to it is said at its line with
    the book's problems (``rulewright.checks.words.designer_only_target``), not as one to nothing."""
    if env.config.rulewright_edition != "player":
        return False

    root = Path(env.srcdir)
    book = scanner.scan_cached(root, scanner.pages_stamp(root))
    return key in book.rules if role == "ruleref" else any(example.id == key for example in book.examples)


def _elsewhere(app, fromdocname, ref, role, key, known) -> None:
    """A reference to a rule or example of another book, linked through intersphinx and reading as
    that book names it ("rule 2.3a"); where that book has no such ID, said at the role's line."""
    link = from_another_book(app, fromdocname, role, key)
    if link is not None:
        ref.replace_self(link)
        return
    book, _, wanted = key.partition(":")
    mapping = getattr(app.config, "intersphinx_mapping", None) or {}
    path, line = ref.source or app.env.doc2path(fromdocname), ref.line or 1
    line = words.role_line(path, role, key, line)
    kind = "rule" if role == "ruleref" else "example"
    why = (f"the book {book!r} has no {kind} {wanted!r} (its objects.inv lists every {kind} it has)"
           if book in mapping else
           f"no book is called {book!r} in conf.py's intersphinx_mapping"
           + (f" (it names {', '.join(sorted(mapping))})" if mapping else
              ": add sphinx.ext.intersphinx to its extensions and name the book there"))
    logger.warning(f"{{{role}}}`{key}` refers to a {kind} of another book, but {why}.", location=f"{path}:{line}")
    ref.replace_self(nodes.literal(text=key, classes=[REPORTED]))


def _index(app, fromdocname, nums, rules):
    recorded = app.env.domaindata.get("rulewright", {}).get("examples", {})
    failing = sorted(e for e, info in recorded.items() if info.get("verdict", "failed") == "failed")
    pending = sorted(e for e, info in recorded.items() if info.get("verdict") == "pending")
    examples = {k: v for k, v in recorded.items() if numbered(v)}  # one that cannot run (or is left out) has no number
    if app.config.rulewright_edition == "player":
        return [_index_table(app, fromdocname, nums, rules, examples)]
    summary = nodes.paragraph(classes=["rw-index-summary"])
    summary += nodes.strong(text=f"{count(len(rules), 'rule')}, {count(len(examples), 'worked example')}. ")
    summary += nodes.Text("Every example was played on the rules engine when this book was built: "
                          + (f"{len(failing)} did not hold ({', '.join(failing)})." if failing else
                             "all of them held." if not pending else "all held but those marked pending.")
                          + (f" {len(pending)} {'is' if len(pending) == 1 else 'are'} pending, not supported by the "
                             f"engine yet ({', '.join(pending)})." if pending else ""))
    return [summary, _index_table(app, fromdocname, nums, rules, examples)]


def hover(app, nums, kind: str, key: str, title: str) -> str:
    """A link's hover title as a reader says it: "Rule 1.4a: At most three links at one city",
    "Example B-3: ...". The designer's edition adds the ID; the player's edition never shows one."""
    said = f"{kind.capitalize()} {nums.get(f'{kind}:{key}', '?')}" + (f": {title}" if title else "")
    return said if app.config.rulewright_edition == "player" else f"{said} ({key})"


def _shown_by(examples) -> dict[str, list[str]]:
    shown_by: dict[str, list[str]] = {}
    for example_id, info in examples.items():
        if info.get("left_out"):
            continue  # (a pending example the player's edition leaves out)
        for rule_id in info["rules"]:
            shown_by.setdefault(rule_id, []).append(example_id)
    return shown_by


def _example_links(app, fromdocname, nums, examples, example_ids) -> list[nodes.Node]:
    out: list[nodes.Node] = []
    for n, example_id in enumerate(sorted(example_ids, key=lambda e: _example_key(nums.get(f"example:{e}", "")))):
        if n:
            out.append(nodes.Text(", "))
        ex = examples[example_id]
        out.append(reference_to(app.builder, fromdocname, ex["docname"], ex["anchor"],
                                nodes.Text(nums.get(f"example:{example_id}", "?")),
                                title=hover(app, nums, "example", example_id, ex["title"])))
    return out


def _example_key(number: str):
    letter, _, count = number.partition("-")
    return letter, int(count) if count.isdigit() else 0


def _index_table(app, fromdocname, nums, rules, examples):
    designer = app.config.rulewright_edition != "player"
    pdf = app.builder.name == "simplepdf"
    shown_by = _shown_by(examples)
    table, body = tables.table((10, 44, 12 if pdf else 22, 34 if pdf else 24), classes=["rw-rule-index"],
                               head=[nodes.Text(t) for t in ("Rule", "ID and title" if designer else "Title",
                                                             "Page", "Examples")])

    for rule_id in sorted(rules, key=lambda r: (_sort_key(nums.get(f"rule:{r}", "")), r)):
        info = rules[rule_id]
        number = reference_to(app.builder, fromdocname, info["docname"], anchor(rule_id),
                              nodes.Text(nums.get(f"rule:{rule_id}", "?")))
        name = nodes.inline()
        if designer:
            name += nodes.literal(text=rule_id)
            name += nodes.Text(" ")
        name += nodes.Text(info["title"] or ("" if designer else app.env.titles[info["docname"]].astext()))
        if pdf:
            # The page number itself: CSS target-counter() on this link (rulewright.css).
            page = reference_to(app.builder, fromdocname, info["docname"], anchor(rule_id), nodes.Text(""))
            page["classes"].append("rw-page-number")
        else:
            page = reference_to(app.builder, fromdocname, info["docname"], None,
                                nodes.Text(str(app.env.titles[info["docname"]].astext())))
        shows = nodes.inline()
        shows += _example_links(app, fromdocname, nums, examples, shown_by.get(rule_id, [])) or [
            nodes.emphasis(text="none")]
        body += tables.row([number, name, page, shows])
    return table


class EventCatalogue(SphinxDirective):
    """```{event-catalogue} muck-and-brass``: every event the game's engine can emit, as its
    phrases say it (the list an example's ``events:`` may name)."""

    required_arguments = 1

    def run(self):
        name = self.arguments[0].strip()
        incremental.uses_game(self.env, name)
        try:
            said_by = phrases.for_game(get_game(name))
            catalogue = said_by.events
        except Exception as error:  # an unknown game or an unreadable phrase file: say which
            logger.warning(f"The event catalogue of {name!r} cannot be shown: {error}", location=self.get_location())
            return []
        table, body = tables.table((30, 70), head=[nodes.Text("Event"), nodes.Text("What the book says")],
                                   classes=["rw-event-catalogue"])
        for event, sentence in sorted(catalogue.items()):
            said = nodes.inline()
            unseen = said_by.unseen.get(event)  # the sentence for readers who may not see its details
            for part, text in [("", sentence)] + ([(" To everyone else: ", unseen)] if unseen else []):
                said += nodes.Text(part)
                for literal, field, _, _ in string.Formatter().parse(text):
                    said += nodes.Text(literal)
                    if field:
                        said += nodes.emphasis(text=field.replace("_", " "))
            body += tables.row([nodes.literal(text=event), said])
        return [table]
