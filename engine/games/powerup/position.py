"""A position written back as an example's setup (``Game.setup_of``), in the keys ``setup.py`` reads.

Everything the future depends on is written: each player's cash, hand (in the order drawn) and
shares, the DoE's, the board, the bag in drawing order, the turn so far, the stated rolls still to
come, the bank's totals and, for a finished game, why it ended. The random generator is not: the
copy is given the original's, so a roll or a DoE grant comes out the same for both. Values equal
to the default (cash $6000, no shares, nothing yet done this turn) are left out, and the setup is
written as the preset that leaves least to say plus what differs from it.
"""
from __future__ import annotations

from rulewright.game import minimal_setup
from engine.games.powerup.board import sort_tiles
from engine.games.powerup.data import COMPANIES, RULES
from engine.games.powerup.state import NEUTRAL, Holder, State, tiles_of


def setup_of(state: State, presets: dict) -> dict:
    full: dict = {"players": {name: _holder(p, RULES["start"]["cash"], hand=True) for name, p in state.players.items()}}
    if state.doe:
        full["doe"] = _holder(state.doe, 0, hand=False) or True
    full["board"] = {owner: sort_tiles(tiles_of(state, owner)) for owner in (NEUTRAL, *COMPANIES)
                     if owner in state.board.values()}
    full["turn"] = _turn(state)  # the order of the demo preset: who is where, whose turn, what is left to draw
    full["bag"] = list(state.bag)
    for key in ("action_rolls", "doe_rolls"):
        if getattr(state, key):
            full[key] = list(getattr(state, key))
    if state.ledger.paid_out or state.ledger.taken_in:
        full["bank"] = {"paid_out": state.ledger.paid_out, "taken_in": state.ledger.taken_in}
    if state.over:
        full["over"] = state.end_reason
    return minimal_setup(full, presets, ordered=("players",))  # the players are written in turn order


def _holder(holder: Holder, usual_cash: int, hand: bool) -> dict:
    out: dict = {} if holder.cash == usual_cash else {"cash": holder.cash}
    if hand:
        out["hand"] = list(holder.hand)
    shares = {code: count for code, count in holder.shares.items() if count}
    if shares:
        out["shares"] = shares
    return out


def _turn(state: State) -> dict:
    turn = state.turn
    out = {"number": state.turn_number} if state.turn_number != 1 else {}
    out.update(player=turn.player, actions=turn.actions)
    so_far = {"used": turn.used, "tile_played": turn.tile_played, "can_play": not turn.play_closed,
              "must_play": turn.must_play}
    usual = {"used": 0, "tile_played": False, "can_play": True, "must_play": False}
    out.update({key: value for key, value in so_far.items() if value != usual[key]})
    return out
