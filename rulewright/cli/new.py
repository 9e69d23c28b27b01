"""``rulewright new FOLDER``: a new rulebook project with a small starter game to learn from, with
``--bare`` a blank game of one rule to fill in with one's own, or with ``--template`` a game on
the kits (``cards``: trick-taking; ``worker-placement``: action spaces and upkeep; ``board``: claiming
squares on a square board); at a terminal
it asks which (``rulewright.scaffold.TEMPLATES`` says what each is)."""
from __future__ import annotations

import os
import shlex
import sys
from pathlib import Path

from rulewright import scaffold
from rulewright.scaffold import TEMPLATES

NAME = "new"
HELP = "create a new rulebook project with a small starter game"


def add_arguments(parser) -> None:
    parser.add_argument("folder", help="a new or empty folder for the project")
    parser.add_argument("--title", help="the game's title, e.g. 'Dragon Race'")
    parser.add_argument("--game", help="the game's short name, as examples write it: 'game: dragon-race'")
    parser.add_argument("--bare", action="store_true",
                        help="start from a blank game (one rule, one example, the move 'pass') to make your own game "
                             "in, instead of the starter game (as --template bare)")
    parser.add_argument("--starter", action="store_true",
                        help="start from the starter game, a small game of heaps of counters to learn from and "
                             "replace (as --template starter; the default when nobody is asked)")

    parser.add_argument("--template", choices=(*TEMPLATES, *(alias for made in TEMPLATES.values() for alias in made.aliases)),
                        metavar="{" + ",".join(TEMPLATES) + "}",
                        help="the game the project starts from: "
                             + "; ".join(f"'{name}': {made.offer}" for name, made in TEMPLATES.items())
                             + " (the default: 'starter')")


def run(args) -> int:
    folder = Path(args.folder)
    default_title = folder.resolve().name.replace("-", " ").replace("_", " ").title()
    title, game = args.title, args.game
    named = {f"--{flag}": kind for flag, kind in (("bare", "bare"), ("starter", "starter")) if getattr(args, flag)}
    if args.template:
        named[f"--template {args.template}"] = scaffold.template_named(args.template)
    if len(set(named.values())) > 1:
        print(f"{' and '.join(named)} name different games to start from: give one.", file=sys.stderr)
        return 1
    template = next(iter(named.values()), None)
    if sys.stdin.isatty() and not os.environ.get("CI"):
        title = title or input(f"The game's title [{default_title}]: ").strip() or default_title
        suggested = scaffold.game_name_from(title)
        game = game or input(f"Its short name, as examples write 'game: ...' [{suggested}]: ").strip() or suggested
        template = template or _asks_for_template()
    template = template or "starter"
    title = title or default_title
    names = scaffold.Names(title=title, game=game or scaffold.game_name_from(title))
    try:
        scaffold.create(folder, names, template=template)
    except scaffold.ScaffoldError as error:
        print(error, file=sys.stderr)
        return 1
    kind = scaffold.TEMPLATES[template].kind
    print(f"Created the rulebook project for \"{names.title}\" (game: {names.game}, {kind}) in {folder}.\n"
          f"Next:\n  cd {shlex.quote(str(folder))}\n  make test       # plays every example\n"
          f"  make rulebook   # builds the player's and the designer's edition, HTML and PDF, in "
          f"{folder}/_build/\n"
          f"  make serve      # a live preview while you write\n"
          f"Then read rulebook/authoring.md. {scaffold.next_step(names, template)}")
    return 0


def _asks_for_template() -> str:
    """The game the designer, asked, starts from: one of ``rulewright.scaffold.TEMPLATES``, by its
    letter or its name (the starter when nothing is said)."""
    offered = sorted(TEMPLATES.values(), key=lambda made: made.name != "bare")
    by_answer = {answer: made.name for made in offered for answer in (made.letter, made.name, *made.aliases)}
    by_answer[""] = "starter"
    question = ", ".join(f"{made.offer} ({made.letter})" for made in offered[:-1])
    choices = ", ".join(f"{made.letter} ({made.kind})" for made in offered[:-1])
    while True:
        answer = input(f"Start from {question} or {offered[-1].offer} ({offered[-1].letter})? [s]: ").strip().lower()
        if answer in by_answer:
            return by_answer[answer]
        print(f"Answer {choices} or {offered[-1].letter} ({offered[-1].kind}).")
