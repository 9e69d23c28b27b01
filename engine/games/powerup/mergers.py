"""Mergers: the largest company touching the played tile absorbs the others, largest first.

For each absorbed company, at its own share price: the bonuses are paid, every holder sells all
its shares back to the bank, and its tiles pass to the survivor. The end of the game liquidates
every company the same way (``liquidate``), without a survivor.
"""
from __future__ import annotations

from rulewright.game.events import Event
from rulewright.game.refusal import Refusal
from engine.games.powerup.data import RULES, SHARES
from engine.games.powerup.state import State, holders, pay, price, size
from engine.games.powerup.tiles import absorb, touching


def bonuses(holdings: list[tuple[str, int]], share_price: int) -> list[tuple[str, int, str]]:
    """(holder, amount, kind) for each holder paid a bonus, given (holder, shares) pairs (rule pu.merge.bonus).

    The largest holder gets 10x the price and the second largest 5x. A sole holder gets both.
    Holders tied for largest split both bonuses and nobody gets a minority bonus; holders tied
    for second split the minority bonus. A split share is rounded down to the dollar.
    """
    major, minor = RULES["bonus"]["majority"] * share_price, RULES["bonus"]["minority"] * share_price
    counts = sorted({n for _, n in holdings if n > 0}, reverse=True)
    if not counts:
        return []
    first = [h for h, n in holdings if n == counts[0]]
    if len(first) > 1 or len(counts) == 1:
        kind = "shared majority" if len(first) > 1 else "sole holder"
        return [(h, (major + minor) // len(first), kind) for h in first]
    second = [h for h, n in holdings if n == counts[1]]
    return [(first[0], major, "majority")] + [(h, minor // len(second), "minority") for h in second]


def liquidate(state: State, code: str) -> list[Event]:
    """Pay the bonuses, buy every share back at the current price, and make ``code`` inactive
    with a fresh 25 shares in the bank."""
    at = price(state, code)
    everyone = holders(state)
    events = []
    for name, amount, kind in bonuses([(h.name, h.shares[code]) for h in everyone], at):
        pay(state, next(h for h in everyone if h.name == name), amount)
        events.append(Event("bonus-paid", {"company": code, "holder": name, "amount": amount,
                                           "kind": kind}))
    for holder in everyone:  # every share sold back, the DoE's too (rule pu.merge.sale)
        if holder.shares[code]:
            count, holder.shares[code] = holder.shares[code], 0
            pay(state, holder, count * at)
            events.append(Event("shares-sold", {"company": code, "holder": holder.name,
                                                "shares": count, "amount": count * at}))
    state.pool[code] = SHARES
    state.active = [c for c in state.active if c != code]
    return events


def plan(state: State, action) -> tuple[str, list[str]]:
    """The survivor and the order the others are absorbed in, refusing an impossible choice."""
    companies, _ = touching(state, action.tile)
    sizes = {c: size(state, c) for c in companies}
    largest = [c for c in companies if sizes[c] == max(sizes.values())]
    survivor = action.survivor
    if survivor is None and len(largest) > 1:
        raise Refusal("pu.merge.survivor",
                      f"{' and '.join(largest)} tie as the largest (size {sizes[largest[0]]}): "
                      f"name the survivor, as in 'play {action.tile} survivor {largest[0]}'.")
    if survivor is not None and survivor not in largest:
        why = ("does not touch " + action.tile) if survivor not in sizes else (
            f"(size {sizes[survivor]}) is smaller than {largest[0]} (size {sizes[largest[0]]})")
        raise Refusal("pu.merge.survivor", f"{survivor} cannot survive this merger: it {why}.")
    survivor = survivor or largest[0]
    others = sorted((c for c in companies if c != survivor), key=lambda c: -sizes[c])
    if not action.order:
        return survivor, others
    order = list(action.order)
    if sorted(order) != sorted(others):
        raise Refusal("pu.merge.order", f"The order must name each absorbed company once: "
                                        f"{', '.join(others)}.")
    for earlier, later in zip(order, order[1:]):
        if sizes[earlier] < sizes[later]:
            raise Refusal("pu.merge.order",
                          f"{later} (size {sizes[later]}) is larger than {earlier} "
                          f"(size {sizes[earlier]}), so it must be absorbed first.")
    return survivor, order


def merge(state: State, action) -> list[Event]:
    survivor, order = plan(state, action)
    events = [Event("merger", {"tile": action.tile, "survivor": survivor, "absorbed": ", ".join(order)})]
    for code in order:
        at, was = price(state, code), size(state, code)
        events += liquidate(state, code)
        for tile, owner in state.board.items():
            if owner == code:
                state.board[tile] = survivor
        events.append(Event("company-absorbed", {"company": code, "by": survivor, "size": was,
                                                 "price": at}))
    gained = absorb(state, survivor, action.tile)
    state.turn.play_closed = True
    events.append(Event("company-expanded", {"company": survivor, "tiles": ", ".join(gained),
                                             "size": size(state, survivor),
                                             "price": price(state, survivor)}))
    return events
