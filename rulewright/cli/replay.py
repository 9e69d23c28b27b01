"""``rulewright replay RECORD...``: play game records to their end, checking their checkpoints.

Each RECORD is a record file, or a folder whose records are all played (the `.json` files with
``--from``, the `.yaml` files without). Every record is played, even after one fails; the command
fails if any did."""
from __future__ import annotations

from pathlib import Path

from rulewright.play import importers
from rulewright.play.record import read
from rulewright.play.replay import replay
from rulewright.problems import ExampleProblem, Where

NAME = "replay"
HELP = "play game records to their end and check their checkpoints (--from FORMAT: another program's records)"


def add_arguments(parser) -> None:
    parser.add_argument("records", nargs="+", metavar="RECORD",
                        help="a record file (YAML), or another program's with --from; or a folder of them")
    parser.add_argument("--from", dest="format", metavar="FORMAT",
                        help="the other program's record format, e.g. 18xx.games (see 'rulewright replay --formats')")
    parser.add_argument("--save", metavar="FILE", help="with --from and one record: also write the converted record")


def run(args) -> int:
    records = [record for name in _joined(args.records) for record in _files(name, args.format)]
    if args.save and len(records) != 1:
        raise ExampleProblem(Where(args.save, 1), f"--save keeps one converted record; {len(records)} records were "
                                                  "named. Name one record, or leave out --save.")
    failed = 0
    for record in records:
        try:
            failed += not _replay(record, args)
        except ExampleProblem as problem:  # this record cannot be read: say so, then play the others
            if len(records) == 1:
                raise
            print(problem)
            failed += 1
    if len(records) > 1:
        print(f"{len(records) - failed} of {len(records)} records replayed as recorded." if failed else
              f"All {len(records)} records replayed as recorded.")
    return 1 if failed else 0


def _replay(path: str, args) -> bool:
    if args.format:
        text = importers.convert(args.format, path)
        if args.save:
            with open(args.save, "w", encoding="utf-8") as out:
                out.write(text)
        record = read(args.save or f"{path} (as a Rulewright record: --save FILE keeps it)", text)
    else:
        record = read(path)
    outcome = replay(record)
    print(outcome.report())
    table = outcome.values_table()
    if table:
        print(table)
    if args.format and outcome.tally_line():  # what the replay checked of the other program's record
        print(outcome.tally_line())
    return outcome.ok


def _files(name: str, format_name: str | None) -> list[str]:
    """A file as named; a folder's records, in name order (an empty folder is a problem, not a pass)."""
    folder = Path(name)
    if not folder.is_dir():
        return [name]
    suffixes = (".json",) if format_name else (".yaml", ".yml")
    found = sorted(str(path) for path in folder.iterdir() if path.suffix.lower() in suffixes and path.is_file())
    if not found:
        kind = "'.json' files" if format_name else "'.yaml' record files"
        raise ExampleProblem(Where(name, 1), f"This folder holds no {kind} to replay. Name the records, or the folder "
                                             "that holds them.")
    return found


def _joined(names: list[str]) -> list[str]:
    """The names as given, except where a name that does not exist is one file's name split at its
    spaces (`make replay RECORDS=...` splits words): then the problem says how to quote it."""
    for start, name in enumerate(names):
        if Path(name).exists():
            continue
        for end in range(start + 2, len(names) + 1):
            whole = " ".join(names[start:end])
            if Path(whole).exists():
                raise ExampleProblem(Where(name, 1), f"There is no record '{name}', but there is '{whole}': its name "
                                     "holds a space, which split it in two. Quote it: rulewright replay "
                                     f"\"{whole}\", or make replay RECORDS='\"{whole}\"'; or name the folder "
                                     "that holds it.")
    return names
