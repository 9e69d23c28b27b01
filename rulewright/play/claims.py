"""Balance claims: what a book says about play, checked by simulated play on every test and build.

A ``{balance}`` block in the book states a claim in the designer's words, and how to check it::

    ```{balance} No seat wins more than 60% of the games
    :game: hush
    :preset: two
    :agents: random
    :games: 400
    :seed: 1
    ```

The claim is read from those words (``read_claim``: the forms are listed in ``FORMS``), the games
are played as ``rulewright simulate`` plays them (the same seed: the same games, so the check is
deterministic), and ``check(decl)`` says whether it holds, with the figure found and its 95%
interval. A claim that does not hold fails like an example: at its file and line, saying what was
claimed and what was found.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable

from rulewright.book.registry import get_game
from rulewright.book.scanner import ClaimDecl
from rulewright.game import InputError, did_you_mean
from rulewright.play import figures as stats
from rulewright.play.runner import played
from rulewright.play.setting_text import setting_value
from rulewright.play.simulate import make_job
from rulewright.problems import ExampleProblem

OPTIONS = ("game", "preset", "agents", "games", "seed", "moves", "setting", "score")
ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6}
COMPARE = {"at most": "<=", "no more than": "<=", "not more than": "<=", "more than": ">", "over": ">",
           "at least": ">=", "no less than": ">=", "no fewer than": ">=", "less than": "<", "fewer than": "<",
           "under": "<"}
_CMP = "(" + "|".join(sorted(COMPARE, key=len, reverse=True)) + ")"
_NUM = r"(\d+(?:\.\d+)?)"

FORMS = (
    "no seat wins more than 55%",
    "every seat wins at least 20%",
    "seat 2 wins at least 40%",
    "the first player wins at most 55%",
    "shared wins at most 10%",
    "every game ends",
    "at most 5% of games stop at the move limit",
    "the median game lasts at most 60 moves",
    "the move buy is made in at least 90% of games",
    "the event merger comes up in at least 10% of games",
)


@dataclass(frozen=True)
class Claim:
    """A claim as read: what figure (``subject``: ``seat``, ``every-seat``, ``shared``, ``stopped``,
    ``median-moves``, ``move``, ``event``), which one (a seat's number, a move's kind, an event's
    name), the comparison and the bound (a share from 0 to 1, or a number of moves)."""

    text: str
    subject: str
    which: object
    op: str
    bound: float


def read_claim(text: str) -> Claim:
    """The claim in ``text``, or an ``InputError`` listing the forms a claim can take."""
    said = " ".join(text.strip().rstrip(".").lower().split())
    said = re.sub(r"\s+of (?:the |all )?games$", "", said)
    said = re.sub(r"^in (?:every|each|a) [\w -]+? game,?\s+|^in [\w -]+? games,?\s+", "", said)

    def share(number: str) -> float:
        return float(number) / 100

    tried: list[tuple[str, Callable]] = [
        (rf"^(?:no|neither) seat wins {_CMP} {_NUM}%$",
         lambda m: Claim(text, "every-seat", None, _negate(COMPARE[m[1]]), share(m[2]))),
        (rf"^(?:every|each) seat wins {_CMP} {_NUM}%$",
         lambda m: Claim(text, "every-seat", None, COMPARE[m[1]], share(m[2]))),
        (rf"^seat (\d+) wins {_CMP} {_NUM}%$", lambda m: Claim(text, "seat", int(m[1]), COMPARE[m[2]], share(m[3]))),
        (rf"^the ({'|'.join(ORDINALS)}) player wins {_CMP} {_NUM}%$",
         lambda m: Claim(text, "seat", ORDINALS[m[1]], COMPARE[m[2]], share(m[3]))),
        (rf"^shared wins (?:are |come to )?{_CMP} {_NUM}%$",
         lambda m: Claim(text, "shared", None, COMPARE[m[1]], share(m[2]))),
        (r"^every game ends(?: within the move limit)?$", lambda m: Claim(text, "stopped", None, "<=", 0.0)),
        (rf"^{_CMP} {_NUM}% of (?:the )?games (?:stop|are stopped|end) at the move limit$",
         lambda m: Claim(text, "stopped", None, COMPARE[m[1]], share(m[2]))),
        (rf"^the median game lasts {_CMP} {_NUM} moves$",
         lambda m: Claim(text, "median-moves", None, COMPARE[m[1]], float(m[2]))),
        (rf"^the move (\S+) is made in {_CMP} {_NUM}%$",
         lambda m: Claim(text, "move", m[1].strip("'\"`"), COMPARE[m[2]], share(m[3]))),
        (rf"^the event (\S+) comes up in {_CMP} {_NUM}%$",
         lambda m: Claim(text, "event", m[1].strip("'\"`"), COMPARE[m[2]], share(m[3]))),
    ]
    for pattern, make in tried:
        found = re.match(pattern, said)
        if found:
            return make(found)
    raise InputError(f"The balance claim {text.strip()!r} cannot be read. A claim is written in one of these "
                     "forms (the numbers yours): " + "; ".join(f"'{form}'" for form in FORMS) + ".", "claim")


def _negate(op: str) -> str:
    """'no seat wins more than' is 'every seat wins at most'."""
    return {">": "<=", ">=": "<", "<": ">=", "<=": ">"}[op]


def holds(value: float, op: str, bound: float) -> bool:
    eps = 1e-9
    return {"<=": value <= bound + eps, "<": value < bound - eps, ">=": value >= bound - eps,
            ">": value > bound + eps}[op]


@dataclass
class Finding:
    """What a claim's check found: whether it holds, what was found in words, and the figures."""

    ok: bool
    found: str
    figures: dict = field(default_factory=dict)
    run: str = ""


