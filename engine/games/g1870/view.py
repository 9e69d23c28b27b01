"""``view(state)``: the plain mapping that examples' ``expect`` reads. Its keys are documented in
the chapter's Notation section; keep the two in step."""
from __future__ import annotations

from engine.games.g1870 import data, holdings, map_view, market, privates, protection, rounds
from engine.games.g1870.state import State


def who_acts(state: State) -> str:
    if state.offer:
        return state.offer.to
    if state.discarding:
        return state.discarding[0]
    if state.net and state.net.current:
        return state.net.current["corp"]
    if state.protection:
        return protection.waiting_for(state)
    if state.must_par:
        return state.must_par
    return state.turn


def view(state: State) -> dict:
    rnd = {"auction": "auction", "stock": f"SR {state.stock_round}",
           "operating": f"OR {state.stock_round}.{state.operating_round}", "over": "game over"}[state.round]
    return {
        "round": rnd,
        "phase": data.phase_name(state.settings, state.phase),
        "turn": who_acts(state),
        "priority": state.priority,
        "bank": state.bank,
        "bank_broken": state.bank_broken,
        "game_over": state.game_over,
        "cert_limit": holdings.cert_limit(state),
        "operating_rounds_in_set": state.ors_in_set,
        "operating_order": rounds.price_order(state),
        "waiting": waiting(state),
        "river_blocked": privates.river_blocked(state),
        "pool": list(state.pool),
        "discarding": list(state.discarding),
        "private_tokens": {sym: state.assigned.get(sym) for sym in ("SCC", "GSC")},
        "port_closed": state.port_closed,
        "market": {market.label(pos): list(stack) for pos, stack in sorted(state.stacks.items())},
        "players": {name: player_view(state, name) for name in state.players},
        "corporations": {sym: corp_view(state, sym) for sym in state.corporations},
        "privates": {sym: {"owner": p.owner, "closed": p.closed, "cost": p.cost, "revenue": p.revenue,
                           "price": p.price, "bids": dict(p.bids)} for sym, p in state.privates.items()},
        **map_view.top(state),
    }


def waiting(state: State) -> list[str]:
    """What the game waits for, in words: a protection decision, an answer to an offer, a par."""
    out = [f"{protection.waiting_for(state)}: protect or decline {s.corp} ({s.count} sold by {s.seller})"
           for s in state.protection[:1]]
    offer = state.offer
    if offer and offer.kind == "train":
        name, seller = offer.item.split(":")
        out.append(f"{offer.to}: accept or reject ({offer.by} buying {seller}'s {name}-train for ${offer.price})")
    elif offer:
        out.append(f"{offer.to}: accept or reject ({offer.kind} {offer.item} for ${offer.price})"
                   if offer.kind != "redeem" else f"{offer.to}: accept or reject ({offer.by} redeeming a share)")
    if state.must_par:
        out.append(f"{state.must_par}: par SLSF")
    return out


def privates_of(state: State, name: str) -> list[str]:
    """The private companies ``name`` owns and that are still open."""
    return [s for s, priv in state.privates.items() if priv.owner == name and not priv.closed]


def worth(state: State, name: str) -> int:
    """A player's value: cash, shares at their prices and the face value of the open private companies
    they own (rule 1870.end.value)."""
    return (state.players[name].cash + holdings.share_value(state, name)
            + sum(state.privates[s].cost for s in privates_of(state, name)))


def player_view(state: State, name: str) -> dict:
    p = state.players[name]
    owned = privates_of(state, name)
    return {"cash": p.cash, "shares": {s: n for s, n in p.shares.items() if n},
            "president_of": [s for s, c in state.corporations.items() if c.president == name],
            "certificates": holdings.certificates(state, name), "privates": owned, "worth": worth(state, name),
            "sold_this_round": sorted(p.sold_this_round)}


def corp_view(state: State, sym: str) -> dict:
    c = state.corporations[sym]
    return {"price": holdings.price(c), "cell": market.label(c.pos) if c.pos else None,
            "zone": holdings.zone(c), "par": c.par, "cash": c.cash, "treasury": c.treasury,
            "redeemed": c.redeemed, "market": c.market, "president": c.president, "floated": c.floated,
            "operated": c.operated, "closed": c.closed, "trains": list(c.trains),
            "capitalisation": "incremental" if c.incremental else "full",
            "sold_out": c.pos is not None and rounds.sold_out(state, c), **map_view.corporation(state, sym)}
