"""Goods and money: a supply and the players' stocks, costs paid whole or not at all, and amounts
said in words. A game imports the module whole: ``from rulewright.game import goods``.

Goods are plain data: a mapping from a good's name to how many (``{wood: 2, food: 1}``), in the
game's YAML (a space's cost, a building's price) and in an example's setup (a player's stock).
``read`` reads one, naming an unknown good with "did you mean" at its key; ``pay`` takes a cost
from a stock whole, or refuses citing the rule the game gives and naming what is short; ``said``
and ``money`` write amounts as the book prints them ("2 wood and 1 food", "$1,200").

An example: a stock read from a setup, said in words, and a cost paid whole or refused:

    >>> from rulewright.game import goods
    >>> stock = goods.read({"wood": 2, "food": 1}, ["wood", "stone", "food"], "players.ann.stock")
    >>> goods.said(stock)
    '2 wood and 1 food'
    >>> goods.pay(stock, {"wood": 3, "stone": 1}, "farm.pay", "ann")
    Traceback (most recent call last):
    ...
    rulewright.game.refusal.Refusal: ann cannot pay 3 wood and 1 stone: 1 wood and 1 stone short. (rule farm.pay)
    >>> goods.pay(stock, {"wood": 2}, "farm.pay", "ann")
    >>> stock, goods.money(1200)
    ({'wood': 0, 'food': 1}, '$1,200')
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rulewright.game.refusal import InputError, Refusal, did_you_mean
from rulewright.game.values import whole


def read(value: Any, known: Iterable[str], where: str, what: str = "goods") -> dict[str, int]:
    """The goods ``value`` gives (a mapping of a good to a whole number), each good one of
    ``known``; an ``InputError`` at ``where`` (or at the good's own key) otherwise."""
    known = list(known)
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        example = ", ".join(f"{good}: {n}" for good, n in zip(known, (2, 1)))
        raise InputError(f"'{where.split('.')[-1]}' gives {what} as a mapping of each good to how many, "
                         f"e.g. {{{example}}}.", where)
    given = {}
    for good, count in value.items():
        if good not in known:
            raise InputError(f"There is no good called {good!r}. {did_you_mean(good, known)}", f"{where}.{good}")
        given[str(good)] = whole(count, f"{where}.{good}", f"A number of {good}")
    return given


def said(amounts: Mapping[str, int], money_good: str | None = None) -> str:
    """``amounts`` in words: "2 wood and 1 food", "nothing"; the good ``money_good`` (if any) is
    written as money ("$3")."""
    parts = [money(n) if good == money_good else f"{n} {good}" for good, n in amounts.items() if n]
    return " and ".join(", ".join(parts).rsplit(", ", 1)) if parts else "nothing"


def money(amount: int, sign: str = "$") -> str:
    """An amount of money as the book prints it: "$1,200", "-$5"."""
    return f"{'-' if amount < 0 else ''}{sign}{abs(amount):,}"


def short(stock: Mapping[str, int], cost: Mapping[str, int]) -> dict[str, int]:
    """What ``stock`` lacks to pay ``cost``: each good it has too few of, and how many too few."""
    return {good: n - stock.get(good, 0) for good, n in cost.items() if stock.get(good, 0) < n}


def pay(stock: dict[str, int], cost: Mapping[str, int], rule: str, who: str, to: dict[str, int] | None = None,
        money_good: str | None = None) -> None:
    """Take ``cost`` from ``stock`` (into ``to``, the supply, when given), whole: if anything is
    short, nothing is taken and the move is refused citing ``rule``, naming what ``who`` lacks."""
    lacking = short(stock, cost)
    if lacking:
        raise Refusal(rule, f"{who} cannot pay {said(cost, money_good)}: {said(lacking, money_good)} short.")
    move(stock, to, cost)


def times(amounts: Mapping[str, int], count: int) -> dict[str, int]:
    """``amounts`` ``count`` times over: an upkeep per worker (``times({food: 2}, 3)`` is 6 food)."""
    return {good: n * count for good, n in amounts.items()}


def pay_what_you_can(stock: dict[str, int], cost: Mapping[str, int], to: dict[str, int] | None = None) -> dict[str, int]:
    """Take as much of ``cost`` as ``stock`` holds (upkeep, where what cannot be paid costs
    something else) and return what was left unpaid."""
    lacking = short(stock, cost)
    move(stock, to, {good: n - lacking.get(good, 0) for good, n in cost.items()})
    return lacking


def gain(stock: dict[str, int], goods: Mapping[str, int], supply: dict[str, int] | None = None) -> dict[str, int]:
    """Give ``goods`` to ``stock``: from ``supply`` when given, as much as the supply holds (a
    limited supply runs out), and return what was given."""
    given = {good: min(n, supply.get(good, 0)) if supply is not None else n for good, n in goods.items()}
    move(supply, stock, given)
    return {good: n for good, n in given.items() if n}


def move(source: dict[str, int] | None, target: dict[str, int] | None, amounts: Mapping[str, int]) -> None:
    """Move ``amounts`` from ``source`` to ``target`` (either ``None``: the unlimited bank)."""
    for good, n in amounts.items():
        if not n:
            continue
        if source is not None:
            source[good] = source.get(good, 0) - n
        if target is not None:
            target[good] = target.get(good, 0) + n


def total(*stocks: Mapping[str, int]) -> dict[str, int]:
    """All ``stocks`` added up, good by good (for an invariant: no good made or lost)."""
    out: dict[str, int] = {}
    for stock in stocks:
        for good, n in stock.items():
            out[good] = out.get(good, 0) + n
    return {good: n for good, n in out.items() if n}

