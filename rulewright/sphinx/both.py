"""Both editions, HTML and PDF, from one warm process: ``python -m rulewright.sphinx.both BUILD
SOURCE -- SPHINX-OPTIONS`` (what ``make rulebook`` runs when something changed).

The six builds and their order are those the Makefile's ``read-*``, ``html-*`` and ``pdf-*``
targets run, on two cores: both editions' pages read side by side (their examples played), then
the designer's PDF, the longest, beside the player's PDF and both editions' HTML one after another.
Each build is still a process of its own, with its own Sphinx (so each behaves exactly as a
``sphinx-build`` would), but a fork of this one, which has imported Sphinx, MyST, Rulewright and
WeasyPrint once: six Python start-ups and imports become one (``rulewright.sphinx.warm``). No
game's code is imported here, so every build imports the games afresh.
"""
from __future__ import annotations

import glob
import os
import sys

from rulewright.sphinx import warm
from rulewright.sphinx.editions import LIST_SAID_BY, PICTURES_SAID_BY, REPORTED_BY

EDITIONS = ("player", "designer")
OUT = {"dummy": "read", "html": "html", "simplepdf": "pdf"}


def command(build: str, source: str, options: list[str], edition: str, builder: str) -> list[str]:
    return ["-t", edition, "-d", f"{build}/{edition}/doctrees", "-b", builder, source,
            f"{build}/{edition}/{OUT[builder]}", *options]


def said(build: str, edition: str, builder: str) -> None:
    if builder == "html":
        print(f"HTML, {edition} edition: {build}/{edition}/html/index.html", flush=True)
    elif builder == "simplepdf":
        print(f"PDF, {edition} edition: {' '.join(sorted(glob.glob(f'{build}/{edition}/pdf/*.pdf')))}", flush=True)


def run(build: str, source: str, options: list[str]) -> int:
    # The two readings run side by side: the designer's says the book's problems, the player's only
    # its own (``editions.reported_elsewhere``), so a failing example is said once.
    os.environ[REPORTED_BY] = "designer"
    os.environ[PICTURES_SAID_BY] = "html"  # the designer's HTML says a picture that cannot be drawn; its PDF does not again
    os.environ[LIST_SAID_BY] = "dummy"  # the reading lists the pending examples; the writing of its HTML and PDF does not again
    def start(edition, builder):
        return warm.started(command(build, source, options, edition, builder))

    reading = [start(edition, "dummy") for edition in EDITIONS]
    if any([warm.finished(pid) for pid in reading]):
        return 1
    designer_pdf = start("designer", "simplepdf")
    others = 0
    for edition, builder in (("player", "simplepdf"), ("player", "html"), ("designer", "html")):
        others = warm.finished(start(edition, builder))
        if others:
            break
        said(build, edition, builder)
    pdf = warm.finished(designer_pdf)
    if not pdf:
        said(build, "designer", "simplepdf")
    return others or pdf


def main(argv: list[str]) -> int:
    build, source, dashes, *options = argv
    assert dashes == "--", "usage: python -m rulewright.sphinx.both BUILD SOURCE -- SPHINX-OPTIONS"
    warm.warm_up((*warm.WARM, "sphinx.builders.singlehtml", "sphinx_simplepdf.builders.simplepdf", "weasyprint"))
    warm.read_ahead(source)
    return run(build, source, options)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
