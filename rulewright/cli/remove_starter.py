"""``rulewright remove-starter``: the one step that puts a blank game in place of the game
``rulewright new`` started the project with (the starter, or the card or worker-placement game
of ``--template``), so that a designer's own game takes its place. Only the files that still read as
``rulewright new`` wrote them are replaced (with what ``rulewright new --bare`` writes); a file the
designer has changed is never touched, and is listed."""
from __future__ import annotations

from rulewright import scaffold
from rulewright.book import config
from rulewright.problems import display_path

NAME = "remove-starter"
HELP = ("put a blank game's files in place of the game rulewright new started with (the starter game, or the "
        "card or worker-placement game; those files you have not changed), "
        "so that your own game takes its place; the same files rulewright new --bare writes")


def add_arguments(parser) -> None:
    pass


def run(args) -> int:
    root = config.load().root  # the project around the working directory
    try:
        done = scaffold.remove_starter(root)
    except scaffold.ScaffoldError as error:
        print(error)
        return 1
    game = scaffold.TEMPLATES[done.template].called
    for path in done.replaced:
        print(f"Wrote the blank game's {display_path(str(path))}")
    for path in done.removed:
        print(f"Removed {display_path(str(path))} (a blank game has none)")
    if not done.replaced and not done.removed:
        print(f"Nothing of {game} is left as rulewright new wrote it: nothing to replace.")
    if done.changed:
        print(f"Left as you changed them (make sure they describe your game, not {game}):")
        for path in done.changed:
            print(f"  {display_path(str(path))}")
    if done.still_named:
        print("Kept, as your game's code names them (remove them once it no longer reads them):")
        for path in done.still_named:
            print(f"  {display_path(str(path))}")
    print("Next: `make test` names anything that still does not fit your game, at its file and line.")
    return 0
