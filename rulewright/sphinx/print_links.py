"""No build-machine paths in the printed book: the PDF's links lead into the book or to the web.

WeasyPrint turns a link it cannot find in the one-page HTML (the contents heading's ``href="#"``,
a link to ``search.html`` or to a page's source) into a link to a file on the machine that built
the book (``file:///tmp/.../index.html``), which leads nowhere for a reader and tells them about
the build. Such a link keeps its words and loses its address.
"""
from __future__ import annotations

import re

LINK = re.compile(r'(<a\b[^>]*?)\s+href="([^"]*)"')
KEPT = re.compile(r"^(?:#.+|(?:https?|mailto):.+)$", re.I)


def local_only(html: str) -> str:
    """``html`` with each link that leads neither to an anchor in the book nor to the web unlinked."""
    body = html.find("<body")
    head, rest = (html[:body], html[body:]) if body >= 0 else ("", html)

    def keep_or_drop(match: re.Match) -> str:
        address = match.group(2)
        if KEPT.match(address):
            return match.group(0)
        return match.group(1)

    return head + LINK.sub(keep_or_drop, rest)
