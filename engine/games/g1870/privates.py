"""The six private companies: sales between players, purchase by a corporation, their revenue,
their tokens and their closing. Their opening auction is ``auction``.
"""
from __future__ import annotations

import math

from rulewright.game import Event, Refusal
from engine.games.g1870 import data, holdings
from engine.games.g1870.state import Offer, State


# ---------------------------------------------------------------- trades


def offer_check(state: State, name: str, sym: str, buyer: str, price: int) -> None:
    """``offer_to_player``'s refusals, in its order, changing nothing."""
    priv = state.privates[sym]
    if priv.owner != name or priv.closed:
        raise Refusal("1870.private.trade", f"{name} does not own the open private {sym}.")
    least = data.least_sale_price()
    if buyer == name or price < least:
        raise Refusal("1870.private.trade", f"A private is sold to another player, for at least ${least}.")
    if any(a[0] in ("buy", "par", "private") for a in state.acted):
        raise Refusal("1870.buy.one-per-turn", "Selling a private is the turn's one purchase-like action, "
                                               "and one has already been made.")


def offer_to_player(state: State, name: str, sym: str, buyer: str, price: int) -> list[Event]:
    offer_check(state, name, sym, buyer, price)
    state.offer = Offer("private", name, buyer, sym, price)
    return [Event("offer-made", {"private": sym, "to": buyer, "price": price})]


def corporation_offer_check(state: State, sym: str, priv_sym: str, price: int) -> None:
    """``corporation_offer``'s refusals, in its order, changing nothing."""
    corp, priv = state.corporations[sym], state.privates[priv_sym]
    owner = priv.owner
    if data.privates()[priv_sym].get("no_corporation"):
        raise Refusal("1870.private.slsf", "No corporation may buy the SLSF private.")
    if owner not in state.players or priv.closed:
        raise Refusal("1870.private.corp-buy", f"{priv_sym} is not an open private owned by a player.")
    spec = data.privates()[priv_sym]
    if state.phase == 1:
        if "phase1_buyers" not in spec:
            raise Refusal("1870.private.corp-buy", "Corporations may buy privates only from phase 2 "
                                                   "(the first 3-train).")
        low, high = spec["phase1_price"]
        if sym not in spec["phase1_buyers"] or not low <= price <= high:
            raise Refusal("1870.private.mrbc", f"In phase 1 only {' or '.join(spec['phase1_buyers'])} may buy "
                                               f"{priv_sym}, for ${low} to ${high}.")
    elif not math.ceil(priv.cost / 2) <= price <= 2 * priv.cost:
        raise Refusal("1870.private.corp-price", f"{priv_sym} sells to a corporation for half to twice its "
                      f"face value: ${math.ceil(priv.cost / 2)} to ${2 * priv.cost}.")
    if corp.cash < price:
        raise Refusal("1870.private.corp-buy", f"{sym} has ${corp.cash}, less than ${price}.")


def corporation_offer(state: State, sym: str, priv_sym: str, price: int) -> list[Event]:
    corporation_offer_check(state, sym, priv_sym, price)
    corp, owner = state.corporations[sym], state.privates[priv_sym].owner
    state.offer = Offer("corp-private", sym, owner, priv_sym, price)
    if owner == corp.president:
        return accept(state)
    return [Event("offer-made", {"private": priv_sym, "to": owner, "price": price})]


def accept(state: State) -> list[Event]:
    """Complete the waiting offer (the other side has agreed)."""
    offer, state.offer = state.offer, None
    priv = state.privates[offer.item]
    if offer.kind == "private":
        buyer = state.players[offer.to]
        if buyer.cash < offer.price:
            state.offer = offer
            raise Refusal("1870.private.trade", f"{offer.to} has ${buyer.cash}, less than ${offer.price}.")
        if holdings.certificates(state, offer.to) + 1 > holdings.cert_limit(state):
            state.offer = offer
            raise Refusal("1870.buy.cert-limit", f"{offer.to} is at the certificate limit; a private counts "
                                                 "as a certificate.")
        buyer.cash -= offer.price
        state.players[offer.by].cash += offer.price
        priv.owner = offer.to
        state.acted.append(("private", offer.item))
    else:
        corp = state.corporations[offer.by]
        corp.cash -= offer.price
        state.players[priv.owner].cash += offer.price
        priv.owner = corp.sym
    return [Event("private-sold", {"private": offer.item, "to": priv.owner, "price": offer.price})]


