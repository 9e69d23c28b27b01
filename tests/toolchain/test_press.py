"""The print files (``rulewright print``, ``make print``), measured with pikepdf and poppler as a
printer's preflight would: a small one-page HTML book is laid out as the interior and its cover.

- the interior is PDF/X-4 (its XMP says so), with an output intent holding a printer's profile;
- every page has its TrimBox at the trim, its BleedBox 3 mm beyond, its MediaBox room for marks;
- no colour is left device-dependent RGB;
- the page count is padded with blank pages to the signature; chapters open on right-hand pages;
- each page's number is printed once, on its outer side;
- the cover is back, spine and front, the spine as wide as the leaves are thick;
- a mistake in ``[tool.rulewright.print]`` names its line and the fix.
"""
from __future__ import annotations

import io
import shutil
import subprocess
import textwrap
from decimal import Decimal
from pathlib import Path

import pytest
from PIL import Image  # WeasyPrint's own dependency

from rulewright.press import colour, cover, interior, settings
from rulewright.problems import ExampleProblem

pikepdf = pytest.importorskip("pikepdf", reason="pikepdf is Rulewright's print extra: pip install 'rulewright[print]'")

MM = Decimal(72) / Decimal("25.4")
CHAPTERS = ("Setting up", "Playing a turn", "Ending the game")


def book_html(folder: Path) -> Path:
    """A one-page book as sphinx-simplepdf writes one: a cover, chapters as h2 that break pages,
    the page number printed twice (top left and bottom right) as its theme prints it."""
    chapters = "".join(f"<h2>{title}</h2>" + "<p>Words of the rules.</p>" * 3 for title in CHAPTERS)
    path = folder / "index.html"
    path.write_text(textwrap.dedent(f"""\
        <!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>A small book</title>
        <style>
          html body h2 {{ page-break-before: always; string-set: heading content(); }}
          p {{ color: #1f4e79; }}
          @page {{ @top-left {{ content: counter(page); background: #1f4e79; color: #fff; }}
                   @top-right {{ content: string(heading); }}
                   @bottom-right {{ content: counter(page); }}
                   @bottom-center {{ content: "A small book"; border-top: 2px solid rgb(150, 26, 26); }} }}
          @page :first {{ background: #1f4e79; margin: 0; }}
        </style></head>
        <body><article id="cover"><h1>The cover</h1></article>{chapters}
        <svg width="200" height="60"><rect width="180" height="50" fill="rgb(200, 30, 30)"/></svg>
        </body></html>"""), encoding="utf-8")
    return path


def output_profile() -> Path:
    try:
        return colour.output_profile(None, None)
    except ExampleProblem:
        pytest.skip("No CMYK output profile here: Ghostscript's is the default (.ci/run installs ghostscript)")


SETTINGS = settings.PrintSettings(trim=settings.SIZES["A5"], signature=8, caliper=0.5)


@pytest.fixture(scope="module")
def printed(tmp_path_factory):
    folder = tmp_path_factory.mktemp("book")
    profile = output_profile()
    made = interior.write(book_html(folder), folder / "out" / "book-interior.pdf", SETTINGS, profile,
                          title="A small book", authors=("Ann Designer", "Bo Player"))
    sheet = cover.write(folder / "out" / "book-cover.pdf", cover.Words(title="A small book", edition="The player's edition"),
                        SETTINGS, made.pages, profile)
    return made, sheet


def box(page, name):
    return [Decimal(str(v)) for v in page.obj[name]]


def close(a, b, tolerance=Decimal("0.01")):
    return all(abs(x - y) <= tolerance for x, y in zip(a, b))


def test_the_interior_is_pdf_x_4_with_the_printer_s_output_intent(printed):
    made, _ = printed
    with pikepdf.open(made.path) as pdf:
        meta = pdf.open_metadata()
        assert meta.get("pdfxid:GTS_PDFXVersion") == "PDF/X-4"
        assert meta.get("dc:title") == "A small book"
        assert meta.get("dc:creator") == ["Ann Designer", "Bo Player"]
        [intent] = pdf.Root.OutputIntents
        assert intent.S == pikepdf.Name.GTS_PDFX
        profile = intent.DestOutputProfile
        data = profile.read_bytes()
        assert data[12:20] == b"prtrCMYK" and int(profile.N) == 4
        assert str(intent.Info) == colour.description(output_profile().read_bytes())


def test_every_page_has_its_trim_its_3_mm_bleed_and_room_for_crop_marks(printed):
    made, _ = printed
    width, height = (Decimal(str(v)) * MM for v in SETTINGS.trim)
    bleed = 3 * MM
    with pikepdf.open(made.path) as pdf:
        for page in pdf.pages:
            trim = box(page, "/TrimBox")
            assert close([trim[2] - trim[0], trim[3] - trim[1]], [width, height])
            assert close(box(page, "/BleedBox"), [trim[0] - bleed, trim[1] - bleed, trim[2] + bleed, trim[3] + bleed])
            media = box(page, "/MediaBox")
            assert media[0] < trim[0] - bleed - 5 * MM and media[2] > trim[2] + bleed + 5 * MM


