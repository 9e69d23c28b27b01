"""What examples' ``expect`` reads: a plain mapping of the state (documented in the chapter's
Notation section)."""
from __future__ import annotations

from engine.games.powerup.board import sort_tiles
from engine.games.powerup.data import COMPANIES, SHARES
from engine.games.powerup.ending import places
from engine.games.powerup.state import NEUTRAL, State, price, size, tiles_of


def view(state: State) -> dict:
    turn = state.turn
    ranks = places(state) if state.over else {}
    return {
        "order": list(state.players),
        "players": {
            name: {"cash": p.cash, "hand": list(p.hand), "hand_size": len(p.hand),
                   "shares": dict(p.shares), **({"place": ranks[name]} if ranks else {})}
            for name, p in state.players.items()
        },
        "doe": {"cash": state.doe.cash, "shares": dict(state.doe.shares)} if state.doe else None,
        "turn": {
            "number": state.turn_number, "player": turn.player, "actions": turn.actions,
            "used": turn.used, "left": turn.actions - turn.used, "tile_played": turn.tile_played,
            "can_play": not turn.play_closed, "must_play": turn.must_play,
        },
        "companies": {
            code: {"name": info.name, "active": code in state.active, "size": size(state, code),
                   "price": price(state, code), "tiles": sort_tiles(tiles_of(state, code)),
                   "available": state.pool[code], "held": SHARES - state.pool[code]}
            for code, info in COMPANIES.items()
        },
        "active": list(state.active),
        "board": {t: state.board[t] for t in sort_tiles(state.board)},
        "neutral": sort_tiles(t for t, o in state.board.items() if o == NEUTRAL),
        "bag": list(state.bag),
        "bag_size": len(state.bag),
        "bank": {"paid_out": state.ledger.paid_out, "taken_in": state.ledger.taken_in},
        "over": state.over,
        "end_reason": state.end_reason,
        "winners": [n for n, place in ranks.items() if place == 1],
        "ranking": sorted(ranks, key=lambda n: ranks[n]),
    }
