"""The state of a game of powerUp: plain dataclasses, plus the few sums read off them.

Where things are: every tile is in exactly one place, on the ``board`` (owned by a company or
neutral), in a player's ``hand``, in the ``bag``, or set aside (a stated setup that leaves it out).
Every company's 25 shares are either in the bank's ``pool`` or held by a player or the DoE.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from rulewright.game.rng import Rng
from engine.games.powerup.data import COMPANIES, RULES

NEUTRAL = "neutral"
DOE = "doe"


@dataclass
class Holder:
    """A player, or the DoE (which has no hand and never takes a turn)."""

    name: str
    cash: int
    shares: dict[str, int] = field(default_factory=dict)
    hand: list[str] = field(default_factory=list)


@dataclass
class Turn:
    player: str
    actions: int              # rolled (or stated) at the start of the turn
    used: int = 0
    tile_played: bool = False  # any tile, neutral ones included
    play_closed: bool = False  # a tile founded, expanded or merged: no more tiles this turn
    must_play: bool = False    # a draw obliges the next action to be a tile play


@dataclass
class Ledger:
    """The bank's side of every payment, so that money can be shown to be conserved."""

    start: int               # the players' and DoE's cash when the game began
    paid_out: int = 0        # bonuses and share sales paid by the bank
    taken_in: int = 0        # share purchases paid to the bank


@dataclass
class State:
    settings: dict
    players: dict[str, Holder]      # in turn order
    doe: Holder | None
    board: dict[str, str]           # tile -> company code, or NEUTRAL
    active: list[str]               # active companies, in the table's order
    pool: dict[str, int]            # shares of each company still in the bank
    bag: list[str]                  # tiles still to draw, next first
    turn: Turn
    rng: Rng
    action_rolls: list[int]         # stated action counts for the coming turns
    doe_rolls: list[int]            # stated DoE founding grants
    ledger: Ledger
    turn_number: int = 1
    over: bool = False
    end_reason: str | None = None
    in_play: int = 0                # tiles on the board, in hands and in the bag when the game began


def holders(state: State) -> list[Holder]:
    """Everyone who can own shares: the players in turn order, then the DoE."""
    return list(state.players.values()) + ([state.doe] if state.doe else [])


def tiles_of(state: State, code: str) -> list[str]:
    return [t for t, owner in state.board.items() if owner == code]


def size(state: State, code: str) -> int:
    return sum(1 for owner in state.board.values() if owner == code)


def price(state: State, code: str) -> int:
    """Base price plus $50 for every tile beyond the second (an inactive company shows its base):
    rule pu.price."""
    step, free = RULES["price"]["step"], RULES["price"]["free_size"]
    return COMPANIES[code].base + step * max(0, size(state, code) - free)


def pay(state: State, holder: Holder, amount: int) -> None:
    holder.cash += amount
    state.ledger.paid_out += amount


def charge(state: State, holder: Holder, amount: int) -> None:
    holder.cash -= amount
    state.ledger.taken_in += amount
