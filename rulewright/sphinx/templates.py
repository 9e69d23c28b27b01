"""The HTML theme's templates compiled once, not by every build.

Each Sphinx process compiles the theme's Jinja templates again before it writes a page: about half
of a small book's rebuild in the live preview, and part of every HTML and PDF build. At
``builder-inited`` the builder's template environment is given Jinja's own bytecode cache, in the
project's store (``_build/rulewright-cache/templates``). Jinja keys each compiled template by its
name and checks it against the template's source, so an edited template is compiled again; the
pages written are the same.
"""
from __future__ import annotations

from jinja2 import FileSystemBytecodeCache

from rulewright.store import cache


def keep_compiled(app) -> None:
    """``builder-inited``: the builder's templates compiled into the store (none when it is off)."""
    environment = getattr(getattr(app.builder, "templates", None), "environment", None)
    store = cache.folder()
    if environment is None or store is None or environment.bytecode_cache is not None:
        return

    folder = store / "templates"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return  # a read-only project: compiled each time, as before
    environment.bytecode_cache = FileSystemBytecodeCache(str(folder))
