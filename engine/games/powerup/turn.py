"""A turn: its random number of actions, who may act, drawing, buying and ending the turn.

Playing a tile is in ``tiles.py`` (founding, expanding) and ``mergers.py``.
"""
from __future__ import annotations

from rulewright.game.events import Event
from rulewright.game.refusal import Refusal
from engine.games.powerup.data import HAND, RULES
from engine.games.powerup.state import State, Turn, charge, price


def roll_actions(state: State) -> int:
    """2, 3 or 4 actions with chances 1/6, 3/6 and 2/6 (or the next stated roll)."""
    if state.action_rolls:
        return state.action_rolls.pop(0)
    return state.rng.weighted(RULES["action_counts"], "the number of actions in a turn")


def begin_turn(state: State, player: str) -> list[Event]:
    state.turn = Turn(player=player, actions=roll_actions(state))
    return [Event("actions-rolled", {"player": player, "actions": state.turn.actions})]


def check_turn(state: State, actor: str) -> None:
    if actor != state.turn.player:
        raise Refusal("pu.turn.order", f"It is {state.turn.player}'s turn, not {actor}'s.")


def check_actions_left(state: State) -> None:
    turn = state.turn
    if turn.used >= turn.actions:
        raise Refusal("pu.turn.actions",
                      f"{turn.player} has used all {turn.actions} actions of this turn; "
                      "all that is left is to end it.")


def check_not_owed_play(state: State, doing: str) -> None:
    """After a draw that obliges a play, nothing but a tile play (or ending the turn) may follow."""
    if state.turn.must_play:
        raise Refusal("pu.draw.then-play",
                      f"{state.turn.player} has just drawn tiles, so the next action must play a "
                      f"tile, not {doing}.")


def draw(state: State) -> list[Event]:
    player = state.players[state.turn.player]
    check_not_owed_play(state, "draw again")
    if len(player.hand) >= HAND:
        raise Refusal("pu.draw.limit",
                      f"{player.name} already holds {HAND} tiles; drawing needs fewer than {HAND}.")
    if not state.bag:
        raise Refusal("pu.draw.bag-empty", "The bag is empty: there are no tiles left to draw.")
    count = min(HAND - len(player.hand), len(state.bag))
    drawn, state.bag = state.bag[:count], state.bag[count:]
    player.hand.extend(drawn)
    state.turn.must_play = state.turn.used == 0 or state.settings["draw_then_play"] == "always"
    return [Event("tiles-drawn", {"player": player.name, "count": count})]


def buy(state: State, code: str) -> list[Event]:
    player = state.players[state.turn.player]
    check_not_owed_play(state, "buy a share")
    if not state.turn.tile_played:
        raise Refusal("pu.buy.after-play",
                      "Shares can only be bought once a tile has been played this turn.")
    if code not in state.active:
        raise Refusal("pu.buy.inactive", f"{code} is not on the board, so it has no shares to sell.")
    if state.pool[code] == 0:
        raise Refusal("pu.buy.sold-out", f"All {code} shares are taken; no new ones are issued.")
    cost = price(state, code)  # one share, at the current price (rule pu.buy.cost)
    if player.cash < cost:
        raise Refusal("pu.buy.cash",
                      f"A {code} share costs ${cost} and {player.name} has only ${player.cash}.")
    charge(state, player, cost)
    player.shares[code] += 1
    state.pool[code] -= 1
    return [Event("share-bought", {"player": player.name, "company": code, "price": cost})]


def end_turn(state: State) -> list[Event]:
    turn = state.turn
    if not turn.tile_played and turn.used < turn.actions:
        raise Refusal("pu.turn.end",
                      f"{turn.player} must play a tile before ending the turn "
                      "(unless every action is used).")
    order = list(state.players)
    following = order[(order.index(turn.player) + 1) % len(order)]
    state.turn_number += 1
    return [Event("turn-ended", {"player": turn.player})] + begin_turn(state, following)
