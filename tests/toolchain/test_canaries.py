"""Canaries: one test for each piece of another package's insides that Rulewright patches,
subclasses or calls (names with a leading underscore, modules the package does not document,
functions it swaps). Each checks exactly what Rulewright relies on and, when a new release of
that package changes it, fails saying which package, which version and which Rulewright module.

pyproject.toml caps each of these packages below its next major version (the newest tested is
the one this suite passes with); raise a cap only with these canaries green on the new release.
Public, documented APIs are not listed here: their deprecations are announced.
"""
from __future__ import annotations

import dataclasses
import importlib
import inspect
from importlib import metadata

import pytest


def version(distribution: str) -> str:
    return metadata.version(distribution)


def parameters(function) -> list[str]:
    return list(inspect.signature(function).parameters)


def canary(distribution: str, relied_on: str, where: str, holds: bool) -> None:
    """Fail plainly when ``holds`` is false: the package, its installed version, what changed and who
    relies on it."""
    assert holds, (f"{distribution} {version(distribution)} changed {relied_on}, which {where} relies on. "
                   f"Adapt {where} (and its canary here), or keep {distribution} below this version in pyproject.toml.")


def source_of(obj) -> str:
    return inspect.getsource(obj)


# --- WeasyPrint and pydyf: the PDF step (rulewright.sphinx.pdf and its helpers, rulewright.press) --------------

def test_weasyprint_font_subset_is_what_font_subsets_wraps():
    fonts = pytest.importorskip("weasyprint.pdf.fonts")
    canary("weasyprint", "weasyprint.pdf.fonts.Font.subset(self, to_unicode, hinting)",
           "rulewright/sphinx/font_subsets.py", parameters(getattr(fonts.Font, "subset", lambda: None))
           == ["self", "to_unicode", "hinting"])
    init = source_of(fonts.Font.__init__) + source_of(fonts.Font)
    for attribute in ("self.file_content", "self.index", "self.missing"):
        canary("weasyprint", f"Font's attribute {attribute.removeprefix('self.')}", "rulewright/sphinx/font_subsets.py",
               attribute in init)
    canary("weasyprint", "weasyprint.pdf.fonts.harfbuzz_subset (which subsetter is used)",
           "rulewright/sphinx/font_subsets.py", hasattr(fonts, "harfbuzz_subset"))


def test_weasyprint_layout_is_what_page_numbers_seeds():
    pytest.importorskip("weasyprint")
    from weasyprint import document, layout
    from weasyprint.css import targets
    from weasyprint.layout import page

    where = "rulewright/sphinx/page_numbers.py"
    canary("weasyprint", "TargetCollector.collect_anchor(self, anchor_name)", where,
           parameters(targets.TargetCollector.collect_anchor) == ["self", "anchor_name"])
    canary("weasyprint", "TargetCollector.lookup_target", where, callable(getattr(targets.TargetCollector, "lookup_target", None)))
    collector = targets.TargetCollector()
    canary("weasyprint", "TargetCollector's target_lookup_items and counter_lookup_items", where,
           isinstance(getattr(collector, "target_lookup_items", None), dict)
           and isinstance(getattr(collector, "counter_lookup_items", None), dict))
    item = targets.TargetLookupItem()
    canary("weasyprint", "TargetLookupItem.cached_page_counter_values and page_maker_index", where,
           isinstance(getattr(item, "cached_page_counter_values", None), dict) and hasattr(item, "page_maker_index"))
    canary("weasyprint", "CounterLookupItem.parse_again", where, "self.parse_again" in source_of(targets.CounterLookupItem))
    # The two functions swapped: layout_document is looked up in weasyprint.document's namespace,
    # and it calls make_all_pages through weasyprint.layout's.
    canary("weasyprint", "layout_document(html, root_box, context, max_loops)", where,
           parameters(layout.layout_document) == ["html", "root_box", "context", "max_loops"])
    canary("weasyprint", "weasyprint.document's use of layout_document", where,
           document.layout_document is layout.layout_document
           and "layout_document" in source_of(document.Document._render))
    canary("weasyprint", "make_all_pages(context, root_box, html, pages), called from layout_document", where,
           parameters(layout.make_all_pages) == ["context", "root_box", "html", "pages"]
           and layout.make_all_pages is page.make_all_pages
           and "make_all_pages" in layout.layout_document.__code__.co_names)
    context_source = source_of(layout.LayoutContext) + source_of(layout)
    for name in ("page_maker", "tables", "target_collector"):
        canary("weasyprint", f"LayoutContext.{name}", where, f"context.{name}" in context_source or f"self.{name}" in context_source)
    canary("weasyprint", "the page maker's 'pages_wanted' and 'content_changed'", where,
           "'pages_wanted'" in source_of(page) and "'content_changed'" in source_of(page))


