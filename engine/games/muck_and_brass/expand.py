"""The Expand action, rule by rule.

``expand`` checks an action in the order a player at the table would: may this player choose
Expand for this company at all, may the company afford it, and then, link by link, may this link
be built. Only when every check has passed does it pay, place the route markers and raise income.
Each refusal names its rule ID (declared in the rulebook chapter ``rulebook/muck-and-brass``).
"""
from __future__ import annotations

from rulewright.game import Event, InputError, Refusal, data_file
from engine.games.muck_and_brass.actions import DOUBLE_LINKS, Expand
from engine.games.muck_and_brass.board import LONDON
from engine.games.muck_and_brass.state import Company, Component, State, network

NUMBERS = data_file(__package__, "data/expand.yaml")  # (the book prints them from there too)
SINGLE_COST = NUMBERS["link_cost"]
DOUBLE_COST = NUMBERS["double_build_cost"]
THIRD = NUMBERS["widening_dividend"]  # the rules widen after the third General Dividend
CITY_LINKS = NUMBERS["city_links"]
BUSY_CITY = NUMBERS["busy_city_links"]  # a city with more links than this never gives one company them all


def late(state: State) -> bool:
    return state.general_dividends >= THIRD


def has_plurality(state: State, player: str, code: str) -> bool:
    """More shares than any other player (or, with ``plurality_ties``, at least as many)."""
    mine = state.players[player].shares.get(code, 0)
    others = [p.shares.get(code, 0) for p in state.players.values() if p.name != player]
    best_other = max(others, default=0)
    return mine > 0 and (mine >= best_other if state.settings["plurality_ties"] else mine > best_other)


def cost(state: State, action: Expand) -> int:
    if action.path[-1] in state.board.ports:  # rule mb.expand.port.cost: the price printed beside it
        return state.board.ports[action.path[-1]].price
    if not action.double:
        return SINGLE_COST
    if len(action.path) == 2:  # a double build that ended after one link
        return state.settings["short_double_cost"]
    return DOUBLE_COST


# ---------------------------------------------------------------- choosing Expand


def check_choice(state: State, action: Expand, company: Company) -> None:
    """May this player choose Expand for this company, in this form, now?"""
    if not company.active:
        raise Refusal("mb.expand.operating",
                      f"{company.code} is not operating yet, so nobody can choose Expand for it.")
    if state.players[action.actor].shares.get(company.code, 0) < 1:
        raise Refusal("mb.expand.shareholder",
                      f"{action.actor} owns no share of {company.code}, so cannot choose Expand for it.")
    port = action.path[-1] in state.board.ports or action.path[0] in state.board.ports
    if action.double and not late(state):
        raise Refusal("mb.expand.one-link",
                      "Before the third General Dividend an Expand builds exactly one link; "
                      "double builds come later.")
    if port and not late(state):
        raise Refusal("mb.expand.port.after-third",
                      "Foreign ports may be built only after the third General Dividend.")
    if port and action.double:
        raise Refusal("mb.expand.port.not-double", "A foreign port cannot be part of a double build.")
    if action.double and not has_plurality(state, action.actor, company.code):
        raise Refusal("mb.expand.double.plurality",
                      f"Only a player holding a plurality of {company.code}'s shares may choose a double "
                      f"build, and {action.actor} does not.")
    price = cost(state, action)
    if company.treasury < price:
        raise Refusal("mb.expand.funds",
                      f"This Expand costs ${price} and {company.code} has only ${company.treasury}.")
    needed = len(action.path) - 1
    if company.markers is not None and company.markers < needed:
        raise Refusal("mb.expand.route-markers",
                      f"{company.code} has {company.markers} route marker(s) left and this Expand needs {needed}.")


# ---------------------------------------------------------------- which component builds