def judge(claim: Claim, figures: dict) -> tuple[bool, str]:
    """Whether the run's ``figures`` (``rulewright.play.figures.summarize``) bear the claim out, and
    the figure found in words, with its interval where it is a share of games."""
    def pct(x: float) -> str:
        return f"{100 * x:.1f}%"

    games, ranked = figures["games"], figures["ranked"]
    if claim.subject in ("seat", "every-seat"):
        if not figures["seats"] or not ranked:
            return False, ("no game could be ranked (the game does not say its seats and places, Game.seats and "
                           "Game.places, or no game ended within the move limit)")
        seats = figures["seats"] if claim.subject == "every-seat" else \
            [s for s in figures["seats"] if s["seat"] == claim.which]
        if not seats:
            return False, f"there is no seat {claim.which}: the game has {len(figures['seats'])} seats"
        said = [f"seat {s['seat']} ({s['player']}) won {pct(s['share'])} of {ranked} games (95% interval "
                f"{pct(s['low'])} to {pct(s['high'])})" for s in seats]
        wrong = [text for s, text in zip(seats, said) if not holds(s["share"], claim.op, claim.bound)]
        return not wrong, "; ".join(wrong or said)
    if claim.subject == "shared":
        if not ranked:
            return False, "no game could be ranked"
        low, high = stats.interval(figures["shared_wins"], ranked)
        value = figures["shared_wins"] / ranked
        return holds(value, claim.op, claim.bound), (f"{pct(value)} of {ranked} games were shared wins (95% interval "
                                                     f"{pct(low)} to {pct(high)})")
    if claim.subject == "stopped":
        value = figures["stopped"] / games
        stuck = figures["stuck"]
        ok = holds(value, claim.op, claim.bound) and (claim.bound > 0 or not stuck)
        return ok, (f"{figures['stopped']} of {games} games were stopped at the move limit ({pct(value)})"
                    + (f" and in {stuck} nobody could move" if stuck else ""))
    if claim.subject == "median-moves":
        median = figures["length"]["median"]
        return holds(median, claim.op, claim.bound), f"the median game lasted {median:g} moves"
    table = figures["moves"] if claim.subject == "move" else figures["events"]
    used = table.get(claim.which, {"games": 0})["games"]
    known = ", ".join(sorted(table)) or "none"
    value = used / games
    what = "the move" if claim.subject == "move" else "the event"
    return holds(value, claim.op, claim.bound), (f"{what} {claim.which} came up in {used} of {games} games "
                                                 f"({pct(value)})" + ("" if used else
                                                                      f"; those that came up: {known}"))


def read_options(decl: ClaimDecl):
    """The claim, and the simulation's job, read from the block; an ``ExampleProblem`` at the line at fault."""
    check_options(decl, "A {balance} claim", OPTIONS)
    try:
        claim = read_claim(decl.text)
    except InputError as error:
        raise ExampleProblem(decl.where, error.message) from None
    return (claim, *read_run(decl, "A {balance} claim"))


