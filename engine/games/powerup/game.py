"""The powerUp ``Game``: its settings, and ``apply``, which routes each action to its rules."""
from __future__ import annotations

from rulewright.game.events import Event
from rulewright.game.interface import Game, Setting, check_action
from rulewright.game.refusal import Refusal
from engine.games.powerup import actions, ending, laws, legal, position, setup, tiles, turn, view
from engine.games.powerup.actions import Buy, Draw, EndTurn, Play
from engine.games.powerup.data import PRESETS
from engine.games.powerup.ending import check_end
from engine.games.powerup.state import price
from engine.games.powerup.mergers import merge
from engine.games.powerup.diagram import draw as draw_diagram


def play(state, action: Play) -> list[Event]:
    kind = tiles.check_play(state, action)
    state.players[action.actor].hand.remove(action.tile)
    state.turn.tile_played, state.turn.must_play = True, False
    events = [Event("tile-played", {"player": action.actor, "tile": action.tile, "kind": kind})]
    if kind in ("neutral", "failed-found"):
        return events + tiles.place_neutral(state, action.tile, failed=kind == "failed-found")
    if kind == "found":
        return events + tiles.found(state, action)
    if kind == "expand":
        return events + tiles.expand(state, action)
    return events + merge(state, action)


class PowerUp(Game):
    diagram = staticmethod(draw_diagram)
    phrases = "phrases.yaml"
    diagram_options = frozenset({"hand"})
    name = "powerup"
    title = "powerUp"
    settings = {
        "neutral_absorption": Setting(
            "group",
            "Which neutral tiles a company takes with a played tile: 'group', every neutral tile "
            "joined to it however far the chain runs; 'touching', only the tile's direct neighbours.",
            ("group", "touching")),
        "draw_then_play": Setting(
            "first-action",
            "Which draws oblige the next action to be a tile play: 'first-action', only a draw "
            "that opens the turn; 'always', every draw.",
            ("first-action", "always")),
        "out_of_tiles": Setting(
            "at-once",
            "When an empty hand with an empty bag ends the game: 'at-once', right after the action "
            "that brings it about; 'own-turn', when that player's turn begins.",
            ("at-once", "own-turn")),
        "winner_ties": Setting(
            "shared",
            "Players with equal cash at the end: 'shared', they share the place; 'turn-order', "
            "the one earlier in turn order ranks higher (this book's own choice: the original program "
            "ranks tied players by the tile in their first hand slot).",
            ("shared", "turn-order")),
    }
    presets = PRESETS

    unordered = ("winners",)  # tied winners share first place: no order among them

    def new_state(self, setup_: dict, settings: dict, rng):
        return setup.new_state(setup_, self.resolve_settings(settings), rng)

    def parse_action(self, state, actor, text):
        return actions.parse(state, actor, text)

    def legal_actions(self, state):
        return legal.legal_actions(state)

    def apply(self, state, action) -> list[Event]:
        check_action(self, state, action)
        if state.over:
            raise Refusal("pu.end.over", f"The game is over ({state.end_reason}); no more actions.")
        turn.check_turn(state, action.actor)
        if isinstance(action, EndTurn):
            events = turn.end_turn(state)
        else:
            turn.check_actions_left(state)
            if isinstance(action, Draw):
                events = turn.draw(state)
            elif isinstance(action, Buy):
                events = turn.buy(state, action.company)
            else:
                events = play(state, action)
            state.turn.used += 1
        return events + check_end(state)

    def is_over(self, state) -> bool:
        """The game has ended (rule pu.end.trigger)."""
        return state.over

    def seats(self, state) -> list[str]:
        return list(state.players)

    def places(self, state) -> dict[str, int] | None:
        """Each player's place by cash at the end, ties as the setting ``winner_ties`` says (pu.end.winner)."""
        return ending.places(state) if state.over else None

    def score(self, state, player: str) -> int:
        """The player's cash, and, while the game goes on, their shares at their companies' prices:
        what the final liquidation would pay (pu.end.liquidation)."""
        holder = state.players[player]
        return holder.cash + sum(count * price(state, code) for code, count in holder.shares.items()
                                 if count and code in state.active)

    def view(self, state) -> dict:
        return view.view(state)

    def setup_of(self, state) -> dict:
        return position.setup_of(state, self.presets)

    def invariants(self, state) -> list:
        return laws.invariants(state)
