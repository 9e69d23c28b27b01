"""The opening auction of the six private companies (rules 1870.auction.*).

On a turn a player buys the cheapest private left at its price, bids on a later one, or passes.
When a private with bids becomes the cheapest, a single bidder takes it at the bid and several
bidders bid it up among themselves. If everyone passes, the cheapest gets cheaper by the auction's
step (``data/tables.yaml:auction_price_step``, $5), the least a bid raises a price too. When the last
is sold, the first stock round begins (``rounds``).
"""
from __future__ import annotations

from rulewright.game import Event, Refusal
from engine.games.g1870 import data, holdings, rounds
from engine.games.g1870.state import State

def unsold(state: State) -> list[str]:
    return [sym for sym, p in state.privates.items() if p.owner is None and not p.closed]


def first(state: State) -> str | None:
    left = unsold(state)
    return left[0] if left else None


def committed(state: State, name: str, besides: str | None = None) -> int:
    """Cash a player has tied up in bids on privates other than ``besides``."""
    return sum(p.bids.get(name, 0) for sym, p in state.privates.items() if sym != besides)


def take(state: State, name: str, sym: str, price: int) -> list[Event]:
    """``name`` buys private ``sym`` from the bank; the SLSF and MKT privates bring their share
    (rule 1870.private.mkt)."""
    priv, player = state.privates[sym], state.players[name]
    player.cash -= price
    state.bank += price
    priv.owner, priv.bids = name, {}
    events = [Event("private-bought", {"private": sym, "player": name, "price": price})]
    spec = data.privates()[sym]
    if "share_of" in spec:
        corp = state.corporations[spec["share_of"]]
        corp.treasury -= 1
        player.shares[corp.sym] = player.shares.get(corp.sym, 0) + 1
        events.append(Event("share-granted", {"corporation": corp.sym, "player": name}))
    if "president_of" in spec:
        state.must_par = name
    return events


def auction_buy_check(state: State, name: str, sym: str) -> int:
    """``auction_buy``'s refusals, in its order, changing nothing; returns the price."""
    if state.bidoff:
        raise Refusal("1870.auction.bid", f"{state.bidoff['private']} is being bid for: bid or pass.")
    cheapest = first(state)
    if sym != cheapest:
        raise Refusal("1870.auction.buy-first", f"Only the cheapest private left, {cheapest}, can be bought "
                                                f"outright; bid on {sym} instead.")
    price = state.privates[sym].price
    if state.players[name].cash - committed(state, name, sym) < price:
        raise Refusal("1870.auction.cash", f"{sym} costs ${price}; {name} has "
                                           f"${state.players[name].cash - committed(state, name, sym)} not tied up in bids.")
    return price


def auction_buy(state: State, name: str, sym: str) -> list[Event]:
    price = auction_buy_check(state, name, sym)
    state.last_buyer = name
    state.passes = 0
    return take(state, name, sym, price) + resolve(state)


def bid_check(state: State, name: str, sym: str, amount: int) -> None:
    """``bid``'s refusals, in its order, changing nothing."""
    priv = state.privates[sym]
    if priv.owner is not None or priv.closed:
        raise Refusal("1870.auction.bid", f"{sym} has been sold already; bid on a private still for sale.")
    if state.bidoff:
        if sym != state.bidoff["private"]:
            raise Refusal("1870.auction.bid", f"The bidding now is for {state.bidoff['private']}.")
    elif sym == first(state):
        raise Refusal("1870.auction.bid", f"{sym} is the cheapest private left: buy it instead of bidding.")
    lowest = max([priv.cost, *priv.bids.values()]) + data.auction_price_step()
    if amount < lowest:
        raise Refusal("1870.auction.bid", f"A bid on {sym} must be at least ${lowest}.")
    if state.players[name].cash - committed(state, name, sym) < amount:
        raise Refusal("1870.auction.cash", f"{name} has ${state.players[name].cash - committed(state, name, sym)} "
                                           f"not tied up in other bids, less than ${amount}.")


def bid(state: State, name: str, sym: str, amount: int) -> list[Event]:
    bid_check(state, name, sym, amount)
    priv = state.privates[sym]
    priv.bids[name] = amount
    events = [Event("bid", {"private": sym, "player": name, "amount": amount})]
    if state.bidoff:
        return events + next_bidder(state)
    state.passes = 0
    return events + pass_turn(state, name)


def auction_pass(state: State, name: str) -> list[Event]:
    if state.bidoff:
        sym = state.bidoff["private"]
        state.privates[sym].bids.pop(name)
        state.bidoff["bidders"].remove(name)
        state.bidoff["next"] -= 1
        return [Event("bid-withdrawn", {"private": sym, "player": name})] + next_bidder(state)
    state.passes += 1
    events = []
    if state.passes == len(state.players):  # everyone passed: the cheapest gets cheaper (rule 1870.auction.price-drop)
        sym = first(state)
        priv = state.privates[sym]
        priv.price -= data.auction_price_step()
        state.passes = 0
        events.append(Event("auction-price-dropped", {"private": sym, "price": priv.price}))
        if priv.price <= 0:
            taker = holdings.seat_order_from(state, name)[0]
            state.last_buyer = taker
            return events + take(state, taker, sym, 0) + resolve(state)
    return events + pass_turn(state, name)


def pass_turn(state: State, name: str) -> list[Event]:
    state.turn = holdings.seat_order_from(state, name)[0]
    return []


def resolve(state: State) -> list[Event]:
    """Settle privates that have become the cheapest and carry bids (rule 1870.auction.resolve); then play goes on with the
    player after the last buyer, or the stock round begins when all are sold."""
    events = []
    while (sym := first(state)) and state.privates[sym].bids:
        bids = state.privates[sym].bids
        if len(bids) > 1:
            order = sorted(bids, key=lambda n: (bids[n], list(state.players).index(n)))
            state.bidoff = {"private": sym, "bidders": order, "next": 0}
            state.turn = order[0]
            return events + [Event("bidding-started", {"private": sym, "bidders": order})]
        (winner, amount), = bids.items()
        events += take(state, winner, sym, amount)
    state.turn = holdings.seat_order_from(state, state.last_buyer)[0] if state.last_buyer else state.turn
    if not first(state):
        events += rounds.begin_stock_round(state, state.turn, first_round=True)
    return events


def next_bidder(state: State) -> list[Event]:
    off = state.bidoff
    sym = off["private"]
    if len(off["bidders"]) == 1:
        winner = off["bidders"][0]
        amount = state.privates[sym].bids[winner]
        state.bidoff = None
        return take(state, winner, sym, amount) + resolve(state)
    bids = state.privates[sym].bids
    top = max(off["bidders"], key=lambda n: bids[n])
    off["next"] = (off["next"] + 1) % len(off["bidders"])
    if off["bidders"][off["next"]] == top:  # the highest bidder waits to be outbid
        off["next"] = (off["next"] + 1) % len(off["bidders"])
    state.turn = off["bidders"][off["next"]]
    return []