def choose_component(state: State, action: Expand, company: Company) -> Component:
    """The component that builds (rule mb.expand.one-component): named with ``for``, or the only
    one whose network the action starts from."""
    if action.component:
        if action.component not in company.homes:
            raise InputError(f"{company.code} has no component with home station {action.component}. "
                             f"Its home stations: {', '.join(company.homes)}.")
        return company.component(action.component)
    if len(company.components) == 1:
        return company.components[0]
    board = state.board
    if action.double:
        starts = {action.path[0]}
    else:
        starts = {board.ports[p].city if p in board.ports else p for p in action.path}
    touching = [c for c in company.components if network(board, c) & starts]
    if len(touching) > 1:
        options = " or ".join(f"'for {c.home}'" for c in touching)
        raise InputError(f"Several of {company.code}'s components could build this; add {options} "
                         "to say which one.")
    # with no candidate, the first component is checked and refused with the reason
    return touching[0] if touching else company.components[0]


# ---------------------------------------------------------------- one link


def company_connections(state: State, company: Company, city: str, pending: list[str]) -> int:
    board = state.board
    count = sum(city in board.ends(link) for link in company.links + pending)
    if state.settings["ports_in_city_limits"]:
        count += sum(board.ports[p].city == city for p in company.ports)
    return count


def city_connections(state: State, city: str) -> tuple[int, int]:
    """(how many connections the city has on the map, how many of them are built by anyone)."""
    board = state.board
    links = board.links_at(city)
    total, built = len(links), sum(state.owner_of_link(link) is not None for link in links)
    if state.settings["ports_in_city_limits"]:
        ports = board.ports_at(city)
        total += len(ports)
        built += sum(state.owner_of_port(p) is not None for p in ports)
    return total, built


def check_limits(state: State, company: Company, city: str, pending: list[str]) -> None:
    """The city limits, checked for each city the new connection touches, only now, at build time
    (rule mb.expand.build-time): a merger may have left the company over them."""
    mine = company_connections(state, company, city, pending) + 1
    what = "links and ports" if state.settings["ports_in_city_limits"] else "links"
    if mine > CITY_LINKS:
        raise Refusal("mb.expand.city-limit",
                      f"{company.code} already has {mine - 1} {what} at {city}; "
                      f"a company may not build more than {CITY_LINKS} of one city's {what}.")
    total, built = city_connections(state, city)
    built += len([link for link in pending if city in state.board.ends(link)]) + 1
    everything = mine if state.settings["last_connection"] == "company" else built
    if total > BUSY_CITY and everything >= total:
        whose = f"{company.code} would then own" if state.settings["last_connection"] == "company" else \
            "that would build"
        raise Refusal("mb.expand.last-connection",
                      f"{city} has {total} {what} and {whose} all of them; at a city with more than "
                      f"{BUSY_CITY} {what}, the last one may not be built.")


def check_link(state: State, company: Company, component: Component, link: str, pending: list[str]) -> None:
    """May ``component`` build ``link`` now (``pending``: links already placed by this action)?"""
    board = state.board
    owner = state.owner_of_link(link)
    if owner is not None or link in pending:
        raise Refusal("mb.expand.exclusive", f"{link} is already built by {owner or company.code}; "
                                             "each link may be built by one company only.")
    reached = network(board, component) | {city for p in pending for city in board.ends(p)}
    if not reached & set(board.ends(link)):
        if not component.links and not pending:
            raise Refusal("mb.expand.first-link",
                          f"This is the first link of {company.code}'s network from {component.home}, "
                          f"so it must touch {component.home}.")
        raise Refusal("mb.expand.connected",
                      f"{link} touches no city of {company.code}'s network from {component.home} "
                      f"({', '.join(sorted(reached))}).")
    if not late(state):  # a company not yet operating leaves its home open (rule mb.expand.not-started-home)
        active_homes = state.homes_of_others(company.code, active_only=True)
        for city in board.ends(link):
            if city in active_homes:
                raise Refusal("mb.expand.no-active-home",
                              f"{city} is the home station of {active_homes[city]}, which is operating; "
                              "before the third General Dividend no link may be built into it.")
    for city in board.ends(link):
        check_limits(state, company, city, pending)


# ---------------------------------------------------------------- the double build


def ends_double(state: State, company: Company, city: str) -> bool:
    """London or another company's home station ends a double build at once."""
    return city == LONDON or city in state.homes_of_others(company.code, active_only=False)


