"""Diagrams in a build: named as Sphinx names them, drawn once for all builds, and free of the
game's internal names."""
from __future__ import annotations

import os
from pathlib import Path
from types import SimpleNamespace

import pytest
from sphinx.ext.graphviz import render_dot

from rulewright.book.diagrams import dot_program
from rulewright.sphinx import drawing

CODE = 'digraph board { a [label="Leeds"]; b [label="York"]; a -> b }'


def translator(outdir: Path):
    config = SimpleNamespace(graphviz_dot=dot_program(), graphviz_dot_args=[], graphviz_output_format="svg")
    builder = SimpleNamespace(config=config, outdir=outdir, imagedir="_images", imgpath="_images", srcdir=outdir,
                              env=SimpleNamespace())
    return SimpleNamespace(builder=builder)


def test_a_picture_is_named_as_sphinx_names_it(tmp_path):
    t = translator(tmp_path)
    _, drawn = render_dot(t, CODE, {}, "svg")
    assert Path(drawn).name == drawing.image_name(CODE, {}, "svg", t.builder.config)


def test_each_picture_is_drawn_once_for_all_builds(tmp_path, monkeypatch):
    monkeypatch.setenv("RULEWRIGHT_CACHE", str(tmp_path / "store"))
    calls = []

    def counting(*args, **kwargs):
        calls.append(args[1])
        return render_dot(*args, **kwargs)

    monkeypatch.setattr(drawing, "render_dot", counting)
    node = {"code": CODE, "options": {}}
    for build in ("player-html", "player-pdf", "designer-html"):
        drawing.draw(translator(tmp_path / build), node)
    assert len(calls) == 1
    pictures = [(tmp_path / build / "_images").iterdir() for build in ("player-html", "player-pdf", "designer-html")]
    texts = {p.read_text() for found in pictures for p in found}
    assert len(texts) == 1 and "York" in texts.pop()


def test_with_the_store_off_each_build_draws_its_own(tmp_path, monkeypatch):
    monkeypatch.setenv("RULEWRIGHT_CACHE", "off")
    calls = []
    monkeypatch.setattr(drawing, "render_dot", lambda *a, **k: calls.append(1) or render_dot(*a, **k))
    for build in ("one", "two"):
        drawing.draw(translator(tmp_path / build), {"code": CODE, "options": {}})
    assert len(calls) == 2


def test_a_picture_has_no_internal_names_as_hover_text(tmp_path, monkeypatch):
    monkeypatch.setenv("RULEWRIGHT_CACHE", "off")
    t = translator(tmp_path)
    drawing.draw(t, {"code": CODE, "options": {}})
    (picture,) = (tmp_path / "_images").iterdir()
    svg = picture.read_text()
    assert "<title>" not in svg and "<!--" not in svg
    assert "Leeds" in svg  # the labels a reader sees stay


def test_a_picture_keeps_every_shape_and_drops_only_name_only_groups(tmp_path, monkeypatch):
    """Graphviz wraps each node and edge in a group that carries only its name; those go, and every
    shape and label stays, in the same order (so it is drawn the same), with the graph's own
    group (which carries the picture's transform) kept."""
    import re
    from xml.etree import ElementTree

    monkeypatch.setenv("RULEWRIGHT_CACHE", "off")
    _, drawn = render_dot(translator(tmp_path / "graphviz"), CODE, {}, "svg")
    before = Path(drawn).read_text()
    drawing.draw(translator(tmp_path / "build"), {"code": CODE, "options": {}})
    (picture,) = (tmp_path / "build" / "_images").iterdir()
    after = picture.read_text()
    def shapes(svg):
        return [(e.tag, e.attrib, e.text) for e in ElementTree.fromstring(svg.encode()).iter()
                if e.tag.rsplit("}", 1)[-1] in ("polygon", "path", "ellipse", "text", "polyline")]

    assert len(shapes(before)) == 7 and shapes(after) == shapes(before)  # background; 2 nodes, outline and label each; the edge, line and arrowhead
    assert before.count('class="node"') == 2 and 'class="node"' not in after and 'class="edge"' not in after
    assert len(re.findall(r"<g\b", after)) == 1 and 'transform="' in re.search(r"<g\b[^>]*>", after).group(0)


LINKED = 'digraph board { a [label="Leeds > Hull" URL="#leeds" tooltip="a > b"]; subgraph cluster_n { b [label="York"] } a -> b }'


def _tree(svg: bytes):
    from xml.etree import ElementTree

    def seen(element):
        return (element.tag, sorted(element.attrib.items()), (element.text or "").strip(),
                [seen(child) for child in element])
    return seen(ElementTree.fromstring(svg))


@pytest.mark.parametrize("code", [CODE, LINKED])
def test_a_picture_slimmed_as_a_stream_of_tags_is_the_one_slimmed_as_a_tree(tmp_path, code):
    """The quick reading (tags as a stream) and the thorough one (a parsed tree) leave out the same
    elements and keep the same, with the figure's name and description first, for a picture with
    links (anchors Graphviz wraps in groups of their own), a cluster and a ">" inside a value."""
    import subprocess

    svg = subprocess.run([dot_program(), "-Tsvg"], input=code.encode(), capture_output=True, check=True).stdout
    title, description = "Figure 1: Leeds & York <a>", "A link from Leeds to York."
    quick = drawing.slimmed(svg, title, description)
    assert _tree(quick) == _tree(drawing._slimmed_as_tree(svg, title, description))
    assert b"<!--" not in quick and b"<!DOCTYPE" not in quick and quick.count(b"<title>") == 1
    assert quick.count(b"<g") == quick.count(b"</g>") >= 1  # (the graph's own group, and the anchors')


