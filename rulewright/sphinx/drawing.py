"""Drawing the examples' diagrams in a build: Sphinx's graphviz support, with these changes.

- A diagram Graphviz cannot draw is reported at the example's file and line in one sentence, not as
  its DOT source.
- Each picture is drawn once for all builds: the HTML and PDF builds of both editions ask for the
  same pictures, so a drawn picture is kept in the project's store (``_build/rulewright-cache/
  diagrams-4``) under the name Sphinx gives it, a hash of its DOT source and of how it is drawn. Two
  builds running side by side take turns on each picture (a lock file), so each is drawn once.
- It is drawn ahead, while the pages are still read (``draw_ahead``): Graphviz runs in a drawing
  process beside the reading, and the writing finds the picture in the store.
- The picture leaves out Graphviz's ``<title>`` elements and comments: they hold the game's internal
  names (shown as hover text, not meant for readers) and cost the PDF step time for nothing.
- It gives the picture a name and a description of its own: a ``<title>`` as the SVG's first
  child (where assistive technology and a tagged PDF look for it) with the figure's caption, and
  a ``<desc>`` with what the example says (``rw_title`` and ``rw_desc`` in the node's options).
- The page shows it as an ``<img>`` whose alternative text is that caption (Sphinx writes an
  ``<object>``, which has no alternative text a screen reader or WeasyPrint's tagged PDF reads).
- In print, a picture whose smallest words are large is printed smaller, down to where they print
  at ``PRINTED_PT`` (its height as the ``--rw-print-height`` custom property the print stylesheet
  reads): a big board with large labels leaves room on the page for its example's text.
- It also leaves out the group Graphviz wraps around each node and edge when the group carries
  nothing but a name (``<g id="node3" class="node">``): a third of a diagram's elements, which
  WeasyPrint visits one by one (about 2.5 s of the designer's PDF); the picture drawn is the same.
"""
from __future__ import annotations

import contextlib
import io
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from hashlib import sha1
import multiprocessing
from pathlib import Path
import threading
from xml.etree import ElementTree
from xml.sax.saxutils import escape

from docutils import nodes
from sphinx.ext.graphviz import GraphvizError, html_visit_graphviz, render_dot
from sphinx.util import logging

from rulewright.book.diagrams import first_said, forget_said
from rulewright.runtime import lifeline
from rulewright.sphinx.editions import pictures_said_elsewhere
from rulewright.store import cache

logger = logging.getLogger(__name__)
SVG, XLINK = "http://www.w3.org/2000/svg", "http://www.w3.org/1999/xlink"
GROUP, TITLE = f"{{{SVG}}}g", f"{{{SVG}}}title"
NAME_ONLY = {"id", "class"}  # a group with these attributes alone draws nothing of its own
# The store's folder, renamed whenever ``slim`` changes what it leaves out, so a picture kept by an
# older Rulewright is drawn again rather than reused.
STORE = "diagrams-4"
DESC = f"{{{SVG}}}desc"
# The smallest words of a diagram print at this size, or larger where the page allows: a little over
# the book's 7.5 pt least (tests/test_print.py), so that an example under a big board fits its page.
PRINTED_PT = 7.7
CM = 72 / 2.54

try:
    import fcntl
except ImportError:  # Windows: builds side by side may both draw a picture; the result is the same
    fcntl = None


def image_name(code: str, options: dict, fmt: str, config) -> str:
    """The file name sphinx.ext.graphviz gives a picture (its ``render_dot``); a test checks that the
    two agree, so a change in Sphinx is noticed rather than making every build draw twice."""
    dot = options.get("graphviz_dot", config.graphviz_dot)
    key = "".join((code, str(options), str(dot), str(config.graphviz_dot_args))).encode()
    return f"graphviz-{sha1(key, usedforsecurity=False).hexdigest()}.{fmt}"


