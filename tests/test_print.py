"""The printed book, checked by measuring it: both editions' PDFs as `make rulebook` last built
them (CI builds them before the tests), and the diagrams' geometry.

- the contents and the rule index give true page numbers (poppler's pdftotext reads the pages);
- the player's edition has no rule IDs, verification marks or Python;
- no text is printed smaller than 7.5 pt (diagrams at the size they are printed included);
- each diagram is a figure captioned "Figure B-6: ..." on its example's page (an example may go
  over a page break only after its figure), and fewer than 5% of the examples without a figure are
  split across pages, in both editions (the PDF's named places: each example's start and end);
- every diagram the book draws is legible and named: contrast, no overlapping labels, a <title>
  and a <desc> (rulewright/game/legibility.py, on the SVGs the HTML pages show);
- the PDF is tagged (and says it is PDF/UA-1 in its XMP), each figure with alternative text, and lists every rule and example in its
  outline; each HTML figure has alternative text and a caption;
- at most 5% of the pages have their lower half empty, whatever the cause (pages drawn with pdftoppm);
- in every diagram, each label lies inside its node's box, measured with the font that is printed;
- the player's edition in HTML shows no rule ID or example ID (text, hover titles, sources, search);
- the player's edition, PDF and HTML, shows none of the designer's words (rulewright/checks/player_words.py);
- `make print`'s interior and cover: PDF/X-4, boxes, output intent, signature, spine.
"""
from __future__ import annotations

import collections
import html
import re
import shutil
import subprocess
from functools import lru_cache
from pathlib import Path

import pytest

from rulewright.book import scanner
from rulewright.book import config
from rulewright.book.diagrams import dot_program, draw
from rulewright.dot import FONT
from rulewright.game import legibility
from rulewright.scenario import evaluate
from rulewright.checks import player_words as player_only
from rulewright.sphinx.editions import page_edition
from tests.player_html import designer_words_a_reader_meets, ids_a_reader_meets

ROOT = Path(__file__).resolve().parents[1]
EDITIONS = ("player", "designer")
MIN_PT = 7.5


def pdf_of(edition: str) -> Path:
    if not shutil.which("pdftotext"):
        pytest.skip("poppler-utils (pdftotext, pdftoppm) is not installed; .ci/run installs it")
    found = sorted((ROOT / "_build" / edition / "pdf").glob("*.pdf"))
    if not found:
        pytest.skip(f"The {edition}'s edition PDF is not built here; `make rulebook` builds it (CI does, before "
                    "the tests).")
    return found[0]


@lru_cache(maxsize=None)
def pages_text(path: Path) -> tuple[str, ...]:
    """Each page's text as laid out (pdftotext -layout)."""
    out = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True).stdout
    return tuple(out.split("\f"))


def flat(text: str) -> str:
    return " ".join(text.split())


@pytest.fixture(params=EDITIONS)
def edition(request):
    return request.param


CONTENTS_LINE = re.compile(r"^\s*(\d+(?:\.\d+)?)\.\s+(\S.*?)\s{2,}(\d+)\s*$", re.M)
INDEX_LINE = re.compile(r"^\s*(\d+(?:\.\d+)*[a-z]+)\s+\S.*?\s(\d+)\s+(?:[A-Z]+-\d+|none)", re.M)


def test_the_contents_give_true_page_numbers(edition):
    pages = pages_text(pdf_of(edition))
    contents = [i for i, text in enumerate(pages) if "Table of Contents" in text][0]
    entries = [m for text in pages[contents:contents + 4] for m in CONTENTS_LINE.findall(text)]
    assert len(entries) >= 30, entries
    wrong = [(n, t, p) for n, t, p in entries if flat(f"{n}. {t}") not in flat(pages[int(p) - 1])]
    assert not wrong, f"contents entries whose page does not show their heading: {wrong[:5]}"


def test_the_rule_index_gives_true_page_numbers(edition):
    pages = pages_text(pdf_of(edition))
    start = max(i for i, text in enumerate(pages) if "Rule index" in text and "Examples" in text)
    start = min(i for i in range(start + 1) if all("Rule index" in pages[j] for j in range(i, start + 1)))
    rows = [m for text in pages[start:] for m in INDEX_LINE.findall(text)]
    assert len(rows) >= 50, rows[:5]
    wrong = [(rule, page) for rule, page in rows if f"Rule {rule} " not in flat(pages[int(page) - 1]) + " "]
    assert not wrong, f"rule index rows whose page does not show the rule: {wrong[:5]}"


