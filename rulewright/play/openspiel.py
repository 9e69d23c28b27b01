"""Any Rulewright game as an OpenSpiel game, so that OpenSpiel's own bots play it.

``openspiel_game(game, settings, start)`` is a ``pyspiel.Game`` (OpenSpiel's Python game interface) over a
Rulewright ``Game``; its states wrap the engine's state and answer OpenSpiel's questions from the
engine's public methods only:

- players are the game's seats (``Game.seats``), numbered from 0 in seat order; the player to move
  is the one who decides the first legal move (``Game.decider``), as in ``rulewright simulate``;
- an action is a number standing for one move, the same number for the same move (its actor and
  notation) wherever it comes up, so that a search tree built on one deal finds its moves again on
  another (``action_to_string`` gives the move back in the game's notation);
- chance is *sampled stochastic*: the engine draws with its own ``Rng`` inside ``apply``, so there
  are no chance nodes. A state an agent searches from never draws what the game will really draw:
  before each move its ``Rng`` is reseeded (``Rng.reseed``) from the world's seed, the player
  moving and how many of that player's moves have drawn so far. So one world is consistent (the
  same moves draw the same), each player's luck in it comes in a fixed order whatever the moves
  (a player cannot change its next roll by resting first, nor hand the next player the die it
  would have rolled), and the next world is another;
- what a player sees is the game's point of view, ``Game.view_for(state, player)``: it is the
  information state and the observation (as sorted JSON), so two positions that differ only in
  what a player cannot see (another hand, the deck) are one information state for that player;
- ``resample_from_infostate(player)`` deals what ``player`` cannot see anew: the values at the
  game's ``hidden`` paths that ``player`` does not own are pooled (each list's items, each single
  card) and dealt back at random in the same sizes, through the position written as a setup
  (``Game.setup_of``) and built again (``Game.new_state``). That is right when what is hidden is
  one pool of unseen cards, as in most card games; a game whose hidden things are not one pool
  (remembered cards, two decks) is told so when the deal does not give the same point of view;
- the game ends when ``Game.is_over`` says so or nobody can act; a search also stops at a horizon
  (``horizon`` moves past the position it searches from), where each player's standing is its
  place by ``Game.score`` (or nothing, when the game has no score);
- returns are by place: 1 for first place, -1 for last, evenly between; a shared place shares its
  value.

Agents (``Searcher``): ``mcts`` is OpenSpiel's ``MCTSBot`` with random rollouts. In a game with
chance or hidden things it searches several worlds (``WORLDS``: draws and, where something is
hidden, a deal of what its player cannot see, so it never sees another player's hand), its
simulations shared among them, and makes the move its searches tried most in all of them together
(determinized MCTS). ``ismcts`` is OpenSpiel's information-set MCTS (``ISMCTSBot``), which deals
and draws anew at every simulation. Both are seeded from the game's seed and
the seat, so the same run gives the same games.

OpenSpiel is an optional extra: ``pip install 'rulewright[simulate]'``.
"""
from __future__ import annotations

import copy
import hashlib
import json
import random
from typing import Any

from rulewright.game import Game, InputError, Rng, implements
from rulewright.game.interface import hidden_owner, merge

MISSING = ("The agents mcts and ismcts are OpenSpiel's: install it with pip install 'rulewright[simulate]' "
           "(the package open-spiel).")
SIMULATIONS = 100   # the searches' budget a move when the agent names none ('mcts 400')
HORIZON = 100       # moves a search looks ahead before it judges a position by the score
UCT_C = 2.0         # the exploration constant of both searches (OpenSpiel's examples use 2)
WORLDS = 4          # the worlds (draws, deals) mcts searches in a game with chance or hidden things


def pyspiel_module():
    """``pyspiel``, or a ``SystemExit`` naming the extra that installs it."""
    try:
        import pyspiel  # noqa: PLC0415 - optional extra [simulate]
    except ImportError:
        raise SystemExit(MISSING) from None
    return pyspiel


def _seed(*parts: Any) -> int:
    digest = hashlib.sha256(" ".join(map(str, ("rulewright openspiel",) + parts)).encode()).digest()
    return int.from_bytes(digest[:4], "big")


def place_returns(places: dict[str, int], seats: list[str]) -> list[float]:
    """Each seat's return from its place: 1 for first, -1 for last place among ``len(seats)``."""
    n = len(seats)
    if n < 2:
        return [1.0] * n
    return [1.0 - 2.0 * (places.get(seat, n) - 1) / (n - 1) for seat in seats]