def test_no_colour_is_left_device_rgb(printed):
    made, _ = printed
    with pikepdf.open(made.path) as pdf:
        for page in pdf.pages:
            default = page.obj.Resources.ColorSpace.DefaultRGB
            assert default[0] == pikepdf.Name.ICCBased and int(default[1].N) == 3
        for obj in pdf.objects:
            if isinstance(obj, (pikepdf.Dictionary, pikepdf.Stream)):
                assert obj.get("/ColorSpace") != pikepdf.Name.DeviceRGB
                group = obj.get("/Group")
                assert group is None or group.get("/CS") != pikepdf.Name.DeviceRGB


def pdftotext(path: Path, page: int, left_half: bool | None = None, width_pt: float = 0, height_pt: float = 0) -> str:
    command = ["pdftotext", "-f", str(page), "-l", str(page)]
    if left_half is not None:
        half = int(width_pt / 2)
        command += ["-x", "0" if left_half else str(half), "-y", "0", "-W", str(half), "-H", str(int(height_pt))]
    return subprocess.run(command + [str(path), "-"], capture_output=True, text=True, check=True).stdout


def test_the_page_count_is_padded_to_the_signature_and_the_title_page_and_chapters_open_on_the_right(printed):
    made, _ = printed
    if not shutil.which("pdftotext"):
        pytest.skip("poppler-utils (pdftotext) is not installed; .ci/run installs it")
    with pikepdf.open(made.path) as pdf:
        count = len(pdf.pages)
    assert count == made.pages and count % SETTINGS.signature == 0 and made.padding > 0
    texts = [pdftotext(made.path, n) for n in range(1, count + 1)]
    openings = [next(n for n, text in enumerate(texts, start=1) if title in text) for title in CHAPTERS]
    assert all(n % 2 == 1 for n in openings), openings
    assert "The cover" in texts[0] and "The cover" not in "".join(texts[1:])  # the title page, on its own
    assert not texts[1].strip()  # its back left blank
    assert all(not text.strip() for text in texts[-made.padding:])


def red(r, g, b):
    return r > g + 60 and r > b + 60


def test_the_title_page_carries_no_running_head_folio_or_rule(printed):
    """The theme's head and foot (their words, the page number and the red rules under and over them)
    stay off the title page: only the title is printed there (and the crop marks, in black)."""
    made, _ = printed
    if not shutil.which("pdftoppm"):
        pytest.skip("poppler-utils (pdftoppm) is not installed; .ci/run installs it")
    assert pdftotext(made.path, 1).split() == ["The", "cover"]
    assert "A small book" in pdftotext(made.path, 3)  # the foot is printed elsewhere
    png = subprocess.run(["pdftoppm", "-r", "50", "-f", "1", "-l", "1", "-png", str(made.path)],
                         capture_output=True, check=True).stdout
    image = Image.open(io.BytesIO(png)).convert("RGB")
    reddish = [(x, y) for x in range(image.width) for y in range(image.height)
               if red(*image.getpixel((x, y)))]
    assert not reddish, f"{len(reddish)} red pixels of a head or foot rule on the title page, e.g. {reddish[:3]}"


def test_each_page_number_is_printed_once_on_the_outer_side(printed):
    made, _ = printed
    if not shutil.which("pdftotext"):
        pytest.skip("poppler-utils (pdftotext) is not installed; .ci/run installs it")
    with pikepdf.open(made.path) as pdf:
        media = box(pdf.pages[0], "/MediaBox")
    width, height = float(media[2] - media[0]), float(media[3] - media[1])
    numbered = 0
    for n in range(1, made.pages - made.padding + 1):
        words = pdftotext(made.path, n).split()
        if not any(title.split()[0] in words for title in CHAPTERS):
            continue  # a blank left page before a chapter: no number
        numbered += 1
        assert words.count(str(n)) == 1, (n, words)
        outer = pdftotext(made.path, n, left_half=(n % 2 == 0), width_pt=width, height_pt=height).split()
        assert str(n) in outer, (n, outer)
    assert numbered >= len(CHAPTERS)


