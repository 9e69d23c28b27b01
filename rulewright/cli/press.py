"""``rulewright print``: the print files of the player's book, for a printer: ``make print``.

From the player's one-page HTML, as ``make pdf-player`` left it, it writes into ``_build/print``:

- ``<book>-interior.pdf``: PDF/X-4 with an output intent, bleed and crop marks, mirrored margins,
  the page count padded to the signature (``rulewright.press.interior``);
- ``<book>-cover.pdf``: back, spine and front on one sheet, the spine as wide as the interior is
  thick (``rulewright.press.cover``).

The printer's settings are in ``[tool.rulewright.print]`` (``rulewright.press.settings``).
"""
from __future__ import annotations

from pathlib import Path

from rulewright.book import config
from rulewright.problems import ExampleProblem, Where

NAME = "print"
HELP = "the print files of the player's book: a PDF/X-4 interior with bleed and crop marks, and its cover"


def add_arguments(parser) -> None:
    parser.add_argument("--edition", choices=("player", "designer"), default="player",
                        help="which edition to print (default: the player's)")
    parser.add_argument("--build", default="_build", help="the build folder `make rulebook` writes (default _build)")


def run(args) -> int:
    from rulewright.press import colour, cover, interior, settings  # noqa: PLC0415 - start-up: rulewright --help

    project = config.current()
    build = (project.root / args.build).resolve()
    index = build / args.edition / "pdf" / "index.html"
    if not index.is_file():
        print(f"The {args.edition}'s edition has not been laid out for print yet ({index} is not there): run "
              f"`make pdf-{args.edition}` first (`make print` does).")
        return 1
    try:
        import pikepdf  # noqa: F401, PLC0415 - optional extra [print]
    except ImportError:
        print("The print files need pikepdf: install Rulewright with its print extra, "
              "pip install 'rulewright[print]'.")
        return 1
    chosen = settings.load(project.pyproject)
    profile = colour.output_profile(chosen.profile, project.pyproject)
    book = _book(project, args.edition)
    out = build / "print"
    stem = Path(book["file"]).stem
    inside = interior.write(index, out / f"{stem}-interior.pdf", chosen, profile, title=book["title"],
                            authors=book["authors"])
    words = cover.Words(title=book["project"], edition=book["edition"], authors=book["authors"],
                        rights=book["rights"], background=book["background"], colour=book["colour"])
    sheet = cover.write(out / f"{stem}-cover.pdf", words, chosen, inside.pages, profile)
    width, height = chosen.trim
    print(f"Interior: {inside.path} ({inside.pages} pages of {width:g} x {height:g} mm, {inside.padding} blank "
          f"at the end for signatures of {chosen.signature}; PDF/X-4 for {colour.description(profile.read_bytes())})")
    print(f"Cover:    {sheet.path} ({sheet.width:.1f} x {sheet.height:g} mm trimmed, spine {sheet.spine:.1f} mm "
          f"for {inside.pages} pages at {chosen.caliper:g} mm a leaf)")
    return 0


def _book(settings, edition: str) -> dict:
    """The book's title, authors and cover colours from its ``conf.py``, as Sphinx reads it for the
    edition; its rights as the front matter says them (``rights`` in ``[tool.rulewright.front-matter]``,
    else ``conf.py``'s ``copyright``: ``Project.front_matter_part``)."""
    from sphinx import version_info as sphinx_version  # noqa: PLC0415 - start-up: rulewright --help
    from sphinx.config import eval_config_file  # noqa: PLC0415 - start-up: rulewright --help
    from sphinx.errors import ConfigError  # noqa: PLC0415 - start-up: rulewright --help
    from sphinx.util.tags import Tags  # noqa: PLC0415 - start-up: rulewright --help

    root = settings.root
    conf = root / "conf.py"
    namespace: dict = {}
    if conf.is_file():
        try:
            # conf.py's file as each Sphinx reads it: its name, as text, up to 8.1; a Path from 9.0 (8.2 takes both)
            namespace = eval_config_file(conf if sphinx_version >= (8, 2) else str(conf), Tags([edition]))
        except ConfigError as error:
            raise ExampleProblem(Where(str(conf), 1), f"conf.py could not be read: {error}") from None
    project = str(namespace.get("project") or root.name)
    author = namespace.get("author") or ""
    variables = namespace.get("simplepdf_vars") or {}
    return {
        "project": project,
        "title": str(namespace.get("html_title") or project),
        "authors": tuple(a.strip() for a in str(author).split(",") if a.strip()),
        "edition": f"The {edition}'s edition",
        "rights": settings.front_matter_part("rights", copyright=namespace.get("copyright") or ""),
        "background": str(variables.get("cover-bg", "#1f4e79")),
        "colour": str(variables.get("cover", "#ffffff")),
        "file": str(namespace.get("simplepdf_file_name") or f"{project}.pdf"),
    }