def score_places(game: Game, state: Any, seats: list[str]) -> dict[str, int] | None:
    """Places by ``Game.score`` (higher first, level scores share a place), or ``None`` without one."""
    if not implements(game, "score"):
        return None
    scores = {seat: game.score(state, seat) for seat in seats}
    if any(value is None for value in scores.values()):
        return None
    return {seat: 1 + sum(other > scores[seat] for other in scores.values()) for seat in seats}


def _hidden_paths(value: Any, patterns: tuple[str, ...], path: str = ""):
    """(dotted path, owner) of every value of ``value`` (a setup) at one of the ``patterns``."""
    if path:
        found, owner = hidden_owner(patterns, path)
        if found:
            yield path, owner
            return
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _hidden_paths(item, patterns, f"{path}.{key}" if path else str(key))
    elif isinstance(value, list) and any(p.count(".") > path.count(".") for p in patterns):
        for index, item in enumerate(value):
            yield from _hidden_paths(item, patterns, f"{path}.{index}" if path else str(index))


def _get(tree: Any, path: str) -> Any:
    for part in path.split("."):
        tree = tree[int(part)] if isinstance(tree, list) else tree[part]
    return tree


def _put(tree: Any, path: str, value: Any) -> None:
    *parents, last = path.split(".")
    for part in parents:
        tree = tree[int(part)] if isinstance(tree, list) else tree[part]
    if isinstance(tree, list):
        tree[int(last)] = value
    else:
        tree[last] = value


_CLASSES: dict[str, Any] = {}


