"""``legal_actions`` rules candidates out cheaply before trying them (the route and check that
``apply`` itself starts with), and the state copy it tries them on is hand-written for speed.
Both must be invisible: the listing equals trying every candidate on a copy, and the copy is a
true deep copy."""
import copy
import pickle
from functools import cache
from dataclasses import fields, is_dataclass

from rulewright.game import Refusal, Rng, step
from engine.games.g1870 import network
from engine.games.g1870.game import candidates
from tests.g1870.helpers import GAME, start


def brute_force(state) -> list:
    """Every candidate that ``apply`` accepts on a copy of the state, tried one by one."""
    out = []
    for act in dict.fromkeys(candidates(state)):
        try:
            GAME.apply(copy.deepcopy(state), act)
        except Refusal:
            continue
        out.append(act)
    return out


def positions(preset: str, seed: int, moves: int):
    """The states of one seeded random game, every one of them."""
    rng = Rng(seed)
    state = start(preset=preset)
    for _ in range(moves):
        yield state
        legal = GAME.legal_actions(state)
        if not legal:
            return
        state = step(GAME, state, rng.choice(legal)).state


def operating_positions(seed: int, joined: bool, moves: int = 80):
    """The states of a seeded random operating round on the printed map (the gulf preset): TP
    (Dallas to New Orleans) one tile short of its destination (M16) or already joined, so
    connection runs come up too. Moves that end a turn are favoured, so the round goes on to
    other corporations and later rounds."""
    hexes = {"N17": {"tile": 5, "rotated": 2}}
    if joined:
        hexes["M16"] = {"tile": 8, "rotated": 5}
    state = start({"turn": "SP", "hexes": hexes,
                   "corporations": {"TP": {"trains": ["4", "2"], "cash": 900}, "SP": {"trains": ["3"], "cash": 900}}},
                  preset="gulf")
    rng = Rng(seed)
    for _ in range(moves):
        yield state
        legal = GAME.legal_actions(state)
        if not legal:
            return
        ending = [a for a in legal if a.verb in ("done", "pay", "withhold", "dest", "lay", "run")]
        state = step(GAME, state, rng.choice(ending if ending and rng.choice([0, 1, 2]) else legal)).state


@cache
def all_positions() -> tuple:
    """Auction, stock and operating rounds from random games, and map-heavy operating rounds."""
    found = []
    for preset, seed, moves in (("new-game", 1, 150), ("stock", 2, 60), ("bare", 3, 80), ("new-game", 4, 80)):
        found += positions(preset, seed, moves)
    for seed, joined in ((5, False), (6, True)):  # on the printed map: many tiles to try, so fewer
        found += operating_positions(seed, joined, 40)
    return tuple(found)


def kind(state) -> str:
    return "connection" if state.net.current else state.round


def test_legal_actions_equal_trying_every_candidate():
    seen = set()
    for state in all_positions():
        before = pickle.loads(pickle.dumps(state))
        assert GAME.legal_actions(state) == brute_force(state)
        assert state == before, "legal_actions changed the state it was asked about"
        seen.add(kind(state))
    assert seen == {"auction", "stock", "operating", "connection"}


def test_route_and_check_change_nothing():
    """The probe ``legal_actions`` checks every candidate on is shared by all of them."""
    seen = set()
    for state in all_positions():
        probe = copy.deepcopy(state)
        if probe.round == "operating":
            network.turn_fields(probe)
        before = pickle.loads(pickle.dumps(probe))
        for act in candidates(state):
            try:
                GAME._route(probe, act)[0]()
            except Refusal:
                pass
            assert probe == before, f"routing or checking {act.notation()} changed the state"
        seen.add(kind(state))
    assert seen == {"auction", "stock", "operating", "connection"}


def containers(obj, path="state"):
    """Every mutable object reachable from ``obj`` (dataclass instances, dicts, lists, sets), by path."""
    if is_dataclass(obj) and not isinstance(obj, type):
        yield path, obj
        for f in fields(obj):
            if f.name != "settings":  # the settings are fixed for a game and shared on purpose
                yield from containers(getattr(obj, f.name), f"{path}.{f.name}")
    elif isinstance(obj, dict):
        yield path, obj
        for k, v in obj.items():
            yield from containers(v, f"{path}[{k!r}]")
    elif isinstance(obj, (list, set)):
        yield path, obj
        for i, v in enumerate(obj):
            yield from containers(v, f"{path}[{i}]")


def test_state_copy_is_a_true_deep_copy():
    seen = set()
    for state in all_positions():
        seen.add(kind(state))
        clone = copy.deepcopy(state)
        assert clone == pickle.loads(pickle.dumps(state))
        assert type(clone.net) is type(state.net)
        mine = {id(obj): path for path, obj in containers(state)}
        shared = [path for path, obj in containers(clone) if id(obj) in mine]
        assert not shared, f"the copy shares {shared[:3]} with the original"
    assert seen == {"auction", "stock", "operating", "connection"}
