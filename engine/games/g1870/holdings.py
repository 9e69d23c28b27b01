"""Who holds what: counting shares and certificates, the certificate limit, the presidency, and
placing a corporation's token on the market. Shared by every kind of action."""
from __future__ import annotations

from rulewright.game import Event
from engine.games.g1870 import data, ending, market
from engine.games.g1870.state import Corporation, State


def shares(count: int, sym: str = "") -> str:
    """A number of shares as a refusal says it: "1 TP share", "4 shares"."""
    return f"{count} {sym + ' ' if sym else ''}share{'' if count == 1 else 's'}"


def player_units(state: State, sym: str) -> int:
    return sum(p.shares.get(sym, 0) for p in state.players.values())


def zone(corp: Corporation) -> str | None:
    return market.cell(corp.pos).zone if corp.pos else None


def pending_drop(state: State, corp: Corporation, skip=None) -> int:
    """Shares of ``corp`` sold but not yet moved (waiting for price protection), leaving out
    the sale ``skip`` (the one being protected, whose drop will not happen)."""
    return sum(s.count for s in state.sales + state.protection if s.corp == corp.sym and s is not skip)


def zone_after_pending(state: State, corp: Corporation, skip=None) -> str | None:
    """The zone the corporation will be in once its pending sales drop the price: a player
    selling to get under the certificate limit sees the effect at once."""
    if not corp.pos:
        return None
    drop = pending_drop(state, corp, skip)
    pos = market.down(corp.pos, drop, state.settings["ledge_sale"])[-1] if drop else corp.pos
    return market.cell(pos).zone


def counts_for_limit(state: State, corp: Corporation, skip=None) -> bool:
    where = zone_after_pending(state, corp, skip)
    return where not in market.NO_CERT_LIMIT


def certificates(state: State, name: str, skip=None) -> int:
    """Certificates a player holds that count against the limit: a president's certificate is one,
    each 10% share one, each open private one; shares in yellow, green and brown cells do not count."""
    player = state.players[name]
    total = sum(1 for p in state.privates.values() if p.owner == name and not p.closed)
    for sym, units in player.shares.items():
        corp = state.corporations[sym]
        if units and not corp.closed and counts_for_limit(state, corp, skip):
            total += units - (1 if corp.president == name else 0)
    return total


def cert_limit(state: State) -> int:
    """The certificate limit by players and corporations in play (rule 1870.certs.limit)."""
    table = data.tables()["cert_limit"][len(state.players)]
    in_play = sum(1 for c in state.corporations.values() if not c.closed)
    return table[10] if in_play >= 10 else table[9]


def seat_order_from(state: State, name: str) -> list[str]:
    """All players, starting with the one after ``name`` and ending with ``name``."""
    names = list(state.players)
    i = names.index(name) if name in names else -1
    return names[i + 1:] + names[:i + 1]


def update_president(state: State, corp: Corporation) -> list[Event]:
    """The player with the most shares is president; the sitting president keeps it on a tie, and
    among other tied players the first after the president in seat order takes it."""
    current = corp.president
    best = max((p.shares.get(corp.sym, 0) for p in state.players.values()), default=0)
    if current and state.players[current].shares.get(corp.sym, 0) >= best:
        return []
    for name in seat_order_from(state, current or list(state.players)[-1]):
        if state.players[name].shares.get(corp.sym, 0) == best and best >= 2:
            corp.president = name
            return [Event("president-changed", {"corporation": corp.sym, "from": current, "to": name})]
    return []


def place(state: State, corp: Corporation, pos: tuple[int, int]) -> None:
    """Put the token on ``pos``. A token arriving on a cell goes under those already there; a
    token that does not move keeps its place in the stack."""
    if corp.pos == pos:
        return
    if corp.pos in state.stacks and corp.sym in state.stacks[corp.pos]:
        state.stacks[corp.pos].remove(corp.sym)
        if not state.stacks[corp.pos]:
            del state.stacks[corp.pos]
    corp.pos = pos
    state.stacks.setdefault(pos, []).append(corp.sym)


def move(state: State, corp: Corporation, path: list, why: str) -> list[Event]:
    """Move along ``path`` (from ``market``); report it, and close the corporation on a closing cell."""
    start, end = path[0], path[-1]
    place(state, corp, end)
    events = [Event("price-moved", {"corporation": corp.sym, "why": why, "from": market.label(start),
                                    "to": market.label(end), "path": [market.label(p) for p in path]})]
    if start == end:
        events.append(Event("price-unchanged", {"corporation": corp.sym, "why": why}))
    if market.cell(end).zone == "closing":
        events += close_corporation(state, corp)
    return events + ending.price_end(state, corp)


def close_corporation(state: State, corp: Corporation) -> list[Event]:
    """The corporation leaves the game: its shares are worthless, its cash returns to the bank."""
    corp.closed = True
    state.bank += corp.cash
    corp.cash = 0
    for player in state.players.values():
        player.shares.pop(corp.sym, None)
    corp.treasury = corp.redeemed = corp.market = 0
    if corp.pos in state.stacks:
        state.stacks[corp.pos].remove(corp.sym)
        if not state.stacks[corp.pos]:
            del state.stacks[corp.pos]
    corp.president = None
    if corp.sym in state.operating_order:
        state.operating_order.remove(corp.sym)
    return [Event("corporation-closed", {"corporation": corp.sym})]


def floated_check(state: State, corp: Corporation) -> list[Event]:
    """A corporation floats once enough of it has left the Treasury (rule 1870.shares.float); the
    bank then pays it ten times its par (full capitalisation, rule 1870.shares.full-cap)."""
    if corp.floated or corp.par is None:
        return []
    if player_units(state, corp.sym) + corp.market < corp.float_percent // 10:
        return []
    corp.floated = True
    capital = data.shares_per_corporation() * corp.par
    corp.cash += capital
    state.bank -= capital
    return [Event("floated", {"corporation": corp.sym, "cash": capital})]


def price(corp: Corporation) -> int:
    return market.cell(corp.pos).price if corp.pos else 0


def share_value(state: State, name: str) -> int:
    return sum(units * price(state.corporations[sym]) for sym, units in state.players[name].shares.items())