def _classes():
    """The ``pyspiel.Game`` and ``pyspiel.State`` subclasses, defined on first use (pyspiel is optional)."""
    if _CLASSES:
        return _CLASSES["game"], _CLASSES["state"]
    pyspiel = pyspiel_module()

    class Spiel(pyspiel.Game):
        def __init__(self, game: Game, settings: dict, start: Any, horizon: int = HORIZON, seed: int = 0,
                     imperfect: bool = False):
            seats = [str(s) for s in game.seats(start)]
            if not seats:
                raise InputError(f"{game.title} does not say who sits where (Game.seats), so OpenSpiel's agents "
                                 "cannot play it.", "agents")
            kind = pyspiel.GameType(
                short_name=f"rulewright_{game.name.replace('-', '_')}", long_name=f"{game.title} (Rulewright)",
                dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
                chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
                information=(pyspiel.GameType.Information.IMPERFECT_INFORMATION if game.hidden or imperfect else
                             pyspiel.GameType.Information.PERFECT_INFORMATION),
                utility=pyspiel.GameType.Utility.GENERAL_SUM, reward_model=pyspiel.GameType.RewardModel.TERMINAL,
                max_num_players=len(seats), min_num_players=len(seats),
                provides_information_state_string=True, provides_information_state_tensor=False,
                provides_observation_string=True, provides_observation_tensor=False, parameter_specification={})
            info = pyspiel.GameInfo(num_distinct_actions=2 ** 31 - 1, max_chance_outcomes=0, num_players=len(seats),
                                    min_utility=-1.0, max_utility=1.0, utility_sum=None, max_game_length=horizon)
            super().__init__(kind, info, {})
            self.game, self.settings, self.seats, self.horizon = game, dict(settings), seats, horizon
            self.start = start
            self.random = random.Random(_seed(seed, "deals"))
            self.ids: dict[tuple, int] = {}      # (actor, notation) -> action number
            self.moves: list[tuple] = []         # action number -> (actor, notation)
            self.chance = False  # whether a move of a search has drawn (then mcts searches several worlds)

        def action_id(self, action) -> int:
            key = (getattr(action, "actor", None), action.notation())
            found = self.ids.get(key)
            if found is None:
                found = self.ids[key] = len(self.moves)
                self.moves.append(key)
            return found

        def new_initial_state(self):
            return self.state_of(self.start)

        def state_of(self, engine_state: Any):
            """An OpenSpiel state over a copy of ``engine_state``, in a world of draws of its own."""
            return SpielState(self, copy.deepcopy(engine_state), world=self.random.getrandbits(48))

        def make_py_observer(self, iig_obs_type=None, params=None):
            raise NotImplementedError("Rulewright games give their points of view as strings only.")

    class SpielState(pyspiel.State):
        def __init__(self, spiel: Spiel, engine_state: Any, depth: int = 0, world: int = 0):
            super().__init__(spiel)
            self.spiel, self.engine, self.depth = spiel, engine_state, depth
            self.world = world  # the seed of this world's draws
            self.draws: dict[int, int] = {}  # each player's moves that have drawn since the search began
            self._legal: list | None = None
            self.only: set | None = None  # the moves allowed where the search starts (restricted play)

        # what the engine says, kept until the next move
        def _moves(self) -> list:
            if self._legal is None:
                game = self.spiel.game
                over = game.is_over(self.engine)
                self._legal = [] if over or self.depth >= self.spiel.horizon else list(game.legal_actions(self.engine))
                if self.only is not None and self.depth == 0:
                    self._legal = [a for a in self._legal if self.spiel.action_id(a) in self.only] or self._legal
            return self._legal


        def current_player(self):
            legal = self._moves()
            if not legal:
                return pyspiel.PlayerId.TERMINAL
            decider = self.spiel.game.decider(self.engine, getattr(legal[0], "actor", None))
            return self.spiel.seats.index(decider) if decider in self.spiel.seats else 0

        def _legal_actions(self, player):
            return sorted(self.spiel.action_id(action) for action in self._moves())

        def _apply_action(self, action_id):
            by_id = {self.spiel.action_id(action): action for action in self._moves()}
            if action_id not in by_id:
                actor, notation = self.spiel.moves[action_id]
                raise InputError(f"{actor}: {notation} is not a legal move here.")
            game = self.spiel.game
            player = self.current_player()
            rng = getattr(self.engine, "rng", None)
            drawn = len(rng.drawn) if isinstance(rng, Rng) else 0
            if isinstance(rng, Rng):
                rng.reseed(_seed(self.world, player, self.draws.get(player, 0)))
            game.apply(self.engine, by_id[action_id])
            game.settle(self.engine)
            if isinstance(rng, Rng) and len(rng.drawn) > drawn:
                self.draws[player] = self.draws.get(player, 0) + 1
                self.spiel.chance = True  # the game draws during play: mcts searches several worlds
            self.depth += 1
            self._legal = None

        def _action_to_string(self, player, action_id):
            actor, notation = self.spiel.moves[action_id]
            return f"{actor}: {notation}" if actor else notation

        def is_terminal(self):
            return not self._moves()

        def returns(self):
            if not self.is_terminal():
                return [0.0] * len(self.spiel.seats)
            game = self.spiel.game
            places = game.places(self.engine) if game.is_over(self.engine) else None
            places = places or score_places(game, self.engine, self.spiel.seats)
            return place_returns(places, self.spiel.seats) if places else [0.0] * len(self.spiel.seats)

        def view_of(self, player) -> str:
            seat = self.spiel.seats[player] if player is not None and player >= 0 else None
            return json.dumps(self.spiel.game.view_for(self.engine, seat), sort_keys=True, default=str)

        def information_state_string(self, player=None):
            return self.view_of(self.current_player() if player is None else player)

        def observation_string(self, player=None):
            return self.view_of(self.current_player() if player is None else player)

        def clone(self):
            twin = SpielState(self.spiel, copy.deepcopy(self.engine), self.depth, self.world)
            twin._legal, twin.only, twin.draws = self._legal, self.only, dict(self.draws)
            return twin

        def resample_from_infostate(self, player, sampler=None):
            return self.spiel_resample(player)

        def spiel_resample(self, player: int):
            """A position ``seats[player]`` cannot tell from this one, what it cannot see dealt anew."""
            spiel, game = self.spiel, self.spiel.game
            seat = spiel.seats[player]
            if not game.hidden:
                twin = self.clone()
                twin.world = spiel.random.getrandbits(48)
                return twin
            setup = dict(game.setup_of(self.engine))
            preset = setup.pop("preset", None)
            setup = merge(game.presets[preset], setup) if preset is not None else setup
            patterns = tuple(game.hidden_setup or game.hidden)
            places = [(path, owner) for path, owner in _hidden_paths(setup, patterns) if owner != seat]
            pool: list = []
            shapes: list[tuple[str, int | None]] = []
            for path, _ in places:
                value = _get(setup, path)
                if isinstance(value, list):
                    pool += value
                    shapes.append((path, len(value)))
                elif value is not None and not isinstance(value, dict):
                    pool.append(value)
                    shapes.append((path, None))
            spiel.random.shuffle(pool)
            for path, size in shapes:
                if size is None:
                    _put(setup, path, pool.pop())
                else:
                    _put(setup, path, [pool.pop() for _ in range(size)])
            engine = game.new_state(setup, spiel.settings, Rng(spiel.random.getrandbits(48)))
            game.settle(engine)
            twin = SpielState(spiel, engine, self.depth, spiel.random.getrandbits(48))
            twin.only = self.only
            if twin.view_of(player) != self.view_of(player):
                raise InputError(f"{game.title}: dealing anew what {seat} cannot see (the values at its hidden paths "
                                 f"{', '.join(game.hidden)}) does not give the position {seat} sees, so the "
                                 "information-set agent cannot play it: what is hidden is not one pool of unseen "
                                 "cards.", "agents")
            return twin

        def __str__(self):
            return json.dumps(self.spiel.game.view(self.engine), sort_keys=True, default=str)

    _CLASSES["game"], _CLASSES["state"] = Spiel, SpielState
    return Spiel, SpielState


