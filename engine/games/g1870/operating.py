"""What a corporation does on its turn in an operating round, as far as the market is concerned:
declare its revenue (pay out, pay half, or withhold), buy trains from the bank, buy privates.

Track, stations and routes are in ``network.py`` and ``routes.py``: when a corporation has run
its trains this turn (``run 3 Dallas-Houston``) the revenue is their total; otherwise the revenue
is stated in the action (``pay 140``), as the stock-market examples do.
"""
from __future__ import annotations

from rulewright.game import Event, Refusal
from engine.games.g1870 import data, holdings, market, privates, rounds
from engine.games.g1870.state import State


def dividend(state: State, sym: str, kind: str, revenue: int) -> list[Event]:
    corp = state.corporations[sym]
    if state.dividend_done:
        raise Refusal("1870.or.dividend", f"{sym} has already run its trains this turn.")
    if revenue and not corp.trains:
        raise Refusal("1870.or.dividend", f"{sym} owns no train, so it earns nothing.")
    withheld = {"pay": 0, "half": revenue // 20 * 10, "withhold": revenue}[kind]
    per_share = distribute(state, corp, revenue, withheld)
    state.dividend_done = True
    corp.operated = True
    name = {"pay": "paid-out", "half": "half-paid", "withhold": "withheld"}[kind]
    path = {"pay": market.right, "half": lambda pos: [pos], "withhold": market.left}[kind](corp.pos)
    events = [Event(name, {"corporation": sym, "revenue": revenue, "per_share": per_share})]
    return events + holdings.move(state, corp, path, name) + rounds.check_bank(state)  # before the set can end


def distribute(state: State, corp, revenue: int, withheld: int) -> int:
    """Pay ``revenue`` from the bank: ``withheld`` to the corporation, the rest per share to the
    holders (Treasury shares pay the corporation). Returns the amount per share."""
    per_share = (revenue - withheld) // 10
    paid = withheld + per_share * (corp.treasury + corp.redeemed)
    corp.cash += paid
    state.bank -= paid
    for player in state.players.values():
        amount = per_share * player.shares.get(corp.sym, 0)
        player.cash += amount
        state.bank -= amount
    return per_share


def next_train(state: State) -> dict | None:
    return next((t for t in data.trains() if state.trains_sold.get(t["name"], 0) < t["count"]), None)


def buy_train_check(state: State, sym: str) -> tuple[dict, int]:
    """``buy_train``'s refusals, in its order, changing nothing; returns the train and the limit."""
    corp = state.corporations[sym]
    train = next_train(state)
    if train is None:
        raise Refusal("1870.train.buy", "The bank has no trains left.")
    phase = max(state.phase, train["phase"])
    limit = next(t["limit"] for t in data.trains() if t["phase"] == phase)
    if len(corp.trains) + 1 > limit:
        raise Refusal("1870.train.buy", f"{sym} may own at most {limit} trains in phase {phase}.")
    if corp.cash < train["price"]:
        raise Refusal("1870.train.buy", f"A {train['name']}-train costs ${train['price']}; {sym} has ${corp.cash}.")
    return train, limit


def buy_train(state: State, sym: str) -> list[Event]:
    train, limit = buy_train_check(state, sym)
    corp = state.corporations[sym]
    corp.cash -= train["price"]
    state.bank += train["price"]
    corp.trains.append(train["name"])
    state.trains_sold[train["name"]] = state.trains_sold.get(train["name"], 0) + 1
    events = [Event("train-bought", {"corporation": sym, "train": train["name"], "price": train["price"]})]
    if train["phase"] > state.phase:
        events += new_phase(state, train, limit)
    return events


def new_phase(state: State, train: dict, limit: int) -> list[Event]:
    """The first train of a kind starts its phase: older trains may rust, privates may close, and
    corporations over the new train limit give up their oldest trains."""
    state.phase = train["phase"]
    events = [Event("phase-changed", {"phase": state.phase})]
    rusted = [t["name"] for t in data.trains() if t.get("rusts_on") == train["name"]]
    for corp in state.corporations.values():
        scrapped = [t for t in corp.trains if t in rusted]
        corp.trains = [t for t in corp.trains if t not in rusted]
        if scrapped:
            events.append(Event("trains-rusted", {"corporation": corp.sym, "trains": scrapped}))
        if len(corp.trains) > limit:
            events.append(Event("trains-discarded", {"corporation": corp.sym, "trains": corp.trains[:-limit]}))
            corp.trains = corp.trains[-limit:]
    if "privates-close" in train.get("events", []):
        events += privates.close_all(state)
    return events


def done(state: State, sym: str) -> list[Event]:
    """End the corporation's turn. One that declared no revenue withholds nothing (and so moves left)."""
    events = [] if state.dividend_done else dividend(state, sym, "withhold", 0)
    return events + rounds.next_corporation(state)


def bankrupt(state: State, name: str) -> list[Event]:
    corp = state.corporations.get(state.turn)
    train = next_train(state)
    if not (corp and corp.president == name and not corp.trains and train
            and corp.cash + state.players[name].cash < train["price"]):
        raise Refusal("1870.end.bankruptcy", f"{name} can go bankrupt only as the president of the operating "
                      "corporation when it has no train and their cash and its cash together cannot buy one.")
    return [Event("bankruptcy", {"player": name})] + rounds.game_over(state, f"{name} went bankrupt")
