"""The notation: what a designer writes in an example's ``do`` list, and the actions it means.

    ann: expand LMR Liverpool-Manchester        one link (any time)
    ann: expand LMR Liverpool-Dublin            a foreign port (after the third General Dividend)
    ann: expand LMR Liverpool-Preston-Lancaster a double build: two links in a row
    ann: expand LMR double Sheffield-Leeds      a double build that ended after its first link
    ann: expand LNWR Derby-Sheffield for Derby  a merged company: which component builds
    general dividend                            count one more General Dividend
"""
from __future__ import annotations

from dataclasses import dataclass

from rulewright.game import Action, InputError, data_file
from rulewright.game.refusal import lookup

# The links of a double build (rule mb.expand.double): a path of one place more.
DOUBLE_LINKS = data_file(__package__, "data/expand.yaml")["double_build_links"]

FORMS = ("Write 'expand <company> <City>-<City>' for one link, 'expand <company> <City>-<City>-<City>' "
         "for a double build, or 'general dividend'. A merged company may add 'for <home station>'.")


@dataclass(frozen=True)
class Expand(Action):
    actor: str
    company: str
    path: tuple[str, ...]  # two places (one link or a port) or three cities (a double build)
    double: bool = False  # a double build; true whenever path has three places
    component: str | None = None  # home station of the component that builds, if named

    def notation(self) -> str:
        words = ["expand", self.company]
        if self.double and len(self.path) == 2:
            words.append("double")
        words.append("-".join(self.path))
        if self.component:
            words += ["for", self.component]
        return " ".join(words)


@dataclass(frozen=True)
class GeneralDividend(Action):
    actor: None = None

    def notation(self) -> str:
        return "general dividend"


def parse(state, actor: str | None, text: str) -> Action:
    words = text.split()
    if [w.lower() for w in words] == ["general", "dividend"]:
        return GeneralDividend()
    if not words or words[0].lower() != "expand":
        raise InputError(f"{text!r} is not a Muck & Brass action. {FORMS}")
    if actor is None:
        raise InputError("Someone has to choose Expand: write the player first, e.g. "
                         "'ann: expand LMR Liverpool-Manchester'.")
    player = lookup("player", actor, state.players).name
    rest = words[1:]
    if len(rest) < 2:
        raise InputError(f"{text!r} is missing the company or the link. {FORMS}")
    company = state.company_lookup(rest.pop(0)).code
    double = bool(rest) and rest[0].lower() == "double"
    if double:
        rest.pop(0)
    component = None
    if len(rest) == 3 and rest[1].lower() == "for":
        component = state.board.place(rest[2])
        rest = rest[:1]
    if len(rest) != 1:
        raise InputError(f"{text!r} has words the notation does not expect. {_path_hint(rest) or FORMS}")
    places = rest[0].split("-")
    if len(places) not in (2, DOUBLE_LINKS + 1) or "" in places:
        raise InputError(f"{rest[0]!r} should be two places ('Leeds-York') or, for a double build, three "
                         "cities ('Leeds-York-Hull').")
    path = tuple(state.board.place(p) for p in places)
    _check_path(state.board, path)
    return Expand(player, company, path, double or len(path) == DOUBLE_LINKS + 1, component)


def _path_hint(words: list[str]) -> str:
    """How to write the path the designer meant, for the commonest slips: spaces around the dash,
    'to' between places, and a double build written as two links."""
    joined = " ".join(words)
    pieces = [w.strip(",") for w in joined.replace(" - ", "-").replace(" to ", "-").split()]
    if len(pieces) == 1 and pieces[0] != joined:
        return f"Join the places with a dash and no spaces: '{pieces[0]}'."
    if len(pieces) == 2 and all("-" in p for p in pieces):
        first, second = (p.split("-") for p in pieces)
        if first[-1] == second[0]:
            path = "-".join(first + second[1:])
            return f"A double build is written as one path of three cities: '{path}'."
        return f"An Expand builds one link, or two in a row that share a city ('Leeds-York-Hull'); " \
               f"{pieces[0]} and {pieces[1]} do not meet."
    return ""


def _check_path(board, path: tuple[str, ...]) -> None:
    """Every step of the path must be a link or a port on the board."""
    for a, b in zip(path, path[1:]):
        if a in board.ports and b in board.ports:
            raise InputError(f"{a} and {b} are both ports; a port is reached from its city.")
        port, city = (a, b) if a in board.ports else (b, a)
        if port in board.ports:
            if board.ports[port].city != city:
                raise InputError(f"The port {port} is reached from {board.ports[port].city}, not from {city}.")
            if len(path) == DOUBLE_LINKS + 1 and path[1] == port:
                raise InputError(f"A port ends a route; {port} cannot be in the middle of {'-'.join(path)}.")
        elif board.link_between(a, b) is None:
            raise InputError(f"There is no link between {a} and {b} on this board. "
                             f"From {a} one can build to: {board.routes_from(a)}.")
