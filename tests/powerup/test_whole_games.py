"""Property test: whole seeded games of powerUp played with random legal choices.

After every action: money is conserved (the players' and DoE's cash is what they started with,
plus what the bank paid out in bonuses and sales, less what it took for shares, counted from the
events independently of the engine's own ledger), every company's 25 shares are all accounted for,
every tile is in exactly one place, and the board is one that the rules can produce. Every action
``legal_actions`` lists is accepted, a sample of the actions it leaves out is refused, and every
game ends.
"""
from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from rulewright.game import InputError, Refusal, Rng, step
from engine.games.powerup.actions import Buy, Draw, EndTurn, Play
from engine.games.powerup.board import ALL_TILES, connected, neighbours
from engine.games.powerup.data import COMPANIES, SHARES
from engine.games.powerup.state import NEUTRAL, holders
from tests.powerup.helpers import GAME

MAX_ACTIONS = 3000  # 100 tiles, at least one played a turn: a game is far shorter than this


def money_moved(events) -> int:
    paid = sum(e.data["amount"] for e in events if e.name in ("bonus-paid", "shares-sold"))
    return paid - sum(e.data["price"] for e in events if e.name == "share-bought")


def check_tiles(state) -> None:
    places = list(state.board) + list(state.bag) + [t for p in state.players.values() for t in p.hand]
    assert len(places) == len(set(places)), "a tile is in two places"
    assert set(places) == set(ALL_TILES), "a tile went missing"


def check_shares(state) -> None:
    for code in COMPANIES:
        held = sum(h.shares[code] for h in holders(state))
        assert state.pool[code] + held == SHARES, f"{code} shares do not add up to {SHARES}"
        assert code in state.active or held == 0, f"inactive {code} still has holders"


def check_board(state) -> None:
    if state.over:
        return
    for code in COMPANIES:
        tiles = {t for t, o in state.board.items() if o == code}
        assert bool(tiles) == (code in state.active)
        if tiles:
            assert len(tiles) >= 2 and connected(next(iter(tiles)), tiles) == tiles
    if state.settings["neutral_absorption"] == "touching":
        return  # taking only touching neutral tiles can leave companies side by side
    for tile, owner in state.board.items():
        for n in neighbours(tile):
            other = state.board.get(n)
            assert owner == NEUTRAL or other in (None, owner), f"{tile} ({owner}) touches {n} ({other})"


def check_legal(state, chooser: random.Random) -> None:
    """Every listed action is accepted; a sample of the unlisted ones is refused."""
    legal = GAME.legal_actions(state)
    for action in legal:
        assert GAME.parse_action(state, action.actor, action.notation()) == action
        step(GAME, state, action)  # a refusal here fails the test
    unlisted = [a for a in candidates(state) if a not in legal and not spelled_out(a, legal)]
    for action in chooser.sample(unlisted, min(4, len(unlisted))):
        try:
            step(GAME, state, action)
        except (Refusal, InputError):
            continue
        raise AssertionError(f"{action.actor}: {action.notation()} is accepted but not listed as legal")


def spelled_out(action, legal) -> bool:
    """A play naming the survivor that would survive anyway: a longer spelling of a listed play."""
    return isinstance(action, Play) and action.survivor is not None and Play(action.actor, action.tile) in legal


def candidates(state) -> list:
    """Every action anyone could try: each player's draw, buys, end turn and plays of their tiles
    (plain, naming each company as founded, naming each as survivor)."""
    out = []
    for name, player in state.players.items():
        out += [Draw(name), EndTurn(name)] + [Buy(name, c) for c in COMPANIES]
        for tile in player.hand:
            out += [Play(name, tile)] + [Play(name, tile, found=c) for c in COMPANIES]
            out += [Play(name, tile, survivor=c) for c in COMPANIES]
    return out


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4), doe=st.booleans(),
       absorption=st.sampled_from(["group", "touching"]),
       draws=st.sampled_from(["first-action", "always"]),
       out_of_tiles=st.sampled_from(["at-once", "own-turn"]), choices=st.integers(0, 10_000))
def test_random_whole_games_keep_every_invariant(seed, players, doe, absorption, draws, out_of_tiles,
                                                 choices):
    """``seed`` deals the game, ``choices`` seeds the random choice among the legal actions
    (two numbers, so a failure shrinks quickly and replays exactly)."""
    chooser = random.Random(choices)
    names = ["ann", "bob", "cat", "dan"][:players]
    state = GAME.new_state({"players": names, "doe": doe},
                           GAME.resolve_settings({"neutral_absorption": absorption, "draw_then_play": draws,
                                                  "out_of_tiles": out_of_tiles}), Rng(seed))
    start_cash = sum(h.cash for h in holders(state))
    moved = 0
    for _ in range(MAX_ACTIONS):
        if state.over:
            break
        check_legal(state, chooser)
        legal = GAME.legal_actions(state)
        assert legal, "a player has nothing to do in an unfinished game"
        outcome = step(GAME, state, chooser.choice(legal))
        state, moved = outcome.state, moved + money_moved(outcome.events)
        assert sum(h.cash for h in holders(state)) == start_cash + moved, "money appeared or vanished"
        check_tiles(state)
        check_shares(state)
        check_board(state)
    assert state.over, "the game did not end"
    assert GAME.legal_actions(state) == []
    assert all(not any(h.shares.values()) for h in holders(state)), "shares left after the end"
    view = GAME.view(state)
    assert view["winners"] and view["winners"][0] == view["ranking"][0]
    richest = max(p["cash"] for p in view["players"].values())
    assert all(view["players"][w]["cash"] == richest for w in view["winners"])


@settings(max_examples=60, deadline=None)
@given(counts=st.lists(st.integers(0, 12), min_size=1, max_size=5),
       size=st.integers(2, 49), base=st.sampled_from([200, 300, 400]))
def test_bonuses_never_pay_more_than_fifteen_times_the_price(counts, size, base):
    from engine.games.powerup.mergers import bonuses

    price = base + 50 * (size - 2)
    holdings = [(f"h{i}", n) for i, n in enumerate(counts)]
    paid = dict((h, amount) for h, amount, _ in bonuses(holdings, price))
    held = {h: n for h, n in holdings}
    if not any(counts):
        assert paid == {}
        return
    assert 15 * price - len(counts) < sum(paid.values()) <= 15 * price  # only rounding is kept back
    assert all(held[h] > 0 for h in paid)
    top = max(counts)
    assert all(h in paid for h, n in holdings if n == top)  # every largest holder is paid
    for a in paid:                                           # more shares never means less bonus
        for b in paid:
            if held[a] > held[b]:
                assert paid[a] >= paid[b]
