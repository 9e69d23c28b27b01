"""``rulewright play GAME``: play at the terminal; save the game as a record or an example."""
from __future__ import annotations

from rulewright.cli.choose import add_game_arguments, game_settings_preset
from rulewright.game import InputError
from rulewright.play.record import read
from rulewright.play.session import Session, interact
from rulewright.problems import ExampleProblem, Where
from rulewright.book.registry import get_game
from rulewright.scenario import is_check_item

NAME = "play"
HELP = "play a game at the terminal, with the legal moves listed; save it as a record or an example"


def add_arguments(parser) -> None:
    add_game_arguments(parser)
    parser.add_argument("--from", dest="record", metavar="RECORD", help="start from a record's position (with --at)")
    parser.add_argument("--at", type=int, metavar="N", help="with --from: after the record's first N moves (all)")
    parser.add_argument("--seed", type=int, default=0, help="the seed of the game's randomness (0)")


def session_for(args) -> Session:
    if args.record:
        try:
            game = get_game(args.game)
        except InputError as error:
            raise SystemExit(error.message) from None
        record = read(args.record)
        data = record.scenario.data
        if str(data["game"]) != game.name:
            raise ExampleProblem(Where(args.record, record.scenario.lines.line("game")),
                                 f"This record is of {data['game']}, not of {game.name}.")
        moves = [(str(next(iter(m))), str(next(iter(m.values())))) if isinstance(m, dict) else (None, str(m))
                 for m in data["do"] if not is_check_item(m)]
        moves = moves[:args.at] if args.at is not None else moves
        try:
            return Session(game, game.resolve_settings(data.get("settings")), data.get("setup") or {},
                           data.get("seed", 0), data.get("draws"), moves)
        except InputError as error:
            raise SystemExit(f"{args.record}: {error.message}") from None
    game, settings, preset = game_settings_preset(args)
    return Session(game, settings, {"preset": preset} if preset else {}, args.seed)


def run(args) -> int:
    interact(session_for(args))
    return 0