def test_the_player_s_edition_has_no_ids_marks_or_python():
    text = flat("\n".join(pages_text(pdf_of("player"))))
    ids = [rule for rule in scanner.scan().rules if rule in text]
    assert not ids, f"rule IDs in the player's edition: {ids[:5]}"
    for internal in ("verified", ">>>", "import ", "def ", "Designer's note", "authoring guide"):
        assert internal not in text, internal


def test_the_player_s_html_shows_no_rule_or_example_id():
    html_dir = ROOT / "_build" / "player" / "html"
    if not (html_dir / "index.html").exists():
        pytest.skip("The player's edition in HTML is not built here; `make html-player` builds it (CI does, "
                    "before the tests).")
    scan = scanner.scan()
    found = ids_a_reader_meets(html_dir, set(scan.rules) | {example.id for example in scan.examples})
    assert not found, f"{len(found)} rule or example IDs a player can see, e.g. {found[:8]}"


def test_the_player_s_pdf_has_no_designer_words():
    """What the build's check warned about at each source line, read back from the printed pages."""
    config.load(ROOT).activate()
    pages = pages_text(pdf_of("player"))
    patterns = player_only.book_patterns()
    found = [f"page {number}: {words!r} ({pattern.what})" for number, text in enumerate(pages, start=1)
             for pattern, words in player_only.found_in(flat(text), patterns)]
    assert not found, f"{len(found)} designer's words in the player's PDF, e.g. {found[:8]}"
    # the designer's edition keeps them: the patterns find what they are meant to find
    designer = flat("\n".join(pages_text(pdf_of("designer"))))
    kinds = {pattern.what for pattern, _ in player_only.found_in(designer, patterns)}
    assert {"a line naming the engine's view", "a shared position's name", "a setting's name in the engine",
            "the example format", "the test's language", "the glossary's list of words to avoid", "the test's wording",
            "a game record's numbers", "a rule's ID"} <= kinds, kinds


def test_the_player_s_html_has_no_designer_words():
    html_dir = ROOT / "_build" / "player" / "html"
    if not (html_dir / "index.html").exists():
        pytest.skip("The player's edition in HTML is not built here; `make html-player` builds it.")
    config.load(ROOT).activate()
    rulebook = config.current().rulebook
    stale = {page.relative_to(rulebook).with_suffix(".html").as_posix() for page in rulebook.rglob("*.md")
             if page_edition(page) == "designer"}  # not in the edition: an earlier build may have left them
    found = designer_words_a_reader_meets(html_dir, player_only.book_patterns(), stale)
    assert not found, f"{len(found)} designer's words a player can see, e.g. {found[:8]}"


# pdftotext -bbox gives each word's box; a box is the font's ascent plus descent high, 1.164 times
# the font size for DejaVu Sans (the diagrams' font) and more for the text fonts.
WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>')
PAGE = re.compile(r"<page ")


def test_no_text_is_printed_smaller_than_7_5_pt(edition):
    path = pdf_of(edition)
    out = subprocess.run(["pdftotext", "-bbox", str(path), "-"], capture_output=True, text=True, check=True).stdout
    small = []
    for number, page in enumerate(PAGE.split(out)[1:], start=1):
        for _, y0, _, y1, word in WORD.findall(page):
            size = (float(y1) - float(y0)) / 1.164
            if size < MIN_PT - 0.05:
                small.append((number, word, round(size, 1)))
    assert not small, f"{len(small)} words under {MIN_PT} pt, e.g. {small[:8]}"


def test_each_page_prints_its_number_once_at_its_foot(edition):
    """The theme printed each page's number twice, in a box at the top left and at the foot (issue
    42): the number is printed once, at the foot, on every page between the covers (the last page is
    the back cover: the theme's copyright line alone)."""
    path = pdf_of(edition)
    out = subprocess.run(["pdftotext", "-bbox", str(path), "-"], capture_output=True, text=True, check=True).stdout
    pages = PAGE.split(out)[1:]
    twice, missing = [], []
    for number, page in enumerate(pages, start=1):
        height = float(re.search(r'height="([\d.]+)"', page).group(1)) if 'height="' in page else 842.0
        said = [float(y0) for _, y0, _, _, word in WORD.findall(page) if word == str(number)]
        if 1 < number < len(pages) and not any(y0 > 0.9 * height for y0 in said):
            missing.append(number)
        if any(y0 < 0.1 * height for y0 in said):
            twice.append(number)
    assert len(pages) > 100, len(pages)
    assert not twice, f"{len(twice)} pages print their number at the top as well as at the foot: {twice[:10]}"
    assert not missing, f"{len(missing)} pages without their number at the foot: {missing[:10]}"


