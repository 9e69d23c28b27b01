"""Where a reader of the player's edition in HTML could meet a rule ID or an example ID: the text
of the pages, the attributes a browser shows (a link's hover title, an image's alt text), the
page sources Sphinx can ship beside the pages (``_sources``), the search index and the inventory
of link targets (``objects.inv``). An ID in an anchor (``id="rule-mb-expand-city-limit"``) or in
a link's address is not shown to the reader and is allowed.
"""
from __future__ import annotations

import re
import zlib
from html import unescape
from html.parser import HTMLParser
from pathlib import Path

SHOWN_ATTRIBUTES = ("title", "alt", "aria-label", "placeholder", "value")


def reader_text(html: str) -> str:
    """A built page's words as a reader sees them: no scripts, styles or tags, entities read, the
    spaces between words one each."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def id_pattern(ids) -> re.Pattern:
    """Any of ``ids`` as a whole word (not part of a longer name such as an anchor)."""
    alternatives = "|".join(sorted(map(re.escape, ids), key=len, reverse=True))
    return re.compile(rf"(?<![\w.-])({alternatives})(?![\w-]|\.\w)")


class _Finder:
    """``findall`` over the player-only patterns (rulewright/checks/player_words.py), for ``_Page``."""

    def __init__(self, patterns):
        self.patterns = patterns

    def findall(self, text: str) -> list[str]:
        from rulewright.checks.player_words import found_in

        return [f"{words!r} ({pattern.what})" for pattern, words in found_in(text, self.patterns)]


def designer_words_a_reader_meets(html_dir: Path, patterns, left_out=()) -> list[str]:
    """Each place in the built HTML's pages where a reader meets a designer's word, as
    "file: where: words (what they are)". ``left_out``: pages (``folder/name.html``) the edition
    does not have, left in the folder by an earlier build."""
    found = []
    for page in sorted(html_dir.rglob("*.html")):
        if page.relative_to(html_dir).as_posix() in left_out:
            continue
        parser = _Page(_Finder(patterns))
        parser.feed(page.read_text(encoding="utf-8"))
        found += [f"{page.relative_to(html_dir)}: {where}" for where in parser.found]
    return found


class _Page(HTMLParser):
    """The ids a reader meets on one page: in its text (not in scripts or styles) and in the
    attributes a browser shows."""

    def __init__(self, pattern: re.Pattern):
        super().__init__(convert_charrefs=True)
        self.pattern, self.hidden, self.found = pattern, 0, []

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self.hidden += 1
        for name, value in attrs:
            if name in SHOWN_ATTRIBUTES and value:
                self.found += [f"<{tag} {name}=...>: {found}" for found in self.pattern.findall(value)]

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self.hidden = max(0, self.hidden - 1)

    def handle_data(self, data):
        if not self.hidden:
            self.found += [f"text: {found}" for found in self.pattern.findall(data)]


def ids_a_reader_meets(html_dir: Path, ids) -> list[str]:
    """Each place in the built HTML where a reader meets one of ``ids``, as "file: where: id"."""
    pattern = id_pattern(ids)
    found = []
    for page in sorted(html_dir.rglob("*.html")):
        parser = _Page(pattern)
        parser.feed(page.read_text(encoding="utf-8"))
        found += [f"{page.relative_to(html_dir)}: {where}" for where in parser.found]
    sources = html_dir / "_sources"
    if sources.exists():
        found += [f"{path.relative_to(html_dir)}: the page's source is shipped"
                  for path in sorted(sources.rglob("*")) if path.is_file()]
    search = html_dir / "searchindex.js"
    if search.exists():
        found += [f"searchindex.js: {hit}" for hit in sorted(set(pattern.findall(search.read_text(encoding="utf-8"))))]
    inventory = html_dir / "objects.inv"
    if inventory.exists():
        body = inventory.read_bytes().split(b"zlib.\n", 1)[-1]
        text = zlib.decompress(body).decode("utf-8", "replace")
        # A rule's or example's ID is its name in the inventory, the key another book's
        # {ruleref}`base:ID` finds it by (no reader sees it); the words and address it leads to are read.
        lines = [line.split(" ", 2)[2] if line.split(" ", 2)[1:2] in (["rulewright:rule"], ["rulewright:example"])
                 else line for line in text.splitlines()]
        found += [f"objects.inv: {hit}" for hit in sorted(set(pattern.findall("\n".join(lines))))]
    return found


def played_player_examples(root: Path) -> list:
    """(page relative to the rulebook, example ID, its result) for each example of the project at
    ``root`` that the player's edition prints, played; one that cannot be read is left to the book's
    own tests."""
    from rulewright.book import config
    from rulewright.book import scanner
    from rulewright.problems import ExampleProblem
    from rulewright.sphinx.editions import page_edition
    from rulewright.store.cache import evaluate

    config.load(root).activate()
    rulebook = config.current().rulebook
    out = []
    for decl in scanner.scan().examples:
        page = Path(decl.where.path)
        if page_edition(page) == "designer":
            continue
        try:
            out.append((page.relative_to(rulebook), decl.id, evaluate(decl.parse())))
        except ExampleProblem:
            continue
    return out
