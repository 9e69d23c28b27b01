"""The Sphinx extension: ``extensions = ["rulewright.sphinx"]`` in conf.py.

It adds the ``{rule}``, ``{example}``, ``{position}``, ``{designer-note}``, ``{rule-index}`` and
``{glossary-page}`` directives and the ``{ruleref}``, ``{exampleref}`` and ``{word}`` roles, links
the first use of a glossary term in each section to its entry, checks the prose against the
chapter glossaries, numbers rules and examples once the whole book is read, keeps incremental
builds equal to clean ones and ends every build with the whole-book checks and the failing
examples (``incremental``).
"""
from __future__ import annotations

import contextlib
import io
import re
import shutil
from pathlib import Path

from docutils import nodes
from sphinx.ext.graphviz import graphviz, html_visit_graphviz

from rulewright import config
from rulewright.diagrams import dot_program
from rulewright.sphinx import coverage_page, editions, examples, glossary, incremental, numbering, positions, rules

STATIC = Path(__file__).parent / "static"


def _add_static(app):
    app.config.html_static_path.append(str(STATIC))
    app.add_css_file("rulewright.css")
    if app.builder.name != "simplepdf":
        app.add_js_file("rulewright.js")
    if app.builder.name == "simplepdf":
        _quiet_toctree_fix(app.builder)


# Sphinx marks where each page starts in the one-page HTML with an empty span just before the
# page's first section; when that section starts a new printed page, the span stays at the foot of
# the page before, and the contents and every link to the page pointed one page early.
PAGE_START = re.compile(r'(<span id="document-[^"]+"></span>)(<section id="[^"]+">\s*<h\d[^>]*>)')


def _quiet_toctree_fix(builder):
    """sphinx-simplepdf prints its table-of-contents bookkeeping ("found duplicate chapters: {...}")
    on every build; a designer reading the build log needs only real warnings. The pages' start
    marks move into their headings, so that the page numbers of the contents are true."""
    fix = builder._toctree_fix

    def quiet(html):
        html = PAGE_START.sub(lambda m: m.group(2) + m.group(1), html)
        with contextlib.redirect_stdout(io.StringIO()):
            return fix(html)

    builder._toctree_fix = quiet


def _project(app, sphinx_config):
    """``config-inited``: read ``[tool.rulewright]`` from the project around conf.py (conf.py's own
    ``rulewright_*`` values win), make it the active project, pick the edition, and draw with the
    system ``dot`` or, without one, graphviz-pure."""
    project = config.load(Path(app.confdir)).activate()
    editions.choose(app, sphinx_config, project)
    if sphinx_config.rulewright_strict is None:
        sphinx_config.rulewright_strict = project.strict
    if sphinx_config.graphviz_dot == "dot" and not shutil.which("dot"):
        sphinx_config.graphviz_dot = dot_program()
    if not sphinx_config.graphviz_output_format or sphinx_config.graphviz_output_format == "png":
        sphinx_config.graphviz_output_format = "svg"


def _visit_graphviz(self, node):
    """sphinx.ext.graphviz's HTML visitor, except that a diagram of an example that Graphviz
    cannot draw is reported at the example's file and line in one sentence, not as its DOT source."""
    where = node.get("rw_where")
    if where:
        from sphinx.ext.graphviz import GraphvizError, render_dot
        try:
            render_dot(self, node["code"], node["options"], self.builder.config.graphviz_output_format,
                       filename=node.get("filename"))
        except GraphvizError as error:
            said = getattr(error.__cause__, "stderr", None) or str(error)
            said = said.decode(errors="replace") if isinstance(said, bytes) else said
            first = next((line.strip() for line in said.splitlines() if line.strip()), "no reason given")
            examples.logger.warning(f"{where} could not be drawn: Graphviz said \"{first}\". This is a bug in the "
                                    "game's diagram code, not in your example; please report it with this "
                                    "example's ID.", location=node)
            raise nodes.SkipNode from None
    html_visit_graphviz(self, node)


def setup(app):
    app.setup_extension("sphinx.ext.graphviz")
    app.add_node(graphviz, override=True, html=(_visit_graphviz, None))
    app.add_config_value("rulewright_strict", None, "env", types=(bool, type(None)))
    app.add_config_value("rulewright_edition", None, "env", types=(str, type(None)))
    app.add_config_value("rulewright_player_notes", None, "env", types=(bool, type(None)))
    app.connect("config-inited", _project)
    app.add_node(rules.rule_node, html=(_visit_div, _depart_div))
    app.add_node(examples.example_node, html=(_visit_div, _depart_div))
    app.add_directive("rule", rules.RuleDirective)
    app.add_directive("example", examples.ExampleDirective)
    app.add_directive("position", positions.PositionDirective)
    app.add_directive("designer-note", rules.DesignerNote)
    app.add_directive("rule-index", rules.RuleIndexDirective)
    app.add_directive("event-catalogue", rules.EventCatalogue)
    app.add_role("ruleref", rules.RuleRefRole())
    app.add_role("exampleref", rules.ExampleRefRole())
    app.connect("doctree-read", editions.drop_empty_toctrees, priority=400)
    app.connect("missing-reference", editions.link_to_left_out_page)
    app.add_directive("glossary-page", glossary.GlossaryPageDirective)
    app.add_role("word", glossary.WordRole())
    app.add_directive("engine-coverage", coverage_page.EngineCoverageDirective)
    app.connect("builder-inited", _add_static)
    app.connect("env-purge-doc", incremental.purge)
    app.connect("env-merge-info", incremental.merge)
    app.connect("source-read", examples.read_page)
    app.connect("doctree-read", numbering.record_positions)
    app.connect("doctree-read", incremental.record_page)
    app.connect("env-get-outdated", incremental.outdated)
    app.connect("env-get-updated", incremental.dependents, priority=900)  # after Sphinx numbers sections
    app.connect("build-finished", incremental.finish)
    app.connect("env-check-consistency", glossary.check_words)
    app.connect("doctree-resolved", rules.resolve)
    app.connect("doctree-resolved", glossary.link_terms)
    return {"version": "0.1", "parallel_read_safe": True, "parallel_write_safe": True, "env_version": 2}


def _visit_div(self, node):
    self.body.append(self.starttag(node, "div"))


def _depart_div(self, node):
    self.body.append("</div>\n")
