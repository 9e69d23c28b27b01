"""The map: cities with their current values, the links between them, and foreign ports.

A *link* is one of the map's dashed lines between two cities. Its name is the two city names in
alphabetical order joined by a hyphen (``Lancaster-Preston``), however the board data or an action
writes it. A *port* hangs off one
city and has a printed price. City and port names are single words without hyphens, so that an
action such as ``expand LMR Liverpool-Manchester`` reads without ambiguity.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from rulewright.game import data_file, values
from rulewright.game.refusal import InputError, did_you_mean

LONDON = "London"  # reaching London ends a double build at once


@dataclass
class City:
    name: str
    value: int
    pos: tuple[float, float] | None = None


@dataclass(frozen=True)
class Port:
    name: str
    city: str
    price: int
    pos: tuple[float, float] | None = None


@dataclass
class Board:
    cities: dict[str, City]
    links: dict[frozenset, str]  # {city A, city B} -> the link's name
    ports: dict[str, Port]
    _ends: dict[str, tuple[str, str]] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        for pair, name in self.links.items():
            self._ends[name] = tuple(name.split("-"))  # type: ignore[assignment]

    def ends(self, link: str) -> tuple[str, str]:
        """The two cities a link joins."""
        return self._ends[link]

    def link_between(self, a: str, b: str) -> str | None:
        return self.links.get(frozenset((a, b)))

    def links_at(self, city: str) -> list[str]:
        return [name for name, ends in self._ends.items() if city in ends]

    def ports_at(self, city: str) -> list[str]:
        return [name for name, port in self.ports.items() if port.city == city]

    def place(self, name: str) -> str:
        """The exact name of a city or port, matched without regard to capitals."""
        for known in (*self.cities, *self.ports):
            if known.lower() == name.lower():
                return known
        raise InputError(f"There is no city or port called {name!r} on this board. "
                         f"{did_you_mean(name, [*self.cities, *self.ports])}")

    def routes_from(self, city: str) -> str:
        """A plain list of where one can go from ``city``, for error messages."""
        others = sorted(b if a == city else a for a, b in map(self.ends, self.links_at(city)))
        ports = self.ports_at(city)
        text = ", ".join(others) or "nowhere"
        return text + (f"; ports: {', '.join(ports)}" if ports else "")


def _pos(raw, where: str):
    if raw is None:
        return None
    if not (isinstance(raw, (list, tuple)) and len(raw) == 2 and all(isinstance(v, (int, float)) for v in raw)):
        raise InputError(f"A position is two numbers, [x, y]; {raw!r} is not.", where)
    return (float(raw[0]), float(raw[1]))


def _name(name, where: str) -> str:
    if not isinstance(name, str) or not name or any(c in name for c in "- \t"):
        raise InputError(f"{name!r} cannot be a city or port name: names are single words without "
                         "hyphens (write NewcastleUponTyne rather than Newcastle-upon-Tyne).", where)
    return name


MOST = 1_000_000  # no count or amount of money in the game comes near this


def _int(value, where: str, what: str) -> int:
    return values.whole(value, where, what, 0, MOST)


def load_board(setup: dict) -> Board:
    """Read ``cities``, ``links`` and ``ports`` from a setup mapping (a preset or an example)."""
    raw_cities = setup.get("cities")
    if not isinstance(raw_cities, dict) or not raw_cities:
        raise InputError("The setup has no board: give 'cities' (or start from 'preset: demo').", "cities")
    cities = {}
    for name, data in raw_cities.items():
        where = f"cities.{name}"
        data = {"value": data} if isinstance(data, int) else data
        if not isinstance(data, dict) or "value" not in data:
            raise InputError(f"City {name!r} needs a value, e.g. '{name}: {{value: 3}}'.", where)
        cities[_name(name, where)] = City(name, _int(data["value"], where + ".value", "A city's value"),
                                          _pos(data.get("pos"), where + ".pos"))
    links = {}
    for index, text in enumerate(setup.get("links") or []):
        where = f"links.{index}"
        ends = str(text).split("-")
        if len(ends) != 2 or ends[0] == ends[1]:
            raise InputError(f"A link is two different cities joined by a hyphen, e.g. 'Leeds-York'; "
                             f"{text!r} is not.", where)
        for end in ends:
            if end not in cities:
                raise InputError(f"Link {text!r} names {end!r}, which is not one of the cities. "
                                 f"{did_you_mean(end, cities)}", where)
        if frozenset(ends) in links:
            raise InputError(f"The link {text!r} is listed twice.", where)
        links[frozenset(ends)] = "-".join(sorted(ends))
    ports = {}
    for name, data in (setup.get("ports") or {}).items():
        where = f"ports.{name}"
        if not isinstance(data, dict) or "city" not in data or "price" not in data:
            raise InputError(f"Port {name!r} needs a city and a price, e.g. '{name}: {{city: Hull, price: 15}}'.",
                             where)
        if _name(name, where) in cities:
            raise InputError(f"{name!r} is both a city and a port; give the port its own name.", where)
        if data["city"] not in cities:
            raise InputError(f"Port {name!r} is reached from {data['city']!r}, which is not one of the cities. "
                             f"{did_you_mean(data['city'], cities)}", where + ".city")
        ports[name] = Port(name, data["city"], _int(data["price"], where + ".price", "A port's price"),
                           _pos(data.get("pos"), where + ".pos"))
    return Board(cities, links, ports)


def data(name: str) -> dict:
    """One of the game's data files (``board.yaml``, the presets), read as YAML."""
    return data_file(__package__, f"data/{name}")


@lru_cache(maxsize=1)
def _illustrative() -> tuple[frozenset, frozenset, frozenset]:
    board = load_board(data("board.yaml"))
    return frozenset(board.cities), frozenset(board.links.values()), frozenset(board.ports)


def is_illustrative(board: Board) -> bool:
    """Whether ``board`` is the book's illustrative board (the same cities, links and ports; city
    values may differ), rather than one an example built for itself."""
    return (frozenset(board.cities), frozenset(board.links.values()), frozenset(board.ports)) == _illustrative()
