"""What the corporations hold off the printed map: the station tokens still on each charter, the
connection runs (made, queued and under way) and the fields of the turn under way (its routes,
whether a station token was placed). The map itself, its tiles and the tokens on it, is
``track.py``'s ``Track``.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from rulewright.game import Event
from engine.games.g1870 import data


def copied_record(record: dict) -> dict:
    """A copy of a finished connection run's record, its routes (each its train and route) too."""
    return {**record, "routes": [dict(route) for route in record["routes"]]}


@dataclass
class Network:
    charter: dict[str, list[int]] = field(default_factory=dict)  # corporation -> costs of unplaced tokens
    destination: dict[str, str] = field(default_factory=dict)   # corporation -> "map" or "charter", once connected
    history: dict[str, dict] = field(default_factory=dict)      # corporation -> its connection run, once done
    queue: list[str] = field(default_factory=list)             # corporations waiting for a connection run
    current: dict | None = None                                # the connection run under way
    turn_key: str = ""                                         # whose turn the fields below belong to
    runs: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)  # this turn's routes
    tokened: bool = False

    def __deepcopy__(self, memo) -> "Network":
        """A fast exact copy: every container is copied, down to the connection run's routes and
        each finished run's record (paths are tuples of strings and are shared)."""
        clone = object.__new__(type(self))
        values = self.__dict__.copy()
        values.update(
            charter={s: list(costs) for s, costs in self.charter.items()},
            destination=dict(self.destination),
            history={s: copied_record(record) for s, record in self.history.items()},
            queue=list(self.queue),
            current={**self.current, "runs": list(self.current["runs"])} if self.current is not None else None,
            runs=list(self.runs),
        )
        clone.__dict__ = values
        memo[id(self)] = clone
        return clone


# ---- the fixed facts -------------------------------------------------------------------------

def home(sym: str) -> str:
    """The name of ``sym``'s home city (or red area), as the book spells it."""
    return data.corporations()[sym]["home"]


def destination(sym: str) -> str:
    return data.corporations()[sym]["destination"]


def charter_tokens(sym: str) -> list[int]:
    """The costs of the station tokens on ``sym``'s charter, the home token first."""
    return list(data.corporations()[sym]["tokens"])


def turn_fields(state) -> Network:
    """The network, with this turn's routes and token reset when a new turn has begun."""
    net = state.net
    now = f"{state.stock_round}.{state.operating_round}:{state.turn}"
    if net.turn_key != now:
        net.turn_key, net.runs, net.tokened = now, [], False
    return net


# ---- changes -------------------------------------------------------------------------------

def sync(state) -> list[Event]:
    """Started corporations have their charter's tokens (the home token goes on the map in
    ``track.sync``); a closed corporation's unplaced tokens leave the game with it."""
    for sym, corp in state.corporations.items():
        if corp.closed:
            state.net.charter.pop(sym, None)
            state.net.queue = [q for q in state.net.queue if q != sym]
        elif corp.par is not None and sym not in state.net.charter:
            state.net.charter[sym] = charter_tokens(sym)[1:]
    return []