def test_few_pages_are_more_than_half_empty(edition, tmp_path):
    """At most 5% of the pages have their lower half empty (issue 42), every such page counted,
    whatever left it so: a chapter's last page (the next chapter starts on a new page), a page
    before an example whose figure (held under its title, and already as small as its words allow)
    is taller than the space left, or anything else. The message says which page and why."""
    if not shutil.which("pdftoppm"):
        pytest.skip("pdftoppm (poppler-utils) is not installed; .ci/run installs it")
    path = pdf_of(edition)
    # 20 dpi: at 10 a page of body text (light grey at that size) read as blank, and a page holding
    # a heading and two paragraphs counted as empty from its top.
    subprocess.run(["pdftoppm", "-gray", "-r", "20", str(path), str(tmp_path / "p")], check=True)
    figures = _examples_with_figures_starting_pages(path)
    chapters = {page for name, (page, y) in destinations(path).items() if name.startswith("document-") and y > 740}
    half_empty = {}
    images = sorted(tmp_path.glob("p-*.pgm"))
    for number, image in enumerate(images[2:], start=3):  # the cover and the contents are meant to be airy
        width, height, rows = _pgm(image)
        top, bottom = int(height * 0.06), int(height * 0.94)  # between the running head and foot (1.5 cm)
        inked = [y for y in range(top, bottom) if min(rows[y]) < 200]
        if not inked or inked[-1] < top + (bottom - top) / 2:
            left = (bottom - (inked[-1] if inked else top)) / height * 842  # points left empty (A4)
            half_empty[number] = ("ends a chapter" if number + 1 in chapters else
                                  "before a figure taller than the space left" if figures.get(number + 1, 0) > left
                                  else "other")
    assert len(half_empty) <= 0.05 * len(images), (f"{len(half_empty)} of {len(images)} pages have their lower half "
                                                   f"empty: {half_empty}")


LEAD_IN = re.compile(r'<section id="([^"]+)">\s*<h[2-6]>(?:(?!</h).)*</h[2-6]>\s*<p class="rw-lead-in">'
                     r'(?:(?!</p>).)*</p>\s*<div class="rw-example[^"]*" id="(example-[^"]+)"', re.S)


def test_a_heading_and_its_short_lead_in_stay_with_the_example_they_lead_into(edition):
    """A section whose heading and short lead-in (two lines at most) lead straight into an example
    starts on the page the example starts on: a tall figure that does not fit under them takes them
    along to its page, rather than leaving them at the foot of the page before (the review of issue
    42, p. 256)."""
    path = pdf_of(edition)
    places = destinations(path)
    page = (path.parent / "index.html").read_text(encoding="utf-8")
    pairs = [(section, example) for section, example in LEAD_IN.findall(page)
             if section in places and example in places]
    assert pairs, "no short lead-in into an example found: the test no longer reads the book's HTML"
    apart = [f"{section} (p. {places[section][0]}) and {example} (p. {places[example][0]})"
             for section, example in pairs if places[section][0] != places[example][0]]
    assert not apart, f"{len(apart)} lead-ins are left on the page before their example: {apart}"


def _printed(edition: str) -> list[Path]:
    """The edition's screen PDF and, for the player's, `make print`'s interior when it is built."""
    found = [pdf_of(edition)]
    if edition == "player":
        found += sorted((ROOT / "_build" / "print").glob("*-interior.pdf"))
    return found


OWN_PAGE = re.compile(r"\bp\.\s(\d+)\b")


def test_a_reference_to_a_place_on_its_own_page_does_not_print_that_page(edition):
    """A cross-reference to a place on the page it is printed on says "above" or "below", as a
    publisher prints it, not its own page number ("rule 2.2.4a, p. 85" on p. 85: 61 of them in the
    print interior before, 312 in the designer's edition): rulewright/sphinx/same_page.py."""
    for path in _printed(edition):
        pages = [flat(text) for text in pages_text(path)]
        own = [f"p. {number}: ...{text[max(0, m.start() - 50):m.end()]}" for number, text in enumerate(pages, start=1)
               for m in OWN_PAGE.finditer(text) if int(m.group(1)) == number]
        assert not own, f"{path.name}: {len(own)} references print the page they are on: {own[:5]}"
        said = sum(text.count(", above") + text.count(", below") + text.count("(above)") + text.count("(below)")
                   for text in pages)
        assert said > 10, f"{path.name}: only {said} references say above or below: the test no longer reads them"