def test_weasyprint_page_numbers_are_seeded_in_a_real_render():
    """The whole of page_numbers' patching, on a two-page document with a target-counter: the numbers
    it found are WeasyPrint's."""
    weasyprint = pytest.importorskip("weasyprint")
    from rulewright.sphinx import page_numbers

    html = weasyprint.HTML(string="""<style>a::after { content: target-counter(attr(href), page) }
      h1 { break-before: page }</style><p><a href="#two">see</a></p><h1 id="one">One</h1><h1 id="two">Two</h1>""")
    seen = page_numbers._Pass()
    with page_numbers._seeded({}, seen):
        rendered = html.render()
    canary("weasyprint", "the layout passes page_numbers watches", "rulewright/sphinx/page_numbers.py",
           len(rendered.pages) == 3 and "two" in seen.pointed_at and seen.found.get("two", {}).get("page") == [3])


def test_weasyprint_svg_text_is_what_svg_text_draws_whole():
    svg = pytest.importorskip("weasyprint.svg")
    where = "rulewright/sphinx/svg_text.py"
    canary("weasyprint", "weasyprint.svg.text(svg, node, font_size) and TAGS['text']", where,
           parameters(svg.text) == ["svg", "node", "font_size"] and svg.TAGS.get("text") is svg.text)
    draw_node = source_of(svg.SVG.draw_node)
    canary("weasyprint", "SVG.draw_node's comparison of TAGS[tag] with the module's text", where,
           "TAGS" in draw_node and "== text" in draw_node)
    canary("weasyprint", "Node._etree_node (the node's text) and Node.attrib", where,
           "self._etree_node" in source_of(svg.Node.__init__) and "self.attrib" in source_of(svg.Node.__init__)
           and "_etree_node.text" in source_of(svg.Node))


def test_weasyprint_writes_the_variants_and_tags_rulewright_asks_for():
    weasyprint = pytest.importorskip("weasyprint")
    from importlib.resources import files

    from weasyprint import pdf

    canary("weasyprint", "the pdf_tags option (a tagged PDF)", "rulewright/sphinx/pdf.py",
           "pdf_tags" in weasyprint.DEFAULT_OPTIONS)
    canary("weasyprint", "the pdf/ua-1 variant", "rulewright/sphinx/pdf.py", "pdf/ua-1" in pdf.VARIANTS)
    canary("weasyprint", "the pdf/x-4 variant", "rulewright/press/interior.py and cover.py", "pdf/x-4" in pdf.VARIANTS)
    canary("weasyprint", "its sRGB profile weasyprint/pdf/sRGB2014.icc", "rulewright/press/colour.py",
           (files("weasyprint.pdf") / "sRGB2014.icc").is_file())


def test_pydyf_page_references_is_a_property_pdf_lists_once():
    pydyf = pytest.importorskip("pydyf")
    listed = inspect.getattr_static(pydyf.PDF, "page_references", None)
    canary("pydyf", "PDF.page_references (a property)", "rulewright/sphinx/pdf.py", isinstance(listed, property))
    canary("pydyf", "PDF().pages['Kids']", "rulewright/sphinx/pdf.py", isinstance(pydyf.PDF().pages["Kids"], list))


# --- Sphinx and its extensions ------------------------------------------------------------------------------------

def test_sphinx_logging_internals_hosted_warnings_use():
    from sphinx.util import logging

    where = "rulewright/sphinx/hosted.py"
    canary("sphinx", "sphinx.util.logging.NAMESPACE", where, getattr(logging, "NAMESPACE", None) == "sphinx")
    canary("sphinx", "WarningStreamHandler (a StreamHandler made with no arguments)", where,
           issubclass(logging.WarningStreamHandler, __import__("logging").StreamHandler))
    logging.WarningStreamHandler()
    canary("sphinx", "is_suppressed_warning(type, subtype, suppress_warnings)", where,
           len(parameters(logging.is_suppressed_warning)) == 3 and logging.is_suppressed_warning("ref", "doc", ["ref"]))
    canary("sphinx", "get_node_location(node)", where + " and rulewright/sphinx/incremental.py",
           parameters(logging.get_node_location) == ["node"])


