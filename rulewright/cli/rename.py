"""``rulewright rename OLD NEW``: give a rule a new ID in every page, example, link, quick
reference and refusal of the project's engines that names it, and ``:formerly: OLD`` on the rule
(``rulewright.book.rename``). ``--dry-run`` lists the changes without writing them."""
from __future__ import annotations

import sys

from rulewright.book import rename
from rulewright.game import InputError
from rulewright.problems import display_path

NAME = "rename"
HELP = "give a rule a new ID everywhere the project writes it (pages, examples, links, the engine's refusals)"


def add_arguments(parser) -> None:
    parser.add_argument("old", metavar="OLD", help="the rule's ID now, e.g. 'hush.play.lead'")
    parser.add_argument("new", metavar="NEW", help="its new ID, with the same game prefix, e.g. 'hush.play.first'")
    parser.add_argument("--dry-run", action="store_true", help="list the changes without writing them")


def run(args) -> int:
    try:
        renaming = rename.plan(args.old, args.new)
    except (rename.CannotRename, InputError) as why:
        print(why, file=sys.stderr)
        return 1
    for change in renaming.changes:
        print(f"{display_path(str(change.path))}, line {change.line}: {change.after.strip()}")
    formerly = (f"replaces its ':formerly: ...' (line {renaming.formerly_line}): a rule has one former ID"
                if renaming.formerly_line else "is added under it")
    where = renaming.rule.where
    print(f"{display_path(where.path)}, line {where.line}: the rule's ':formerly: {renaming.old}' {formerly}.")
    if renaming.mentioned:
        print("Not changed, as they are not the book's or its engine's (read them yourself):")
        for change in renaming.mentioned:
            print(f"  {display_path(str(change.path))}, line {change.line}: {change.before.strip()}")
    files = len(renaming.files)
    if args.dry_run:
        print(f"Would rename {renaming.old} to {renaming.new} on {len(renaming.changes)} lines of {files} "
              f"file{'s' if files != 1 else ''} (--dry-run: nothing written).")
        return 0
    rename.apply(renaming)
    print(f"Renamed {renaming.old} to {renaming.new} on {len(renaming.changes)} lines of {files} "
          f"file{'s' if files != 1 else ''}. Next: `make test` plays every example again.")
    return 0
