"""The state of a game of 1870: plain dataclasses, copied whole by ``rulewright.game.step``.

Shares are counted in units of 10%. A player's units include the president's certificate (two
units) when that player is the president, so moving the presidency never moves units.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field


@dataclass
class Player:
    name: str
    cash: int = 0
    shares: dict[str, int] = field(default_factory=dict)  # corporation -> units of 10%
    sold_this_round: set[str] = field(default_factory=set)


@dataclass
class Corporation:
    sym: str
    float_percent: int = 60
    par: int | None = None
    pos: tuple[int, int] | None = None  # market cell (row, column)
    cash: int = 0
    treasury: int = 10   # shares in the Treasury that can be bought (before parring: all ten)
    redeemed: int = 0    # redeemed shares in the Treasury: not for sale until reissued
    market: int = 0      # shares in the market pool
    president: str | None = None
    floated: bool = False
    operated: bool = False
    incremental: bool = False  # after a reissue, Treasury sales pay the corporation
    closed: bool = False
    trains: list[str] = field(default_factory=list)
    cash_at_round_start: int = 0
    redeemed_this_round: bool = False


@dataclass
class Private:
    sym: str
    cost: int
    revenue: int
    owner: str | None = None  # a player name, a corporation symbol, or None while unsold
    closed: bool = False
    price: int = 0            # the auction price of the first private (drops when all pass)
    bids: dict[str, int] = field(default_factory=dict)


@dataclass
class Sale:
    """Shares sold in one turn, waiting for price protection before the price drops."""

    seller: str
    corp: str
    count: int
    price: int                # the pre-drop price paid to the seller
    president_at_sale: str | None


@dataclass
class Offer:
    """An action waiting for another player's consent (a private sale, a redemption)."""

    kind: str                 # "private" or "redeem" or "corp-private"
    by: str                   # who proposed it (player, or corporation in an operating round)
    to: str                   # who must accept
    item: str                 # private or corporation symbol
    price: int = 0


@dataclass
class State:
    players: dict[str, Player]
    corporations: dict[str, Corporation]
    privates: dict[str, Private]
    settings: dict
    bank: int = 0
    round: str = "stock"         # auction, stock, operating, over
    stock_round: int = 1
    operating_round: int = 0     # number within the current set
    ors_in_set: int = 1
    phase: int = 1
    trains_sold: dict[str, int] = field(default_factory=dict)
    stacks: dict[tuple, list[str]] = field(default_factory=dict)  # cell -> corporations, top first
    turn: str = ""               # the player (stock, auction) or corporation (operating) to act
    priority: str = ""
    passes: int = 0              # consecutive passes
    acted: list[tuple] = field(default_factory=list)   # what the current player did this turn
    sales: list[Sale] = field(default_factory=list)    # this turn's sales
    protection: list[Sale] = field(default_factory=list)  # sales waiting for their president
    last_protector: str | None = None
    offer: Offer | None = None
    must_par: str | None = None   # a player who bought the SLSF private and must set its par
    bidoff: dict | None = None    # {"private": sym, "bidders": [...], "next": index}
    last_buyer: str | None = None
    operating_order: list[str] = field(default_factory=list)
    dividend_done: bool = False
    bank_broken: bool = False
    game_over: bool = False
    last_bankrupt: str | None = None
    net: object = None           # charters, connection runs, the turn's routes (network.Network)
    pool: list[str] = field(default_factory=list)      # trains in the bank pool (discarded), for sale at face value
    discarding: list[str] = field(default_factory=list)  # corporations over the train limit, to discard in turn
    assigned: dict[str, str] = field(default_factory=dict)  # SCC / GSC -> the hex its token is on
    port_closed: bool = False    # the GSC's token on the map is the closed port (the GSC has closed)
    port_opened: str | None = None  # the turn ("2.1:SP") in which the open port was placed
    track: object = None         # the printed map: tiles laid on hexes, tokens in cities (track.Track)

    def __deepcopy__(self, memo) -> "State":
        """A fast exact copy (``step`` and ``legal_actions`` copy the state for every trial): the
        same copy ``dataclasses.replace`` would make, field by field, without its per-call cost."""
        clone = _shallow(self)
        clone.players = {n: _shallow(p, shares=dict(p.shares), sold_this_round=set(p.sold_this_round))
                         for n, p in self.players.items()}
        clone.corporations = {s: _shallow(c, trains=list(c.trains)) for s, c in self.corporations.items()}
        clone.privates = {s: _shallow(p, bids=dict(p.bids)) for s, p in self.privates.items()}
        clone.trains_sold = dict(self.trains_sold)
        clone.stacks = {pos: list(stack) for pos, stack in self.stacks.items()}
        clone.acted = list(self.acted)
        clone.sales = [_shallow(s) for s in self.sales]
        clone.protection = [_shallow(s) for s in self.protection]
        clone.offer = _shallow(self.offer) if self.offer else None
        clone.bidoff = {**self.bidoff, "bidders": list(self.bidoff["bidders"])} if self.bidoff else None
        clone.operating_order = list(self.operating_order)
        clone.pool = list(self.pool)
        clone.discarding = list(self.discarding)
        clone.assigned = dict(self.assigned)
        clone.net = copy.deepcopy(self.net, memo)
        clone.track = copy.deepcopy(self.track, memo)
        memo[id(self)] = clone
        return clone


def _shallow(obj, **fields):
    """A new instance of ``obj``'s dataclass with the same field values, ``fields`` replacing some:
    what ``dataclasses.replace(obj, **fields)`` makes for these plain dataclasses (no
    ``__post_init__``, no init-only fields), at a fraction of the cost."""
    clone = object.__new__(type(obj))
    values = obj.__dict__.copy()
    values.update(fields)
    clone.__dict__ = values
    return clone