def slim(path: Path, title: str | None = None, description: str | None = None) -> None:
    """Leave out what no reader needs from a drawn SVG file (see ``slimmed``)."""
    if path.suffix == ".svg":
        path.write_bytes(slimmed(path.read_bytes(), title, description))


def slimmed(svg: bytes, title: str | None = None, description: str | None = None) -> bytes:
    """A drawn SVG without what no reader needs (see the module's docstring): its comments, document
    type and ``<title>`` elements, and its groups that carry nothing but a name (their contents
    kept in their place). ``title`` and ``description``, when given, become the picture's
    ``<title>`` (its first child) and ``<desc>``.

    Graphviz's SVG is read as a stream of tags, which costs a tenth of parsing it into a tree and
    writing the tree out again (a quarter of a second of this repository's clean build); an SVG
    holding what that reading does not follow (a CDATA section, a declared entity) is slimmed as a
    tree."""
    if b"<![CDATA[" in svg or b"<!ENTITY" in svg or _SVG_START.search(svg) is None:
        return _slimmed_as_tree(svg, title, description)
    left_out: list[bool] = []  # for each <g> open at this point, whether it is left out

    def keep(match: re.Match) -> bytes:
        attributes, closing = match.group(1), match.group(2)
        if attributes is None and closing is None:  # a comment, the document type, a <title>
            return b""
        if closing:
            return b"" if left_out and left_out.pop() else match.group(0)
        name_only = set(_ATTRIBUTE_NAME.findall(attributes)) <= NAME_ONLY_BYTES
        left_out.append(name_only)
        return b"" if name_only else match.group(0)

    slim_svg = _LEFT_OUT.sub(keep, svg)
    named = b"".join(b"<%s>%s</%s>" % (tag, escape(text).encode(), tag)
                     for tag, text in ((b"title", title), (b"desc", description)) if text)
    start = _SVG_START.search(slim_svg)
    return slim_svg[:start.end()] + named + slim_svg[start.end():]


# What ``slimmed`` leaves out, and the groups it may: a group's opening tag is matched with its
# attributes (a quoted value may hold a ">"), and its closing tag as such.
_QUOTED_ATTRIBUTES = rb"""(?:\s+[\w:.-]+\s*=\s*(?:"[^"]*"|'[^']*'))*"""
_LEFT_OUT = re.compile(rb"<!--.*?-->\s*|<!DOCTYPE[^>]*>\s*|<title\b[^>]*>[^<]*</title>\s*"
                       rb"|<g(" + _QUOTED_ATTRIBUTES + rb")\s*>\s*|<(/)g\s*>\s*", re.S)
_ATTRIBUTE_NAME = re.compile(rb"([\w:.-]+)\s*=")
_SVG_START = re.compile(rb"<svg\b" + _QUOTED_ATTRIBUTES + rb"\s*>")
NAME_ONLY_BYTES = {name.encode() for name in NAME_ONLY}


def _slimmed_as_tree(svg: bytes, title: str | None, description: str | None) -> bytes:
    """``slimmed`` by parsing the SVG into a tree (which drops comments and the document type)."""
    ElementTree.register_namespace("", SVG)
    ElementTree.register_namespace("xlink", XLINK)
    root = ElementTree.fromstring(svg)
    _slim(root)
    if description:
        root.insert(0, _element(DESC, description))
    if title:
        root.insert(0, _element(TITLE, title))
    out = io.BytesIO()
    ElementTree.ElementTree(root).write(out, encoding="utf-8", xml_declaration=True)
    return out.getvalue()


def _element(tag: str, text: str):
    element = ElementTree.Element(tag)
    element.text = text
    return element


def _slim(element) -> None:
    kept = []
    for child in element:
        _slim(child)
        if child.tag == TITLE:
            continue
        if child.tag == GROUP and set(child.attrib) <= NAME_ONLY:
            kept.extend(child)
        else:
            kept.append(child)
    element[:] = kept


