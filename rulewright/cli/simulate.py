"""``rulewright simulate GAME``: many games played by agents, and what they say about the rules:
who wins from each seat, how long games run, which moves, events and rules come up, and, with
``--compare``, whether another reading of a rule, or another version of the project (a git
revision, ``rulewright.play.versions``), changes any of it."""
from __future__ import annotations

import json
import sys
import time

from rulewright.book import phrases
from rulewright.book.phrases import count
from rulewright.book.registry import game_sources
from rulewright.checks.book import refusal_sites
from rulewright.cli.choose import add_game_arguments, game_settings_preset
from rulewright.play.setting_text import setting_value
from rulewright.game import InputError, implements
from rulewright.names import nearest
from rulewright.play import figures as stats
from rulewright.play import runner, simulate, versions

NAME = "simulate"
HELP = ("many games played by agents: each seat's wins, game length, moves and rules used; --compare another "
        "reading or another version")


def add_arguments(parser) -> None:
    add_game_arguments(parser)
    parser.add_argument("--games", type=int, default=200, metavar="N", help="how many games (200)")
    parser.add_argument("--seed", type=int, default=0, metavar="S",
                        help="the run's seed (0): each game's seed comes from it and the game's number")
    parser.add_argument("--moves", type=int, default=1000, metavar="M",
                        help="stop a game that has not ended after this many moves (1000)")
    parser.add_argument("--agents", default="random", metavar="A,B,...",
                        help="the agent of each seat, in seat order (one for all seats by default): random, "
                             "greedy, mcts or ismcts (OpenSpiel's tree searches; 'mcts 400': 400 simulations a "
                             "move; ismcts for hidden hands), each optionally 'without KIND' (never a move whose "
                             "first word is KIND)")
    parser.add_argument("--score", metavar="MODULE:FUNCTION",
                        help="the greedy agent's score: a function (state, player) -> number, higher is better "
                             "(default: the game's own Game.score)")
    parser.add_argument("--compare", metavar="NAME=VALUE|REVISION",
                        help="play the same games again with this setting changed, or on another version of the "
                             "project (a git commit, tag or branch, as rulewright changes reads one), and say which "
                             "figures differ")
    parser.add_argument("--workers", type=int, default=1, metavar="K",
                        help="play on K worker processes of a local Dask cluster (1: in this process)")
    parser.add_argument("--scheduler", metavar="ADDRESS",
                        help="play on an existing Dask cluster (tcp://host:8786, started with 'dask scheduler')")
    parser.add_argument("--json", metavar="FILE", help="also write the figures as JSON (- for the screen only)")


def _job(*args) -> simulate.Job:
    try:
        return simulate.make_job(*args)
    except InputError as error:
        raise SystemExit(f"--agents: {error.message}") from None


def run(args) -> int:
    game, settings, preset = game_settings_preset(args)
    if preset is None:
        raise SystemExit(f"{game.title} has no presets, so simulated play has no position to start from.")
    if args.games < 1 or args.moves < 1:
        raise SystemExit("--games and --moves must be at least 1.")
    job = _job(game, settings, preset, args.agents, args.moves, args.seed, args.score)
    other = None
    revision = args.compare if args.compare and "=" not in args.compare else None
    if revision in game.settings:
        raise SystemExit(f"--compare {revision}: to compare a reading, write NAME=VALUE, e.g. --compare "
                         f"{revision}={game.settings[revision].choices[-1]}; anything else is read as a version "
                         "of the project (a git commit, tag or branch).")
    if args.compare and not revision:
        name, sep, value = args.compare.partition("=")
        try:
            changed = game.resolve_settings({**{k: v for k, v in settings.items()},
                                             name.strip(): setting_value(game, name.strip(), value)})
        except InputError as error:
            raise SystemExit(f"--compare: {error.message}") from None
        if changed == settings:
            raise SystemExit(f"--compare {args.compare}: that is already the reading played; name the other "
                             f"choice ({', '.join(str(c) for c in game.settings[name.strip()].choices)}).")
        other = simulate.Job(**{**job.__dict__, "settings": changed})
    quiet = args.json == "-"
    started, cpu = time.perf_counter(), time.process_time()
    first = _play(job, args, quiet, "")
    second = _play(other, args, quiet, f" with {args.compare}") if other else None
    if revision:
        try:
            version, unknown, second = versions.play_at(job, revision, args.games, args.workers, args.scheduler)
        except versions.VersionRunError as error:
            close = nearest(revision, game.settings)
            hint = (f" To compare a reading, write NAME=VALUE: did you mean the setting {' or '.join(map(repr, close))}?"
                    if close else "")
            raise SystemExit(f"--compare {revision}: {error}{hint}") from None
    catalogue, citable = _catalogue(game), _citable(game)
    report = {"game": game.name, "preset": preset, "settings": settings, "seed": args.seed, "games": args.games,
              "move_limit": args.moves, "agents": [str(a) for a in job.agents],
              "figures": stats.summarize(first, catalogue, citable)}
    if revision:
        # the other version first: each difference reads from that version to this one
        report["compare"] = {"version": version, "revision": revision, "settings_it_lacks": unknown,
                             "figures": stats.summarize(second, catalogue, citable),
                             "differences": stats.compare(second, first)}
    elif second is not None:
        report["compare"] = {"setting": args.compare, "settings": other.settings,
                             "figures": stats.summarize(second, catalogue, citable),
                             "differences": stats.compare(first, second)}
    if args.json:
        text = json.dumps(report, indent=2, sort_keys=True)
        if args.json == "-":
            print(text)
            return 0
        with open(args.json, "w", encoding="utf-8") as out:
            out.write(text + "\n")
    print(describe(game, report))
    if revision:
        print(describe_differences(report["compare"]["differences"], f"the change from {version} to this version",
                                   "the same seeds played on both versions", "that version -> this one"))
        if unknown:
            print(f"  ({version} has no setting {', '.join(f'{k} = {v}' for k, v in unknown.items())}: its games "
                  "were played without it.)")
    elif second is not None:
        print(describe_differences(report["compare"]["differences"], args.compare))
    print(f"\n({count(args.games * (2 if second else 1), 'game')} in {time.perf_counter() - started:.1f} s wall, "
          f"{time.process_time() - cpu:.1f} s CPU in this process"
          + (f", on {args.workers} workers" if args.workers > 1 else "")
          + (f", on the Dask cluster at {args.scheduler}" if args.scheduler else "") + ".)")
    return 0