def _examples_with_figures_starting_pages(path: Path) -> dict[int, float]:
    """{page: height in points} of each example with a figure that starts at the top of a page."""
    places = destinations(path)
    found = {}
    for name, (page, y) in places.items():
        example = name[len("figure-"):] if name.startswith("figure-") else None
        if example is None or f"example-{example}" not in places or places[f"example-{example}"][1] < 740:
            continue
        end_page, end_y = places.get(f"end-of-example-{example}", (page, 0.0))
        found[places[f"example-{example}"][0]] = places[f"example-{example}"][1] - (end_y if end_page == page else 60)
    return found


def _pgm(path: Path):
    data = path.read_bytes()
    parts = data.split(maxsplit=4)
    width, height = int(parts[1]), int(parts[2])
    pixels = parts[4][-width * height:]
    return width, height, [pixels[y * width:(y + 1) * width] for y in range(height)]


# ------------------------------------------------------------------ figures

DEST = re.compile(r'^\s*(\d+) \[ XYZ\s+\S+\s+(\S+).*?\] "(.*)"$', re.M)


@lru_cache(maxsize=None)
def destinations(path: Path) -> dict[str, tuple[int, float]]:
    """Every named place in the PDF (WeasyPrint names each element with an ID): its page and height."""
    out = subprocess.run(["pdfinfo", "-dests", str(path)], capture_output=True, text=True, check=True).stdout
    return {name: (int(page), float(y)) for page, y, name in DEST.findall(out)}


def test_each_diagram_is_a_captioned_figure_on_its_example_s_page(edition):
    """An example's figure starts on the page of its title (it comes straight under it), is
    captioned with its example's number, and few examples go over a page break."""
    path = pdf_of(edition)
    places = destinations(path)
    examples = [name[len("end-of-example-"):] for name in places if name.startswith("end-of-example-")]
    figures = [name[len("figure-"):] for name in places if name.startswith("figure-")]
    assert len(examples) >= 100 and len(figures) >= 50, (len(examples), len(figures))
    later = [e for e in figures if places[f"figure-{e}"][0] != places[f"example-{e}"][0]]
    assert not later, f"{len(later)} figures start on a later page than their example's title: {later[:8]}"
    # An example with a figure may go over a page break after its figure (between its parts, so
    # pages fill); one without is kept whole, unless it is long (examples.mark_long) or taller
    # than a page.
    split = [e for e in examples if places[f"end-of-example-{e}"][0] != places[f"example-{e}"][0]
             and e not in figures]
    assert len(split) < 0.05 * len(examples), f"{len(split)} of {len(examples)} examples without a figure split: {split}"
    # (an example showing both positions has a second figure, after its moves: "after-figure-...")
    figures += [name for name in places if name.startswith("after-figure-")]
    pages = [flat(text) for text in pages_text(path)]
    captions = [(n, number) for n, text in enumerate(pages) for number in re.findall(r"Figure ([A-Z]+-\d+)[ab]?:", text)]
    assert len(captions) == len(figures), (len(captions), len(figures))
    orphans = [number for n, number in captions
               if f"Example {number} " not in pages[n] and f"Example {number} " not in pages[n - 1]]
    assert not orphans, f"figures captioned away from their example: {orphans[:8]}"


def test_the_pdf_is_tagged_with_figures_alternative_text_and_an_outline(edition):
    path = pdf_of(edition)
    info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True).stdout
    assert re.search(r"^Tagged:\s+yes", info, re.M), info
    structure = subprocess.run(["pdfinfo", "-struct", str(path)], capture_output=True, text=True, check=True).stdout
    figures = len(re.findall(r"^\s*Figure:?\s*$", structure, re.M))
    alternatives = _alternative_texts(path)
    assert figures >= 50, structure[:2000]
    assert len(alternatives) >= figures, f"{figures} figures, {len(alternatives)} with alternative text"
    assert all(alt.strip() for alt in alternatives)
    outline = subprocess.run(["pdftohtml", "-xml", "-i", "-stdout", "-q", "-f", "1", "-l", "1", str(path)],
                             capture_output=True, text=True, check=True).stdout
    entries = re.findall(r"<item[^>]*>(.*?)</item>", outline)
    assert sum(entry.startswith("Example ") for entry in entries) >= 100, entries[:20]
    assert sum(entry.startswith("Rule ") for entry in entries) >= 100, entries[:20]