@contextlib.contextmanager
def _turn(path: Path):
    if fcntl is None:
        yield
        return
    with open(path, "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _copy(source: Path, target: Path) -> None:
    """Copy so that a reader never sees half a file (see ``_write``)."""
    _write(target, source.read_bytes())


def _write(target: Path, data: bytes) -> None:
    """Write so that a reader never sees half a file. The file is readable as any file written
    here would be (a temporary file is the writer's alone: 0600), so that a web server running as
    another user can serve the book's pictures."""
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=target.parent, suffix=".tmp")
    with os.fdopen(handle, "wb") as out:
        out.write(data)
    os.chmod(temporary, 0o666 & ~_umask())
    os.replace(temporary, target)


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def draw(translator, node) -> None:
    """Put the node's picture where Sphinx looks for it, from the store or drawn now."""
    builder = translator.builder
    fmt = builder.config.graphviz_output_format
    name = image_name(node["code"], node["options"], fmt, builder.config)
    out = Path(builder.outdir) / builder.imagedir / name
    if out.is_file():
        return
    _wait_for(name)
    store = cache.folder()
    kept = store / STORE / name if store is not None else None
    if kept is not None:
        kept.parent.mkdir(parents=True, exist_ok=True)
    with _turn(kept.with_suffix(".lock")) if kept is not None else contextlib.nullcontext():
        if kept is not None and kept.is_file():
            _copy(kept, out)
            return
        _, drawn = render_dot(translator, node["code"], node["options"], fmt, filename=node.get("filename"))
        if drawn is None:
            return  # Graphviz could not be run; Sphinx's own visitor says so
        slim(Path(drawn), node["options"].get("rw_title"), node["options"].get("rw_desc"))
        if kept is not None:
            _copy(Path(drawn), kept)


# Drawing ahead: Graphviz runs as a process of its own, so the pictures of the pages read so far are
# drawn into the store beside the reading, and the writing finds each picture drawn. The drawing is
# done by a process of its own too (``_drawer``), forked from this one: running Graphviz, reading
# what it draws and slimming it cost this process half a second of its own time in this
# repository's clean build when threads did it (the reading waited for them to let go of Python's
# lock). Where a fork is not safe or not there (macOS, Windows; a process already running threads),
# threads draw instead. Only in the process that started the build (a worker Sphinx forks for ``-j``
# ends before its drawing would), only with the store on (the writing may be another process:
# ``make rulebook`` reads and writes in separate forks), and each drawing is finished before the
# build ends (``finish_drawing``, at ``build-finished``).
_ahead: dict[str, Future] = {}
# A picture with links or images of its own is drawn by the writing alone: Sphinx rewrites their
# paths relative to the page being written. (DOT's attribute names are case-sensitive; a word in
# a label that merely looks like one costs only the drawing ahead.)
LINKS = ("URL", "href", "image")
_pool: list = []  # the one executor of this build, once a picture is drawn ahead
_owner: list[int] = []  # the process that may draw ahead (the one that started the build)


def start_drawing(app) -> None:
    """``builder-inited``: this process may draw ahead, and a bug of a game's diagram code is said
    again in this build (``diagrams.first_said``)."""
    _owner[:] = [os.getpid()]
    forget_said()


def draw_ahead(env, node) -> None:
    """Start drawing ``node``'s picture into the store now, beside the reading (see above); a picture
    that cannot be drawn is left to the writing, which says why at the example."""
    store = cache.folder()
    if store is None or _owner != [os.getpid()] or any(word in node["code"] for word in LINKS):
        return
    fmt = env.config.graphviz_output_format or "svg"
    if fmt != "svg":  # a PNG comes with a map of its links, which render_dot alone writes
        return
    name = image_name(node["code"], node["options"], fmt, env.config)
    kept = store / STORE / name
    if name in _ahead or kept.is_file():
        return
    options = node["options"]
    folder = Path(env.app.builder.srcdir) / (node.get("filename") or options.get("docname", "index"))
    _ahead[name] = _drawer().submit(_draw_into_store, _dot_command(env.config, options, fmt), str(folder.parent),
                                    node["code"], options.get("rw_title"), options.get("rw_desc"), str(kept))


