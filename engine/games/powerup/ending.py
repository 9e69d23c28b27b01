"""The end of the game: when it comes, the final liquidation, and the ranking."""
from __future__ import annotations

from rulewright.game.events import Event
from engine.games.powerup.data import RULES
from engine.games.powerup.mergers import liquidate
from engine.games.powerup.state import State, price, size


def end_reason(state: State) -> str | None:
    """Why the game ends now, or None. Checked after every action."""
    sizes = [size(state, c) for c in state.active]
    one, two = RULES["end"]["one_company"], RULES["end"]["two_companies"]
    if any(s >= one for s in sizes):
        return f"a company reached size {one}"
    if sum(1 for s in sizes if s >= two) >= 2:
        return f"two companies reached size {two}"
    if not state.bag:
        if state.settings["out_of_tiles"] == "at-once":
            empty = [p.name for p in state.players.values() if not p.hand]
        else:
            turn = state.turn
            fresh = turn.used == 0 and not state.players[turn.player].hand
            empty = [turn.player] if fresh else []
        if empty:
            return f"{empty[0]} is out of tiles and none are left to draw"
    return None


def check_end(state: State) -> list[Event]:
    """End the game if a trigger is met: every active company is liquidated as in a merger."""
    reason = end_reason(state)
    if reason is None:
        return []
    events = [Event("game-ended", {"reason": reason})]
    for code in list(state.active):
        at = price(state, code)
        events += liquidate(state, code)
        events.append(Event("company-liquidated", {"company": code, "price": at}))
    state.over, state.end_reason = True, reason
    return events


def places(state: State) -> dict[str, int]:
    """Each player's place, 1 for the richest. Equal cash shares a place, unless the setting
    ``winner_ties`` is ``turn-order``, where the earlier player in turn order ranks higher."""
    order = list(state.players)
    ranked = sorted(order, key=lambda n: (-state.players[n].cash, order.index(n)))
    out: dict[str, int] = {}
    for i, name in enumerate(ranked):
        tied = i and state.players[ranked[i - 1]].cash == state.players[name].cash
        shared = tied and state.settings["winner_ties"] == "shared"
        out[name] = out[ranked[i - 1]] if shared else i + 1
    return out
