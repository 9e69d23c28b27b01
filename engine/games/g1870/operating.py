"""What a corporation does on its turn in an operating round, as far as the market is concerned:
declare its revenue (pay out, pay half, or withhold), buy trains from the bank, buy privates.

Track, stations and routes are in ``track.py`` and ``routes.py``: when a corporation has run
its trains this turn (``run 3 M2-M4-M6``) the revenue is their total; otherwise the revenue
is stated in the action (``pay 140``), as the stock-market examples do.
"""
from __future__ import annotations

from rulewright.game import Event, InputError, Refusal
from engine.games.g1870 import data, ending, hexroutes, holdings, market, privates, protection, rounds, shares
from engine.games.g1870.state import Offer, State


def dividend(state: State, sym: str, kind: str, revenue: int) -> list[Event]:
    corp = state.corporations[sym]
    if state.dividend_done:
        raise Refusal("1870.or.dividend", f"{sym} has already run its trains this turn"
                      + ("." if corp.trains else ", or gone on to buy one without a train, which withheld nothing."))
    if revenue and not corp.trains:
        raise Refusal("1870.or.dividend", f"{sym} owns no train, so it earns nothing.")
    step = data.half_payout_step()  # half is kept, rounded down to a multiple of the step (rule 1870.market.half)
    withheld = {"pay": 0, "half": revenue // (2 * step) * step, "withhold": revenue}[kind]
    per_share = distribute(state, corp, revenue, withheld)
    state.dividend_done = True
    corp.operated = True
    name = {"pay": "paid-out", "half": "half-paid", "withhold": "withheld"}[kind]
    # a full payout moves right, half does not move (rule 1870.market.half), withholding moves left
    path = {"pay": market.right, "half": lambda pos: [pos], "withhold": market.left}[kind](corp.pos)
    events = [Event(name, {"corporation": sym, "revenue": revenue, "per_share": per_share})]
    return events + holdings.move(state, corp, path, name) + rounds.check_bank(state)  # before the set can end


def dividend_pending(state: State, act) -> bool:
    """Whether ``act`` takes the operating corporation, which has no train and has declared no
    revenue, on past its dividend step to the train step: it buys a train, or its president sells
    shares for one (rule 1870.or.dividend). The printed turn order and 18xx.games agree: the
    dividend comes before trains are bought, so the price moves left then, not at the turn's end."""
    corp = state.corporations.get(state.turn)
    if state.round != "operating" or corp is None or corp.trains or state.dividend_done or state.net.current \
            or state.offer or state.game_over:
        return False
    buys = act.verb in ("buy", "trade") and act.item == "train" and act.actor == corp.sym
    sells = act.verb == "sell" and act.actor == corp.president and act.actor in state.players and not act.other
    return buys or sells


def distribute(state: State, corp, revenue: int, withheld: int) -> int:
    """Pay ``revenue`` from the bank: ``withheld`` to the corporation, the rest per share to the
    holders (Treasury shares pay the corporation). Returns the amount per share."""
    per_share = (revenue - withheld) // data.shares_per_corporation()
    paid = withheld + per_share * (corp.treasury + corp.redeemed)
    corp.cash += paid
    state.bank -= paid
    for player in state.players.values():
        amount = per_share * player.shares.get(corp.sym, 0)
        player.cash += amount
        state.bank -= amount
    return per_share


def table(state: State) -> list[dict]:
    """The trains this game's bank sells, in order: with the setting ``diesels``, the D-train in
    place of the 8, 10 and 12 (rule 1870.train.diesel)."""
    return data.trains_for(state.settings)


def next_train(state: State) -> dict | None:
    return next((t for t in table(state) if state.trains_sold.get(t["name"], 0) < t["count"]), None)


def depot(state: State) -> list[dict]:
    """The trains the bank sells now: its next one and any sold from an earlier phase on (the
    D-train from phase 5, beside the 6-trains left; rule 1870.train.diesel)."""
    first = next_train(state)
    later = [t for t in table(state) if t.get("available_from", 99) <= state.phase
             and state.trains_sold.get(t["name"], 0) < t["count"]]
    return list({t["name"]: t for t in ([first] if first else []) + later}.values())


def spec(name: str) -> dict:
    return next(t for t in data.every_train() if t["name"] == name)


def limit(phase: int) -> int:
    return next(t["limit"] for t in data.trains() if t["phase"] == phase)


def must_buy(state: State, sym: str) -> bool:
    """A corporation with no train and a route must buy a train (rule 1870.train.forced)."""
    return not state.corporations[sym].trains and has_route(state, sym)


def has_route(state: State, sym: str) -> bool:
    """Whether the corporation has a route on the printed map: two stops joined by track, one of
    them its station (a longer route always holds such a pair)."""
    if state.track is None or not state.track.tiles:
        return False
    g = hexroutes.graph(state.track)
    return bool(hexroutes.all_routes(g, hexroutes.context(state, sym), 2))


def end_check(state: State, sym: str) -> None:
    """A corporation without a train that has a route may not end its turn before buying one."""
    if must_buy(state, sym) and cheapest(state) is not None:
        raise Refusal("1870.train.forced", f"{sym} has a route and no train: it must buy one before its turn "
                                           "ends (its president pays what it lacks).")


def cheapest(state: State) -> int | None:
    """The cheapest train the bank sells now: the depot's next train or one in the pool."""
    prices = [spec(t)["price"] for t in state.pool]
    return min(prices + [t["price"] for t in depot(state)], default=None)


def buy_train_check(state: State, sym: str, name: str = "", trade: str = "") -> tuple[dict, int, int]:
    """``buy_train``'s refusals, in its order, changing nothing; returns the train, its price
    (less a trade-in's discount) and the president's contribution (a forced purchase, rule
    1870.train.forced). ``name`` chooses among the trains the bank sells now (the next one when
    empty); ``trade`` is the train handed in for a discount (rule 1870.train.trade-in)."""
    train = next_train(state)
    if train is None:
        raise Refusal("1870.train.buy", "The bank has no trains left.")
    if name:
        train = chosen(state, name)
    if trade:
        return train, trade_in_check(state, sym, train, trade), 0
    room_check(state, sym, state.phase)
    return train, train["price"], shortfall(state, sym, train["name"], train["price"], "the depot")


def chosen(state: State, name: str) -> dict:
    """The train the bank sells now by that name: its next one, or the D-train from phase 5."""
    names = [t["name"] for t in table(state)]
    if name not in names:
        raise InputError(f"There is no {name}-train in this game; the trains are {', '.join(names)}."
                         + (" (The D-train is the diesel variant's: setting 'diesels'.)" if name == "D" else ""))
    sold = {t["name"] for t in depot(state)}
    if name in sold:
        return spec(name)
    later = spec(name)
    if "available_from" in later and state.trains_sold.get(name, 0) < later["count"]:
        raise Refusal("1870.train.diesel", f"The bank sells the {name}-train from phase {later['available_from']} "
                                           f"on; this is phase {data.phase_name(state.settings, state.phase)}.")
    raise Refusal("1870.train.buy", f"The bank sells its trains in order: it sells the "
                                    f"{' or '.join(sorted(sold)) or 'no'}-train now, not the {name}-train.")


def trade_in_check(state: State, sym: str, train: dict, trade: str) -> int:
    """A train handed in to the bank for a discount on the one bought (rule 1870.train.trade-in):
    only for a train that takes trade-ins, of a kind it takes, owned by the buyer, and paid by the
    corporation alone. The buyer keeps as many trains as before, so the limit is not passed.
    Returns the price to pay."""
    corp = state.corporations[sym]
    terms = train.get("trade_in")
    if not terms:
        raise Refusal("1870.train.trade-in", f"The {train['name']}-train is sold without a trade-in; only "
                      + (", ".join(f"the {t['name']}-train" for t in table(state) if t.get("trade_in")) or "no train")
                      + " takes one in this game.")
    if trade not in terms["trains"]:
        raise Refusal("1870.train.trade-in", f"A {trade}-train cannot be traded in for a {train['name']}-train; "
                                             f"only a {', '.join(terms['trains'][:-1])} or {terms['trains'][-1]} can.")
    if trade not in corp.trains:
        raise Refusal("1870.train.trade-in", f"{sym} owns no {trade}-train to trade in"
                      + (f"; it owns {', '.join(corp.trains)}." if corp.trains else "; it owns no train."))
    price = train["price"] - terms["discount"]
    if corp.cash < price:
        raise Refusal("1870.train.trade-in", f"With a {trade}-train traded in, the {train['name']}-train costs "
                                             f"${price}; {sym} has ${corp.cash}, and its president may not "
                                             "add to a trade-in.")
    return price


def shortfall(state: State, sym: str, name: str, price: int, where: str) -> int:
    """What the president must add for a train from the bank (rule 1870.train.forced): nothing
    when the corporation can pay; a refusal when it cannot and owes no forced purchase, when a
    cheaper train is for sale, or when the president's cash is short too."""
    corp = state.corporations[sym]
    if corp.cash >= price:
        return 0
    president = state.players.get(corp.president)
    if not must_buy(state, sym) or president is None:
        raise Refusal("1870.train.buy", f"A {name}-train costs ${price}; {sym} has ${corp.cash}.")
    if price > cheapest(state):
        raise Refusal("1870.train.forced", f"{sym} must buy a train and cannot pay for this one itself: it buys the "
                                           f"cheapest the bank has (${cheapest(state)}), not the one in {where}.")
    short = price - corp.cash
    if president.cash < short:
        raise Refusal("1870.train.forced", f"{sym} has ${corp.cash} of the ${price}; its president "
                      f"{corp.president} must pay the ${short} missing and has ${president.cash}: sell shares "
                      "first ('sell 2 SP'), or 'go bankrupt' when no sale can raise it.")
    return short


def contribute(state: State, sym: str, short: int) -> list[Event]:
    if not short:
        return []
    corp = state.corporations[sym]
    state.players[corp.president].cash -= short
    corp.cash += short
    return [Event("president-contributed", {"corporation": sym, "president": corp.president, "amount": short})]


def room_check(state: State, sym: str, phase: int) -> None:
    corp = state.corporations[sym]
    if len(corp.trains) + 1 > limit(phase):
        raise Refusal("1870.train.limit", f"{sym} may own at most {limit(phase)} trains in phase {phase}.")


def buy_train(state: State, sym: str, name: str = "", trade: str = "") -> list[Event]:
    train, price, short = buy_train_check(state, sym, name, trade)
    corp = state.corporations[sym]
    events = contribute(state, sym, short)
    if trade:  # the train handed in goes to the bank's pool, where it is for sale at its price
        corp.trains.remove(trade)
        state.pool.append(trade)
        events.append(Event("train-traded-in", {"corporation": sym, "train": trade, "for": train["name"],
                                                "discount": train["price"] - price}))
    corp.cash -= price
    state.bank += price
    corp.trains.append(train["name"])
    state.trains_sold[train["name"]] = state.trains_sold.get(train["name"], 0) + 1
    events.append(Event("train-bought", {"corporation": sym, "train": train["name"], "price": price}))
    if train["phase"] > state.phase:
        events += new_phase(state, train)
    return events + after_purchase(state)


def buy_used_check(state: State, sym: str, name: str, seller: str, price: int) -> int:
    """Refusals of a purchase from the pool (``seller`` "pool", at face value) or from another
    corporation (at any price of at least $1); returns the price."""
    corp = state.corporations[sym]
    if not any(t["name"] == name for t in table(state)):
        raise InputError(f"There is no {name}-train; the trains are {', '.join(t['name'] for t in table(state))}.")
    if seller == "pool":
        price = spec(name)["price"]
        if name not in state.pool:
            raise Refusal("1870.train.pool", f"The bank pool has no {name}-train"
                          + (f"; it has {', '.join(state.pool)}." if state.pool else "; it is empty."))
    else:
        other = state.corporations.get(seller)
        if other is None or seller == sym:
            raise Refusal("1870.train.between", f"{seller} is no other corporation to buy a train from.")
        if name not in other.trains:
            raise Refusal("1870.train.between", f"{seller} owns no {name}-train.")
        least = data.least_sale_price()
        if price < least:
            raise Refusal("1870.train.between", f"A train sold between corporations costs at least ${least}.")
    room_check(state, sym, state.phase)
    if seller == "pool":
        shortfall(state, sym, name, price, "the pool")
    elif corp.cash < price:
        raise Refusal("1870.train.buy", f"The {name}-train costs ${price}; {sym} has ${corp.cash}.")
    return price


def buy_used(state: State, sym: str, name: str, seller: str, price: int) -> list[Event]:
    """Take the train: from the pool now, or from another corporation once its president agrees
    (at once when one player presides both)."""
    price = buy_used_check(state, sym, name, seller, price)
    corp = state.corporations[sym]
    if seller != "pool" and state.corporations[seller].president != corp.president:
        state.offer = Offer("train", sym, state.corporations[seller].president, f"{name}:{seller}", price)
        return [Event("train-offered", {"train": name, "from": seller, "to": sym, "price": price})]
    return hand_over(state, sym, name, seller, price)


def hand_over(state: State, sym: str, name: str, seller: str, price: int) -> list[Event]:
    corp = state.corporations[sym]
    events = contribute(state, sym, shortfall(state, sym, name, price, "the pool")) if seller == "pool" else []
    corp.cash -= price
    if seller == "pool":
        state.pool.remove(name)
        state.bank += price
    else:
        state.corporations[seller].trains.remove(name)
        state.corporations[seller].cash += price
    corp.trains.append(name)
    return events + [Event("train-bought", {"corporation": sym, "train": name, "price": price, "from": seller})] \
        + after_purchase(state)


def after_purchase(state: State) -> list[Event]:
    """Shares a president sold to pay for the train now wait for price protection."""
    state.protection.extend(state.sales)
    state.sales = []
    return protection.advance(state)


def new_phase(state: State, train: dict) -> list[Event]:
    """The first train of a kind starts its phase: older trains rust (in the pool too), privates
    may close, and corporations over the new train limit must each discard (rule 1870.train.limit)."""
    state.phase = train["phase"]
    events = [Event("phase-changed", {"phase": data.phase_name(state.settings, state.phase)})]
    rusted = [t["name"] for t in table(state) if t.get("rusts_on") == train["name"]]
    for corp in state.corporations.values():
        scrapped = [t for t in corp.trains if t in rusted]
        corp.trains = [t for t in corp.trains if t not in rusted]
        if scrapped:
            events.append(Event("trains-rusted", {"corporation": corp.sym, "trains": scrapped}))
    state.pool = [t for t in state.pool if t not in rusted]
    state.discarding = [s for s in rounds.price_order(state)
                        if len(state.corporations[s].trains) > limit(state.phase)]
    if "privates-close" in train.get("events", []):
        events += privates.close_all(state)
    if "private-tokens-removed" in train.get("events", []) and state.assigned:
        events.append(Event("private-tokens-removed", {"hexes": sorted(state.assigned.values())}))
        state.assigned, state.port_closed, state.port_opened = {}, False, None
    return events


def discard(state: State, sym: str, name: str) -> list[Event]:
    corp = state.corporations[sym]
    if sym not in state.discarding:
        raise Refusal("1870.train.limit", f"{sym} is within the train limit and keeps its trains.")
    if name not in corp.trains:
        raise Refusal("1870.train.limit", f"{sym} owns no {name}-train; it owns {', '.join(corp.trains)}.")
    corp.trains.remove(name)
    state.pool.append(name)
    if len(corp.trains) <= limit(state.phase):
        state.discarding.remove(sym)
    return [Event("train-discarded", {"corporation": sym, "train": name})]


def done(state: State, sym: str) -> list[Event]:
    """End the corporation's turn. One that declared no revenue withholds nothing (and so moves left)."""
    events = [] if state.dividend_done else dividend(state, sym, "withhold", 0)
    return events + rounds.next_corporation(state)


def raising(state: State, name: str) -> str | None:
    """The corporation whose forced purchase ``name`` must help pay for now, or None: ``name``
    presides the operating corporation, which has no train and too little cash for the cheapest."""
    corp = state.corporations.get(state.turn)
    price = cheapest(state)
    if not (state.round == "operating" and corp and corp.president == name and must_buy(state, corp.sym)
            and price is not None and corp.cash < price and not state.net.current):
        return None
    return corp.sym


def emergency_sell_check(state: State, name: str, sym: str, count: int, minimum: bool = True) -> None:
    """A sale in an operating round: only to raise money for a forced purchase (1870.train.forced),
    under the selling rules (1870.sell.*), never so many that one share fewer would do (with
    ``minimum``), and never shares of the corporation buying the train that would pass its
    presidency on."""
    operating_sym = raising(state, name)
    if operating_sym is None:
        raise Refusal("1870.train.forced", f"{name} may sell shares in an operating round only as the president "
                                           "of the operating corporation when it must buy a train it cannot pay for.")
    player, price = state.players[name], holdings.price(state.corporations[sym])
    short = cheapest(state) - state.corporations[operating_sym].cash - player.cash
    if short <= 0:
        raise Refusal("1870.train.forced", f"{name} has the money {operating_sym} lacks for the cheapest train "
                                           "already; no sale is needed.")
    if minimum and (count - 1) * price >= short and holding_allows(state, name, sym, count - 1):
        fewer = holdings.shares(count - 1)
        raise Refusal("1870.train.forced", f"{name} needs ${short} more: {fewer} of {sym} at ${price} "
                                           f"{'raises' if count - 1 == 1 else 'raise'} enough, so no more may be sold.")
    if sym == operating_sym:
        after = player.shares.get(sym, 0) - count
        others = max((p.shares.get(sym, 0) for n, p in state.players.items() if n != name), default=0)
        if after < 2 or after < others:
            raise Refusal("1870.train.forced", f"{name} may not sell so much of {sym}, the corporation buying the "
                                               "train, that its presidency would pass on.")
    shares.sell_check(state, name, sym, count, emergency=True)


def holding_allows(state: State, name: str, sym: str, count: int) -> bool:
    """Whether a sale of ``count`` would meet the holding limit's rule (rule 1870.sell.down-to-60):
    one share fewer may not do when the sale must bring a large holding down to 60%."""
    held = state.players[name].shares.get(sym, 0)
    return holdings.zone(state.corporations[sym]) in market.NO_HOLDING_LIMIT or held <= shares.HOLDING_LIMIT \
        or held - count <= shares.HOLDING_LIMIT


def emergency_sell(state: State, name: str, sym: str, count: int) -> list[Event]:
    emergency_sell_check(state, name, sym, count)
    return shares.sell(state, name, sym, count, emergency=True)


def sellable(state: State, name: str) -> dict[str, int]:
    """The most shares of each corporation ``name`` could sell now for the operating corporation's
    forced purchase (rule 1870.train.forced), changing nothing."""
    out = {}
    for sym, held in state.players[name].shares.items():
        for count in range(held, 0, -1):
            try:
                emergency_sell_check(state, name, sym, count, minimum=False)
            except Refusal:
                continue
            out[sym] = count
            break
    return out


def bankrupt(state: State, name: str) -> list[Event]:
    """The president cannot pay for the train even after selling every share the rules let them
    sell: those shares go to the market, all their cash to the bank, and the game ends at once
    (rule 1870.end.bankruptcy). Prices do not move: the game ends before any price protection."""
    corp = state.corporations.get(state.turn)
    price = cheapest(state)
    if not (corp and state.round == "operating" and corp.president == name and price and must_buy(state, corp.sym)):
        raise Refusal("1870.end.bankruptcy", f"{name} can go bankrupt only as the president of the operating "
                      "corporation when it must buy a train (it has none, and a route) and cannot pay for one.")
    player = state.players[name]
    sales = sellable(state, name)
    raised = sum(holdings.price(state.corporations[sym]) * count for sym, count in sales.items())
    if corp.cash + player.cash + raised >= price:
        raise Refusal("1870.end.bankruptcy", f"{name} can still pay for {corp.sym}'s train: its ${corp.cash}, "
                      f"{name}'s ${player.cash} and ${raised} from the shares {name} may sell reach the "
                      f"${price} of the cheapest train.")
    # The corporation ran nothing and declared nothing: it withholds, and its price moves left, in
    # its dividend step, which comes before it buys trains (rule 1870.or.dividend); the game's end
    # does not skip that move.
    events = [] if state.dividend_done else dividend(state, corp.sym, "withhold", 0)
    for sym, count in sales.items():
        other = state.corporations[sym]
        player.shares[sym] -= count
        if not player.shares[sym]:
            del player.shares[sym]
        other.market += count
        value = holdings.price(other) * count  # paid by the bank, and back to it with the rest of the cash
        events.append(Event("shares-sold", {"player": name, "corporation": sym, "count": count, "cash": value}))
        events += holdings.update_president(state, other)
    state.bank += player.cash
    player.cash = 0
    return events + [Event("bankruptcy", {"player": name})] + ending.game_over(state, f"{name} went bankrupt")