def _drawer():
    """The executor that draws ahead: processes forked from this one, one for each core the reading
    leaves, at the lowest priority (and their Graphviz with them); threads where a fork is not safe."""
    if not _pool:
        cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 2)
        if "fork" in multiprocessing.get_all_start_methods() and sys.platform != "darwin" \
                and threading.active_count() == 1:
            for stream in (sys.stdout, sys.stderr):  # what this process has yet to print is not printed twice
                stream.flush()
            _pool.append(ProcessPoolExecutor(max_workers=max(1, cores - 1), mp_context=multiprocessing.get_context("fork"),
                                             initializer=_helper, initargs=(lifeline.forker(),)))
        else:
            _pool.append(ThreadPoolExecutor(max_workers=max(2, cores), thread_name_prefix="dot"))
    return _pool[0]


def _helper(parent: tuple[int, bool]) -> None:
    """A drawing process ends with the build that forked it (``lifeline``) and runs at the lowest
    priority (see ``_behind``)."""
    lifeline.tie(parent)
    with contextlib.suppress(AttributeError, OSError):
        os.nice(19)


def _draw_into_store(command: list[str], folder: str, code: str, title: str | None, description: str | None,
                     kept: str) -> None:
    """Run Graphviz's ``command`` on ``code`` in ``folder`` and keep the picture, slimmed, named and
    described, as ``kept``: in a drawing process (or thread), from plain values alone."""
    kept = Path(kept)
    kept.parent.mkdir(parents=True, exist_ok=True)
    with _turn(kept.with_suffix(".lock")):
        if kept.is_file():
            return
        with subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              cwd=folder) as dot:
            _behind(dot.pid)
            drawn, _ = dot.communicate(code.encode())
        if dot.returncode:
            raise subprocess.CalledProcessError(dot.returncode, dot.args)
        _write(kept, slimmed(drawn, title, description))  # an SVG: see draw_ahead


def _behind(pid: int) -> None:
    """A picture drawn ahead is drawn at the lowest priority: the reading of the pages and the
    measuring of the engine's coverage, which the build waits for, go first, and the drawing takes
    what time they leave (a picture is waited for only when its page is written). On a machine of
    two cores this took about half a second off this repository's clean build."""
    with contextlib.suppress(AttributeError, OSError):  # (no priorities on Windows; a picture already drawn)
        os.setpriority(os.PRIO_PROCESS, pid, 19)


def _dot_command(config, options: dict, fmt: str) -> list[str]:
    """sphinx.ext.graphviz's command for a picture (its ``render_dot``), writing to the standard
    output instead of a file: a picture drawn ahead has no links for ``render_dot`` to mend (see
    ``LINKS``), so it needs no file of its own before it is kept."""
    return [options.get("graphviz_dot", config.graphviz_dot), *config.graphviz_dot_args, f"-T{fmt}"]


def _wait_for(name: str) -> None:
    """Wait until a picture drawn ahead is in the store (a failed drawing is drawn again by the
    writing, which reports it)."""
    started = _ahead.pop(name, None)
    if started is not None:
        with contextlib.suppress(Exception):
            started.result()


def finish_drawing(app, exception) -> None:
    """``build-finished``: no drawing outlives the build."""
    if _pool:
        _pool.pop().shutdown(wait=True, cancel_futures=exception is not None)
    _ahead.clear()