def test_the_screen_pdf_identifies_itself_as_pdf_ua_with_xmp_metadata(edition):
    """What an auditor's tools (veraPDF, PAC) look for first: PDF/UA-1 in the XMP, the title shown
    as the window's title, the language, the document marked as tagged."""
    pikepdf = pytest.importorskip("pikepdf", reason="pikepdf is Rulewright's print extra")
    with pikepdf.open(pdf_of(edition)) as pdf:
        meta = pdf.open_metadata()
        assert meta.get("pdfuaid:part") == "1"
        assert edition in meta.get("dc:title", "")
        assert bool(pdf.Root.ViewerPreferences.DisplayDocTitle) and bool(pdf.Root.MarkInfo.Marked)
        assert str(pdf.Root.Lang) == "en"


def _alternative_texts(path: Path) -> list[str]:
    """The /Alt strings of the PDF's structure elements (in compressed object streams)."""
    import zlib

    data, found = path.read_bytes(), []
    for start in re.finditer(rb"stream\r?\n", data):
        end = data.find(b"endstream", start.end())
        try:
            body = zlib.decompress(data[start.end():end])
        except zlib.error:
            continue
        found += [alt.decode("latin-1") for alt in re.findall(rb"/Alt\s*\(((?:[^()\\]|\\.)*)\)", body)]
    return found


def _html_figures(edition: str):
    html_dir = ROOT / "_build" / edition / "html"
    if not (html_dir / "index.html").exists():
        pytest.skip(f"The {edition}'s edition in HTML is not built here; `make html-{edition}` builds it.")
    for page in sorted(html_dir.rglob("*.html")):
        for figure in re.findall(r'<figure class="rw-figure.*?</figure>', page.read_text(encoding="utf-8"), re.S):
            yield page, figure


def test_every_html_figure_is_named_and_every_diagram_it_shows_is_legible(edition):
    """Each figure has a caption and alternative text (not only a link's "Open full size"), and each
    SVG it shows has a <title> first, a <desc>, contrast enough and no overlapping labels."""
    found, seen, unnamed = [], set(), []
    for page, figure in _html_figures(edition):
        if "<figcaption" not in figure or not re.search(r"Figure [A-Z]+-\d+[ab]?:", figure):
            unnamed.append(f"{page.name}: a figure without its caption")
        for source, alt in re.findall(r'<img src="([^"]+\.svg)" alt="([^"]*)"', figure):
            if not alt.strip():
                unnamed.append(f"{page.name}: {source} without alternative text")
            svg = (page.parent / source).resolve()
            if svg in seen:
                continue
            seen.add(svg)
            text = svg.read_text(encoding="utf-8")
            found += legibility.problems(text, f"{page.name}: {alt[:50]!r}")
    assert len(seen) >= 50, len(seen)
    assert not unnamed, unnamed[:8]
    assert not found, f"{len(found)} problems, e.g. {found[:8]}"


# ------------------------------------------------------------------ diagram geometry


def _width(text: str, size: float) -> float:
    return legibility.text_width(text, size)


def _diagrams():
    config.load(ROOT).activate()
    for decl in scanner.scan().examples:
        scenario = decl.parse()
        if scenario.diagram:
            yield scenario


NODE = re.compile(r'<g id="(node\d+)" class="node">(.*?)</g>', re.S)
TEXT = re.compile(r'<text[^>]*?text-anchor="(\w+)"[^>]*?x="([-\d.]+)"[^>]*?y="([-\d.]+)"[^>]*?'
                  r'font-size="([\d.]+)"[^>]*>([^<]*)</text>')
POINTS = re.compile(r'points="([^"]+)"')
ELLIPSE = re.compile(r'<ellipse[^>]*cx="([-\d.]+)"[^>]*cy="([-\d.]+)"[^>]*rx="([\d.]+)"[^>]*ry="([\d.]+)"')


