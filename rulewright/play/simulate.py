"""Simulated play: many games between agents, each kept as a few plain figures.

``play_game(job, index)`` plays game number ``index`` of a run: its seed is derived from the run's
seed and the number alone (``game_seed``), so a run gives the same games however its work is split
(one process, several, a Dask cluster: ``rulewright.play.runner``). Each game is played as random
play is (``rulewright fuzz``): from the start's state, the agent of the player who decides the first
legal move (``Game.decider``) chooses among the legal moves, until the game is over, nobody can act,
or the move limit is reached. What the game leaves is a ``GameFigures``: its length, who placed
where, each player's score, and how often each kind of move and each event came up. The figures of a
whole run are ``rulewright.play.figures``.

Agents (``agent(spec)``), written as a designer names them:

- ``random``: any legal move, each as likely;
- ``greedy``: the move after which its player's ``Game.score`` (or a score function the designer
  names, ``module:function``) is highest, ties broken at random: one move ahead, no more;
- ``mcts`` and ``ismcts``: OpenSpiel's Monte Carlo tree search and its information-set variant for
  hidden hands (``rulewright.play.openspiel``), 100 simulations a move unless a number follows
  (``mcts 400``); they need the extra ``rulewright[simulate]``;
- ``... without KIND``: restricted play (Jaffe et al., 2012): the agent never makes a move of that
  kind (the first word of its notation, e.g. ``random without buy``) while another move is legal.
  How much a restricted agent loses says how much that kind of move is worth.
"""
from __future__ import annotations

import copy
import hashlib
import importlib
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable

from rulewright.book import config, registry
from rulewright.game import Game, InputError, Rng, implements, step
from rulewright.game.refusal import noting
from rulewright.play.openspiel import Searcher
from rulewright.scenario.playing import set_up

AGENT_KINDS = ("random", "greedy", "mcts", "ismcts")
SEARCHERS = ("mcts", "ismcts")  # OpenSpiel's bots: a number after the name is their simulations a move