def _play(job, args, quiet: bool, what: str):
    shown = not quiet and sys.stderr.isatty() and args.games >= 100

    def progress(done: int) -> None:
        print(f"\r  {done} of {count(args.games, 'game')} played{what}", end="", file=sys.stderr, flush=True)

    try:
        games = runner.run(job, args.games, args.workers, args.scheduler, progress if shown else None)
    except InputError as error:
        raise SystemExit(error.message) from None
    if shown:
        print(file=sys.stderr)
    return games


def _catalogue(game) -> list[str]:
    try:
        return list(phrases.for_game(game).events)
    except Exception:  # a phrase file with a mistake is reported by the book's checks, not here
        return []


def _citable(game) -> list[str]:
    """The rule IDs the game's engine can cite: those of its refusals, in its code and its data."""
    sites, _ = refusal_sites(*game_sources([game.name]))
    return sorted({site.rule for site in sites})


def percent(share: float | None) -> str:
    return "-" if share is None else f"{100 * share:.1f}%"


def describe(game, report: dict) -> str:
    """The figures in a designer's words."""
    f = report["figures"]
    agents = report["agents"]
    lines = [f"{count(f['games'], 'simulated game')} of {game.title} from the preset {report['preset']!r}, seed "
             f"{report['seed']}, at most {count(report['move_limit'], 'move')} a game; agents: "
             + (agents[0] + " in every seat" if len(agents) == 1 else ", ".join(agents)) + "."]
    changed = {k: v for k, v in report["settings"].items() if v != game.settings[k].default}
    if changed:
        lines.append("Settings: " + ", ".join(f"{k} = {v}" for k, v in changed.items()) + ".")
    lines.append("\nHow games end")
    lines.append(f"  {f['over']} of {count(f['games'], 'game')} ended by the rules"
                 + (f"; {f['stopped']} were stopped at the move limit of {report['move_limit']}" if f["stopped"] else "")
                 + (f"; in {f['stuck']} nobody could move though the game was not over (see rulewright fuzz)"
                    if f["stuck"] else "") + ".")
    if f["stopped"] == f["games"]:
        players = "random play" if set(agents) == {"random"} else "these agents"
        lines.append(f"  No game ended within {count(report['move_limit'], 'move')}: {players} may not finish "
                     f"{game.title} at all; the figures below are of unfinished games.")
    lines.append("\nWho wins")
    if not f["seats"]:
        lines.append(f"  {game.title} does not say who sits where (Game.seats), so no seat's wins are counted.")
    elif not f["ranked"]:
        lines.append(f"  No game was ranked: {game.title} "
                     + ("does not say who won (Game.places)." if not implements(game, "places") else
                        "never reached its end."))
    else:
        for seat in f["seats"]:
            agent = agents[seat["seat"] - 1] if seat["seat"] <= len(agents) else agents[-1]
            lines.append(f"  Seat {seat['seat']}, {seat['player']} ({agent}): won {seat['wins']} of {f['ranked']} "
                         f"games, {percent(seat['share'])} (95% interval {percent(seat['low'])} to "
                         f"{percent(seat['high'])}).")
        if f["shared_wins"]:
            lines.append(f"  Shared first place: {f['shared_wins']} games ({percent(f['shared_wins'] / f['ranked'])}).")
        balance = f.get("seat_balance")
        if balance:
            lines.append("  Is a seat favoured? " + (
                "Yes: the seats' wins differ more than chance explains" if balance["significant"] else
                "No clear sign: the seats' wins differ no more than chance would make them")
                + f" ({balance['test']}, p = {balance['p']}).")
        first = f.get("first_player")
        if first:
            lines.append(f"  The first player won {percent(first['share'])} of the games one player won alone, "
                         f"against {percent(first['expected'])} if every seat were equal: "
                         + ("a real " + ("advantage" if first["share"] > first["expected"] else "disadvantage")
                            if first["significant"] else "within chance")
                         + f" ({first['test']}, p = {first['p']}).")
    lines.append("\nHow long games last")
    lines.append("  " + _spread("Moves", f["length"]))
    if f["stopped"] and f["over"]:
        lines.append("  " + _spread("Moves of the games that ended", f["finished_length"]))
    lines.append("  " + _spread("Turns (one player's moves in a row)", f["turns"]))
    if f["margin"]["median"] is not None:
        lines.append("\nBy how much the winner wins (score over the runner-up)")
        lines.append("  " + _spread("Margin", f["margin"]))
    lines.append("\nWhat the players do (each kind of move: times made, and in how many games)")
    for kind, used in f["moves"].items():
        lines.append(f"  {kind}: {used['times']} times, in {used['games']} of {f['games']} games")
    if f["events"]:
        lines.append("\nWhat happens (each event)")
        for event, seen in f["events"].items():
            lines.append(f"  {event}: {seen['times']} times, in {seen['games']} of {f['games']} games")
    if f["never"]:
        lines.append(f"  Never came up: {', '.join(f['never'])}. A rule that never comes up in play may be "
                     "unreachable, or only reached by play these agents do not find.")
    lines += _rules_in_play(game, f)
    return "\n".join(lines)