def check_double(state: State, company: Company, action: Expand) -> None:
    board = state.board
    whole = set().union(*(network(board, c) for c in company.components))
    first, *rest = action.path[1:]
    if first in whole:
        raise Refusal("mb.expand.double.new-cities",
                      f"{first} is already on {company.code}'s network; the first link of a double build "
                      "must reach a city outside the whole network.")
    stops = ends_double(state, company, first)
    if rest and stops:
        short = f"expand {company.code} double {action.path[0]}-{first}"
        raise Refusal("mb.expand.double.stops",
                      f"Reaching {first} ends the Expand at once, so a second link cannot follow it. A double "
                      f"build that stops there is written '{short}'.")
    if rest and rest[0] in whole:
        raise Refusal("mb.expand.double.new-cities",
                      f"{rest[0]} is already on {company.code}'s network; the second link of a double build "
                      "must also reach a city outside the whole network.")
    if not rest and not stops:
        raise Refusal("mb.expand.double.stops",
                      f"A double build has {DOUBLE_LINKS} links; it stops after one only when that link reaches London "
                      f"or another company's home station, and {first} is neither.")


# ---------------------------------------------------------------- the whole action


def check(state: State, action: Expand) -> tuple[Company, Component, list[str]]:
    """Every rule, without changing anything: the company, the component that builds, and the
    links to build (empty for a port). Raises ``Refusal`` if a rule forbids the action."""
    company = state.companies[action.company]
    check_choice(state, action, company)
    component = choose_component(state, action, company)
    board = state.board
    if action.path[-1] in board.ports or action.path[0] in board.ports:
        check_port(state, company, component, action)
        return company, component, []
    links = [board.link_between(a, b) for a, b in zip(action.path, action.path[1:])]
    if action.double:
        check_double(state, company, action)
    for index, link in enumerate(links):
        check_link(state, company, component, link, links[:index])
    return company, component, links


def expand(state: State, action: Expand) -> list[Event]:
    company, component, links = check(state, action)
    if not links:
        return _build_port(state, company, action)
    return _build_links(state, company, component, action, links)


def _port(state: State, action: Expand) -> str:
    return action.path[-1] if action.path[-1] in state.board.ports else action.path[0]


def check_port(state: State, company: Company, component: Component, action: Expand) -> None:
    board = state.board
    port = _port(state, action)
    city = board.ports[port].city
    owner = state.owner_of_port(port)
    if owner is not None:
        raise Refusal("mb.expand.exclusive", f"{owner} has already built to {port}; "
                                             "each port may be built by one company only.")
    if city not in network(board, component):
        raise Refusal("mb.expand.port.connected",
                      f"{company.code} does not reach {city} yet; a port may be built only from a city "
                      "already on the company's network.")
    if state.settings["ports_in_city_limits"]:
        check_limits(state, company, city, [])


def _pay(state: State, company: Company, price: int, markers: int) -> None:
    company.treasury -= price
    state.bank += price
    if company.markers is not None:
        company.markers -= markers


def _build_links(state, company, component, action, links) -> list[Event]:
    board = state.board
    _pay(state, company, cost(state, action), len(links))
    events = []
    for link in links:
        gain = sum(board.cities[city].value for city in board.ends(link))  # per link (rule mb.expand.double.income)
        component.links.append(link)
        company.income += gain
        events.append(Event("link-built", {"company": company.code, "link": link, "income": gain}))
    if action.double and len(links) == 1:
        events.append(Event("double-build-ended", {"company": company.code, "at": action.path[-1]}))
    active_homes = state.homes_of_others(company.code, active_only=True)
    for city in action.path[1:] if action.double else action.path:
        if city in active_homes and late(state):  # rule mb.expand.merger
            events.append(Event("merger-triggered",
                                {"company": company.code, "with": active_homes[city], "at": city}))
    return events


def _build_port(state, company, action) -> list[Event]:
    port = state.board.ports[_port(state, action)]
    _pay(state, company, port.price, 1)
    company.ports.append(port.name)
    # the port's Special Dividend is paid at once (rule mb.expand.port.special-dividend)
    return [Event("port-built", {"company": company.code, "port": port.name, "price": port.price}),
            Event("special-dividend", {"company": company.code})]
