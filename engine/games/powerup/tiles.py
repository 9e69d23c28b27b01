"""Playing a tile: what it touches decides whether it stays neutral, founds a company, expands
one, or sets off a merger (``mergers.py``)."""
from __future__ import annotations

from rulewright.game.events import Event
from rulewright.game.refusal import InputError, Refusal
from engine.games.powerup.board import connected, neighbours, sort_tiles
from engine.games.powerup.data import COMPANIES, RULES
from engine.games.powerup.state import NEUTRAL, State, price, size


def touching(state: State, tile: str) -> tuple[list[str], list[str]]:
    """The companies (in the table's order) and the neutral tiles next to ``tile``."""
    owners = [state.board[n] for n in neighbours(tile) if n in state.board]
    companies = [c for c in COMPANIES if c in owners]
    return companies, [n for n in neighbours(tile) if state.board.get(n) == NEUTRAL]


def neutral_group(state: State, tile: str) -> list[str]:
    """The neutral tiles a company takes along with ``tile``: the whole neutral group joined to it,
    or with the setting ``neutral_absorption: touching`` only its direct neighbours."""
    neutral = {t for t, owner in state.board.items() if owner == NEUTRAL}
    if state.settings["neutral_absorption"] == "touching":
        return sort_tiles(n for n in neighbours(tile) if n in neutral)
    return sort_tiles(connected(tile, neutral | {tile}) - {tile})


def kind_of_play(state: State, tile: str) -> str:
    """'neutral', 'found', 'failed-found', 'expand' or 'merge'."""
    companies, neutral = touching(state, tile)
    if len(companies) >= 2:
        return "merge"
    if companies:
        return "expand"
    if not neutral:
        return "neutral"
    return "found" if len(state.active) < RULES["max_active_companies"] else "failed-found"


def check_play(state: State, action) -> str:
    """Refuse a play the rules forbid; return its kind."""
    turn, player = state.turn, state.players[action.actor]
    if turn.play_closed:
        raise Refusal("pu.play.closed",
                      "A tile has already founded, expanded or merged a company this turn; "
                      "no more tiles may be played until next turn.")
    if action.tile not in player.hand:
        raise Refusal("pu.play.hand", f"{player.name} does not hold tile {action.tile}.")
    kind = kind_of_play(state, action.tile)
    if kind != "merge" and (action.survivor or action.order):
        raise InputError(f"Playing {action.tile} merges nothing, so it takes no 'survivor' or "
                         f"'order'; write 'play {action.tile}'.")
    if kind == "failed-found" and action.found:
        raise Refusal("pu.found.limit",
                      f"All {RULES['max_active_companies']} companies are active, so {action.tile} "
                      f"cannot found {action.found}; play it without naming a company and it "
                      "stays neutral.")
    if kind == "found":
        _check_choice(state, action)
    elif action.found:
        raise InputError(f"Playing {action.tile} founds no company, so write 'play {action.tile}' "
                         "without 'found'.")
    return kind


def _check_choice(state: State, action) -> None:
    inactive = [c for c in COMPANIES if c not in state.active]
    if action.found is None or action.found in state.active:
        said = f"{action.found} is already active" if action.found else "it needs a company named"
        raise Refusal("pu.found.choice",
                      f"Playing {action.tile} founds a company, but {said}: pick one of the "
                      f"inactive companies ({', '.join(inactive)}), as in "
                      f"'play {action.tile} found {inactive[0]}'.")


def place_neutral(state: State, tile: str, failed: bool) -> list[Event]:
    """A tile touching nothing stays on the board, nobody's (rule pu.play.neutral)."""
    state.board[tile] = NEUTRAL
    if failed:
        return [Event("founding-failed", {"tile": tile})]
    return [Event("tile-neutral", {"tile": tile})]


def absorb(state: State, code: str, tile: str) -> list[str]:
    """``code`` takes the played tile and the neutral tiles that come with it; returns them
    (rule pu.found.tiles)."""
    gained = [tile] + neutral_group(state, tile)
    for t in gained:
        state.board[t] = code
    return sort_tiles(gained)


def found(state: State, action) -> list[Event]:
    code, founder = action.found, state.players[action.actor]
    tiles = absorb(state, code, action.tile)
    state.active = [c for c in COMPANIES if c in state.active or c == code]
    events = [Event("company-founded", {"company": code, "tiles": ", ".join(tiles), "size": len(tiles),
                                        "price": price(state, code)})]
    events += _grant(state, founder, code, 1)  # rule pu.found.shares: one for the founder, some for the DoE
    if state.doe:
        events += _grant(state, state.doe, code, _doe_roll(state))
    state.turn.play_closed = True
    return events


def _doe_roll(state: State) -> int:
    """1 .. (10 - number of players), or the next stated roll."""
    if state.doe_rolls:
        return state.doe_rolls.pop(0)
    return state.rng.randint(1, RULES["doe_ceiling"] - len(state.players), "the DoE's founding shares")


def _grant(state: State, holder, code: str, count: int) -> list[Event]:
    holder.shares[code] += count
    state.pool[code] -= count
    return [Event("shares-granted", {"holder": holder.name, "company": code, "shares": count})]


def expand(state: State, action) -> list[Event]:
    """The one company the tile touches takes it and the neutral tiles joined to it (rule pu.expand)."""
    (code,), _ = touching(state, action.tile)
    gained = absorb(state, code, action.tile)
    state.turn.play_closed = True
    return [Event("company-expanded", {"company": code, "tiles": ", ".join(gained), "size": size(state, code),
                                       "price": price(state, code)})]