def _boxes(body: str) -> list[tuple[float, float, float, float]]:
    """The boxes drawn in a node (its shape, or the cells of a table label): left, right, top, bottom."""
    boxes = []
    for points in POINTS.findall(body):
        xy = [tuple(map(float, p.split(","))) for p in points.split()]
        xs, ys = [p[0] for p in xy], [p[1] for p in xy]
        boxes.append((min(xs), max(xs), min(ys), max(ys)))
    for cx, cy, rx, ry in ELLIPSE.findall(body):
        cx, cy, rx, ry = map(float, (cx, cy, rx, ry))
        boxes.append((cx - rx, cx + rx, cy - ry, cy + ry))
    return boxes


def test_every_label_lies_inside_its_box_with_the_printed_font():
    """Each label drawn inside a box (a node's shape or a table cell) fits in it, measured with
    the printed font's own widths; labels drawn with no box around them are not boxed in."""
    if not legibility.font_available():
        pytest.skip(f"The font {FONT} is not installed (fonts-dejavu-core); the printed book needs it")
    scenarios = list(_diagrams())
    assert scenarios
    outside = []
    for scenario in scenarios:
        result = evaluate(scenario)
        for when in (["before", "after"] if scenario.diagram == "both" else [scenario.diagram]):
            svg = subprocess.run([dot_program(), "-Tsvg"], input=draw(result.run, when, scenario.diagram_options),
                                 capture_output=True, text=True, check=True).stdout
            for _, body in NODE.findall(svg):
                boxes = _boxes(body)
                for anchor, x, y, size, text in TEXT.findall(body):
                    width = _width(html.unescape(text), float(size))
                    start = float(x) - {"start": 0, "middle": width / 2, "end": width}[anchor]
                    middle, height = start + width / 2, float(y) - float(size) * 0.35
                    around = [b for b in boxes if b[0] <= middle <= b[1] and b[2] <= height <= b[3]]
                    if not around:
                        continue
                    left, right, _, _ = min(around, key=lambda b: (b[1] - b[0]) * (b[3] - b[2]))
                    if start < left - 0.5 or start + width > right + 0.5:
                        outside.append(f"{scenario.game_name}: {html.unescape(text)!r}")
    counts = collections.Counter(outside)
    assert not outside, f"{len(outside)} labels cross their box's border: {counts.most_common(12)}"


def test_the_cover_names_the_edition_and_its_day_and_no_tool(edition):
    """The cover says which edition it is and of which day (the last commit's); the back cover does
    not advertise Sphinx."""
    pages = pages_text(pdf_of(edition))
    cover = flat(pages[0])
    assert f"The {edition}'s edition" in cover
    assert re.search(r"\b\d{1,2} (January|February|March|April|May|June|July|August|September|October|November|"
                     r"December) \d{4}\b", cover), cover
    assert not any("Created using" in page for page in pages)


def test_the_print_interior_and_cover_are_what_a_printer_asks_for():
    """`make print`'s files (CI makes them after the book): PDF/X-4 with an output intent, every page
    with a TrimBox and a 3 mm BleedBox, the page count a multiple of the signature, and the cover's
    spine as wide as the interior's leaves are thick."""
    pikepdf = pytest.importorskip("pikepdf", reason="pikepdf is Rulewright's print extra")
    from rulewright.press import settings as print_settings

    found = sorted((ROOT / "_build" / "print").glob("*-interior.pdf"))
    if not found:
        pytest.skip("The print files are not built here; `make print` builds them (CI does, before the tests).")
    chosen = print_settings.load(ROOT / "pyproject.toml")
    mm = 72 / 25.4
    with pikepdf.open(found[0]) as interior:
        pages = len(interior.pages)
        assert pages % chosen.signature == 0 and pages > 100
        assert interior.open_metadata().get("pdfxid:GTS_PDFXVersion") == "PDF/X-4"
        assert interior.Root.OutputIntents[0].S == pikepdf.Name.GTS_PDFX
        for page in interior.pages:
            trim = [float(v) for v in page.obj.TrimBox]
            bleed = [float(v) for v in page.obj.BleedBox]
            assert trim[2] - trim[0] == pytest.approx(chosen.trim[0] * mm, abs=0.05)
            assert bleed[0] == pytest.approx(trim[0] - chosen.bleed * mm, abs=0.05)
    cover = found[0].with_name(found[0].name.replace("-interior", "-cover"))
    with pikepdf.open(cover) as sheet:
        trim = [float(v) for v in sheet.pages[0].obj.TrimBox]
        spine = (trim[2] - trim[0]) / mm - 2 * chosen.trim[0]
        assert spine == pytest.approx(pages / 2 * chosen.caliper, abs=0.05)
