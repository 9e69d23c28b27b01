"""Sphinx configuration for this repository's rulebook, whose sources are in rulebook/.

`make rulebook` builds two editions from these sources: `sphinx-build -t player` (the player's
edition) and `-t designer` (the designer's edition, also what a build without a tag gives). Pages
for designers only say so in their front matter (`edition: designer`). Rulewright's own
settings (where the book is, its games, strict mode) are in pyproject.toml under [tool.rulewright];
the extension reads them from there, finds the games and picks the Graphviz `dot` to draw with.
"""
EDITION = "player" if tags.has("player") else "designer"  # noqa: F821 (Sphinx provides `tags`)
# The book names its games on its cover and title page (issue 19: a cover that names no game is
# not a rulebook's); the running foot says only which edition a page is from.
project = "The Rules of Muck & Brass, 1870, Bus, powerUp and Hush"
TITLE = f"{project}: the {EDITION}'s edition"

author = "The Rulewright team"
copyright = "2026, the Rulewright team"
release = version = "0.1"
root_doc = "index"

extensions = ["myst_parser", "rulewright.sphinx", "sphinx_simplepdf"]
myst_enable_extensions = ["colon_fence", "deflist"]
source_suffix = {".md": "markdown"}

html_theme = "alabaster"
html_title = TITLE
html_theme_options = {"page_width": "1100px", "sidebar_width": "260px"}

# PDF (sphinx-simplepdf renders the single-page HTML with WeasyPrint through its Python API).
simplepdf_file_name = f"rulebook-{EDITION}s-edition.pdf"
simplepdf_use_weasyprint_api = True
simplepdf_vars = {
    "primary": "#1f4e79",
    "secondary": "#0072B2",
    "cover": "#ffffff",
    "cover-bg": "#1f4e79",
    "cover-overlay": "rgba(31, 78, 121, 0.0)",
    "white": "#ffffff",
    "links": "#0072B2",
    "top-left-content": "counter(page)",
    "bottom-center-content": f'"The {EDITION}\'s edition"',  # (the running head names the chapter)
    "bottom-right-content": "counter(page)",
}
