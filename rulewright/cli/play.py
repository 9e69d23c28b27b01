"""``rulewright play GAME``: play at the terminal; save the game as a record or an example."""
from __future__ import annotations

from typing import TYPE_CHECKING

from rulewright.cli.choose import add_game_arguments, game_settings_preset
from rulewright.game import InputError
from rulewright.play.record import read
from rulewright.problems import ExampleProblem, Where
from rulewright.book.registry import get_game
from rulewright.scenario import is_check_item

if TYPE_CHECKING:
    # imported where a session is made: the terminal's library (prompt_toolkit) is a fifth of the
    # time every rulewright command, and every Dask worker of `rulewright simulate`, took to start
    from rulewright.play.session import Session

NAME = "play"
HELP = "play a game at the terminal, with the legal moves listed; save it as a record or an example"


def add_arguments(parser) -> None:
    add_game_arguments(parser)
    parser.add_argument("--from", dest="record", metavar="RECORD", help="start from a record's position (with --at)")
    parser.add_argument("--at", type=int, metavar="N", help="with --from: after the record's first N moves (all)")
    parser.add_argument("--seed", type=int, default=0, help="the seed of the game's randomness (0)")
    parser.add_argument("--as", dest="seat", metavar="PLAYER",
                        help="play as this player: see only what they see, make only their moves; an agent makes "
                             "the others' (see --others)")
    parser.add_argument("--others", default="random", metavar="AGENT",
                        help="with --as: the agent that makes the other players' moves, as rulewright simulate names "
                             "them: random (the default), greedy, 'random without KIND'")
    parser.add_argument("--hot-seat", action="store_true",
                        help="players take turns at one screen: each sees only their own view, and the screen is "
                             "passed between turns")


def session_for(args) -> Session:
    seat, hot_seat = getattr(args, "seat", None), getattr(args, "hot_seat", False)
    others = getattr(args, "others", "random")
    if seat is not None and hot_seat:
        raise SystemExit("--as PLAYER plays one player's seat and --hot-seat every seat at one screen: give one.")
    if others != "random" and seat is None:
        raise SystemExit("--others names the agent of the other players when you play --as one of them: add --as PLAYER.")
    try:
        return _session(args, seat=seat, hot_seat=hot_seat, others=others)
    except InputError as error:
        option = {"as": "--as", "agents": "--others"}.get(error.where or "")
        raise SystemExit(f"{option}: {error.message}" if option else error.message) from None


def _session(args, **eyes) -> Session:
    from rulewright.play.session import Session  # noqa: PLC0415 - start-up: prompt_toolkit (see above)

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
                           data.get("seed", 0), data.get("draws"), moves, **eyes)
        except InputError as error:
            if error.where in ("as", "agents"):  # the options', not the record's
                raise
            raise SystemExit(f"{args.record}: {error.message}") from None
    game, settings, preset = game_settings_preset(args)
    return Session(game, settings, {"preset": preset} if preset else {}, args.seed, **eyes)


def run(args) -> int:
    from rulewright.play.session import interact  # noqa: PLC0415 - start-up: prompt_toolkit (see above)

    interact(session_for(args))
    return 0
