"""The Sphinx extension: ``extensions = ["rulewright.sphinx"]`` in conf.py.

It adds the ``{rule}``, ``{example}``, ``{position}``, ``{balance}``, ``{readings}``, ``{designer-note}``, ``{rule-index}`` and
``{glossary-page}`` directives and the ``{ruleref}``, ``{exampleref}`` and ``{word}`` roles, links
the first use of a glossary term in each section to its entry, checks the prose against the
chapter glossaries, numbers rules and examples once the whole book is read, keeps incremental
builds equal to clean ones and ends every build with the whole-book checks and the failing
examples (``incremental``).
"""
from __future__ import annotations

import shutil
from pathlib import Path

from sphinx.util import logging
from sphinx.ext.graphviz import graphviz

import rulewright
from rulewright.book import config
from rulewright.book import scanner
from rulewright.book.diagrams import dot_program
from rulewright.book.source import TOLERANT_SIG
from rulewright.problems import ExampleProblem
from rulewright.runtime import collector
from rulewright.sphinx import (api_reference, balance, changes_page, coverage_page, deferred, drawing, editions, examples, glossary, incremental, numbering,
                               pdf, positions, readings, rules)
from rulewright.sphinx import aria, clarifications, domain, figures, front_matter, hosted, nodes, quick_reference, search_entries, search_words, templates, term_index

STATIC = Path(__file__).parent / "static"


def _add_static(app):
    app.config.html_static_path.append(str(STATIC))
    app.add_css_file("rulewright.css")
    app.add_css_file("rulewright-apparatus.css")  # the index, quick references, page numbers in print
    if app.builder.name != "simplepdf":
        app.add_js_file("rulewright.js")
    if app.builder.name == "simplepdf":
        pdf.prepare(app.builder)


def _project(app, sphinx_config):
    """``config-inited``: read ``[tool.rulewright]`` from the project around conf.py (conf.py's own
    ``rulewright_*`` values win), make it the active project, pick the edition, and draw with the
    system ``dot`` or, without one, graphviz-pure."""
    try:
        project = config.load(Path(app.confdir)).activate()
    except ExampleProblem as problem:
        # Said plainly at its line, and the build stops: any exception raised here would be shown
        # with Sphinx's own traceback and its request to report a bug in Sphinx.
        logging.getLogger(__name__).error(problem.message, location=f"{problem.where.path}:{problem.where.line}")
        raise SystemExit(1) from None
    editions.choose(app, sphinx_config, project)
    editions.quiet_if_reported_elsewhere(app, sphinx_config)
    editions.cover(sphinx_config, project)
    if sphinx_config.rulewright_strict is None:
        sphinx_config.rulewright_strict = project.strict
    if sphinx_config.graphviz_dot == "dot" and not shutil.which("dot"):
        sphinx_config.graphviz_dot = dot_program()
    if not sphinx_config.graphviz_output_format or sphinx_config.graphviz_output_format == "png":
        sphinx_config.graphviz_output_format = "svg"


