"""What assistive technology needs from the HTML Sphinx writes, where its own writer leaves it out.

Sphinx writes a toctree's caption ("Contents", a part's name) as ``<p class="caption"
role="heading">``, a heading without a level: WCAG's checks (axe-core's ``aria-required-attr``)
fail every page that shows one, in the page and in the sidebar. Here each gets ``aria-level="2"``:
it heads a list of the book's pages, one level under the page's title. The fix is a translator
mixin, put in front of whatever translator the builder uses (Sphinx's, a theme's, sphinx-simplepdf's).
"""
from __future__ import annotations

CAPTION_LEVEL = "2"


class CaptionLevel:
    """Gives each toctree caption the heading level Sphinx's writer leaves out."""

    def visit_title(self, node) -> None:
        before = len(self.body)
        super().visit_title(node)
        for i in range(before, len(self.body)):
            part = self.body[i]
            if 'role="heading"' in part and "aria-level" not in part:
                self.body[i] = part.replace('role="heading"', f'role="heading" aria-level="{CAPTION_LEVEL}"', 1)
                break


def with_caption_levels(translator: type) -> type:
    """``translator`` with ``CaptionLevel`` in front (itself when it has it already)."""
    if issubclass(translator, CaptionLevel):
        return translator
    return type(translator.__name__, (CaptionLevel, translator), {"__module__": __name__})


def install(app) -> None:
    """``builder-inited``: an HTML builder's translator gets the caption levels."""
    if app.builder.format != "html":
        return
    translator = app.registry.get_translator_class(app.builder) or app.builder.default_translator_class
    if translator is not None:
        app.set_translator(app.builder.name, with_caption_levels(translator), override=True)
