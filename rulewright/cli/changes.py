"""``rulewright changes OLD [NEW]``: what changed between two versions of the rulebook, rule by rule,
with the examples whose outcome the engine changed."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

from rulewright.book import config
from rulewright.history import compare, outcomes, versions

NAME = "changes"
HELP = "what changed between two versions (git revisions) of the rulebook, and its effect on play"


def add_arguments(parser) -> None:
    parser.add_argument("old", metavar="OLD", help="the earlier version: a commit, tag or branch")
    parser.add_argument("new", metavar="NEW", nargs="?", help="the later version (default: the working tree)")
    parser.add_argument("--json", metavar="FILE", help="also write the report as JSON ('-' for standard output)")
    parser.add_argument("--check", action="store_true",
                        help="exit 1 when a value an example checks changed and no changed rule text or "
                             "designer's note explains it (a rule it shows or in its section; a note naming it or "
                             "its rule, or in its section)")


def changes_between(old: str, new: str | None) -> compare.Changes:
    project = config.current()
    repository = versions.git_root(project.root)
    folders = []
    try:
        old_folder = versions.unpack(repository, old)
        folders.append(old_folder)
        old_root = versions.project_in(old_folder, project.root, repository)
        if new:
            new_folder = versions.unpack(repository, new)
            folders.append(new_folder)
            new_root = versions.project_in(new_folder, project.root, repository)
        else:
            new_root = project.root
        results = [outcomes.in_a_process(engine, pages) for engine, pages in
                   ((old_root, old_root), (new_root, new_root), (old_root, new_root), (new_root, old_root))]
        return compare.compare(versions.describe(repository, old),
                               versions.describe(repository, new) if new else "the working tree", *results)
    finally:
        for folder in folders:
            shutil.rmtree(folder, ignore_errors=True)


def run(args) -> int:
    try:
        changes = changes_between(args.old, args.new)
    except versions.VersionError as error:
        raise SystemExit(str(error)) from None
    if args.json == "-":
        print(json.dumps(changes.as_json(), indent=2))
    else:
        print(compare.text_report(changes))
        if args.json:
            Path(args.json).write_text(json.dumps(changes.as_json(), indent=2), encoding="utf-8")
    if args.check and changes.undocumented:
        count = len(changes.undocumented)
        print(f"\n{count} example{'s' if count != 1 else ''} changed outcome with no rule text or designer's note "
              "saying so. If the change is meant, change the text of the rule, or add a designer's note beside it "
              "(on the example's page, or naming the example or its rule); otherwise mend the engine.")
        return 1
    return 0
