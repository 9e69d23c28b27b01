"""Each font's subset for the PDF is made once and kept: ``with kept_subsets(): ...``.

WeasyPrint embeds in the PDF only the glyphs the book uses of each font (its subset), and makes
that subset anew for every PDF it writes. Without HarfBuzz's subsetter on the machine (the system
library ``libharfbuzz-subset``) it makes it with fontTools, in Python: 1.7 of the 4.9 seconds of the
designer's PDF of a 25-page book. After an edit of the prose the book nearly always uses the same
glyphs as before, so the subset is the same bytes: it is kept in the project's store under a hash
of everything that makes it (the font's own bytes and which face of the file, the glyphs, hinting,
whether a missing glyph is drawn, the subsetter, WeasyPrint's and fontTools' versions) and taken
from there when all of them are unchanged. A new glyph, another font, another version: a new key,
and the subset is made as WeasyPrint makes it.

This replaces WeasyPrint's ``Font.subset`` only while the block runs (version 70 calls it once per
font file from ``Font.clean``); if that method is gone, the block changes nothing.
"""
from __future__ import annotations

import contextlib
import hashlib

from rulewright.store import cache


@contextlib.contextmanager
def kept_subsets():
    """WeasyPrint's ``Font.subset`` through the store, for the length of the ``with`` block."""
    try:
        from weasyprint.pdf import fonts  # noqa: PLC0415 - start-up: every book build would load weasyprint
    except ImportError:
        yield
        return
    made = getattr(fonts.Font, "subset", None)
    if made is None:
        yield
        return

    def subset(font, to_unicode, hinting):
        if not to_unicode:
            return made(font, to_unicode, hinting)
        key = _key(fonts, font, to_unicode, hinting)

        def make() -> bytes:
            made(font, to_unicode, hinting)
            return font.file_content

        font.file_content = cache.kept("font-subset", key, make)

    fonts.Font.subset = subset
    try:
        yield
    finally:
        fonts.Font.subset = made


def _key(fonts, font, to_unicode, hinting) -> str:
    import fontTools  # noqa: PLC0415 - start-up: every book build would load fontTools
    import weasyprint  # noqa: PLC0415 - start-up: every book build would load weasyprint

    try:  # which subsetter WeasyPrint uses, as it decides in ``Font.subset``
        harfbuzz = fonts.harfbuzz_subset is not None and bool(fonts.harfbuzz.hb_version_atleast(4, 1, 0))
    except AttributeError:
        harfbuzz = None
    return "\0".join([
        hashlib.sha256(font.file_content).hexdigest(), str(font.index), ",".join(map(str, sorted(to_unicode))),
        str(bool(hinting)), str(bool(font.missing)), {True: "harfbuzz", False: "fonttools", None: "unknown"}[harfbuzz],
        weasyprint.__version__, fontTools.version])
