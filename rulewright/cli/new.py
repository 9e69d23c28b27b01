"""``rulewright new FOLDER``: a new rulebook project with a small starter game."""
from __future__ import annotations

import os
import sys
from pathlib import Path

NAME = "new"
HELP = "create a new rulebook project with a small starter game"


def add_arguments(parser) -> None:
    parser.add_argument("folder", help="a new or empty folder for the project")
    parser.add_argument("--title", help="the game's title, e.g. 'Dragon Race'")
    parser.add_argument("--game", help="the game's short name, as examples write it: 'game: dragon-race'")


def run(args) -> int:
    from rulewright import scaffold

    folder = Path(args.folder)
    default_title = folder.resolve().name.replace("-", " ").replace("_", " ").title()
    title, game = args.title, args.game
    if sys.stdin.isatty() and not os.environ.get("CI"):
        title = title or input(f"The game's title [{default_title}]: ").strip() or default_title
        suggested = scaffold.game_name_from(title)
        game = game or input(f"Its short name, as examples write 'game: ...' [{suggested}]: ").strip() or suggested
    title = title or default_title
    names = scaffold.Names(title=title, game=game or scaffold.game_name_from(title))
    try:
        scaffold.create(folder, names)
    except scaffold.ScaffoldError as error:
        print(error, file=sys.stderr)
        return 1
    print(f"Created the rulebook project for {names.title!r} (game: {names.game}) in {folder}.\n"
          f"Next:\n  cd {folder}\n  make test       # plays every example\n"
          f"  make rulebook   # builds the player's and the designer's edition, HTML and PDF, in "
          f"{folder}/_build/\n"
          f"  make serve      # a live preview while you write\n"
          f"Then read rulebook/authoring.md, and replace the starter game in {names.package}/ with yours.")
    return 0
