"""``rulewright new FOLDER``: a new rulebook project with a small starter game, with ``--bare`` a
blank game of one rule to fill in, or with ``--template cards`` a trick-taking game built on the
card kits."""
from __future__ import annotations

import os
import shlex
import sys
from pathlib import Path

NAME = "new"
HELP = "create a new rulebook project with a small starter game"


def add_arguments(parser) -> None:
    parser.add_argument("folder", help="a new or empty folder for the project")
    parser.add_argument("--title", help="the game's title, e.g. 'Dragon Race'")
    parser.add_argument("--game", help="the game's short name, as examples write it: 'game: dragon-race'")
    parser.add_argument("--bare", action="store_true",
                        help="start from a blank game (one rule, one example, the move 'pass') instead of the "
                             "starter game, with a guide and tests that do not depend on its rules")
    parser.add_argument("--template", choices=("starter", "bare", "cards"),
                        help="the game the project starts from: 'starter' (heaps of counters, the default), "
                             "'bare' (as --bare) or 'cards' (a trick-taking game with bidding and trumps, built on "
                             "the card kits, its deck, deal and phases as data)")


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
    if args.bare and args.template not in (None, "bare"):
        print(f"--bare and --template {args.template} name two different games to start from: give one.",
              file=sys.stderr)
        return 1
    template = args.template or ("bare" if args.bare else "starter")
    try:
        scaffold.create(folder, names, template=template)
    except scaffold.ScaffoldError as error:
        print(error, file=sys.stderr)
        return 1
    kind = {"bare": "a blank game", "cards": "a trick-taking game on the card kits"}.get(template, "the starter game")
    print(f"Created the rulebook project for \"{names.title}\" (game: {names.game}, {kind}) in {folder}.\n"
          f"Next:\n  cd {shlex.quote(str(folder))}\n  make test       # plays every example\n"
          f"  make rulebook   # builds the player's and the designer's edition, HTML and PDF, in "
          f"{folder}/_build/\n"
          f"  make serve      # a live preview while you write\n"
          f"Then read rulebook/authoring.md. {_next_step(names, template)}")
    return 0


def _next_step(names, template: str) -> str:
    if template == "cards":
        return (f"The game in {names.package}/ keeps its cards, deal and phases as data in {names.package}/cards.yaml, "
                "and its rules, each with its examples, in rulebook/rules.md: make them yours, rule by rule.")
    if template == "bare":
        return (f"The game in {names.package}/ has one rule and one example, in rulebook/rules.md: replace them "
                "with yours, rule by rule.")
    from rulewright import scaffold

    depends = ", ".join(part.replace("@@PACKAGE@@", names.package) for part in scaffold.STARTER_FILES)
    return (f"The starter game is there to be replaced; these depend on its rules: {depends}. "
            "`rulewright check` names any reference to a rule or example that no longer exists. To start "
            "from a blank game instead: rulewright new --bare.")
