"""``rulewright replay RECORD``: play a game record to its end, checking its checkpoints."""
from __future__ import annotations

from rulewright.play import importers
from rulewright.play.record import read
from rulewright.play.replay import replay

NAME = "replay"
HELP = "play a game record to its end and check its checkpoints (--from FORMAT: another program's record)"


def add_arguments(parser) -> None:
    parser.add_argument("record", metavar="RECORD", help="a record file (YAML), or another program's with --from")
    parser.add_argument("--from", dest="format", metavar="FORMAT",
                        help="the other program's record format, e.g. 18xx.games (see 'rulewright replay --formats')")
    parser.add_argument("--save", metavar="FILE", help="with --from: also write the converted Rulewright record")


def run(args) -> int:
    if args.format:
        text = importers.convert(args.format, args.record)
        if args.save:
            with open(args.save, "w", encoding="utf-8") as out:
                out.write(text)
        record = read(args.save or f"{args.record} (as a Rulewright record: --save FILE keeps it)", text)
    else:
        record = read(args.record)
    outcome = replay(record)
    print(outcome.report())
    table = outcome.values_table()
    if table:
        print(table)
    if args.format and outcome.tally_line():  # what the replay checked of the other program's record
        print(outcome.tally_line())
    return 0 if outcome.ok else 1
