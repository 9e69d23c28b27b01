"""Muck & Brass as a ``Game``: its settings, presets, view and list of legal actions.

The rules themselves are in ``expand.py``; this module only wires them to the shared interface.
"""
from __future__ import annotations

from rulewright.game import Event, Game, Refusal, Setting, check_action, minimal_setup
from rulewright.game.interface import merge
from engine.games.muck_and_brass import actions, expand, laws, state as state_module
from engine.games.muck_and_brass.board import data as _data
from engine.games.muck_and_brass.state import State, network
from engine.games.muck_and_brass.diagram import draw as draw_diagram


def _presets() -> dict[str, dict]:
    """The presets, each written out in full the way ``setup_of`` writes a position (every key,
    defaults included, and ``null`` for a company of another preset that is not in this one), so
    that a position is written as a preset plus exactly what differs. Merged with an example's
    setup they give the same states as the data files do."""
    board = _data("board.yaml")
    given = {"demo": merge(board, _data("demo.yaml")), "late": merge(board, _data("late.yaml"))}
    codes = [code for preset in given.values() for code in preset["companies"]]
    return {name: _with_absent(state_module.full_setup(state_module.new_state(setup, {}, None)), codes)
            for name, setup in given.items()}


def _with_absent(full: dict, codes: list[str]) -> dict:
    """``full`` with ``code: null`` for each company of ``codes`` that it does not have."""
    for code in codes:
        full["companies"].setdefault(code, None)
    return full


class MuckAndBrass(Game):
    diagram = staticmethod(draw_diagram)
    phrases = "phrases.yaml"
    diagram_options = frozenset({"legal", "nolegend"})
    name = "muck-and-brass"
    title = "Muck & Brass"
    settings = {
        "plurality_ties": Setting(
            False, "Whether a player tied for the most shares of a company holds a plurality and may "
                   "choose a double build. Default: no, a plurality means strictly more than anyone else.",
            (False, True)),
        "short_double_cost": Setting(
            15, "What a double build costs when it ends after its first link (at London or another "
                "company's home station): the full $15 (default) or the $5 of a single link.",
            (15, 5)),
        "last_connection": Setting(
            "company", "How to read 'may not build all the connections of a city with more than two': "
                       "'company' (default) forbids a company to own every connection of such a city; "
                       "'anyone' forbids building the last unbuilt connection of such a city at all.",
            ("company", "anyone")),
        "ports_in_city_limits": Setting(
            False, "Whether a foreign port counts as one of its city's connections for the city limits. "
                   "Default: no, the limits count the links between cities only.",
            (False, True)),
    }
    presets = _presets()

    # Links are pairs of places, written either way round; a company's links, ports and network
    # are sets, whatever order the view lists them in.
    pairs = ("links", "companies.*.links", "companies.*.components.*", "events.link-built.link")
    unordered = ("companies.*.network", "companies.*.ports")

    def new_state(self, setup: dict, settings: dict, rng) -> State:
        return state_module.new_state(setup, settings, rng)

    def setup_of(self, state: State) -> dict:
        """The position as a setup: a preset and what differs from it. A company no preset names is
        written without the keys it has at their defaults (``treasury: 0``, no links, ...)."""
        codes = [code for preset in self.presets.values() for code in preset["companies"]]
        written = minimal_setup(_with_absent(state_module.full_setup(state), codes), self.presets)
        base = self.presets.get(written.get("preset"), {}).get("companies", {})
        companies = written.get("companies", {})
        for code, company in list(companies.items()):
            if company is None and code not in base:  # absent, and no preset to remove it from
                del companies[code]
            elif company is not None and base.get(code) is None:
                companies[code] = {key: value for key, value in company.items()
                                   if key not in state_module.COMPANY_DEFAULTS
                                   or value != state_module.COMPANY_DEFAULTS[key]}
        if "preset" not in written:  # a board of its own: no positions where it has none
            for places in (written["cities"], written["ports"]):
                for place in places.values():
                    if place["pos"] is None:
                        del place["pos"]
        return written

    def invariants(self, state: State) -> list:
        """The conservation laws of ``laws.py``: money, route markers, income, one builder per link."""
        return laws.violations(state)

    def parse_action(self, state: State, actor: str | None, text: str) -> actions.Action:
        return actions.parse(state, actor, text)

    def apply(self, state: State, action) -> list:
        check_action(self, state, action)
        if isinstance(action, actions.GeneralDividend):
            state.general_dividends += 1
            return [Event("general-dividend", {"number": state.general_dividends})]
        return expand.expand(state, action)

    def legal_actions(self, state: State) -> list:
        """Every action ``apply`` accepts now: all Expand choices of every player for every company
        they hold a share in, and the General Dividend. The list is complete."""
        legal = [actions.GeneralDividend()]
        for candidate in _candidates(state):
            try:
                expand.check(state, candidate)  # every rule, without changing the state
            except Refusal:
                continue
            legal.append(candidate)
        return legal

    def is_over(self, state) -> bool:
        """Never: this engine plays the Expand action and the General Dividend, not the whole game, so
        a General Dividend is always there to play and no position ends it."""
        return False

    def seats(self, state: State) -> list[str]:
        """The players, in the order the setup names them (for simulated play)."""
        return list(state.players)

    def score(self, state: State, player: str) -> int:
        """A designer's estimate, not a rule (this engine plays Expand and the General Dividend, not
        the end of the game): the income of the companies ``player`` holds shares in, once for each
        share, what a General Dividend would bring them if income were paid per share."""
        return sum(count * state.companies[code].income for code, count in state.players[player].shares.items()
                   if code in state.companies)

    def view(self, state: State) -> dict:
        board = state.board
        return {
            "general_dividends": state.general_dividends,
            "bank": state.bank,
            "companies": {code: _company_view(state, c) for code, c in state.companies.items()},
            "players": {name: {"shares": dict(p.shares)} for name, p in state.players.items()},
            "links": {link: state.owner_of_link(link) for link in board.links.values()
                      if state.owner_of_link(link)},
            "ports": {port: state.owner_of_port(port) for port in board.ports if state.owner_of_port(port)},
            "cities": {name: {"value": city.value} for name, city in board.cities.items()},
        }