def _rules_in_play(game, f: dict) -> list[str]:
    """Which rules the engine cited in play: the rules' IDs its refusals name, counted as the engine
    refused moves while it listed the legal ones or made one (an agent's own trials are not counted)."""
    lines = ["\nWhich rules come up (each rule the engine cited as it refused a move, listing the legal moves or "
             "making one: times, and in how many games)"]
    if not f["rules"]:
        lines.append(f"  None: no rule of {game.title} refused a move in these games"
                     + (f" (its engine can cite {count(len(f['rules_never']), 'rule')})" if f["rules_never"] else "")
                     + ". An engine that lists only the legal moves, without trying those the rules forbid, cites "
                     "no rule in play, so this report cannot say which of its rules come up.")
        return lines
    for rule, cited in f["rules"].items():
        lines.append(f"  {rule}: {count(cited['times'], 'time')}, in {cited['games']} of {count(f['games'], 'game')}")
    if f["rules_never"]:
        lines.append(f"  Never cited: {', '.join(f['rules_never'])}. A rule its engine can cite that never refuses "
                     "a move in play may never bind, or only in play these agents do not find.")
    return lines


def _spread(what: str, d: dict) -> str:
    if d["median"] is None:
        return f"{what}: none."
    return (f"{what}: median {_num(d['median'])}; half of the games between {_num(d['quarter'])} and "
            f"{_num(d['three_quarters'])}; shortest {_num(d['least'])}, longest {_num(d['most'])}; mean "
            f"{_num(d['mean'])}." if what.startswith(("Moves", "Turns")) else
            f"{what}: median {_num(d['median'])}; half between {_num(d['quarter'])} and "
            f"{_num(d['three_quarters'])}; least {_num(d['least'])}, most {_num(d['most'])}; mean {_num(d['mean'])}.")


def _num(value) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def describe_differences(rows: list[dict], change: str, played: str = "the same seeds played again",
                         direction: str = "") -> str:
    lines = [f"\nDoes {change} change the game? ({played}; {direction + ', ' if direction else ''}significant "
             f"below p = {stats.ALPHA})"]
    for row in rows:
        verdict = "SIGNIFICANT" if row["significant"] else "within chance"
        a, b, _ = stats.shown(row)
        lines.append(f"  {row['figure']}: {a} -> {b}: {verdict} ({row['test']}, p = {row['p']})")
    found = [row["figure"] for row in rows if row["significant"]]
    lines.append("  " + (f"It changes: {', '.join(found)}." if found else
                         "No figure changes by more than chance explains with these many games."))
    return "\n".join(lines)