def test_a_picture_the_stream_of_tags_cannot_follow_is_slimmed_as_a_tree():
    svg = (b'<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><style><![CDATA[ g > text {} ]]></style>'
           b'<g id="node1" class="node"><title>a</title><text>a</text></g></svg>')
    assert drawing.slimmed(svg) == drawing._slimmed_as_tree(svg, None, None)
    assert b"<title>" not in drawing.slimmed(svg) and b"<text>a</text>" in drawing.slimmed(svg)


def test_a_picture_is_readable_by_others_as_any_file_written_there(tmp_path):
    import os
    import stat

    source = tmp_path / "kept.svg"
    source.write_text("<svg/>", encoding="utf-8")
    source.chmod(0o600)  # the store of kept pictures is the writer's own
    old = os.umask(0o022)
    try:
        drawing._copy(source, tmp_path / "out" / "picture.svg")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "out" / "picture.svg").stat().st_mode) == 0o644


def test_a_picture_drawn_ahead_is_the_one_the_writing_would_draw(tmp_path, monkeypatch):
    monkeypatch.setenv("RULEWRIGHT_CACHE", "off")
    options = {"rw_title": "Figure 1: Leeds to York", "rw_desc": "A link from Leeds to York."}
    written = translator(tmp_path / "written")
    drawing.draw(written, {"code": CODE, "options": options})
    kept = tmp_path / "store" / "kept.svg"
    drawing._draw_into_store(drawing._dot_command(written.builder.config, options, "svg"), str(tmp_path), CODE,
                             options["rw_title"], options["rw_desc"], str(kept))
    by_writing = next((tmp_path / "written" / "_images").iterdir()).read_bytes()
    assert kept.read_bytes() == by_writing and b"<title>Figure 1: Leeds to York</title>" in by_writing


@pytest.mark.parametrize("threads", [1, 2])
def test_a_picture_drawn_ahead_is_kept_by_a_drawing_process_or_by_threads(tmp_path, monkeypatch, threads):
    """Beside a build running no other thread, a process forked from it draws (where a fork is
    safe); beside threads, threads draw. Either way the picture is kept, named and described, as the
    writing would keep it."""
    import sys
    import threading
    from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

    monkeypatch.setenv("RULEWRIGHT_CACHE", str(tmp_path / "store"))
    monkeypatch.setattr(threading, "active_count", lambda: threads)
    config = SimpleNamespace(graphviz_dot=dot_program(), graphviz_dot_args=[], graphviz_output_format="svg")
    env = SimpleNamespace(config=config, app=SimpleNamespace(builder=SimpleNamespace(srcdir=tmp_path)))
    options = {"rw_title": "Figure 1: Leeds to York", "rw_desc": "A link from Leeds to York."}
    drawing._owner[:] = [os.getpid()]
    try:
        drawing.draw_ahead(env, {"code": CODE, "options": options})
        forks = threads == 1 and sys.platform.startswith("linux")
        assert isinstance(drawing._pool[0], ProcessPoolExecutor if forks else ThreadPoolExecutor)
        name = drawing.image_name(CODE, options, "svg", config)
        drawing._wait_for(name)
    finally:
        drawing.finish_drawing(None, None)
        drawing._owner.clear()
    written = translator(tmp_path / "written")
    monkeypatch.setenv("RULEWRIGHT_CACHE", "off")
    drawing.draw(written, {"code": CODE, "options": options})
    kept = tmp_path / "store" / drawing.STORE / name
    assert kept.read_bytes() == (tmp_path / "written" / "_images" / name).read_bytes()


def _svg(path: Path, height: float, font: float) -> Path:
    path.write_text(f'<svg xmlns="http://www.w3.org/2000/svg" width="100pt" height="{height}pt">'
                    f'<text font-size="{font}">x</text></svg>', encoding="utf-8")
    return path


def test_an_example_s_before_and_after_pictures_print_at_one_scale(tmp_path, monkeypatch):
    """'Before' holds large words (it could print at its words' own scale), 'after' small ones: both
    print at the smaller scale, so a board keeps its size from one picture to the next."""
    images = tmp_path / "_images"
    images.mkdir()
    before, after = _svg(images / "before.svg", 200, 14), _svg(images / "after.svg", 100, 28)
    drawn = []  # the partner is drawn as its own turn draws it (named and described), then measured
    monkeypatch.setattr(drawing, "draw", lambda translator, node: drawn.append(node["code"]))
    monkeypatch.setattr(drawing, "image_name", lambda code, options, fmt, config: "after.svg")
    alone = drawing.print_height(before, 17)
    assert alone == pytest.approx(200 * drawing.PRINTED_PT / 14)
    paired = drawing._at_one_scale(SimpleNamespace(builder=SimpleNamespace(outdir=tmp_path, imagedir="_images",
                                                                           config=None)),
                                   drawing._heights(before, 17), ("(the after picture's code)", {}), 17)
    assert drawn == ["(the after picture's code)"]
    assert paired == pytest.approx(200 * drawing.PRINTED_PT / 28)
    assert paired / 200 == pytest.approx(drawing.print_height(after, 17) / 100)  # one scale


@pytest.mark.skipif(not hasattr(os, "setpriority"), reason="this platform has no process priorities")
def test_a_picture_drawn_ahead_is_drawn_at_the_lowest_priority():
    """The reading and the coverage measurement, which the build waits for, go before the drawing."""
    import subprocess
    import sys

    with subprocess.Popen([sys.executable, "-c", "import time; time.sleep(5)"]) as child:
        try:
            drawing._behind(child.pid)
            assert os.getpriority(os.PRIO_PROCESS, child.pid) == 19
        finally:
            child.kill()
