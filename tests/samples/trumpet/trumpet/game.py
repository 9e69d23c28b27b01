"""Trumpet's rules (``rulebook/rules.md``, whose rule IDs each refusal cites), on Rulewright's card and
turn kits; the cards, the deal, the bids and the phases are data, in ``cards.yaml``."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from rulewright.game import (Action, Event, Game, InputError, Refusal, Violation, cards, check_action, data_file,
                             lookup, minimal_setup, turns, values)
from trumpet import diagram

PLAYERS = data_file(__package__, "cards.yaml", turns.player_counts)  # (fewest, most)
DECK = data_file(__package__, "cards.yaml", lambda data: cards.Deck.read(data["deck"], "Trumpet"))
PHASES = data_file(__package__, "cards.yaml", lambda data: turns.Phases.read(data["phases"]))
BIDS = data_file(__package__, "cards.yaml", lambda data: turns.Auction.read(data["bids"]))
DEAL = data_file(__package__, "cards.yaml", cards.Deal.read)


@dataclass
class State:
    hands: dict[str, list]
    deck: list
    seating: turns.Seating
    phase: str = PHASES.first
    auction: turns.Auction = field(default_factory=lambda: turns.Auction(BIDS.lowest, BIDS.highest))
    trumps: str | None = None
    tricks: Counter = field(default_factory=Counter)
    trick: cards.Trick = field(default_factory=cards.Trick)
    played: list = field(default_factory=list)
    cards: Counter = field(default_factory=Counter)

    @property
    def over(self) -> bool:
        return self.phase == "playing" and not any(self.hands.values()) and not self.trick.plays

    @property
    def next(self) -> str | None:
        return None if self.over else self.seating.to_move(None if self.phase == "auction" else lambda p: True)


@dataclass(frozen=True)
class Move(Action):
    actor: str
    word: str          # bid, pass, trumps or play
    what: Any = None   # the bid, the suit or the card

    def notation(self) -> str:
        return self.word if self.what is None else f"{self.word} {self.what}"


def score(state: State, player: str) -> int:
    """The declarer: their bid if they took as many tricks, else minus it; the others a point a trick."""
    bid, took = state.auction.bids.get(player) if player == state.auction.leader else None, state.tricks[player]
    return 0 if not state.over else took if bid is None else bid if took >= bid else -bid


class Trumpet(Game):
    name, title, phrases, hidden = "trumpet", "Trumpet", "phrases.yaml", (cards.HAND, "deck")
    presets = data_file(__package__, "presets.yaml")
    diagram = staticmethod(diagram.draw)

    def new_state(self, setup, settings, rng) -> State:
        for key in setup:
            lookup("setup key", key, {k: k for k in ("players", "deck", "phase", "trumps", "trick", "next")}, key)
        given = turns.players(setup.get("players"), *PLAYERS,
                              ("hand", "bid", "passed", "tricks"), "{hand: [9S, QH], bid: 3}")
        seating = turns.Seating(list(given))
        if "deck" not in setup:
            dealt, rest = DEAL.deal(rng.shuffled(DECK.full(), "the deck"), seating.seats)
            state = State({p: dealt[f"players.{p}.hand"] for p in given}, rest, seating)
        else:
            phase = lookup("phase", setup.get("phase", PHASES.first), PHASES.phases, "phase").name
            state = State({p: DECK.cards(held.get("hand", []), f"players.{p}.hand") for p, held in given.items()},
                          DECK.cards(setup["deck"], "deck"), seating, phase)
            state.auction.bids = {p: values.whole(held["bid"], f"players.{p}.bid", "A bid", BIDS.lowest, BIDS.highest)
                                  for p, held in given.items() if held.get("bid") is not None}
            seating.passed = [p for p, held in given.items()
                              if values.flag(held.get("passed", False), f"players.{p}.passed", "they have passed")]
            state.tricks = Counter({p: values.whole(held["tricks"], f"players.{p}.tricks", "A count of tricks", 0)
                                    for p, held in given.items() if held.get("tricks")})
            state.trumps = None if setup.get("trumps") is None else DECK.suit_named(setup["trumps"], "trumps")
            state.trick = cards.Trick.read(DECK, setup.get("trick"), seating.seats)
            seating.turn = seating.seat(setup["next"], "next") if "next" in setup else 0
        state.cards = DECK.count(state.deck, state.trick.cards, *state.hands.values())
        return state

    def deal_draws(self, deal, setup):
        return DEAL.draws(deal, [str(p) for p in (setup.get("players") or ["ann", "bob", "cy"])], DECK)

    def parse_action(self, state, actor, text):
        lookup("player", actor, {p: p for p in state.hands})
        word, *rest = text.split() or [""]
        if word == "pass" and not rest:
            return Move(actor, "pass")
        if word == "bid" and len(rest) == 1 and rest[0].isdigit():
            return Move(actor, "bid", int(rest[0]))
        if word in ("trumps", "play") and len(rest) == 1:
            return Move(actor, word, DECK.suit_named(rest[0]) if word == "trumps" else DECK.card(rest[0]))
        raise InputError(f"'{text}' is not a move of Trumpet; write 'bid 3', 'pass', 'trumps H' or 'play QH'.")

    def legal_actions(self, state):
        who = state.next
        if who is None:
            return []
        if state.phase == "naming":
            return [Move(who, "trumps", suit) for suit in DECK.suits]
        if state.phase == "playing":
            return [Move(who, "play", card) for card in state.trick.playable(DECK, state.hands[who])]
        return [Move(who, "pass") if bid is None else Move(who, "bid", bid) for bid in state.auction.offers(state.seating)]

    def apply(self, state, action):
        check_action(self, state, action)
        if state.over:
            raise Refusal("trumpet.end.over", "The hand is over: every card has been played.")
        state.seating.check_turn(action.actor, "trumpet.turn.order", lambda p: p == state.next)
        PHASES.check(state.phase, action.word)
        me, events = action.actor, []
        if action.word == "bid":
            state.auction.place_bid(state.seating, me, action.what, "trumpet.auction.bid")
            events.append(Event("bid-made", {"player": me, "bid": action.what}))
        elif action.word == "pass":
            state.auction.pass_bid(state.seating, me, "trumpet.auction.stuck")
            events.append(Event("passed", {"player": me}))
        elif action.word == "trumps":
            state.trumps, state.phase = action.what, PHASES.after(state.phase)[0]
            events.append(Event("trumps-named", {"player": me, "suit": DECK.suit_names[DECK.suits.index(action.what)]}))
        else:
            state.trick.play_card(DECK, state.hands[me], me, action.what, "trumpet.play.hold", "trumpet.play.follow")
            state.seating.end_turn(me)
            events.append(Event("card-played", {"player": me, "card": action.what}))
            if len(state.trick.plays) == len(state.hands):  # the trick is won (trumpet.trick.win); its winner leads
                won, taken = state.trick.take(DECK, state.trumps)
                state.tricks[won] += 1
                state.played += taken
                state.seating.lead(won)
                events.append(Event("trick-won", {"player": won}))
        if state.phase == "auction" and state.auction.won(state.seating):  # trumpet.auction.win
            state.phase = PHASES.after(state.phase)[0]
            state.seating.lead(state.auction.leader)
            events.append(Event("auction-won", {"player": state.auction.leader, "bid": state.auction.high}))
        if state.over:
            events.append(Event("hand-over", {"declarer": state.auction.leader,
                                              "score": score(state, state.auction.leader)}))
        return events

    def view(self, state):
        return {"players": {p: {"hand": list(h), "bid": state.auction.bids.get(p), "passed": p in state.seating.passed,
                                "tricks": state.tricks[p], "score": score(state, p)} for p, h in state.hands.items()},
                "trick": state.trick.cards, "trumps": state.trumps, "declarer": state.auction.leader,
                "deck": list(state.deck), "phase": state.phase, "next": state.next, "over": state.over}

    def setup_of(self, state):
        players = {p: {k: v for k, v in dict(hand=list(h) or None, bid=state.auction.bids.get(p), tricks=state.tricks[p]
                                             or None, passed=p in state.seating.passed or None).items() if v is not None}
                   for p, h in state.hands.items()}
        full = {"players": players, "deck": list(state.deck), "phase": state.phase, "trumps": state.trumps,
                "trick": state.trick.setup(), "next": state.next if state.next != state.seating.seats[0] else None}
        return minimal_setup({k: v for k, v in full.items() if v is not None}, self.presets, ordered=("players",))

    def is_over(self, state):
        return state.over

    def invariants(self, state):
        found = cards.counted(state.deck, state.played, state.trick.cards, *state.hands.values())
        return [] if found == state.cards else [Violation("a card was made or lost", "trumpet.setup.deal")]
