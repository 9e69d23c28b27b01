"""When the pages of a book last changed: the key of the scanner's caches, taken once for a whole
build while it reads the book (``hold_pages``)."""
from __future__ import annotations

import contextlib
import os
from pathlib import Path

# While a Sphinx build reads the book, the pages it reads are the book (it reads each once, and a
# page saved meanwhile is read by the next build): the stamp is taken once per book for the whole
# reading (``hold_pages``), not once for every example it plays.
_held: dict[str, tuple] | None = None


def hold_pages() -> None:
    global _held
    _held = {}


def release_pages() -> None:
    global _held
    _held = None


def pages_stamp(root: Path) -> tuple:
    """Each page under ``root`` with the time it was last changed: the key of the caches below,
    taken with ``os.walk`` (twice as quick as ``Path.rglob``; like it, it does not follow a linked
    folder)."""
    if _held is not None:
        if str(root) not in _held:
            _held[str(root)] = _stamp(root)
        return _held[str(root)]
    return _stamp(root)


def _stamp(root: Path) -> tuple:
    found = []
    for folder, _, files in os.walk(root):
        for name in files:
            if name.endswith(".md"):
                path = os.path.join(folder, name)
                with contextlib.suppress(OSError):  # a broken link: not a page
                    found.append((path, os.stat(path).st_mtime_ns))
    return tuple(sorted(found))
