"""Every action the current player could take now, each one that ``apply`` accepts.

A merger's absorption order is left to its default (it changes no payout), so plays that state an
``order`` are accepted but not listed; so are plays naming a survivor when there is no tie (the
largest company survives anyway).
"""
from __future__ import annotations

from engine.games.powerup.actions import Buy, Draw, EndTurn, Play
from engine.games.powerup.data import COMPANIES, HAND
from engine.games.powerup.state import State, price, size
from engine.games.powerup.tiles import kind_of_play, touching


def legal_actions(state: State) -> list:
    if state.over:
        return []
    turn = state.turn
    player = state.players[turn.player]
    out = []
    if turn.used < turn.actions:
        if not turn.must_play and len(player.hand) < HAND and state.bag:
            out.append(Draw(player.name))
        if not turn.play_closed:
            for tile in player.hand:
                out += _plays(state, player.name, tile)
        if not turn.must_play and turn.tile_played:
            out += [Buy(player.name, c) for c in state.active
                    if state.pool[c] and player.cash >= price(state, c)]
    if turn.tile_played or turn.used >= turn.actions:
        out.append(EndTurn(player.name))
    return out


def _plays(state: State, actor: str, tile: str) -> list[Play]:
    kind = kind_of_play(state, tile)
    if kind == "found":
        return [Play(actor, tile, found=c) for c in COMPANIES if c not in state.active]
    if kind == "merge":
        companies, _ = touching(state, tile)
        sizes = {c: size(state, c) for c in companies}
        largest = [c for c in companies if sizes[c] == max(sizes.values())]
        if len(largest) > 1:
            return [Play(actor, tile, survivor=c) for c in largest]
    return [Play(actor, tile)]