def setup(app):
    app.setup_extension("sphinx.ext.graphviz")
    app.setup_extension("sphinx.ext.autodoc")  # the game API's reference page is made from its docstrings
    app.set_translator("simplepdf", pdf.PrintTranslator)
    app.add_node(graphviz, override=True, html=(drawing.visit_graphviz, None))
    app.add_config_value("rulewright_strict", None, "env", types=(bool, type(None)))
    app.add_config_value("rulewright_edition", None, "env", types=(str, type(None)))
    app.add_config_value("rulewright_player_notes", None, "env", types=(bool, type(None)))
    app.connect("config-inited", _project)
    app.connect("config-inited", search_words.remember_stems)
    # The cycle collector runs less often for the length of the build (rulewright.runtime.collector).
    app.connect("builder-inited", _fewer_collections)
    app.connect("builder-inited", aria.install)  # toctree captions get their heading level
    app.connect("build-finished", _usual_collections, priority=999)
    app.add_node(nodes.rule_node, html=(_visit_div, _depart_div))
    app.add_node(nodes.example_node, html=(_visit_div, _depart_div))
    app.add_node(deferred.set_aside)  # (never written: put back before, by deferred.PutBack and PutBackLate)
    app.add_post_transform(deferred.PutBack)
    app.add_post_transform(glossary.ChapterTerms)
    app.add_post_transform(deferred.PutBackLate)
    app.add_node(nodes.heading, html=(nodes.visit_heading, nodes.depart_heading))
    app.add_directive("rule", rules.RuleDirective)
    app.add_directive("example", examples.ExampleDirective)
    app.add_directive("position", positions.PositionDirective)
    app.add_directive("balance", balance.BalanceDirective)
    app.add_directive(readings.NAME, readings.ReadingsDirective)
    app.add_directive("designer-note", rules.DesignerNote)
    app.add_directive("rule-index", rules.RuleIndexDirective)
    app.add_directive("event-catalogue", rules.EventCatalogue)
    app.add_role("ruleref", rules.RuleRefRole())
    app.add_role("exampleref", rules.ExampleRefRole())
    app.connect("doctree-read", editions.drop_empty_toctrees, priority=400)
    app.connect("missing-reference", editions.link_to_left_out_page)
    app.add_directive("glossary-page", glossary.GlossaryPageDirective)
    app.add_role("word", glossary.WordRole())
    app.add_directive(coverage_page.NAME, coverage_page.EngineCoverageDirective)
    app.add_node(coverage_page.report_node)  # (never written: made before, by deferred.PutBack)
    app.add_directive(api_reference.NAME, api_reference.GameApiReference)
    app.add_directive(changes_page.NAME, changes_page.ChangesDirective)
    app.connect("builder-inited", changes_page.prepare)
    app.connect("builder-inited", _add_static)
    app.connect("builder-inited", drawing.start_drawing)
    app.connect("build-finished", drawing.finish_drawing)
    app.connect("builder-inited", incremental.written_after_read)
    app.connect("builder-inited", incremental.remember_warnings)
    app.connect("build-finished", incremental.say_warnings_again, priority=400)
    app.connect("builder-inited", templates.keep_compiled)
    app.add_domain(domain.RulewrightDomain)  # (its data: purged and merged by Sphinx, listed in objects.inv)
    app.connect("source-read", examples.read_page)
    app.connect("doctree-read", numbering.record_positions)
    app.connect("doctree-read", incremental.record_page)
    app.connect("env-get-outdated", incremental.outdated)
    app.connect("env-get-updated", incremental.dependents, priority=900)  # after Sphinx numbers sections
    app.connect("build-finished", incremental.finish)
    app.connect("build-finished", incremental.remember_picture)
    app.connect("env-before-read-docs", incremental.note_reading)
    app.connect("env-before-read-docs", _hold_pages)
    app.connect("env-updated", _release_pages)
    app.connect("build-finished", _release_pages)
    app.connect("env-before-read-docs", coverage_page.start_early)
    app.connect("build-finished", coverage_page.stop_unused)
    app.connect("build-finished", glossary.check_words, priority=400)  # (before incremental.finish's list)
    app.connect("env-updated", numbering.settle)
    app.connect("build-finished", numbering.unsettle)
    app.connect("doctree-resolved", rules.resolve)
    app.connect("doctree-resolved", glossary.link_terms)
    app.add_node(term_index.term_index_node)
    app.add_directive(term_index.NAME, term_index.TermIndexDirective)
    app.connect("doctree-resolved", term_index.resolve)
    app.connect("html-collect-pages", search_entries.keep_entries)
    app.connect("doctree-read", term_index.mark_uses)
    app.add_directive(quick_reference.NAME, quick_reference.QuickReferenceDirective)
    app.add_node(clarifications.clarifications_node)  # (never written: made into its table when resolved)
    app.add_node(clarifications.variant_ref)  # (never written: made into a link when resolved)
    app.add_directive(clarifications.NAME, clarifications.ClarificationsDirective)
    app.add_directive(front_matter.NAME, front_matter.FrontMatterDirective)
    app.connect("doctree-resolved", clarifications.resolve)
    app.add_role(figures.ROLE, figures.ValueRole())
    app.add_directive(figures.TABLE, figures.ValuesDirective)
    app.connect("doctree-read", quick_reference.mark_pages)
    app.connect("doctree-resolved", numbering.one_page_links, priority=900)
    app.connect("doctree-resolved", editions.player_only, priority=900)  # the page as it will be printed
    hosted.watch(app)  # under GitHub Actions or GitLab CI, each warning is also marked at its line
    return {"version": rulewright.__version__, "parallel_read_safe": True, "parallel_write_safe": True, "env_version": 5}


def _fewer_collections(app) -> None:
    collector.fewer()
    collector.no_last_collection()


def _usual_collections(app, exception) -> None:
    collector.restore()


def _hold_pages(app, env, docnames) -> None:
    """The book's pages do not change under the reading (see ``scanner.hold_pages``). A page that is
    not UTF-8 is read all the same (``source.TOLERANT``): the scanner names its encoding at its line,
    and the rest of the book is built."""
    if str(env.settings.get("input_encoding", "utf-8-sig")).replace("-", "_").lower() in ("utf_8", "utf_8_sig", "utf8"):
        env.settings["input_encoding"] = TOLERANT_SIG
    scanner.hold_pages()


def _release_pages(app, *_) -> None:
    scanner.release_pages()


def _visit_div(self, node):
    self.body.append(self.starttag(node, "div"))


def _depart_div(self, node):
    self.body.append("</div>\n")
