"""The book's *Changes* page (``{changes}``) and the change bars on rules that changed since the
version named by ``changes-since`` in ``[tool.rulewright]``: the player's edition lists each changed
rule in plain words with a link to it; the designer's adds the words that changed and the examples
added and removed. Which examples now play differently is ``rulewright changes``'s report."""
from __future__ import annotations

from docutils import nodes
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from rulewright.book import config
from rulewright.book.toml_lines import line_of
from rulewright.checks.project import changes_since_problem
from rulewright.history import versions
from rulewright.history.since import rules_since
from rulewright.sphinx.nodes import ruleref_node

NAME = "changes"
logger = logging.getLogger(__name__)


def prepare(app) -> None:
    """``builder-inited``: compare the book with the configured version, once per build."""
    app._rulewright_since = None
    project = config.current()
    if not project.changes_since:
        return

    try:
        app._rulewright_since = rules_since(project, project.changes_since)
    except versions.VersionError as error:
        if changes_since_problem(project) is not None:
            return  # a version the repository does not have: said with the book's problems, as check says it
        logger.warning(f"'changes-since = \"{project.changes_since}\"': {error}",
                       location=f"{project.pyproject}:{line_of(project.pyproject, 'changes-since')}")


def since(env):
    return getattr(env.app, "_rulewright_since", None)


def mark(node: nodes.Element, head: nodes.Element, rule_id: str, env) -> None:
    """A rule changed since the version compared with: a bar beside it and a word in its head."""
    found = since(env)
    if found is None or not found.changed(rule_id):
        return
    node["classes"].append("rw-changed")
    head += nodes.inline(text=("new" if rule_id in found.changes.added else "changed")
                         + f" since {found.changes.old}", classes=["rw-changed-mark"])


class ChangesDirective(SphinxDirective):
    """The list of changes since the configured version."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        found = since(self.env)
        if found is None:
            return [nodes.paragraph(text="This book names no earlier version to compare with (changes-since in "
                                         "[tool.rulewright]), so it lists no changes.")] \
                if self.config.rulewright_edition != "player" else []
        changes, designer = found.changes, self.config.rulewright_edition != "player"
        out: list[nodes.Node] = [nodes.paragraph(
            text=f"What changed in the rules since the version {changes.old}"
                 + (f" of {found.date}" if found.date else "") + ". A changed rule carries a bar beside it "
                 "throughout the book.")]

        def listing(title: str, rule_ids, words=None) -> None:
            if not rule_ids:
                return
            out.append(nodes.rubric(text=title))
            items = nodes.bullet_list()
            for rule_id in rule_ids:
                para = nodes.paragraph()
                para += ruleref_node(rule_id=rule_id, rawtext=rule_id)
                title_text = changes.rules.get(rule_id, {}).get("title")
                if title_text:
                    para += nodes.Text(f", {title_text}")
                if designer:
                    para += nodes.Text(" ")
                    para += nodes.literal(text=rule_id, classes=["rw-rule-id"])
                item = nodes.list_item("", para)
                if designer and words and rule_id in words:
                    item += nodes.literal_block(text=words[rule_id], classes=["rw-changed-words"])
                items += item
            out.append(items)

        listing("Rules changed", sorted(changes.reworded), changes.reworded)
        listing("New rules", changes.added)
        if changes.removed:
            out.append(nodes.rubric(text="Rules removed"))
            items = nodes.bullet_list()
            for rule_id in changes.removed:
                title_text = changes.old_rules.get(rule_id, {}).get("title") or "a rule without a title"
                items += nodes.list_item("", nodes.paragraph(text=f"{title_text}" + (f" ({rule_id})" if designer
                                                                                      else "")))
            out.append(items)
        if not (changes.reworded or changes.added or changes.removed):
            out.append(nodes.paragraph(text="No rule has changed."))
        if designer:
            for title, ids in (("Examples added", changes.examples_added),
                               ("Examples removed", changes.examples_removed)):
                if ids:
                    out.append(nodes.rubric(text=title))
                    out.append(nodes.paragraph(text=", ".join(ids)))
            hint = nodes.paragraph()
            hint += nodes.Text("Which examples the engine now plays differently, and whether a rule's text says so: ")
            hint += nodes.literal(text=f"rulewright changes {changes.old}")
            hint += nodes.Text(".")
            out.append(hint)
        return out
