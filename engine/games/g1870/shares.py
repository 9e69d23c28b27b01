"""Share dealing in a stock round: starting a corporation at a par value, buying and selling.

Every check cites its rule; the turn structure (whose turn, when it ends) lives in ``stock.py``.
"""
from __future__ import annotations

from rulewright.game import Event, Refusal
from engine.games.g1870 import holdings, market
from engine.games.g1870.holdings import cert_limit, certificates
from engine.games.g1870.state import Sale, State

HOLDING_LIMIT = 6  # units of 10%: the 60% rule


def bought_this_turn(state: State) -> list[tuple]:
    return [a for a in state.acted if a[0] in ("buy", "par", "private")]


def closed(sym: str):
    raise Refusal("1870.market.close", f"{sym} has closed and left the game: its shares can no longer be "
                                       "bought, and it cannot be started again.")


def par_check(state: State, name: str, sym: str, price: int) -> int:
    """``par``'s refusals, in its order, changing nothing; returns what the certificate costs."""
    player, corp = state.players[name], state.corporations[sym]
    slsf_owner = state.must_par == name and sym == "SLSF"
    if corp.closed:
        closed(sym)
    if corp.par is not None:
        raise Refusal("1870.par.start", f"{sym} has already been started; buy one of its shares instead.")
    if sym == "SLSF" and not slsf_owner:
        raise Refusal("1870.private.slsf", "The SLSF is started only by the player who buys the SLSF private "
                                           "company, who sets its par at once.")
    if price not in market.par_values():
        raise Refusal("1870.market.par", f"${price} is not a par value; choose one of "
                                         + ", ".join(f"${p}" for p in market.par_values()) + ".")
    if bought_this_turn(state):
        raise Refusal("1870.buy.one-per-turn", "You have already bought this turn.")
    cost = 0 if slsf_owner else 2 * price
    if player.cash < cost:
        raise Refusal("1870.buy.cash", f"The president's certificate costs ${cost} and {name} has ${player.cash}.")
    if not slsf_owner and certificates(state, name) + 1 > cert_limit(state):
        raise Refusal("1870.buy.cert-limit", f"{name} already holds {certificates(state, name)} certificates; "
                                             f"the limit is {cert_limit(state)}.")
    return cost


def par(state: State, name: str, sym: str, price: int) -> list[Event]:
    cost = par_check(state, name, sym, price)
    player, corp = state.players[name], state.corporations[sym]
    slsf_owner = state.must_par == name and sym == "SLSF"
    player.cash -= cost
    state.bank += cost
    player.shares[sym] = player.shares.get(sym, 0) + 2
    corp.treasury -= 2
    corp.par = price
    corp.president = name
    holdings.place(state, corp, market.par_cell(price))
    if not slsf_owner:  # the SLSF's par is owed from the auction, not an act of whoever's turn it is now
        state.acted.append(("par", sym))
    events = [Event("corporation-started", {"corporation": sym, "par": price, "president": name})]
    if slsf_owner:
        state.must_par = None
        state.privates["SLSF"].closed = True
        events.append(Event("private-closed", {"private": "SLSF"}))
    return events + holdings.floated_check(state, corp)


def buy_check(state: State, name: str, sym: str, count: int, source: str) -> int:
    """``buy``'s refusals, in its order, changing nothing; returns the price of each share."""
    player, corp = state.players[name], state.corporations[sym]
    if corp.closed:
        closed(sym)
    if corp.par is None:
        raise Refusal("1870.par.start", f"{sym} has not been started; start it with 'par {sym} <price>'.")
    zone = holdings.zone(corp)
    brown_market = zone == "brown" and source == "market"
    earlier = bought_this_turn(state)
    if (count > 1 or earlier) and not (brown_market and all(a == ("buy", sym, "market") for a in earlier)):
        raise Refusal("1870.buy.one-per-turn", "A player buys one share a turn; only in the brown zone may "
                                               "several shares be bought, and only from the market.")
    available = corp.treasury if source == "treasury" else corp.market
    if available < count:
        if source == "treasury" and corp.redeemed:
            raise Refusal("1870.buy.redeemed", f"{sym}'s Treasury holds only redeemed shares, which are not "
                                               "for sale until the corporation reissues them.")
        place = "Treasury" if source == "treasury" else "market"
        raise Refusal("1870.buy.available", f"The {place} has {holdings.shares(available, sym)}, not {count}.")
    if sym in player.sold_this_round:
        raise Refusal("1870.buy.sold-this-round", f"{name} sold {sym} this round and may not buy it back.")
    held = player.shares.get(sym, 0)
    if zone not in market.NO_HOLDING_LIMIT and held + count > HOLDING_LIMIT:
        raise Refusal("1870.buy.holding-limit", f"{name} would hold {10 * (held + count)}% of {sym}; "
                                                "60% is the most outside the green and brown zones.")
    if holdings.counts_for_limit(state, corp) and certificates(state, name) + count > cert_limit(state):
        raise Refusal("1870.buy.cert-limit", f"{name} already holds {certificates(state, name)} certificates; "
                                             f"the limit is {cert_limit(state)}.")
    each = corp.par if source == "treasury" else holdings.price(corp)
    if player.cash < each * count:
        raise Refusal("1870.buy.cash", f"{holdings.shares(count, sym)} {'costs' if count == 1 else 'cost'} ${each * count} and {name} has "
                                       f"${player.cash}.")
    return each


