"""What holds in every position of powerUp (``Game.invariants``): the conservation laws.

Money only moves between the holders and the bank, so the holders' cash is what they began with,
plus what the bank paid, less what it took. Each company has 25 shares, in the bank or held, and
only an active company has holders. Every tile is in one place only, and none appears or goes
missing. Besides: no hand above five tiles, no cash below zero, at most six active companies,
each of at least two joined tiles, and no turn using more actions than it has.
"""
from __future__ import annotations

from rulewright.game import Violation
from engine.games.powerup.board import connected
from engine.games.powerup.data import COMPANIES, HAND, RULES, SHARES
from engine.games.powerup.state import State, holders, tiles_of


def invariants(state: State) -> list[Violation]:
    return _money(state) + _shares(state) + _tiles(state) + _companies(state) + _turn(state)


def _money(state: State) -> list[Violation]:
    ledger = state.ledger
    cash = sum(h.cash for h in holders(state))
    expected = ledger.start + ledger.paid_out - ledger.taken_in
    out = []
    if cash != expected:
        out.append(Violation(
            f"The players and the DoE hold ${cash} in all, but they began with ${ledger.start}, were paid "
            f"${ledger.paid_out} by the bank and paid it ${ledger.taken_in}, which leaves ${expected}: "
            f"${abs(cash - expected)} {'appeared from nowhere' if cash > expected else 'vanished'}.",
            "pu.setup.start"))
    out += [Violation(f"{h.name} has ${h.cash}: cash never goes below zero.", "pu.buy.cash")
            for h in holders(state) if h.cash < 0]
    return out


def _shares(state: State) -> list[Violation]:
    out = []
    for code in COMPANIES:
        held = {h.name: h.shares[code] for h in holders(state) if h.shares[code]}
        in_all = state.pool[code] + sum(held.values())
        if in_all != SHARES or state.pool[code] < 0 or any(n < 0 for n in held.values()):
            out.append(Violation(
                f"{code} has {state.pool[code]} shares in the bank and {sum(held.values())} held: {in_all} in all, "
                f"where a company has exactly {SHARES}.", "pu.buy.sold-out"))
        if held and code not in state.active:
            out.append(Violation(f"{code} is not active, yet {', '.join(held)} still hold its shares.",
                                 "pu.merge.liquidation"))
    return out


def _tiles(state: State) -> list[Violation]:
    places = [("the board", list(state.board)), ("the bag", state.bag)]
    places += [(f"{name}'s hand", p.hand) for name, p in state.players.items()]
    seen: dict[str, str] = {}
    out = []
    for label, tiles in places:
        for tile in tiles:
            if tile in seen:
                out.append(Violation(f"Tile {tile} is in two places: {seen[tile]} and {label}.", "pu.setup.board"))
            seen[tile] = label
    count = sum(len(tiles) for _, tiles in places)
    if count != state.in_play:
        out.append(Violation(f"{count} tiles are on the board, in the hands and in the bag, but the game began "
                             f"with {state.in_play}.", "pu.setup.board"))
    out += [Violation(f"{name} holds {len(p.hand)} tiles; a hand holds at most {HAND}.", "pu.draw.limit")
            for name, p in state.players.items() if len(p.hand) > HAND]
    return out


def _companies(state: State) -> list[Violation]:
    most = RULES["max_active_companies"]
    out = [] if len(state.active) <= most else [
        Violation(f"{len(state.active)} companies are active; at most {most} can be.", "pu.found.limit")]
    if state.over:
        return out  # the end winds every company up but leaves its tiles where they lie
    for code in COMPANIES:
        tiles = set(tiles_of(state, code))
        if bool(tiles) != (code in state.active):
            said = "is active with no tiles" if code in state.active else f"has {len(tiles)} tiles but is not active"
            out.append(Violation(f"{code} {said}: a company is active while it has tiles on the board.",
                                 "pu.setup.start"))
        elif tiles and (len(tiles) < 2 or connected(next(iter(tiles)), tiles) != tiles):
            out.append(Violation(f"{code}'s {len(tiles)} tiles are not a group of two or more joined tiles.",
                                 "pu.found"))
    return out


def _turn(state: State) -> list[Violation]:
    turn = state.turn
    if turn.used <= turn.actions:
        return []
    return [Violation(f"{turn.player} has used {turn.used} actions of a turn of {turn.actions}.", "pu.turn.actions")]
