"""``rulewright fuzz GAME``: random legal play checked against the game's laws; each failure
shrunk, kept as a record and printed as a failing example."""
from __future__ import annotations

from pathlib import Path

from rulewright.book.phrases import count
from rulewright.cli.choose import add_game_arguments, game_settings_preset
from rulewright.game import implements

NAME = "fuzz"
HELP = "random legal play checked against the game's invariants; failures printed as examples"


def add_arguments(parser) -> None:
    add_game_arguments(parser)
    parser.add_argument("--games", type=int, default=20, metavar="N", help="how many random games (20)")
    parser.add_argument("--moves", type=int, default=200, metavar="M", help="at most this many moves a game (200)")
    parser.add_argument("--seed", type=int, default=0, metavar="S",
                        help="the seed of the random choices (0): the same seed plays the same games")
    parser.add_argument("--quick", action="store_true",
                        help="try only the move chosen, not every move listed as legal, and do not write each "
                             "position as a setup to check it reads back the same")
    parser.add_argument("--out", default="_build/rulewright-fuzz", metavar="DIR",
                        help="where each failure's record is written, and the choices that failed are kept to be "
                             "tried first next time (default: _build/rulewright-fuzz)")


def run(args) -> int:
    from rulewright.play import fuzz  # noqa: PLC0415 - start-up: Hypothesis, only for the command that uses it

    game, settings, preset = game_settings_preset(args)
    if preset is None:
        raise SystemExit(f"{game.title} has no presets, so random play has no position to start from.")
    start = fuzz.Start(game, settings, {"preset": preset})
    laws = "its invariants" if implements(game, "invariants") else "no invariants (Game.invariants is not given)"
    positions = implements(game, "setup_of") and not args.quick
    print(f"Playing {count(args.games, 'random game')} of {game.title} from the preset "
          f"{preset!r}, at most {count(args.moves, 'move')} {'each' if args.games != 1 else 'in it'}; checking {laws}"
          + (", that somebody can act while the game is not over" if game.is_over(start.state(0)) is not None
             else "") + (", and that each position written as a setup is the same position" if positions else "")
          + ".")

    def progress(done: int, findings) -> None:
        print(f"  game {done} of {args.games}: {count(len(findings), 'finding')} so far",
              flush=True)

    try:
        findings, total = fuzz.fuzz(start, args.games, args.moves, args.seed, not args.quick,
                                    progress if args.games >= 10 else None, database=Path(args.out) / "choices")
    except fuzz.Unsteady as unsteady:
        print(f"\n{unsteady}")
        return 1
    if not findings:
        print(f"{count(args.games, 'game')}, {count(total, 'move')}: every law held, and every move listed as legal was accepted"
              + (" (only the moves chosen were tried)." if args.quick else "."))
        return 0
    print(fuzz.report(start, findings, Path(args.out), args.seed))
    # (no count of games and moves here: random play stops at a finding, then plays it again and
    # again to shrink it; each finding says above after how many moves of which game it was found)
    print(f"\n{count(len(findings), 'finding')}, each found and shrunk as said above.")
    return 1
