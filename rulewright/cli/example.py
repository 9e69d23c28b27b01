"""``rulewright example RECORD --at N``: an example cut out of a record, ready to paste."""
from __future__ import annotations

import sys

from rulewright.play import cut
from rulewright.play.record import read
from rulewright.play.replay import replay

NAME = "example"
HELP = "print an {example} cut out of a record: the position after N moves and the next K moves"


def add_arguments(parser) -> None:
    parser.add_argument("record", metavar="RECORD", help="a record file (YAML)")
    parser.add_argument("--at", type=int, required=True, metavar="N", help="start from the position after N moves")
    parser.add_argument("--moves", type=int, default=1, metavar="K", help="how many moves the example plays (1)")
    parser.add_argument("--id", dest="example_id", help="the example's ID (default: from the record's name)")
    parser.add_argument("--title", help="the example's title")
    parser.add_argument("--all", dest="everything", action="store_true",
                        help="expect every place that changed, not only what the moves' players changed")


def run(args) -> int:
    outcome = replay(read(args.record), keep_states=True)
    try:
        print(cut.cut(outcome.record, outcome.result, args.at, args.moves, args.example_id, args.title,
                      args.everything), end="")
    except cut.CannotCut as why:
        print(f"{args.record}: no example can be cut there: {why}")
        return 1
    # (on the standard error: what is printed above is the example alone, to paste or redirect)
    print("Before you paste it: name the rules it shows in ':rules:' under its ':id:', so that each "
          "rule links to it.", file=sys.stderr)
    return 0
