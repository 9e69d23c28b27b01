"""What Muck & Brass conserves: the laws ``Game.invariants`` checks after every move of random play.

An Expand moves money from a company's treasury to the bank, spends one route marker on each link
or port it builds, and raises the company's income by the values of the cities a new link joins.
Nothing else changes hands: shares are never traded in this chapter, and no action adds or removes
money. So, against what the position held when it was set up (``ledger``, kept in the state):

- the bank and the treasuries together hold the same money (``mb.expand.cost``), and no treasury
  is below zero (``mb.expand.funds``);
- a company's route markers left plus the links and ports it has built stay the same
  (``mb.expand.route-markers``), and never fall below zero;
- a company's income, less what its links are worth, stays the same (``mb.expand.income``; a port
  adds nothing, ``mb.expand.port.no-income``);
- each link and port has at most one builder (``mb.expand.exclusive``), and each network is one
  piece grown from its home station (``mb.expand.connected``);
- each company has as many shares among the players as it had.

This module reads the state's fields only (it does not import ``state.py``, which imports it).
"""
from __future__ import annotations

from rulewright.game import Violation


def link_worth(board, links) -> int:
    """The income ``links`` earn: the values of the two cities each one joins."""
    return sum(board.cities[city].value for link in links for city in board.ends(link))


def ledger(state) -> dict:
    """What the laws compare with later: read from the position as it was set up."""
    return {
        "money": money(state),
        "markers": {code: c.markers + len(c.links) + len(c.ports) for code, c in state.companies.items()
                    if c.markers is not None},
        "income": {code: c.income - link_worth(state.board, c.links) for code, c in state.companies.items()},
        "shares": shares(state),
    }


def money(state) -> int:
    return state.bank + sum(c.treasury for c in state.companies.values())


def shares(state) -> dict[str, int]:
    return {code: sum(p.shares.get(code, 0) for p in state.players.values()) for code in state.companies}


def violations(state) -> list[Violation]:
    found: list[Violation] = []
    before = state.at_setup or ledger(state)
    if money(state) != before["money"]:
        found.append(Violation(
            f"The bank and the companies' treasuries hold ${money(state)} together, but held ${before['money']} "
            "when the game was set up; an Expand only moves money from a treasury to the bank.", "mb.expand.cost"))
    for code, company in state.companies.items():
        found += _company_laws(state, before, code, company)
    found += _one_builder(state)
    for code, total in shares(state).items():
        if total != before["shares"].get(code, total):
            found.append(Violation(f"The players hold {total} shares of {code}, but held {before['shares'][code]} "
                                   "when the game was set up; no action here buys or sells shares."))
    return found


def _company_laws(state, before: dict, code: str, company) -> list[Violation]:
    found = []
    board = state.board
    if company.treasury < 0:
        found.append(Violation(f"{code}'s treasury is ${company.treasury}; a company cannot spend money it does "
                               "not have.", "mb.expand.funds"))
    if company.markers is not None:
        used = len(company.links) + len(company.ports)
        if company.markers < 0:
            found.append(Violation(f"{code} has {company.markers} route markers left; a company cannot use "
                                   "markers it does not have.", "mb.expand.route-markers"))
        if code in before["markers"] and company.markers + used != before["markers"][code]:
            found.append(Violation(
                f"{code} has {company.markers} route markers left and {used} on its links and ports, "
                f"{company.markers + used} in all, but had {before['markers'][code]} when the game was set up; "
                "each link and port takes one marker from its supply.", "mb.expand.route-markers"))
    if code in before["income"]:
        expected = before["income"][code] + link_worth(board, company.links)
        if company.income != expected:
            found.append(Violation(
                f"{code}'s income is {company.income}, but its income at setup plus the values of the cities "
                f"its new links join makes {expected}.", "mb.expand.income"))
    for component in company.components:
        apart = cut_off(board, component.home, component.links)
        if apart:
            found.append(Violation(f"{code}'s links {', '.join(apart)} are cut off from its home station "
                                   f"{component.home}; a network grows outward from its home station.",
                                   "mb.expand.connected"))
    return found


def cut_off(board, home: str, links: list[str]) -> list[str]:
    """The links that no chain of ``links`` joins to ``home`` (none for a network grown from it)."""
    reached, todo = {home}, list(links)
    while todo:
        joined = [link for link in todo if reached & set(board.ends(link))]
        if not joined:
            return todo
        reached.update(city for link in joined for city in board.ends(link))
        todo = [link for link in todo if link not in joined]
    return []


def _one_builder(state) -> list[Violation]:
    found, seen = [], {}
    for company in state.companies.values():
        for item in company.links + company.ports:
            if item in seen:
                found.append(Violation(f"{item} is held by {seen[item]} and by {company.code}; each link and "
                                       "port has one builder.", "mb.expand.exclusive"))
            seen[item] = company.code
    return found