def _company_view(state: State, company) -> dict:
    board = state.board
    networks = [network(board, c) for c in company.components]
    return {
        "active": company.active,
        "treasury": company.treasury,
        "income": company.income,
        "home": company.homes[0],
        "homes": company.homes,
        "links": sorted(company.links),
        "ports": sorted(company.ports),
        "markers": company.markers,
        "network": sorted(set().union(*networks)),
        "components": {c.home: sorted(c.links) for c in company.components},
    }


def _candidates(state: State):
    """Every Expand that could possibly be legal (``legal_actions`` then tries each)."""
    board = state.board
    for player in state.players.values():
        for code, company in state.companies.items():
            if player.shares.get(code, 0) < 1 or not company.active:
                continue
            named = len(company.components) > 1
            for component in company.components:
                reach = network(board, component)
                home = component.home if named else None
                for link in board.links.values():
                    a, b = board.ends(link)
                    if a in reach or b in reach:
                        yield actions.Expand(player.name, code, (a, b), False, home)
                for port in board.ports.values():
                    if port.city in reach:
                        yield actions.Expand(player.name, code, (port.city, port.name), False, home)
                if not expand.late(state):
                    continue
                for start in sorted(reach):
                    for first in _neighbours(board, start):
                        yield actions.Expand(player.name, code, (start, first), True, home)
                        for second in _neighbours(board, first):
                            if second != start:
                                yield actions.Expand(player.name, code, (start, first, second), True, home)


def _neighbours(board, city: str) -> list[str]:
    return sorted(b if a == city else a for a, b in map(board.ends, board.links_at(city)))
