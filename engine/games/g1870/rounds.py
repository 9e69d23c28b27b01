"""The order of rounds: the private auction, then stock rounds each followed by a set of
operating rounds (1 in phase 1, 2 in phases 2 and 3, 3 from phase 4). The game ends at the end
of the set in which the bank breaks, or at once when a player goes bankrupt."""
from __future__ import annotations

from rulewright.game import Event
from engine.games.g1870 import data, ending, holdings, market, privates
from engine.games.g1870.state import State


def price_order(state: State) -> list[str]:
    """Started corporations from the highest share price down. On equal prices the one further
    right goes first, then the one higher up, then the one higher in its cell's stack."""
    def key(sym):
        corp = state.corporations[sym]
        stack = state.stacks.get(corp.pos, [])
        return (-holdings.price(corp), -corp.pos[1], corp.pos[0], stack.index(sym) if sym in stack else 0)
    return sorted((s for s, c in state.corporations.items() if c.pos and not c.closed), key=key)


def rounds_in_phase(phase: int) -> int:
    """How many operating rounds follow a stock round ending in ``phase`` (rule 1870.rounds.or-count)."""
    return next(t["rounds"] for t in data.trains() if t["phase"] == phase)


def begin_stock_round(state: State, first: str, first_round: bool = False) -> list[Event]:
    state.round = "stock"
    if not first_round:
        state.stock_round += 1
    state.turn = state.priority = first
    state.passes = 0
    state.acted = []
    for corp in state.corporations.values():
        corp.cash_at_round_start = corp.cash
        corp.redeemed_this_round = False
    for player in state.players.values():
        player.sold_this_round = set()
    return [Event("stock-round-started", {"round": state.stock_round, "priority": first})]


def sold_out(state: State, corp) -> bool:
    """Every share is with the players or redeemed in the Treasury: none for sale."""
    return holdings.player_units(state, corp.sym) + corp.redeemed == data.shares_per_corporation()


def end_stock_round(state: State) -> list[Event]:
    """Sold-out corporations rise one row (rule 1870.market.sold-out); then the set of operating
    rounds begins."""
    events = [Event("stock-round-ended", {"round": state.stock_round})]
    for sym in price_order(state):
        corp = state.corporations[sym]
        if sold_out(state, corp):
            events += holdings.move(state, corp, market.up(corp.pos), "sold out")
            events.append(Event("sold-out", {"corporation": sym}))
    state.ors_in_set = rounds_in_phase(state.phase)
    state.operating_round = 0
    return events + begin_operating_round(state)


def begin_operating_round(state: State) -> list[Event]:
    if state.settings["sold_resets"] == "every-round":  # rule 1870.protect.sold-this-round
        for player in state.players.values():
            player.sold_this_round = set()
    state.round = "operating"
    state.operating_round += 1
    events = [Event("operating-round-started", {"round": f"{state.stock_round}.{state.operating_round}"})]
    events += privates.pay_revenue(state)
    state.operating_order = [s for s in price_order(state) if state.corporations[s].floated]
    return events + next_corporation(state)


def next_corporation(state: State) -> list[Event]:
    """Give the turn to the next corporation in this round's order, or end the round."""
    state.dividend_done = False
    if state.operating_order:
        state.turn = state.operating_order.pop(0)
        return []
    if state.operating_round < state.ors_in_set:
        return begin_operating_round(state)
    if state.bank_broken:
        return ending.game_over(state, "the bank broke")
    return begin_stock_round(state, state.priority)


def check_bank(state: State) -> list[Event]:
    if state.bank <= 0 and not state.bank_broken:
        state.bank_broken = True
        return [Event("bank-broken")]
    return []