# ---------------------------------------------------------------- revenue and closing


def pay_revenue(state: State) -> list[Event]:
    """Each open private's revenue, paid to its owner as an operating round starts (rule 1870.private.revenue)."""
    events = []
    for sym, priv in state.privates.items():
        if priv.owner and not priv.closed and priv.revenue:
            owner = state.players.get(priv.owner) or state.corporations[priv.owner]
            owner.cash += priv.revenue
            state.bank -= priv.revenue
            events.append(Event("private-revenue", {"private": sym, "owner": priv.owner, "amount": priv.revenue}))
    return events


def close_all(state: State) -> list[Event]:
    for priv in state.privates.values():
        priv.closed = True
    return [Event("privates-closed")]


def river_blocked(state: State) -> bool:
    """While a player owns the Mississippi River Bridge Company, no track may cross the river."""
    mrbc = state.privates["MRBC"]
    return not mrbc.closed and mrbc.owner in state.players


# ---------------------------------------------------------------- the cattle and port tokens

TOKEN_HEXES = {"SCC": ("B9", "B11", "D5", "E12", "F5", "H13", "J3", "J5", "L11", "M2", "M6", "N7"),
               "GSC": ("H17", "M14", "M20", "N7", "N17")}


def assign_check(state: State, sym: str, priv_sym: str, label: str) -> None:
    """The owning corporation places the private's token (rule 1870.private.tokens): the Southern
    Cattle Company's on one of its cities, the Gulf Shipping Company's on a port; once."""
    priv = state.privates.get(priv_sym)
    if priv is None or priv_sym not in TOKEN_HEXES:
        raise Refusal("1870.private.tokens", "Only the SCC and the GSC have tokens to place.")
    if priv.owner != sym or priv.closed:
        raise Refusal("1870.private.tokens", f"{sym} does not own the open {priv_sym}.")
    if priv_sym in state.assigned:
        raise Refusal("1870.private.tokens", f"{priv_sym}'s token is on {state.assigned[priv_sym]} already.")
    if label not in TOKEN_HEXES[priv_sym]:
        raise Refusal("1870.private.tokens", f"{priv_sym}'s token goes on one of {', '.join(TOKEN_HEXES[priv_sym])}, "
                                             f"not {label}.")


def assign(state: State, sym: str, priv_sym: str, label: str) -> list[Event]:
    assign_check(state, sym, priv_sym, label)
    state.assigned[priv_sym] = label
    if priv_sym == "GSC":
        state.port_opened = turn_key(state)
    return [Event("private-token-placed", {"private": priv_sym, "corporation": sym, "hex": label})]


def turn_key(state: State) -> str:
    return f"{state.stock_round}.{state.operating_round}:{state.turn}"


def close_port_check(state: State, sym: str, label: str) -> None:
    """The owning corporation places the closed port instead of the open one, or in a later
    operating round puts it in the open port's place; either closes the GSC (rule
    1870.private.closed-port)."""
    priv = state.privates["GSC"]
    if priv.owner != sym or priv.closed:
        raise Refusal("1870.private.closed-port", f"{sym} does not own the open GSC.")
    opened = state.assigned.get("GSC")
    if opened is None and label not in TOKEN_HEXES["GSC"]:
        raise Refusal("1870.private.closed-port", f"The closed port goes on one of {', '.join(TOKEN_HEXES['GSC'])}, "
                                                  f"not {label}.")
    if opened is not None and label != opened:
        raise Refusal("1870.private.closed-port", f"The open port is on {opened}: the closed port can only take its "
                                                  f"place there, not go on {label}.")
    if opened is not None and state.port_opened == turn_key(state):
        raise Refusal("1870.private.closed-port", f"{sym} placed the open port on {opened} this turn: the closed port "
                                                  "may take its place in a later operating round.")


def close_port(state: State, sym: str, label: str) -> list[Event]:
    close_port_check(state, sym, label)
    state.assigned["GSC"] = label
    state.port_closed, state.port_opened = True, None
    state.privates["GSC"].closed = True
    return [Event("port-closed", {"corporation": sym, "hex": label}), Event("private-closed", {"private": "GSC"})]