def game_seed(run_seed: int, index: int) -> int:
    """The seed of game ``index`` (from 0) of a run seeded ``run_seed``: from those two numbers
    only, so that the same game is played whichever worker plays it."""
    digest = hashlib.sha256(f"rulewright simulate {run_seed} {index}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def kind_of(notation: str) -> str:
    """The kind of a move: the first word of its notation (``buy`` for ``buy 2 IC``)."""
    words = notation.split()
    return words[0] if words else notation


@dataclass(frozen=True)
class AgentSpec:
    """An agent as a designer writes it: ``random``, ``greedy``, ``random without buy``."""

    base: str
    without: tuple[str, ...] = ()
    budget: int | None = None  # a searcher's simulations a move ('mcts 400')

    def __str__(self) -> str:
        return (self.base + (f" {self.budget}" if self.budget else "")
                + "".join(f" without {kind}" for kind in self.without))


def agent(spec: str) -> AgentSpec:
    """Read an agent's name (``random``, ``greedy``, ``greedy without rest``), or say what is wrong."""
    words = str(spec).split()
    if not words or words[0] not in AGENT_KINDS:
        raise InputError(f"{spec!r} is not an agent; the agents are {', '.join(AGENT_KINDS[:-1])} and "
                         f"{AGENT_KINDS[-1]}, each of them optionally restricted: 'random without buy' never makes a "
                         "move whose notation starts with 'buy' while another move is legal; a number after mcts or "
                         "ismcts is its simulations a move ('mcts 400').", "agents")
    base, rest = words[0], words[1:]
    budget = None
    if base in SEARCHERS and rest and rest[0].isdigit():
        budget, rest = int(rest[0]), rest[1:]
        if budget < 1:
            raise InputError(f"{spec!r}: {base} needs at least 1 simulation a move.", "agents")
    without: list[str] = []
    while rest:
        if rest[0] != "without" or len(rest) < 2:
            raise InputError(f"{spec!r}: after {base!r} write 'without KIND' (a move's first word), e.g. "
                             f"'{base} without buy'.", "agents")
        without.append(rest[1])
        rest = rest[2:]
    return AgentSpec(base, tuple(without), budget)


@dataclass(frozen=True)
class Job:
    """Everything a worker needs to play the games of a run (it pickles: no game object, only the
    game's registered name and target, the project it comes from, and plain data)."""

    game: str
    target: str
    root: str
    settings: dict
    setup: dict
    agents: tuple[AgentSpec, ...]  # one per seat; a single one plays every seat
    moves: int = 1000
    seed: int = 0
    score: str | None = None  # a designer's score function, "module:function" (state, player) -> number

    def agent_for(self, seat: int) -> AgentSpec:
        return self.agents[seat] if seat < len(self.agents) else self.agents[-1]


@dataclass
class GameFigures:
    """What one game leaves: its number and seed, its length in moves and in turns (a turn: the
    moves one player makes in a row), how it ended (``over``; ``stopped`` at the move limit;
    ``stuck``: nobody could act though the game was not over), each player's place and score at the
    end, and how often each kind of move and each event came up, and each rule was cited (a
    refusal the engine made while listing the legal moves or making one)."""

    index: int
    seed: int
    moves: int
    turns: int
    over: bool
    stopped: bool
    stuck: bool
    seats: list[str]
    places: dict[str, int] | None
    scores: dict[str, float] | None
    kinds: dict[str, int] = field(default_factory=dict)
    events: dict[str, int] = field(default_factory=dict)
    rules: dict[str, int] = field(default_factory=dict)  # each rule ID the engine cited in play: times

    def winners(self) -> list[str]:
        if not self.places:
            return []
        return [player for player, place in self.places.items() if place == 1]

    def as_dict(self) -> dict:
        return {"index": self.index, "seed": self.seed, "moves": self.moves, "turns": self.turns, "over": self.over,
                "stopped": self.stopped, "stuck": self.stuck, "seats": self.seats, "places": self.places,
                "scores": self.scores, "kinds": self.kinds, "events": self.events, "rules": self.rules}


def load_game(job: Job) -> Game:
    """The job's game, in this process: the project activated and the game registered as the job
    names it (a worker process starts knowing neither)."""
    if config._current is None or str(config._current.root) != job.root:
        config.load(job.root).activate()
    if registry.known().get(job.game) != job.target:
        registry.register(job.game, job.target)
    return registry.get_game(job.game)


def score_function(game: Game, spec: str | None) -> Callable[[Any, str], float | None] | None:
    """The score the greedy agent raises: the designer's function (``module:function``), else the
    game's own ``Game.score``, else none."""
    if spec:
        module, _, name = spec.partition(":")
        try:
            found = getattr(importlib.import_module(module), name)
        except (ImportError, AttributeError, ValueError) as error:
            raise InputError(f"The score function {spec!r} cannot be found ({error}); write it as module:function, "
                             "a function of (state, player) that returns a number, higher is better.",
                             "score") from None
        return found
    if implements(game, "score"):
        return game.score
    return None


class Chooser:
    """The agents of one game, choosing with one seeded random source (so a game is replayed
    exactly from its seed)."""

    def __init__(self, game: Game, job: Job, seats: list[str], seed: int) -> None:
        self.game, self.job, self.seats = game, job, seats
        self.random = random.Random(seed)
        self.seed = seed
        self.score = score_function(game, job.score)
        self.searchers: dict[int, Any] = {}

    def spec_of(self, player: str | None) -> AgentSpec:
        seat = self.seats.index(player) if player in self.seats else 0
        return self.job.agent_for(seat)

    def choose(self, state: Any, legal: list, player: str | None):
        spec = self.spec_of(player)
        allowed = [a for a in legal if kind_of(a.notation()) not in spec.without] or legal
        if spec.base in SEARCHERS and player is not None and len(allowed) > 1:
            return self._searcher(spec, state, player).choose(state, allowed)
        if spec.base == "greedy" and self.score is not None and player is not None and len(allowed) > 1:
            return self._greedy(state, allowed, player)
        return self.random.choice(allowed)

    def _searcher(self, spec: AgentSpec, state: Any, player: str):
        """The OpenSpiel bot of ``player``'s seat, made at its first move, seeded from the game's seed
        and the seat."""
        seat = self.seats.index(player) if player in self.seats else 0
        if seat not in self.searchers:
            settings = self.game.resolve_settings(self.job.settings)
            # a copy: the game's moves are made on ``state`` itself, and the bot keeps its start
            self.searchers[seat] = Searcher(spec.base, self.game, settings, copy.deepcopy(state),
                                            game_seed(self.seed, seat), spec.budget)
        return self.searchers[seat]

    def _greedy(self, state: Any, allowed: list, player: str):
        best, chosen = None, []
        for action in allowed:
            after = step(self.game, state, action).state
            places = self.game.places(after) if self.game.is_over(after) else None
            # a move that wins the game outright is worth more than any score
            value = (1 if places and places.get(player) == 1 else 0, self.score(after, player) or 0)
            if best is None or value > best:
                best, chosen = value, [action]
            elif value == best:
                chosen.append(action)
        return self.random.choice(chosen)


def play_game(job: Job, index: int) -> GameFigures:
    """Play game ``index`` of the run ``job`` and keep its figures."""
    game = load_game(job)
    seed = game_seed(job.seed, index)
    state = set_up(game, job.setup, job.settings, Rng(seed))
    seats = [str(s) for s in game.seats(state)]
    chooser = Chooser(game, job, seats, seed)
    kinds: Counter = Counter()
    events: Counter = Counter()
    rules: Counter = Counter()  # the rules the engine cites (refusals) listing moves and making them, not an agent's
    moves = turns = 0
    last = object()
    stuck = False
    while not game.is_over(state) and moves < job.moves:
        with noting(rules):
            legal = game.legal_actions(state)
        if not legal:
            stuck = True
            break
        player = game.decider(state, getattr(legal[0], "actor", None))
        action = chooser.choose(state, legal, player)
        # the move is made on the game's own state, not a copy as `step` makes: the move is legal and
        # this state is nobody else's (copying it each move was most of a short game's time)
        with noting(rules):
            happened = list(game.apply(state, action) or [])
            happened += list(game.settle(state) or [])
        moves += 1
        if player != last:
            turns, last = turns + 1, player
        kinds[kind_of(action.notation())] += 1
        events.update(event.name for event in happened)
    # a game that does not say when it is over (no Game.is_over) ends where nobody can act
    over = bool(game.is_over(state)) or (stuck and not implements(game, "is_over"))
    stuck = stuck and not over
    places = game.places(state) if over else None
    scores = None
    if implements(game, "score") and seats:
        scores = {player: game.score(state, player) for player in seats}
        if any(value is None for value in scores.values()):
            scores = None
    return GameFigures(index, seed, moves, turns, over, not over and not stuck and moves >= job.moves, stuck, seats,
                       dict(places) if places else None, scores, dict(sorted(kinds.items())),
                       dict(sorted(events.items())), dict(sorted(rules.items())))


def play_games(job: Job, indices) -> list[GameFigures]:
    """Several games of a run, in one process (a worker's share of the run)."""
    return [play_game(job, index) for index in indices]


def make_job(game: Game, settings: dict, preset: str | None, agents: str, moves: int, seed: int,
             score: str | None = None) -> Job:
    """The run as a worker reads it: ``agents`` written as a designer writes them, one per seat
    separated by commas (``greedy, random without buy``). An agent that cannot be read is an
    ``InputError``."""
    specs = tuple(agent(spec.strip()) for spec in str(agents).split(","))
    return Job(game.name, registry.known()[game.name], str(config.current().root), dict(settings),
               {"preset": preset} if preset else {}, specs, moves, seed, score)
