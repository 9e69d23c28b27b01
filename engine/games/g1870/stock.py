"""The stock round: whose turn it is, how a turn ends, and how the round ends.

A turn (rule 1870.stock.turn) is: any sales, then one purchase (a share, a president's certificate, or a private from
another player), which ends the turn; or a redemption or reissue, which is the whole turn. A player
who has only sold ends the turn with ``done``; a player who does nothing says ``pass``. When the
turn ends, sales wait for price protection. When every player passes in a row, the round ends.
"""
from __future__ import annotations

import copy

from rulewright.game import Event, Refusal
from engine.games.g1870 import holdings, protection, rounds, shares
from engine.games.g1870.state import State


def could_sell(state: State, name: str) -> bool:
    """Whether any sale at all is open to the player (used for the certificate-limit rule)."""
    for sym in state.players[name].shares:
        try:
            shares.sell(copy.deepcopy(state), name, sym, 1)
            return True
        except Refusal:
            continue
    return False


def end_turn(state: State, name: str) -> list[Event]:
    """``done`` or ``pass``: the player's turn ends; waiting sales go to their presidents."""
    held, limit = holdings.certificates(state, name), holdings.cert_limit(state)
    if held > limit and could_sell(state, name):
        raise Refusal("1870.certs.must-sell", f"{name} holds {held} certificates and the limit is {limit}; "
                                              "sell until within the limit before ending the turn.")
    return finish_action(state, name)


def finish_action(state: State, name: str) -> list[Event]:
    """Close the current player's turn: count a pass, open price protection, move on."""
    if state.acted:
        state.passes = 0
        state.priority = holdings.seat_order_from(state, name)[0]
    else:
        state.passes += 1
    state.protection.extend(state.sales)
    state.sales = []
    state.last_protector = None
    return protection.advance(state) + after_protection(state)


def after_protection(state: State) -> list[Event]:
    """Once no sale waits for an answer, play goes to the player after the last one who acted: the
    seller, or the president who protected (protecting is that president's turn)."""
    if state.protection:
        return []
    actor = state.last_protector or state.turn
    if state.last_protector:
        state.passes = 0
        state.priority = holdings.seat_order_from(state, actor)[0]
    state.last_protector = None
    state.acted = []
    state.turn = holdings.seat_order_from(state, actor)[0]
    if state.passes >= len(state.players):  # all passed in a row (rule 1870.stock.round-end)
        return rounds.end_stock_round(state)
    return []
