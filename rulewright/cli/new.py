"""``rulewright new FOLDER``: a new rulebook project with a small starter game to learn from, with
``--bare`` a blank game of one rule to fill in with one's own, or with ``--template cards`` a
trick-taking game built on the card kits; at a terminal it asks which."""
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
                        help="start from a blank game (one rule, one example, the move 'pass') to make your own game "
                             "in, instead of the starter game (as --template bare)")
    parser.add_argument("--starter", action="store_true",
                        help="start from the starter game, a small game of heaps of counters to learn from and "
                             "replace (as --template starter; the default when nobody is asked)")
    parser.add_argument("--template", choices=("starter", "bare", "cards"),
                          help="the game the project starts from: 'starter' (heaps of counters, the default), "
                             "'bare' (as --bare) or 'cards' (a trick-taking game with bidding and trumps, built on "
                             "the card kits, its deck, deal and phases as data)")


def run(args) -> int:
    from rulewright import scaffold

    folder = Path(args.folder)
    default_title = folder.resolve().name.replace("-", " ").replace("_", " ").title()
    title, game = args.title, args.game
    named = {f"--{flag}": kind for flag, kind in (("bare", "bare"), ("starter", "starter")) if getattr(args, flag)}
    if args.template:
        named[f"--template {args.template}"] = args.template
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
    kind = {"bare": "a blank game", "cards": "a trick-taking game on the card kits"}.get(template, "the starter game")
    print(f"Created the rulebook project for \"{names.title}\" (game: {names.game}, {kind}) in {folder}.\n"
          f"Next:\n  cd {shlex.quote(str(folder))}\n  make test       # plays every example\n"
          f"  make rulebook   # builds the player's and the designer's edition, HTML and PDF, in "
          f"{folder}/_build/\n"
          f"  make serve      # a live preview while you write\n"
          f"Then read rulebook/authoring.md. {_next_step(names, template)}")
    return 0


def _asks_for_template() -> str:
    """The game the designer, asked, starts from: a blank game, the starter or the card game."""
    while True:
        answer = input("Start from a blank game to write your own (b), the starter game to learn from (s), or a "
                       "trick-taking card game on the card kits (c)? [s]: ").strip().lower()
        if answer in ("", "s", "starter"):
            return "starter"
        if answer in ("b", "blank", "bare"):
            return "bare"
        if answer in ("c", "cards", "card"):
            return "cards"
        print("Answer b (a blank game), s (the starter game) or c (the card game).")


def _next_step(names, template: str) -> str:
    if template == "cards":
        return (f"The game in {names.package}/ keeps its cards, deal and phases as data in {names.package}/cards.yaml, "
                "and its rules, each with its examples, in rulebook/rules.md: make them yours, rule by rule (or "
                "write a game of your own there and run `rulewright remove-starter`).")
    if template == "bare":
        return (f"The game in {names.package}/ has one rule and one example, in rulebook/rules.md: replace them "
                "with yours, rule by rule.")
    from rulewright import scaffold

    depends = ", ".join(part.replace("@@PACKAGE@@", names.package) for part in scaffold.STARTER_FILES)
    return (f"The starter game is there to be replaced: write your game in {names.package}/ and "
            "rulebook/rules.md, then run `rulewright remove-starter`, which puts a blank game's version in place of "
            f"the starter's files you have not changed ({depends}).")