def test_sphinx_graphviz_internals_drawing_calls():
    from sphinx.ext import graphviz

    where = "rulewright/sphinx/drawing.py"
    canary("sphinx", "sphinx.ext.graphviz.render_dot(self, code, options, format, prefix, filename)", where,
           parameters(graphviz.render_dot)[:6] == ["self", "code", "options", "format", "prefix", "filename"])
    canary("sphinx", "sphinx.ext.graphviz.html_visit_graphviz and GraphvizError", where,
           callable(graphviz.html_visit_graphviz) and issubclass(graphviz.GraphvizError, Exception))


def test_sphinx_search_languages_search_words_extends():
    from sphinx import search

    canary("sphinx", "sphinx.search.languages['en'] (a SearchLanguage)", "rulewright/sphinx/search_words.py",
           issubclass(search.languages["en"] if isinstance(search.languages["en"], type)
                      else importlib.import_module(search.languages["en"].rpartition(".")[0]).__dict__[
                          search.languages["en"].rpartition(".")[2]], search.SearchLanguage))


def test_sphinx_simplepdf_translator_and_toctree_fix():
    pytest.importorskip("sphinx_simplepdf")
    from sphinx_simplepdf.builders.simplepdf import SimplePdfBuilder
    from sphinx_simplepdf.writers.simplepdf import SimplepdfTranslator

    canary("sphinx-simplepdf", "SimplepdfTranslator.visit_paragraph and depart_paragraph", "rulewright/sphinx/pdf.py",
           callable(getattr(SimplepdfTranslator, "visit_paragraph", None))
           and callable(getattr(SimplepdfTranslator, "depart_paragraph", None)))
    canary("sphinx-simplepdf", "SimplePdfBuilder._toctree_fix(self, html)", "rulewright/sphinx/pdf.py",
           parameters(getattr(SimplePdfBuilder, "_toctree_fix", lambda: None)) == ["self", "html"])


def test_sphinx_autobuild_builds_through_its_subprocess_module():
    pytest.importorskip("sphinx_autobuild")
    from sphinx_autobuild import __main__ as autobuild, build

    where = "rulewright/sphinx/warm.py"
    canary("sphinx-autobuild", "sphinx_autobuild.build.subprocess (the module it runs builds with)", where,
           getattr(build, "subprocess", None) is __import__("subprocess"))
    canary("sphinx-autobuild", "its build command [sys.executable, '-m', 'sphinx', 'build', ...] run by subprocess.run",
           where, '"-m", "sphinx", "build"' in source_of(build) and "subprocess.run(" in source_of(build))
    canary("sphinx-autobuild", "sphinx_autobuild.__main__.main(argv)", where,
           parameters(getattr(autobuild, "main", lambda: None))[:1] == ["argv"])


# --- MyST: the scanner reads pages with MyST's own parser --------------------------------------------------------

def test_myst_parser_directive_reader_the_scanner_uses():
    from myst_parser.config.main import MdParserConfig
    from myst_parser.parsers import directives, mdit

    where = "rulewright/book/scanner/directives.py and pages.py"
    canary("myst-parser", "parse_directive_text(directive_class, first_line, content, *, line, ...)", where,
           parameters(directives.parse_directive_text)[:3] == ["directive_class", "first_line", "content"]
           and "line" in parameters(directives.parse_directive_text))
    fields = {f.name for f in dataclasses.fields(directives.DirectiveParsingResult)}
    wanted = {"arguments", "options", "body", "body_offset", "warnings", "blank_line_removed"}
    canary("myst-parser", f"DirectiveParsingResult's fields {sorted(wanted)}", where, wanted <= fields)
    canary("myst-parser", "is_option_line(line)", where, directives.is_option_line(":id: x")
           and not directives.is_option_line(":::{note}"))
    canary("myst-parser", "create_md_parser(config, renderer)", where + " and rulewright/checks/words.py",
           parameters(mdit.create_md_parser)[:2] == ["config", "renderer"])
    MdParserConfig(enable_extensions={"colon_fence", "deflist"})