def openspiel_game(game: Game, settings: dict, start: Any, horizon: int = HORIZON, seed: int = 0,
                   imperfect: bool = False):
    """``game`` (with its full ``settings``) as a ``pyspiel.Game`` whose initial state is ``start``:
    of imperfect information when the game hides something (``Game.hidden``) or ``imperfect`` says
    so (the information-set agent plays only such games; in a game that hides nothing, what it does
    not know is the draws to come)."""
    spiel, _ = _classes()
    return spiel(game, settings, start, horizon, seed, imperfect)


class Searcher:
    """One seat's OpenSpiel bot for one game: ``mcts`` or ``ismcts``, with ``simulations`` a move,
    seeded by ``seed`` (the game's seed and the seat)."""

    def __init__(self, kind: str, game: Game, settings: dict, start: Any, seed: int,
                 simulations: int | None = None, horizon: int = HORIZON) -> None:
        import numpy as np  # noqa: PLC0415 - optional extra [simulate]

        pyspiel_module()
        from open_spiel.python.algorithms import ismcts, mcts  # noqa: PLC0415 - optional extra [simulate]

        self.kind, self.game = kind, game
        self.spiel = openspiel_game(game, settings, start, horizon, seed, imperfect=kind == "ismcts")
        budget = self.budget = simulations or SIMULATIONS
        evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(_seed(seed, "rollouts")))
        searching = np.random.RandomState(_seed(seed, "search"))
        if kind == "ismcts":
            self.bot = ismcts.ISMCTSBot(self.spiel, evaluator, UCT_C, budget, random_state=searching,
                                        allow_inconsistent_action_sets=True)
        else:
            self.bot = mcts.MCTSBot(self.spiel, UCT_C, budget, evaluator, random_state=searching, solve=True)
            # (solving is sound: each world is deterministic, its draws fixed by who moves and when)

    def choose(self, engine_state: Any, legal: list):
        """The move the bot makes in ``engine_state``, one of ``legal`` (all the legal moves, or those a
        restricted agent may make)."""
        if len(legal) == 1:
            return legal[0]
        allowed = {self.spiel.action_id(action) for action in legal}
        if self.kind == "ismcts":
            root = self.spiel.state_of(engine_state)
            root.only = allowed
            return self._move(int(self.bot.step(root)), legal)
        if not self.game.hidden and not self.spiel.chance:
            self._probe(engine_state, legal)
        worlds = WORLDS if self.game.hidden or self.spiel.chance else 1
        tried: dict[int, int] = {}
        for _ in range(worlds):
            root = self.spiel.state_of(engine_state)
            root.only = allowed
            if self.game.hidden:  # a deal of what its player cannot see
                root = root.spiel_resample(root.current_player())
            self.bot.max_simulations = max(1, self.budget // worlds)
            for child in self.bot.mcts_search(root).children:
                tried[child.action] = tried.get(child.action, 0) + child.explore_count
        most = max(tried.values())
        return self._move(next(self.spiel.action_id(a) for a in legal if tried.get(self.spiel.action_id(a)) == most),
                          legal)

    def _probe(self, engine_state: Any, legal: list) -> None:
        """Whether a move draws (``spiel.chance``): each legal move tried once on a copy."""
        for action in legal:
            trial = self.spiel.state_of(engine_state)
            trial.apply_action(self.spiel.action_id(action))

    def _move(self, chosen: int, legal: list):
        for action in legal:
            if self.spiel.action_id(action) == chosen:
                return action
        raise AssertionError(f"the {self.kind} agent chose a move that is not legal: {self.spiel.moves[chosen]}")