def test_the_cover_s_spine_is_as_wide_as_the_leaves_are_thick(printed):
    made, sheet = printed
    spine = Decimal(made.pages // 2) * Decimal("0.5")
    assert sheet.spine == float(spine)
    width, height = (Decimal(str(v)) for v in SETTINGS.trim)
    with pikepdf.open(sheet.path) as pdf:
        [page] = pdf.pages
        trim = box(page, "/TrimBox")
        assert close([trim[2] - trim[0], trim[3] - trim[1]], [(2 * width + spine) * MM, height * MM])
        assert pdf.open_metadata().get("pdfxid:GTS_PDFXVersion") == "PDF/X-4"
        assert pdf.Root.OutputIntents[0].S == pikepdf.Name.GTS_PDFX
        assert close(box(page, "/BleedBox"), [trim[0] - 3 * MM, trim[1] - 3 * MM, trim[2] + 3 * MM, trim[3] + 3 * MM])


def test_a_thin_spine_carries_no_words_and_a_thick_one_the_title():
    thin = cover.cover_html(cover.Words(title="T"), SETTINGS, 3.0)
    thick = cover.cover_html(cover.Words(title="T"), SETTINGS, 17.0)
    assert "spine-text\">" not in thin and "spine-text\">T<" in thick


def test_the_spine_follows_the_page_count_and_the_paper():
    paper = settings.PrintSettings(caliper=0.1)
    assert paper.spine(334) == pytest.approx(16.7)
    assert paper.spine(335) == pytest.approx(16.8)
    assert paper.padded(334) == 336 and settings.PrintSettings(signature=16).padded(334) == 336
    assert settings.PrintSettings(signature=16).padded(337) == 352


def write_settings(tmp_path, text: str) -> Path:
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text("[project]\nname = 'x'\n\n[tool.rulewright]\nrulebook = 'rulebook'\n\n"
                         "[tool.rulewright.print]\n" + textwrap.dedent(text), encoding="utf-8")
    return pyproject


def test_the_print_settings_are_read_and_mistakes_named_at_their_line(tmp_path):
    chosen = settings.load(write_settings(tmp_path, 'trim = "6in 9in"\nsignature = 16\npaper-caliper-mm = 0.08\n'))
    assert chosen.trim == pytest.approx((152.4, 228.6)) and chosen.signature == 16 and chosen.caliper == 0.08
    for text, words in (('trim = "A17"\n', "'trim'"), ("signature = 0\n", "such as 4, 8 or 16"),
                        ("bleed = 3\n", "Did you mean 'bleed-mm'"), ('output-profile = "no.icc"\n', "is not there")):
        pyproject = write_settings(tmp_path, "inner-margin-mm = 20\n" + text)
        with pytest.raises(ExampleProblem) as said:
            settings.load(pyproject)
        assert said.value.where.line == 9 and words in str(said.value), str(said.value)


def test_a_profile_that_is_not_a_printer_s_is_refused_in_words(tmp_path):
    from rulewright.press.colour import srgb_profile

    screen = tmp_path / "screen.icc"
    screen.write_bytes(srgb_profile())
    with pytest.raises(ExampleProblem, match="is not a printer's CMYK or grey profile"):
        colour.output_profile(screen, None)
    text = tmp_path / "notes.icc"
    text.write_text("not a profile")
    with pytest.raises(ExampleProblem, match="is not an ICC profile"):
        colour.output_profile(text, None)


def test_print_without_a_laid_out_book_says_what_to_run(tmp_path, monkeypatch, capsys):
    from rulewright.cli import main

    (tmp_path / "rulebook").mkdir()
    write_settings(tmp_path, "")
    monkeypatch.chdir(tmp_path)
    from rulewright.book import config

    monkeypatch.setattr(config, "_current", None)  # this project while the test runs, the book's again after
    assert main(["print"]) == 1
    assert "make pdf-player" in capsys.readouterr().out


def test_a_print_setting_s_mistake_is_named_wherever_the_project_is_read(tmp_path):
    """`rulewright check` and the book's build read the project: they name the mistake before
    `make print` meets it."""
    from rulewright.book import config

    write_settings(tmp_path, 'trim = "A4"\npaper-caliper-mm = "thin"\n')
    with pytest.raises(ExampleProblem) as said:
        config.load(tmp_path)
    assert said.value.where.line == 9 and "one leaf's thickness" in str(said.value)


def test_the_cover_s_rights_are_the_front_matter_s_and_an_old_book_s_conf_py_still_says_them(tmp_path):
    """The rights line on the cover is ``rights`` in ``[tool.rulewright.front-matter]``, as the front
    matter prints it, not ``conf.py``'s ``copyright``; a book made before that setting, with only
    ``conf.py``'s, keeps its rights line."""
    from rulewright.book import config
    from rulewright.cli.press import _book

    (tmp_path / "conf.py").write_text('project = "Old Book"\ncopyright = "2019, Old Press"\n', encoding="utf-8")
    pyproject = write_settings(tmp_path, "")
    old = _book(config.load(tmp_path), "player")
    assert old["rights"].startswith("© 2019, Old Press")
    pyproject.write_text(pyproject.read_text(encoding="utf-8") + "\n[tool.rulewright.front-matter]\n"
                         'rights = "*Old Book* is © 2026 New Press."\n', encoding="utf-8")
    book = _book(config.load(tmp_path), "player")
    assert book["rights"] == "*Old Book* is © 2026 New Press."
    page = cover.cover_html(cover.Words(title="Old Book", rights=book["rights"]), SETTINGS, 3.0)
    assert "<em>Old Book</em> is © 2026 New Press." in page and "Old Press" not in page
