"""Price protection. A sale does not move the price at once: when the seller's turn ends, each
sale waits for its corporation's president, who may buy the whole sale back at the price it was
sold for. Then the price stays. If the president declines, the price drops one row per share.
"""
from __future__ import annotations

from rulewright.game import Event, Refusal
from engine.games.g1870 import holdings, market, rounds
from engine.games.g1870.state import Sale, State


def waiting_for(state: State) -> str | None:
    """The president the first waiting sale is offered to."""
    return state.corporations[state.protection[0].corp].president if state.protection else None


def advance(state: State) -> list[Event]:
    """Drop the price for every waiting sale nobody can be asked about, up to the first one whose
    president must answer. A president who made the sale is not asked."""
    events = []
    while state.protection:
        sale = state.protection[0]
        corp = state.corporations[sale.corp]
        if not corp.closed and corp.president and corp.president != sale.seller:
            why = None if state.settings["unable_to_protect"] == "ask" else unable(state, corp.president, sale)
            if why is None:
                return events
            events.append(Event("protection-impossible", {"corporation": sale.corp, "president": corp.president,
                                                          "rule": why.rule}))
        state.protection.pop(0)
        if not corp.closed:
            events += drop(state, sale)
    return events


def unable(state: State, name: str, sale: Sale) -> Refusal | None:
    """Why ``name`` cannot protect ``sale`` (the refusal ``protect`` would give), or ``None``. With
    ``unable_to_protect: settle`` such a sale is settled at once as declined (rule
    1870.protect.unable)."""
    try:
        protect_check(state, name, sale)
    except Refusal as why:
        return why
    return None


def drop(state: State, sale: Sale) -> list[Event]:
    corp = state.corporations[sale.corp]
    path = market.down(corp.pos, sale.count, state.settings["ledge_sale"])
    events = holdings.move(state, corp, path, "sale")
    if len(path) - 1 < sale.count and market.on_ledge(path[-1]):
        events.append(Event("held-by-ledge", {"corporation": corp.sym, "at": market.label(path[-1])}))
    if state.round == "operating" and state.settings["sale_reorder"]:  # rule 1870.train.forced-sale-order
        state.operating_order = [s for s in rounds.price_order(state) if s in state.operating_order]
    return events


def check(state: State, name: str, sym: str) -> Sale:
    """The waiting sale of ``sym`` that ``name`` is answering, or a refusal saying why not."""
    sale = state.protection[0] if state.protection else None
    if sale is None or sale.corp != sym:
        raise Refusal("1870.protect.offer", f"No sale of {sym} is waiting for price protection now.")
    corp = state.corporations[sym]
    if corp.president != name:
        raise Refusal("1870.protect.president-only", f"Only {sym}'s president, {corp.president}, may protect "
                                                     "or decline this sale.")
    return sale


def protect(state: State, name: str, sym: str) -> list[Event]:
    sale = check(state, name, sym)
    player, corp = state.players[name], state.corporations[sym]
    cost = protect_check(state, name, sale)
    state.protection.pop(0)
    player.cash -= cost
    state.bank += cost
    corp.market -= sale.count
    player.shares[sym] = player.shares.get(sym, 0) + sale.count
    state.last_protector = name
    return [Event("price-protected", {"corporation": sym, "president": name, "count": sale.count,
                                      "price": sale.price})] + advance(state)


def protect_check(state: State, name: str, sale: Sale) -> int:
    """``protect``'s refusals for the president ``name``, in order, changing nothing; returns the cost."""
    sym = sale.corp
    player, corp = state.players[name], state.corporations[sym]
    if sale.president_at_sale != name:
        raise Refusal("1870.protect.new-president", f"{name} became president through this very sale, and a "
                                                    "new president may not protect the old president's shares.")
    if sym in player.sold_this_round and not state.settings["can_protect_if_sold"]:
        raise Refusal("1870.protect.sold-this-round", f"{name} sold {sym} earlier this round and so may not "
                                                      "protect it.")
    cost = sale.price * sale.count
    if player.cash < cost:
        raise Refusal("1870.protect.cash", f"Protecting costs ${cost} ({'all ' if sale.count > 1 else ''}{holdings.shares(sale.count)} at "
                                           f"${sale.price}) and {name} has ${player.cash}.")
    if market.cell(corp.pos).zone not in market.NO_CERT_LIMIT:
        held = holdings.certificates(state, name, skip=sale)
        if held + sale.count > holdings.cert_limit(state):
            raise Refusal("1870.protect.cert-room", f"{name} holds {held} certificates; {sale.count} more "
                                                    f"would pass the limit of {holdings.cert_limit(state)}.")
    return cost


def decline(state: State, name: str, sym: str) -> list[Event]:
    sale = check(state, name, sym)
    state.protection.pop(0)
    return [Event("protection-declined", {"corporation": sym})] + drop(state, sale) + advance(state)
