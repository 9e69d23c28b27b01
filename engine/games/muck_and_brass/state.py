"""The state of a game of Muck & Brass, as far as the Expand action needs it, and how a setup
mapping becomes one.

A company has one *component* per home station. A company that never merged has one; a merged
company has one for its own home station and one for each company it absorbed. Each component
grows its own network of links outward from its home station.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from rulewright.game import values
from rulewright.game.refusal import InputError, did_you_mean
from engine.games.muck_and_brass import laws
from engine.games.muck_and_brass.board import Board, _int, load_board


@dataclass
class Component:
    home: str
    links: list[str] = field(default_factory=list)  # in the order they were built


@dataclass
class Company:
    code: str
    name: str
    colour: str
    active: bool
    treasury: int
    income: int
    components: list[Component]
    ports: list[str] = field(default_factory=list)
    markers: int | None = None  # route markers left; None: as many as needed
    kind: str | None = None  # "initial" or "secondary", for the reader only

    @property
    def homes(self) -> list[str]:
        return [c.home for c in self.components]

    @property
    def links(self) -> list[str]:
        return [link for c in self.components for link in c.links]

    def component(self, home: str) -> Component:
        for c in self.components:
            if c.home == home:
                return c
        raise InputError(f"{self.code} has no component with home station {home!r}. "
                         f"Its home stations: {', '.join(self.homes)}.")


@dataclass
class Player:
    name: str
    shares: dict[str, int]


@dataclass
class State:
    board: Board
    companies: dict[str, Company]
    players: dict[str, Player]
    general_dividends: int
    bank: int
    settings: dict
    rng: object = None
    # What the position held when it was set up, for the conservation laws (``laws.py``):
    # money, and per company its route markers plus what they were spent on, and so on.
    at_setup: dict = field(default_factory=dict)

    def company_lookup(self, name: str) -> Company:
        for code, company in self.companies.items():
            if code.lower() == str(name).lower():
                return company
        raise InputError(f"There is no company called {name!r}. {did_you_mean(name, self.companies)}")

    def owner_of_link(self, link: str) -> str | None:
        for company in self.companies.values():
            if link in company.links:
                return company.code
        return None

    def owner_of_port(self, port: str) -> str | None:
        for company in self.companies.values():
            if port in company.ports:
                return company.code
        return None

    def homes_of_others(self, code: str, active_only: bool) -> dict[str, str]:
        """Home stations of every other company (``{city: company}``)."""
        return {home: c.code for c in self.companies.values()
                if c.code != code and (c.active or not active_only) for home in c.homes}


# ---------------------------------------------------------------- setup


def network(board: Board, component: Component) -> set[str]:
    """The cities a component reaches: its home station and the ends of its links."""
    cities = {component.home}
    for link in component.links:
        cities.update(board.ends(link))
    return cities


def _link_name(board: Board, text, where: str) -> str:
    ends = str(text).split("-")
    name = board.link_between(*ends) if len(ends) == 2 else None
    if name is None:
        raise InputError(f"{text!r} is not a link on this board. Links are written 'City-City', "
                         f"for example {next(iter(board.links.values()), 'Leeds-York')!r}.", where)
    return name


def _component(board: Board, home: str, links, where: str) -> Component:
    if home not in board.cities:
        raise InputError(f"The home station {home!r} is not a city on this board. "
                         f"{did_you_mean(home, board.cities)}", where)
    if not isinstance(links, list):
        raise InputError("Links are a list, e.g. [Liverpool-Manchester, Manchester-Leeds].", where)
    component = Component(home, [_link_name(board, text, f"{where}.{i}") for i, text in enumerate(links)])
    apart = laws.cut_off(board, home, component.links)  # the links must form one network grown from home
    if apart:
        raise InputError(f"The links {', '.join(apart)} do not connect to the network of home station "
                         f"{home}; a network grows outward from its home station.", where)
    return component


def _company(board: Board, code: str, data: dict) -> Company:
    where = f"companies.{code}"
    if not isinstance(data, dict):
        raise InputError(f"Company {code} must be a mapping such as '{{home: Liverpool, treasury: 10}}'.", where)
    known = {"name", "home", "colour", "kind", "active", "treasury", "income", "links", "components",
             "ports", "markers"}
    for key in data:
        if key not in known:
            raise InputError(f"Company {code} has an unknown key {key!r}. {did_you_mean(key, known)}",
                             f"{where}.{key}")
    if "home" not in data:
        raise InputError(f"Company {code} needs a home station, e.g. 'home: Liverpool'.", where)
    components = [_component(board, data["home"], data.get("links") or [], f"{where}.links")]
    for home, links in (data.get("components") or {}).items():
        if home in [c.home for c in components]:
            raise InputError(f"{code} lists home station {home} twice.", f"{where}.components.{home}")
        components.append(_component(board, home, links or [], f"{where}.components.{home}"))
    ports = []
    for index, port in enumerate(data.get("ports") or []):
        if port not in board.ports:
            raise InputError(f"There is no port called {port!r}. {did_you_mean(port, board.ports)}",
                             f"{where}.ports.{index}")
        ports.append(port)
    markers = data.get("markers")
    return Company(
        code=code,
        name=str(data.get("name", code)),
        colour=str(data.get("colour", "")),  # "" until ``_colour_the_rest`` gives it one
        active=values.flag(data.get("active", True), f"{where}.active", "the company is still in play"),
        treasury=_int(data.get("treasury", 0), f"{where}.treasury", "A treasury"),
        income=_int(data.get("income", 0), f"{where}.income", "An income"),
        components=components,
        ports=ports,
        markers=None if markers is None else _int(markers, f"{where}.markers", "The number of route markers"),
        kind=None if data.get("kind") is None else str(data["kind"]),
    )


# Distinct colours for companies the setup gives none, in order (the shipped companies' own first).
PALETTE = ("#2e7d32", "#1565c0", "#7b1fa2", "#ef6c00", "#5d4037", "#00838f", "#37474f", "#c62828", "#ad1457",
           "#9e9d24", "#283593", "#6d4c41")


def _colour_the_rest(companies: dict[str, Company]) -> None:
    """Give each company without a colour its own: the first palette colour no company has yet."""
    used = {c.colour.lower() for c in companies.values() if c.colour}
    free = [colour for colour in PALETTE if colour not in used]
    for index, company in enumerate(c for c in companies.values() if not c.colour):
        company.colour = free[index % len(free)] if free else PALETTE[index % len(PALETTE)]


def _check_exclusive(companies: dict[str, Company]) -> None:
    seen: dict[str, str] = {}
    for company in companies.values():
        for item in company.links + company.ports:
            if item in seen:
                raise InputError(f"{item} is given to both {seen[item]} and {company.code}; "
                                 "each link and port has one builder.", f"companies.{company.code}")
            seen[item] = company.code


def _player(name: str, data, companies: dict[str, Company]) -> Player:
    where = f"players.{name}"
    shares = (data or {}).get("shares", {}) if isinstance(data, dict) or data is None else None
    if not isinstance(shares, dict):
        raise InputError(f"Player {name} is a mapping such as '{{shares: {{LMR: 1}}}}'.", where)
    for code, count in shares.items():
        if code not in companies:
            raise InputError(f"Player {name} holds shares in {code!r}, which is not a company here. "
                             f"{did_you_mean(code, companies)}", f"{where}.shares.{code}")
        _int(count, f"{where}.shares.{code}", "A number of shares")
    return Player(str(name), dict(shares))


def new_state(setup: dict, settings: dict, rng) -> State:
    known = {"cities", "links", "ports", "companies", "players", "general_dividends", "bank"}
    for key in setup:
        if key not in known:
            raise InputError(f"The setup key {key!r} is not part of Muck & Brass. {did_you_mean(key, known)}",
                             key)
    board = load_board(setup)
    companies = {str(code): _company(board, str(code), data)
                 for code, data in (setup.get("companies") or {}).items() if data is not None}
    _check_exclusive(companies)
    _colour_the_rest(companies)
    players = {str(name): _player(str(name), data, companies) for name, data in (setup.get("players") or {}).items()}
    state = State(
        board=board,
        companies=companies,
        players=players,
        general_dividends=_int(setup.get("general_dividends", 0), "general_dividends",
                               "The number of General Dividends so far"),
        bank=_int(setup.get("bank", 0), "bank", "The bank's money"),
        settings=dict(settings),
        rng=rng,
    )
    state.at_setup = laws.ledger(state)
    return state


def full_setup(state: State) -> dict:
    """Every setup key ``new_state`` reads, written from ``state`` (``Game.setup_of`` makes it minimal)."""
    board = state.board
    return {
        "cities": {name: {"value": city.value, "pos": _written_pos(city.pos)} for name, city in board.cities.items()},
        "links": list(board.links.values()),
        "ports": {name: {"city": port.city, "price": port.price, "pos": _written_pos(port.pos)}
                  for name, port in board.ports.items()},
        "general_dividends": state.general_dividends,
        "bank": state.bank,
        "companies": {code: _written_company(c) for code, c in state.companies.items()},
        "players": {name: {"shares": dict(p.shares)} for name, p in state.players.items()},
    }


def _written_pos(pos):
    return None if pos is None else list(pos)


def _written_company(company: Company) -> dict:
    return {
        "name": company.name, "home": company.homes[0], "colour": company.colour, "kind": company.kind,
        "active": company.active, "treasury": company.treasury, "income": company.income,
        "links": list(company.components[0].links),
        "components": {c.home: list(c.links) for c in company.components[1:]},
        "ports": list(company.ports), "markers": company.markers,
    }


# What a written company leaves out when no preset names it: the values new_state assumes.
COMPANY_DEFAULTS = {"kind": None, "active": True, "treasury": 0, "income": 0, "links": [], "components": {},
                    "ports": [], "markers": None}
