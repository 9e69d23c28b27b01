"""Hearth's rules (``rulebook/rules.md``, whose rule IDs each refusal cites), on Rulewright's kits for
worker placement; the spaces, goods, rounds and upkeep are data, in ``board.yaml``."""
from __future__ import annotations

from dataclasses import dataclass, field

from rulewright.game import (Action, Event, Game, InputError, Refusal, Violation, check_action, data_file, goods,
                             lookup, minimal_setup, spaces, tracks, turns, values)
from hearth import diagram

DATA = data_file(__package__, "board.yaml")
PLAYERS = data_file(__package__, "board.yaml", turns.player_counts)  # (fewest, most)
GOODS = DATA["goods"]
BOARD = data_file(__package__, "board.yaml", lambda data: spaces.Spaces.read(
    data["spaces"], data["goods"] + ["points", "worker", "first-player"]))
ROUNDS = data_file(__package__, "board.yaml", lambda data: tracks.RoundTrack.read(data["rounds"]))
UPKEEP = data_file(__package__, "board.yaml", lambda data: goods.read(data["upkeep"], data["goods"], "upkeep"))
START = DATA["start"]


@dataclass
class State:
    seating: turns.Seating
    workers: dict[str, int]
    stock: dict[str, dict]
    track: tracks.ScoreTrack
    rounds: tracks.RoundTrack = field(default_factory=lambda: ROUNDS.at(1))
    placed: spaces.Placed = field(default_factory=spaces.Placed)

    def can_place(self, player: str) -> bool:
        return self.placed.count(player) < self.workers[player]

    @property
    def over(self) -> bool:
        return self.rounds.over

    @property
    def next(self) -> str | None:
        return None if self.over else self.seating.to_move(self.can_place)


@dataclass(frozen=True)
class Place(Action):
    actor: str
    space: str

    def notation(self) -> str:
        return f"place {self.space}"


class Hearth(Game):
    name, title, phrases, board = "hearth", "Hearth", "phrases.yaml", BOARD
    presets = data_file(__package__, "presets.yaml")
    diagram = staticmethod(diagram.draw)

    def new_state(self, setup, settings, rng) -> State:
        for key in setup:
            lookup("setup key", key, {k: k for k in ("players", "round", "placed", "first", "next")}, key)
        given = turns.players(setup.get("players"), *PLAYERS,
                              ("workers", "stock", "score"), "{workers: 3, stock: {wood: 2}, score: 4}")
        seating = turns.Seating(list(given))
        state = State(seating, {p: values.whole(held.get("workers", START["workers"]), f"players.{p}.workers",
                                                "A number of workers", 1) for p, held in given.items()},
                      {p: goods.read(held.get("stock", START["stock"]), GOODS, f"players.{p}.stock", "a stock")
                       for p, held in given.items()}, tracks.ScoreTrack.read(given), ROUNDS.at(setup.get("round", 1)))
        for space, there in (setup.get("placed") or {}).items():
            for i, player in enumerate(there if isinstance(there, list) else [there]):
                where = f"placed.{space}.{i}"
                state.placed.place_worker(BOARD.named(space, f"placed.{space}"), seating.seats[seating.seat(player, where)],
                                          "hearth.place.full")
                if state.placed.count(player) > state.workers[player]:
                    raise InputError(f"{player} has {state.workers[player]} workers, and this setup places more.", where)
        seating.first = seating.seat(setup.get("first", seating.seats[0]), "first")
        seating.turn = seating.seat(setup["next"], "next") if "next" in setup else seating.first
        return state

    def parse_action(self, state, actor, text):
        lookup("player", actor, {p: p for p in state.workers})
        words = text.split()
        if len(words) == 2 and words[0] == "place":
            return Place(actor, BOARD.named(words[1]).name)
        raise InputError(f"'{text}' is not a move of Hearth; write 'place forest' (the space's name).")

    def legal_actions(self, state):
        who = state.next
        return [] if who is None else [Place(who, space.name) for space in BOARD if state.placed.has_room(space)
                                       and not goods.short(state.stock[who], space.costs)]

    def apply(self, state, action):
        check_action(self, state, action)
        if state.over:
            raise Refusal("hearth.end.over", "The game is over: the last round has ended.")
        me, space = action.actor, BOARD[action.space]
        state.seating.check_turn(me, "hearth.turn.order", state.can_place)
        state.placed.check_room(space, "hearth.place.full")
        goods.pay(state.stock[me], space.costs, "hearth.place.cost", me)
        state.placed.place_worker(space, me, "hearth.place.full")
        gives = dict(space.gives)
        state.track.score(me, gives.pop("points", 0))
        state.workers[me] += gives.pop("worker", 0)
        gives.pop("first-player", None)
        goods.gain(state.stock[me], gives)
        state.seating.end_turn(me)
        events = [Event("placed", {"player": me, "space": space.name, "gets": goods.said(space.gives)})]
        if state.next is None:  # every worker is placed: the round ends (hearth.round.end)
            events += self.end_round(state)
        return events

    def end_round(self, state) -> list[Event]:
        events = []
        marker = next((p for s in BOARD if "first-player" in s.gives for p in state.placed.at(s.name)), None)
        state.placed.return_all()
        if state.rounds.happens("feeding"):  # hearth.round.feed
            for p in state.seating.seats:
                short = goods.pay_what_you_can(state.stock[p], goods.times(UPKEEP, state.workers[p]))
                lost = state.track.score(p, -DATA["unfed"] * sum(short.values()))
                events.append(Event("fed", {"player": p, "short": goods.said(short), "lost": -lost}))
        if marker:
            state.seating.take_first(marker)
        state.rounds.advance()
        state.seating.new_round()
        events.append(Event("round-ended", {"round": state.rounds.current - 1}))
        if state.over:  # hearth.end.score
            events.append(Event("game-over", {"winners": state.track.leaders()}))
        return events

    def view(self, state):
        return {"players": {p: {"workers": state.workers[p], "stock": {g: n for g, n in state.stock[p].items() if n},
                                "score": state.track.scores[p]} for p in state.seating.seats},
                "placed": state.placed.view(), "round": min(state.rounds.current, state.rounds.last),
                "first": state.seating.first_player, "next": state.next, "over": state.over,
                "winners": state.track.leaders() if state.over else []}

    def setup_of(self, state):
        full = {"players": {p: {"workers": state.workers[p], "stock": {g: n for g, n in state.stock[p].items() if n},
                                "score": state.track.scores[p]} for p in state.seating.seats},
                "round": state.rounds.written, "placed": state.placed.view() or None,
                "first": state.seating.first_player, "next": state.next if state.next != state.seating.first_player else None}
        return minimal_setup({k: v for k, v in full.items() if v is not None}, self.presets, ordered=("players",))

    def is_over(self, state):
        return state.over

    def invariants(self, state):
        broken = [p for p in state.seating.seats if any(n < 0 for n in state.stock[p].values())]
        return [Violation(f"{p} holds fewer than no goods", "hearth.place.cost") for p in broken]
