"""The Bus game: settings, presets, and the engine interface (apply, legal actions, view)."""
from __future__ import annotations

from rulewright.game import Event, Game, Refusal, Setting, check_action, minimal_setup
from engine.games.bus import actions, laws, turns
from engine.games.bus.actions import Add, Place
from engine.games.bus.board import load_board, street_name
from engine.games.bus.rules import EMPTY, allowed, legal_streets
from engine.games.bus.setup import read_setup, write_setup
from engine.games.bus.state import State
from engine.games.bus.diagram import draw as draw_diagram


class Bus(Game):
    diagram = staticmethod(draw_diagram)
    phrases = "phrases.yaml"
    diagram_options = frozenset({"legal"})
    name = "bus"
    title = "Bus"
    settings = {
        "parallel_when_blocked": Setting(
            "per-end",
            "When may a line run beside another player's line because its end is blocked? 'per-end': when "
            "the end it grows from has no empty street (the wording 'at one of the ends'). 'all-ends': only "
            "when none of the line's ends has an empty street.",
            ("per-end", "all-ends")),
        "end_street": Setting(
            "any-route",
            "By which street does another line end at a crossing, for running beside it head to head, when "
            "a circle in that line lets it be driven end to end in more than one way? 'any-route': every "
            "street by which some way of driving it ends there. 'every-route': only a street by which "
            "every way ends there.",
            ("any-route", "every-route")),
        "five_player_extra_street": Setting(
            False,
            "In a five-player game, does every Line Expansion space add one street more (A adds M+1, B adds M, "
            "...)? Published in community summaries and one online implementation, not in the rulebook.",
            (False, True), applies=lambda state: len(state.players) == 5, applies_when="with five players"),
    }
    # A street is a pair of intersections, written either way round; who holds it, a line's
    # streets and ends, and the legal moves (each written from the end it grows from) are sets.
    pairs = ("streets", "players.*.streets")
    unordered = ("streets.*", "players.*.ends", "players.*.legal", "players.*.legal_from.*")
    presets = {
        # Three players about to make the setup placements.
        "new-game": {"players": {"red": {}, "blue": {}, "yellow": {}}, "phase": "setup"},
        # One map holding the published worked examples: blue's ends at 20 (forced) and 32 (meets
        # yellow's end), red's ends at 13 (blocked by green) and 12 (yellow passes through).
        "worked-examples": {"players": {
            "blue": {"line": "20-24-32"},
            "red": {"line": "13-14-20-15-12"},
            "yellow": {"line": "7-12-16-25-35-34-32"},
            "green": {"line": "22-18-13-19-23"},
        }},
    }

    def new_state(self, setup: dict, settings: dict, rng) -> State:
        state = read_setup(load_board(), setup, settings)
        state.at_setup = laws.ledger(state)
        return state

    def setup_of(self, state: State) -> dict:
        """The position as a setup: the lines, whose turn it is and how far Line Expansion has got,
        written over the preset that leaves least to say."""
        full = write_setup(state)
        # Players sit in the order the setup names them, and a preset's players come first when
        # merged: only a preset naming the first players in their seat order can be written over.
        seated = {name: preset for name, preset in self.presets.items()
                  if list(full["players"])[:len(preset["players"])] == list(preset["players"])}
        return minimal_setup(full, seated)

    def invariants(self, state: State) -> list:
        """The laws of ``laws.py``: lines are paths, streets come only from setup placements and Line
        Expansion spaces, buses only from the Buses action, and the turn agrees with the lines."""
        return laws.violations(state)

    def parse_action(self, state: State, actor: str | None, text: str):
        return actions.parse(state, actor, text)

    def legal_actions(self, state: State) -> list:
        """Every action ``apply`` accepts now (all of them: at most two ends, seven streets each)."""
        turn = turns.whose_turn(state)
        if state.phase == "first-markers":
            return [Place(turn, s) for s in state.board.streets]
        if state.phase == "free":
            movers = [name for name, p in state.players.items() if p.line.route]
        else:
            movers = [turn] if turn else []
        return [Add(name, frm, to) for name in movers for frm, to in legal_streets(state, name)]

    def apply(self, state: State, action) -> list[Event]:
        check_action(self, state, action)
        turn = turns.whose_turn(state)
        if isinstance(action, Place):
            return self._place(state, action, turn)
        if state.phase == "first-markers":
            raise Refusal("bus.setup.first-marker",
                          "In the first setup round each player places one marker with 'place', on any street; "
                          "lines grow from their ends only after that.")
        if state.phase == "second-markers" and action.actor != turn:
            raise Refusal("bus.setup.order",
                          f"It is {turn}'s turn: second markers are added in reverse seat order.")
        if state.phase == "over":
            raise Refusal("bus.expansion.order",
                          "The Line Expansion action has resolved: every space has added its streets.")
        if state.phase == "line-expansion" and action.actor != turn:
            raise Refusal("bus.expansion.order",
                          f"It is {turn}'s turn: space {turns.space_letter(state.resolving)} is resolving, and "
                          "spaces resolve from the last one back to A.")
        return self._add(state, action)

    def _place(self, state: State, action: Place, turn: str | None) -> list[Event]:
        if state.phase != "first-markers":
            raise Refusal("bus.setup.first-marker",
                          "A marker may be placed on any street only in the first setup round; now lines grow "
                          "from their ends: write 'add' with the street from one of your ends.")
        if action.actor != turn:
            raise Refusal("bus.setup.order",
                          f"It is {turn}'s turn: first markers are placed in seat order.")
        a, b = action.street
        state.players[action.actor].line.extend(a, b)
        events = [Event("marker-placed", {"player": action.actor, "street": street_name(action.street)})]
        return events + turns.after_placement(state)

    def _add(self, state: State, action: Add) -> list[Event]:
        player, frm, to = action.actor, action.frm, action.to
        line = state.players[player].line
        if not line.route:
            raise Refusal("bus.setup.first-marker",
                          f"{player} has no line yet: every line starts with a first marker placed during setup.")
        how = allowed(state, player, frm, to)
        closes, into_itself = to in line.ends, line.passes(to) and to not in line.ends
        line.extend(frm, to)
        info = {"player": player, "street": f"{frm}-{to}"}
        events = [Event("street-added", info)]
        if how != EMPTY:
            events.append(Event(f"parallel-{how}", info))
        if closes:
            events.append(Event("circle-closed", {"player": player, "at": to}))
        if into_itself:
            events.append(Event("line-into-itself", {"player": player, "at": to}))
        if state.phase == "second-markers":
            events += turns.after_placement(state)
        elif state.phase == "line-expansion":
            events += turns.after_expansion_street(state)
        return events

    def is_over(self, state) -> bool:
        """The Line Expansion action has resolved (the phase ``over``), or, in free play (the phase
        ``free``, where any player may add a street, for showing what is legal), no player can add
        one any more: nothing more can happen either way."""
        return state.phase == "over" or (state.phase == "free" and not self.legal_actions(state))

    def seats(self, state: State) -> list[str]:
        """The players, in seat order (for simulated play)."""
        return list(state.players)

    def score(self, state: State, player: str) -> int:
        """A designer's estimate, not a rule (this engine plays setup and Line Expansion, not the
        passengers and points of a whole game): how many streets ``player``'s line holds."""
        return len(state.players[player].line.streets)

    def view(self, state: State) -> dict:
        occupancy = state.occupancy()
        view = {
            "phase": state.phase,
            "turn": turns.whose_turn(state),
            "most_buses": state.most_buses(),
            "players": {name: self._player_view(state, name) for name in state.players},
            "streets": {street_name(s): occupancy[s] for s in sorted(occupancy)},
        }
        if state.spaces:
            view["expansion"] = {
                "spaces": {turns.space_letter(i): p for i, p in enumerate(state.spaces)},
                "counts": {turns.space_letter(i): state.counts.get(i, turns.streets_for_space(state, i))
                           for i in range(len(state.spaces))},
                "resolving": turns.space_letter(state.resolving) if state.resolving is not None else None,
                "streets_left": state.streets_left,
                "skipped": [turns.space_letter(i) for i in state.skipped],
            }
        return view

    def _player_view(self, state: State, name: str) -> dict:
        p = state.players[name]
        legal = legal_streets(state, name)
        return {
            "colour": p.colour,
            "buses": p.buses,
            "route": p.line.shown(),
            "ends": sorted(p.line.ends),
            "circle": p.line.circle,
            "streets": [street_name(s) for s in sorted(p.line.streets)],
            "markers": len(p.line.streets),
            "legal": [f"{a}-{b}" for a, b in legal],
            "legal_from": {end: [f"{a}-{b}" for a, b in legal if a == end] for end in sorted(set(p.line.ends))},
        }