def check_options(decl: ClaimDecl, what: str, known: tuple[str, ...]) -> None:
    """An option the block does not have is named at its line, with the one meant and the options."""
    for name in decl.options:
        if name not in known:
            raise ExampleProblem(decl.at(name), f"{what} has no option ':{name}:'. "
                                                f"{did_you_mean(name, known)} Its options: "
                                                + ", ".join(f":{o}:" for o in known) + ".")


def read_run(decl: ClaimDecl, what: str, games_by_default: int = 200):
    """The simulation's job, its number of games and its game, read from a block's options (those of
    a {balance} claim); an ``ExampleProblem`` at the line at fault."""
    name = str(decl.options.get("game", "")).strip()
    if not name:
        raise ExampleProblem(decl.where, f"{what} names the game it is about: add ':game: NAME' under "
                                         "its first line.")
    try:
        game = get_game(name)
    except InputError as error:
        raise ExampleProblem(decl.at("game"), str(error.message)) from None
    given = {}
    for item in filter(None, (part.strip() for part in str(decl.options.get("setting", "")).split(","))):
        key, sep, value = item.partition("=")
        if not sep:
            raise ExampleProblem(decl.at("setting"), f"':setting: {item}': write each setting as NAME=VALUE, "
                                                     "several separated by commas.")
        given[key.strip()] = setting_value(game, key.strip(), value.strip())
    try:
        settings = game.resolve_settings(given)
    except InputError as error:
        raise ExampleProblem(decl.at("setting"), error.message) from None
    preset = str(decl.options.get("preset") or next(iter(game.presets), "")) or None
    if preset is not None and preset not in game.presets:
        raise ExampleProblem(decl.at("preset"), f"{game.title} has no preset {preset!r}. "
                                                f"{did_you_mean(preset, game.presets)}")
    numbers = {}
    for option, default in (("games", games_by_default), ("seed", 0), ("moves", 1000)):
        text = str(decl.options.get(option, default)).strip()
        if not text.isdigit() or (option != "seed" and int(text) < 1):
            raise ExampleProblem(decl.at(option), f"':{option}: {text}' must be a whole number"
                                                  + (" of at least 1." if option != "seed" else "."))
        numbers[option] = int(text)
    try:
        job = make_job(game, settings, preset, str(decl.options.get("agents", "random")), numbers["moves"],
                       numbers["seed"], decl.options.get("score") or None)
    except InputError as error:
        raise ExampleProblem(decl.at("agents"), error.message) from None
    return job, numbers["games"], game


def check(decl: ClaimDecl) -> Finding:
    """Play the claim's games (kept in the store: the same claim, game code and toolchain are not
    played again) and judge the claim. Raises ``ExampleProblem`` for a block that cannot be read."""
    claim, job, games, game = read_options(decl)
    needs_scipy(decl, "Checking a {balance} claim")
    figures = stats.summarize(played(job, games))
    ok, found = judge(claim, figures)
    return Finding(ok, found, figures, run_words(job, games, game))


def needs_scipy(decl: ClaimDecl, doing: str) -> None:
    try:
        import scipy  # noqa: F401, PLC0415 - optional extra [simulate]
    except ImportError:
        raise ExampleProblem(decl.where, f"{doing} needs simulated play's statistics: "
                                         "pip install 'rulewright[simulate]' (scipy).") from None


def run_words(job, games: int, game) -> str:
    """The run in words: '400 games of Hush from the preset 'two', agents: random, seed 1, at most
    1000 moves a game'."""
    agents = ", ".join(str(a) for a in job.agents)
    return (f"{games} games of {game.title}"
            + (f" from the preset {job.setup['preset']!r}" if job.setup.get("preset") else "")
            + f", agents: {agents}, seed {job.seed}, at most {job.moves} moves a game")


def failure_text(decl: ClaimDecl, finding: Finding) -> str:
    """The one message of a claim that does not hold, as an example's failure reads."""
    return (f"{decl.where}: The balance claim '{decl.text.strip()}' does not hold: {finding.found} "
            f"({finding.run}). If the rules changed on purpose, change the claim; if not, the change "
            "moved the balance of the game.")