def buy(state: State, name: str, sym: str, count: int, source: str) -> list[Event]:
    each = buy_check(state, name, sym, count, source)
    player, corp = state.players[name], state.corporations[sym]
    held = player.shares.get(sym, 0)
    player.cash -= each * count
    if source == "treasury":
        corp.treasury -= count
        if corp.incremental:  # after a reissue, the corporation is paid (rule 1870.reissue.incremental)
            corp.cash += each * count
        else:
            state.bank += each * count
    else:
        corp.market -= count
        state.bank += each * count
    player.shares[sym] = held + count
    state.acted.append(("buy", sym, source))
    events = [Event("shares-bought", {"player": name, "corporation": sym, "count": count, "from": source})]
    return events + holdings.update_president(state, corp) + holdings.floated_check(state, corp)


def sell_check(state: State, name: str, sym: str, count: int, emergency: bool = False) -> None:
    """``sell``'s refusals, in its order, changing nothing (``emergency``: a sale in an operating
    round for a forced train purchase, rule 1870.train.forced)."""
    player, corp = state.players[name], state.corporations[sym]
    held = player.shares.get(sym, 0)
    if state.stock_round == 1 and not emergency:
        raise Refusal("1870.sell.first-round", "Nobody may sell shares in the first stock round.")
    if bought_this_turn(state) and not emergency:
        raise Refusal("1870.turn.sell-then-buy", "Sales come before the purchase in a turn.")
    if held < count:
        raise Refusal("1870.sell.holding", f"{name} holds {holdings.shares(held, sym)}, not {count}.")
    if corp.par is None:
        raise Refusal("1870.par.start", f"{sym} has not been started, so its shares have no price yet.")
    if corp.market + count > 5:
        raise Refusal("1870.sell.market-limit", f"The market would hold {10 * (corp.market + count)}% of {sym}; "
                                                "at most 50% may be in the market.")
    after = held - count
    others = max((p.shares.get(sym, 0) for n, p in state.players.items() if n != name), default=0)
    if corp.president == name and after < 2 and others < 2:
        raise Refusal("1870.sell.president", "The president's certificate cannot go to the market: no other "
                                             f"player holds 20% of {sym} to take over the presidency.")
    if holdings.zone(corp) not in market.NO_HOLDING_LIMIT and held > HOLDING_LIMIT and after > HOLDING_LIMIT:
        raise Refusal("1870.sell.down-to-60", f"{name} holds {10 * held}% of {sym}; a sale outside the green and "
                                              "brown zones must bring the holding down to 60% or less.")


def sell(state: State, name: str, sym: str, count: int, emergency: bool = False) -> list[Event]:
    sell_check(state, name, sym, count, emergency)
    player, corp = state.players[name], state.corporations[sym]
    held = player.shares.get(sym, 0)
    after = held - count
    before = corp.president
    value = holdings.price(corp) * count
    player.cash += value
    state.bank -= value
    player.shares[sym] = after
    if not after:
        del player.shares[sym]
    corp.market += count
    player.sold_this_round.add(sym)
    state.acted.append(("sell", sym))
    for sale in state.sales:
        if sale.corp == sym:
            sale.count += count
            break
    else:
        state.sales.append(Sale(name, sym, count, holdings.price(corp), before))
    events = [Event("shares-sold", {"player": name, "corporation": sym, "count": count, "cash": value})]
    return events + holdings.update_president(state, corp)