def visit_graphviz(self, node):
    """sphinx.ext.graphviz's HTML visitor, through the store; a diagram of an example that Graphviz
    cannot draw is reported at the example's file and line."""
    if node.get("rw_where"):
        try:
            draw(self, node)
        except GraphvizError as error:
            if pictures_said_elsewhere(self.builder):  # the edition's other build says it, once
                raise nodes.SkipNode from None
            said = getattr(error.__cause__, "stderr", None) or str(error)
            said = said.decode(errors="replace") if isinstance(said, bytes) else said
            first = next((line.strip() for line in said.splitlines() if line.strip()), "no reason given")
            what = node["rw_where"]
            if first_said(f"Graphviz: {first}", what) is None:  # (one mistake of the diagram code: said once)
                logger.warning(f"{what[:1].upper()}{what[1:]} could not be drawn: Graphviz said \"{first}\". This is a "
                               "bug in the game's diagram code (the DOT source it writes), not in your example; "
                               "'rulewright diagram' with this example's ID prints that source. Every other "
                               "diagram Graphviz says this of is left out too, and not reported again.", location=node)
            raise nodes.SkipNode from None
    if node.get("alt") and self.builder.config.graphviz_output_format == "svg":
        _visit_picture(self, node)
        raise nodes.SkipNode
    html_visit_graphviz(self, node)


def _visit_picture(self, node) -> None:
    """The picture as an ``<img>`` with its alternative text (see the module's docstring)."""
    try:
        name, _ = render_dot(self, node["code"], node["options"], "svg", filename=node.get("filename"))
    except GraphvizError as error:
        logger.warning(f"a diagram could not be drawn: {error}", location=node)
        return
    if name is None:
        return
    alt = self.attval(node["alt"])
    drawn = Path(self.builder.outdir) / self.builder.imagedir / Path(name).name
    heights = _heights(drawn, node.get("rw_tallest_cm", 17))
    partner = node.get("rw_partner")  # the other picture of an example drawn before and after its moves
    height = _at_one_scale(self, heights, partner, node.get("rw_tallest_cm", 17)) if heights and partner \
        else heights[1] if heights else None
    style = f' style="--rw-print-height: {height:.0f}pt"' if height else ""
    # (render_dot names the picture with a str in Sphinx 8.1, with a path in later releases)
    self.body.append(f'<div class="graphviz"><img src="{Path(name).as_posix()}" alt="{alt}" class="graphviz"{style} />'
                     '</div>\n')


def _at_one_scale(translator, heights: tuple[float, float], partner: tuple[str, dict], tallest_cm: float) -> float:
    """The print height of a picture of ``heights`` (its own, and the one it may print at) at the
    scale its partner prints at too, the smaller of the two pictures' scales: an example's 'before'
    and 'after' pictures print alike, so that a board does not change size between them."""
    try:  # drawn as its own turn would draw it (from the store, named and described), so that
        draw(translator, {"code": partner[0], "options": partner[1]})  # its turn finds it ready
    except GraphvizError:
        return heights[1]
    other = _heights(Path(translator.builder.outdir) / translator.builder.imagedir
                     / image_name(partner[0], partner[1], "svg", translator.builder.config), tallest_cm)
    if other is None:
        return heights[1]
    return heights[0] * min(heights[1] / heights[0], other[1] / other[0])


def print_height(path: Path, tallest_cm: float) -> float | None:
    """How tall (in points) the picture may print: ``tallest_cm`` at most, and no taller than makes
    its smallest words ``PRINTED_PT`` (None when the picture cannot be read)."""
    heights = _heights(path, tallest_cm)
    return heights[1] if heights else None


def _heights(path: Path, tallest_cm: float) -> tuple[float, float] | None:
    """The picture's own height and the height it may print at (``print_height``), in points, read
    from its SVG once (None when it cannot be read)."""
    try:
        text = path.read_text(encoding="utf-8")
        height = float(re.search(r'<svg[^>]*\sheight="([\d.]+)pt"', text).group(1))
    except (OSError, AttributeError, ValueError):
        return None
    scale = re.search(r'transform="scale\(([\d.]+)', text)
    sizes = [float(size) for size in re.findall(r'font-size="([\d.]+)"', text)]
    if not sizes:
        return height, tallest_cm * CM
    smallest = min(sizes) * (float(scale.group(1)) if scale else 1.0)
    return height, min(tallest_cm * CM, height * PRINTED_PT / smallest) if smallest > 0 else tallest_cm * CM