def test_myst_parser_slugs_the_words_check_matches():
    from myst_parser.mdit_to_docutils.base import default_slugify

    canary("myst-parser", "myst_parser.mdit_to_docutils.base.default_slugify(title)", "rulewright/checks/words.py",
           default_slugify("The Operating Round") == "the-operating-round")


# --- pytest, pytest-xdist and Sybil: the examples as tests ------------------------------------------------------

def test_pytest_writes_a_longrepr_through_its_toterminal_and_sends_it_as_str():
    from _pytest.reports import BaseReport, _report_to_json

    canary("pytest", "a report's longrepr with a toterminal method is written through it (BaseReport.toterminal) "
           "and sent from a pytest-xdist worker as str() (_report_to_json)", "rulewright/testing/reports.py (Said)",
           'hasattr(longrepr, "toterminal")' in source_of(BaseReport.toterminal)
           and "str(report.longrepr)" in source_of(_report_to_json))


def test_xdist_load_scope_scheduling_page_scheduling_subclasses():
    scheduler = pytest.importorskip("xdist.scheduler")
    where = "rulewright/testing/plugin.py"
    canary("pytest-xdist", "xdist.scheduler.LoadScopeScheduling(config, log)", where,
           parameters(scheduler.LoadScopeScheduling.__init__)[:3] == ["self", "config", "log"])
    canary("pytest-xdist", "LoadScopeScheduling._split_scope(self, nodeid)", where,
           parameters(getattr(scheduler.LoadScopeScheduling, "_split_scope", lambda: None)) == ["self", "nodeid"]
           and "self._split_scope(" in source_of(scheduler.LoadScopeScheduling))


def test_sybil_pytest_integration_the_rulebook_items_subclass():
    from sybil.example import SybilFailure
    from sybil.integration import pytest as sybil_pytest

    where = "rulewright/testing/sybil_parser.py"
    canary("sybil", "sybil.integration.pytest.SybilItem(parent, sybil, example)", where,
           parameters(sybil_pytest.SybilItem.__init__)[:4] == ["self", "parent", "sybil", "example"])
    canary("sybil", "sybil.integration.pytest.SybilFile(*, sybils, ...) and its documents", where,
           "sybils" in parameters(sybil_pytest.SybilFile.__init__) and "self.documents" in source_of(sybil_pytest.SybilFile))
    canary("sybil", "SybilFailure(example, result) and its .result", where,
           parameters(SybilFailure.__init__) == ["self", "example", "result"] and "self.result" in source_of(SybilFailure))


# --- coverage.py: which engine lines the examples reach ----------------------------------------------------------

def test_coverage_python_file_reporter_the_coverage_check_reads_with():
    import coverage
    from coverage.python import PythonFileReporter

    where = "rulewright/checks/coverage.py"
    canary("coverage", "coverage.python.PythonFileReporter(morf, coverage=...)", where,
           "coverage" in parameters(PythonFileReporter.__init__))
    reporter = PythonFileReporter(__file__, coverage=coverage.Coverage(data_file=None, config_file=False))
    lines = reporter.lines()
    canary("coverage", "PythonFileReporter.lines() and translate_lines([line])", where,
           isinstance(lines, (set, frozenset)) and min(lines) in reporter.translate_lines([min(lines)]))


def test_sphinx_eval_config_file_reads_conf_py_as_press_passes_it(tmp_path):
    """`rulewright press` reads a book's conf.py with Sphinx's own reader, passing the file as the
    installed Sphinx wants it: a name up to 8.1 (8.1 encodes it), a Path from 9.0 (9.0 asks its parent)."""
    from sphinx import version_info
    from sphinx.config import eval_config_file
    from sphinx.util.tags import Tags

    conf = tmp_path / "conf.py"
    conf.write_text('project = "Canary"\nif tags.has("player"):\n    author = "Ann"\n', encoding="utf-8")
    try:
        read = eval_config_file(conf if version_info >= (8, 2) else str(conf), Tags(["player"]))
    except Exception as error:  # noqa: BLE001 - any failure is the change this canary names
        read = {"failed": repr(error)}
    canary("sphinx", "eval_config_file(filename, tags)", "rulewright/cli/press.py (_book)",
           read.get("project") == "Canary" and read.get("author") == "Ann")

