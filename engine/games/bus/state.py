"""The state of a Bus game, as far as lines go: the players, their lines, and whose turn it is.

Phases (``state.phase``):

- ``first-markers``: in seat order, each player places one marker on any street;
- ``second-markers``: in reverse seat order, each adds a second street at an end of the first;
- ``line-expansion``: the Line Expansion action resolves, space by space (see ``turns.py``);
- ``free``: no turn order; any player may add streets, one at a time (for showing what is legal);
- ``over``: the Line Expansion action has resolved; nothing more can be added.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from engine.games.bus.board import Board, Street
from engine.games.bus.line import Line

PHASES = ("first-markers", "second-markers", "line-expansion", "free", "over")
COLOURS = ("red", "blue", "yellow", "green", "purple", "orange", "black", "white")
MAX_PLAYERS, MAX_BUSES = 5, 5


@dataclass
class Player:
    name: str
    colour: str
    buses: int
    line: Line = field(default_factory=Line)


@dataclass
class State:
    board: Board
    settings: dict
    players: dict[str, Player]  # in seat order
    phase: str = "free"
    queue: list[str] = field(default_factory=list)  # setup placement: who places next, in order
    spaces: list[str] = field(default_factory=list)  # Line Expansion spaces: spaces[0] is A
    resolving: int | None = None  # index in ``spaces`` of the space resolving now
    streets_left: int = 0  # streets the resolving space still has to add
    skipped: list[int] = field(default_factory=list)  # spaces that added nothing (count <= 0, or stuck)
    counts: dict[int, int] = field(default_factory=dict)  # streets each space got, fixed as it resolved
    buys_bus: str | None = None  # who holds the Buses action this round (carried out after Line Expansion)
    at_setup: dict = field(default_factory=dict)  # what the position held when set up, for ``laws.py``

    def occupancy(self) -> dict[Street, list[str]]:
        """Each street that holds a line, with the players whose lines use it, in seat order."""
        found: dict[Street, list[str]] = {}
        for player in self.players.values():
            for s in player.line.streets:
                found.setdefault(s, []).append(player.name)
        return found

    def most_buses(self) -> int:
        """M: the largest number of buses any one player owns."""
        return max((p.buses for p in self.players.values()), default=0)
