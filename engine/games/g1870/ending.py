"""How the game ends: at once (a bankruptcy, or a share price at $400 with ``finish_on_400``), or
at the end of the set of operating rounds in which the bank broke (``rounds.py``)."""
from __future__ import annotations

from rulewright.game import Event
from engine.games.g1870 import data, market
from engine.games.g1870.state import Corporation, State


def game_over(state: State, why: str) -> list[Event]:
    state.round = "over"
    state.game_over = True
    state.turn = ""
    return [Event("game-over", {"why": why})]


def price_end(state: State, corp: Corporation) -> list[Event]:
    """With ``finish_on_400`` a share price that reaches the end price ($400, the market's top right
    cell) ends the game at once (rule 1870.end.price-400)."""
    if not state.settings["finish_on_400"] or state.game_over or corp.pos is None:
        return []
    price = market.cell(corp.pos).price
    if price < data.tables()["finish_price"]:
        return []
    return [Event("price-end", {"corporation": corp.sym, "price": price})] \
        + game_over(state, f"{corp.sym}'s share price reached ${price}")
