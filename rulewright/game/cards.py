"""Cards: a deck declared as data, cards read as a designer writes them, deals that state
themselves, and tricks (follow suit, trumps, the winner). A game imports the module whole:
``from rulewright.game import cards``.

A deck is data, in the game's YAML (or a mapping in the code), read by ``Deck.read``:

- numbered cards: ``numbers: [1, 2, 3, 4, 5, 6, 7]`` (the cards are those numbers);
- suits and ranks: ``suits: [S, H, D, C]`` and ``ranks: [2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A]``,
  lowest rank first (a card is written rank then suit: ``10H``, ``QS``); a suit may be given with
  its name, ``suits: {S: spades, H: hearts}``;
- named cards: ``names: [fox, owl, hare]``;

each with ``copies`` (how many of each card, 1 unless said). A card is read with its look-alikes:
``10`` or ``T``, a suit's letter, symbol or name (``QS``, ``Q♠``, ``queen of spades``), any case,
and a name that is no card gets "did you mean". A numbered card is a number in the view, any other
card its written name (``"10H"``), so the view stays plain data.

A deal is data too (``Deal``): the places dealt one card first (a card set aside), then how many
cards each player's hand is dealt, one at a time round the table. ``Deal.draws`` turns an
example's ``deal:`` into the shuffle that makes it (``Game.deal_draws``). ``Trick`` is the trick being played. Hands are hidden from
other players by declaring them in ``Game.hidden`` (``HAND``); ``draw_table`` draws the table with
each hand face up or face down as the viewer knows it.

Every refusal cites the rule ID the game gives it: the kit knows no rule of its own.

An example, reading a deck, cards and a trick:

    >>> from rulewright.game import cards
    >>> deck = cards.Deck.read({"suits": ["S", "H", "D", "C"],
    ...                         "ranks": [2, 3, 4, 5, 6, 7, 8, 9, 10, "J", "Q", "K", "A"]}, "Whist")
    >>> deck.card("ten of hearts"), deck.card("T♥")
    ('10H', '10H')
    >>> hand = deck.cards(["QS", "10H", "2C"], "players.ann.hand")
    >>> cards.playable(deck, hand, led=deck.card("AH"))
    ['10H']
    >>> cards.check_follow(deck, hand, deck.card("AH"), deck.card("QS"), "whist.follow")
    Traceback (most recent call last):
    ...
    rulewright.game.refusal.Refusal: QS does not follow suit: AH was led, and the hand holds hearts. (rule whist.follow)
    >>> cards.winner(deck, [("ann", deck.card("QS")), ("bob", deck.card("2H"))], trumps="H")
    'bob'
"""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from rulewright import dot as style
from rulewright.game.interface import is_hidden
from rulewright.game.refusal import InputError, Refusal, did_you_mean, nearest
from rulewright.game.values import whole, written
from rulewright.game import turns

#: The ``Game.hidden`` path of each player's hand, seen by its owner only (a view with
#: ``players: {ann: {hand: [...]}}``).
HAND = "players.<player>.hand"
#: Written for a card of a deal that is whichever card the shuffle gives (``players.bob.hand: [any, 5]``).
ANY = "any"

# Look-alikes a designer may write for a suit's letter (its symbols and name) and for a rank.
SUIT_WORDS = {"S": ("♠", "♤", "spades", "spade"), "H": ("♥", "♡", "hearts", "heart"),
              "D": ("♦", "♢", "diamonds", "diamond"), "C": ("♣", "♧", "clubs", "club")}
RANK_WORDS = {"10": ("t", "ten"), "J": ("jack",), "Q": ("queen",), "K": ("king",), "A": ("ace",),
              "2": ("two", "deuce"), "3": ("three",), "4": ("four",), "5": ("five",), "6": ("six",),
              "7": ("seven",), "8": ("eight",), "9": ("nine",)}


def _plain(text: object) -> str:
    """``text`` as compared: lower case, without spaces, dashes and underscores."""
    return re.sub(r"[\s_-]+", "", str(text)).lower()


@dataclass(frozen=True)
class Deck:
    """A deck: its cards, read from data (``Deck.read``). ``title`` names the game in messages
    ("'9' is not a Hush card")."""

    title: str
    kinds: tuple  # each different card once, in the deck's order (numbers, ranks within suits, names)
    copies: int = 1
    suits: tuple[str, ...] = ()
    suit_names: tuple[str, ...] = ()
    ranks: tuple[str, ...] = ()
    numbered: bool = False
    _aliases: dict = field(default_factory=dict, compare=False, repr=False)

    @classmethod
    def read(cls, data: Any, title: str, where: str = "deck") -> Deck:
        """The deck ``data`` declares (``numbers``, ``suits`` and ``ranks``, or ``names``; ``copies``),
        or an ``InputError`` naming the key at fault (``where`` is the deck's own path)."""
        if not isinstance(data, dict):
            raise InputError("A deck is a mapping: 'numbers: [1, 2, 3]', 'suits: [S, H]' with 'ranks: [J, Q, K]', "
                             "or 'names: [fox, owl]'; with 'copies: 2' for two of each card.", where)
        known = ("numbers", "suits", "ranks", "names", "copies")
        for key in data:
            if key not in known:
                raise InputError(f"A deck has no key {key!r}. {did_you_mean(key, known)}", f"{where}.{key}")
        copies = data.get("copies", 1)
        if isinstance(copies, bool) or not isinstance(copies, int) or copies < 1:
            raise InputError(f"'copies' is how many of each card there are, a whole number from 1, not "
                             f"{written(copies)}.", f"{where}.copies")
        kinds_given = [k for k in ("numbers", "names") if k in data] + (["suits"] if "suits" in data or "ranks" in data
                                                                        else [])
        if len(kinds_given) != 1:
            raise InputError("A deck gives one of 'numbers', 'suits' with 'ranks', or 'names'"
                             + (f", not {' and '.join(kinds_given)}." if kinds_given else "."), where)
        if "numbers" in data:
            numbers = _listed(data["numbers"], f"{where}.numbers", "numbers: [1, 2, 3]")
            for i, number in enumerate(numbers):
                if isinstance(number, bool) or not isinstance(number, int):
                    raise InputError(f"A numbered card is a whole number, not {written(number)}.",
                                     f"{where}.numbers.{i}")
            return cls(title, tuple(_distinct(numbers, f"{where}.numbers")), copies, numbered=True)
        if "names" in data:
            names = [str(n) for n in _listed(data["names"], f"{where}.names", "names: [fox, owl]")]
            return cls(title, tuple(_distinct(names, f"{where}.names")), copies)
        if "suits" not in data or "ranks" not in data:
            raise InputError("A deck of suits and ranks gives both: 'suits: [S, H, D, C]' and "
                             "'ranks: [2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A]' (lowest first).", where)
        suits = data["suits"]
        named = dict(suits) if isinstance(suits, dict) else None
        letters = [str(s) for s in (named or _listed(suits, f"{where}.suits", "suits: [S, H, D, C]"))]
        ranks = [str(r) for r in _listed(data["ranks"], f"{where}.ranks", "ranks: [J, Q, K, A]")]
        _distinct(letters, f"{where}.suits"), _distinct(ranks, f"{where}.ranks")
        names = tuple(str(named[s]) if named else SUIT_WORDS.get(s.upper(), ("", "", s))[2] for s in letters)
        kinds = tuple(f"{rank}{suit}" for suit in letters for rank in ranks)
        return cls(title, kinds, copies, tuple(letters), names, tuple(ranks))

    def __post_init__(self) -> None:
        aliases = self._aliases
        if self.numbered:
            for number in self.kinds:
                aliases[str(number)] = number
        elif not self.suits:
            for name in self.kinds:
                aliases[_plain(name)] = name
        else:  # a card as the deck writes it first, so that no look-alike hides a card's own name
            for card in self.kinds:
                aliases[_plain(card)] = card
            for suit, suit_name in zip(self.suits, self.suit_names):
                suit_words = {suit, suit_name, *SUIT_WORDS.get(suit.upper(), ())}
                if suit_name.endswith("s"):
                    suit_words.add(suit_name[:-1])
                for rank in self.ranks:
                    rank_words = {rank, *RANK_WORDS.get(rank.upper(), ())}
                    for r in rank_words:
                        for s in suit_words:
                            for form in (f"{r}{s}", f"{s}{r}", f"{r} of {s}"):
                                aliases.setdefault(_plain(form), f"{rank}{suit}")

    # The deck's cards ------------------------------------------------------------------------

    def full(self) -> list:
        """Every card of the deck, each as often as there are copies, in the deck's order."""
        return [card for card in self.kinds for _ in range(self.copies)]

    def card(self, value: Any, where: str | None = None):
        """The card ``value`` names, as the view writes it, or an ``InputError`` at ``where``."""
        found = None if isinstance(value, (bool, dict, list)) or value is None else self._aliases.get(
            str(value) if self.numbered else _plain(value))
        if found is None:
            raise InputError(f"{value!r} is not a {self.title} card; {self.described()}"
                             + ("" if self.numbered else f" {did_you_mean(value, self.kinds)}"), where)
        return found

    def cards(self, value: Any, where: str) -> list:
        """A list of cards (a hand, a pile) read from the setup at ``where``."""
        if not isinstance(value, list):
            raise InputError(f"'{where.split('.')[-1]}' is a list of cards, e.g. {self.sample()}.", where)
        return [self.card(v, f"{where}.{i}") for i, v in enumerate(value)]

    def described(self) -> str:
        """What the cards are, in words, for messages."""
        if self.numbered:
            lo, hi = min(self.kinds), max(self.kinds)
            run = list(self.kinds) == list(range(lo, hi + 1))
            return (f"the cards are the numbers {lo} to {hi}." if run
                    else f"the cards are the numbers {', '.join(map(str, self.kinds))}.")
        if self.suits:
            return (f"a card is written rank then suit, e.g. {self.kinds[-1]!r} (the ranks are "
                    f"{', '.join(self.ranks)}; the suits {', '.join(self.suits)}).")
        return f"the cards are {', '.join(map(str, self.kinds))}."

    def sample(self) -> str:
        """Two of the deck's cards written as a list, for a message's example (``[3, 5]``)."""
        picked = [self.kinds[i] for i in (2, 4) if i < len(self.kinds)] or list(self.kinds[:2])
        return written(picked)

    def too_many(self, found: Counter, placed: str = "this setup places") -> str | None:
        """Where the cards ``found`` (counted in a setup) hold a card more often than the deck does,
        the sentence saying so (``placed``: what puts them there, "this deal deals"); else ``None``."""
        for card, count in found.items():
            if count > self.copies:
                what = (f"{self.copies} cards numbered {card}" if self.numbered and self.copies > 1
                        else f"{self.copies} {card}" if self.copies > 1 else f"one {card}")
                return f"There {'are' if self.copies > 1 else 'is'} only {what}, but {placed} {count}."
        return None

    def count(self, *places: Iterable, where: str = "deck") -> Counter:
        """The cards in ``places`` (a setup's hands, piles and deck) counted, to compare later with
        the cards in play (``counted``); an ``InputError`` at ``where`` when they hold a card more
        often than the deck does (``too_many``)."""
        found = counted(*places)
        if self.too_many(found):
            raise InputError(self.too_many(found), where)
        return found

    # Suits, ranks and tricks -----------------------------------------------------------------

    def suit(self, card) -> str:
        """A suited card's suit letter (``QS`` -> ``S``)."""
        return next(s for s in self.suits if str(card).endswith(s))

    def suit_named(self, value: Any, where: str | None = None) -> str:
        """The suit letter ``value`` names (its letter, symbol or name, any case: ``H``, ``♥``,
        ``hearts``), for a move that names a suit (trumps); an ``InputError`` at ``where`` otherwise."""
        for suit, suit_name in zip(self.suits, self.suit_names):
            words = {suit, suit_name, suit_name[:-1] if suit_name.endswith("s") else suit_name,
                     *SUIT_WORDS.get(suit.upper(), ())}
            if _plain(value) in {_plain(w) for w in words}:
                return suit
        raise InputError(f"{value!r} is not a suit of {self.title}; the suits are "
                         f"{', '.join(f'{s} ({n})' for s, n in zip(self.suits, self.suit_names))}."
                         + "".join(f" Did you mean {n!r}?" for n in nearest(value, self.suit_names)[:1]), where)

    def rank(self, card) -> int:
        """A card's place in the rank order, lowest 0 (a numbered card: its number)."""
        if self.numbered:
            return card
        if not self.suits:
            return self.kinds.index(card)
        return self.ranks.index(str(card)[: -len(self.suit(card))])


def _listed(value: Any, where: str, example: str) -> list:
    if not isinstance(value, list) or not value:
        raise InputError(f"'{where.split('.')[-1]}' lists the deck's cards, e.g. '{example}'.", where)
    return value


def _distinct(values: list, where: str) -> list:
    seen = Counter(map(str, values))
    twice = [v for v in seen if seen[v] > 1]
    if twice:
        raise InputError(f"{twice[0]!r} is listed {seen[twice[0]]} times; list each once ('copies' says how many "
                         "of each card there are).", where)
    return values


def counted(*places: Iterable) -> Counter:
    """The cards in ``places`` (hands, piles, the deck; a single card, or ``None`` for an empty
    place), counted: compare with ``Counter(deck.full())`` to check that no card was made or lost."""
    found: Counter = Counter()
    for place in places:
        if place is None:
            continue
        found += Counter(place) if isinstance(place, (list, tuple)) else Counter([place])
    return found


# Deals --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Deal:
    """How a deal goes: one card to each place of ``first`` (``("aside",)``: a card set aside),
    then ``hand`` cards to each player, one at a time round the table in seat order; the rest
    is the deck. ``hand_path`` is where a player's hand is in the view (``<player>`` the name)."""

    hand: int
    first: tuple[str, ...] = ()
    hand_path: str = HAND

    @classmethod
    def read(cls, data: Any, first: Sequence[str] = (), where: str = "hand", hand_path: str = HAND) -> Deal:
        """The deal a game's data file declares: ``where`` (``hand: 5``) is how many cards each player
        is dealt, after one card to each place of ``first``; an ``InputError`` at that key when it is
        not a whole number from 1. Read it with ``data_file``, so a mistake is named at its line::

            DEAL = data_file(__package__, "cards.yaml", lambda data: cards.Deal.read(data, first=("trump",)))
        """
        given = data.get(where) if isinstance(data, dict) else None
        return cls(whole(given, where, "the number of cards dealt to each player", 1), tuple(first), hand_path)

    def places(self, seats: Sequence[str]) -> list[str]:
        return list(self.first) + [self.hand_path.replace("<player>", name) for name in seats]

    def order(self, seats: Sequence[str]) -> list[tuple[str, int]]:
        """Where each card of the shuffle goes, top first: (place, its nth card)."""
        hands = [self.hand_path.replace("<player>", name) for name in seats]
        return [(place, 0) for place in self.first] + [(place, n) for n in range(self.hand) for place in hands]

    def deal(self, shuffled: Sequence, seats: Sequence[str]) -> tuple[dict[str, list], list]:
        """Deal the shuffled cards: each place's cards (``first`` places one each, then each hand by
        its path), and the rest, top first."""
        cards = list(shuffled)
        dealt: dict[str, list] = {place: [] for place in self.places(seats)}
        for place, _ in self.order(seats):
            if cards:
                dealt[place].append(cards.pop(0))
        return dealt, cards

    def draws(self, stated: dict, seats: Sequence[str], deck: Deck) -> list:
        """The draws (``Game.deal_draws``) that make the deal an example states: ``stated`` maps a
        place to its card (a ``first`` place) or its hand's first cards, ``any`` for whichever card
        the shuffle gives; a place left out is left to the seed. Each mistake is an ``InputError``
        at the deal's key."""
        turns.each_once(seats)  # (a seat named twice would be dealt two hands)
        places = self.places(seats)
        if not isinstance(stated, dict):
            raise InputError(f"A deal maps where cards go to the cards, e.g. '{places[-1]}: {deck.sample()}'.")
        for key in stated:
            if key not in places:
                where = " and ".join([", ".join(repr(p) for p in self.first)] if self.first else []) or ""
                raise InputError(f"A {deck.title} deal says where cards go: {where + ' and ' if where else ''}each "
                                 f"player's hand ({places[len(self.first)]!r}), not {key!r}. "
                                 f"{did_you_mean(str(key), places)}", str(key))
        cards: dict[str, list] = {}
        for place in places:
            if place not in stated:
                cards[place] = []
            elif place in self.first:
                cards[place] = [self._dealt(stated[place], place, deck)]
            else:
                given = stated[place]
                if not isinstance(given, list):
                    raise InputError(f"'{place}' is a list of cards, e.g. {deck.sample()} ('any' for a card whichever "
                                     "it is).", place)
                cards[place] = [self._dealt(value, place, deck) for value in given]
                if len(cards[place]) > self.hand:
                    raise InputError(f"A hand is dealt {self.hand} cards, not {len(cards[place])}.", place)
        dealt: Counter = Counter()
        for place in places:  # (the shuffle cannot hold more of a card than the deck: said at the place)
            dealt.update(card for card in cards[place] if card is not None)
            said = deck.too_many(dealt, "this deal deals")
            if said is not None:
                raise InputError(f"{said} Deal each card at most as often as the deck holds it (the last one is in "
                                 f"'{place}').", place)
        top = [cards[place][n] if n < len(cards[place]) else None for place, n in self.order(seats)]
        while top and top[-1] is None:
            top.pop()
        return [{"top": top}]

    @staticmethod
    def _dealt(value: Any, where: str, deck: Deck):
        return None if value == ANY else deck.card(value, where)


# Tricks -------------------------------------------------------------------------------------

def playable(deck: Deck, hand: Sequence, led) -> list:
    """The cards of ``hand`` that may be played to a trick whose first card is ``led`` (``None``
    when the trick is empty: any card): those of the led suit when the hand holds one, else all."""
    if led is None:
        return list(hand)
    same = [card for card in hand if deck.suit(card) == deck.suit(led)]
    return same or list(hand)


def check_follow(deck: Deck, hand: Sequence, led, card, rule: str) -> None:
    """Refuse (citing ``rule``, the game's follow-suit rule) ``card`` played to a trick led with
    ``led`` while the hand holds a card of the led suit. The message names the suit, not the cards
    of the hand: a book prints it for the whole table."""
    if card not in playable(deck, hand, led):
        suit = deck.suit_names[deck.suits.index(deck.suit(led))]
        raise Refusal(rule, f"{card} does not follow suit: {led} was led, and the hand holds {suit}.")


@dataclass
class Trick:
    """The trick being played: each (player, card) in the order played. ``play_card`` plays a card
    to it (refusing a card not held, or one that does not follow suit), ``take`` gives it to its
    winner. In a setup it is written as each player's card in the order played (``{ann: KS, bob:
    AS}``), read by ``Trick.read`` and written back by ``setup``."""

    plays: list = field(default_factory=list)

    @classmethod
    def read(cls, deck: Deck, value: Any, seats: Sequence[str], where: str = "trick") -> Trick:
        """The trick a setup states (``{ann: KS, bob: AS}``, in the order played), or an ``InputError``."""
        if value is None:
            return cls()
        if not isinstance(value, dict):
            raise InputError(f"'{where}' gives each player's card in the order played, e.g. "
                             f"{{{seats[0]}: {deck.kinds[-1]}}}.", where)
        for player in value:
            if player not in seats:
                raise InputError(f"There is no player {player!r}. {did_you_mean(player, seats)}", f"{where}.{player}")
        return cls([(str(p), deck.card(c, f"{where}.{p}")) for p, c in value.items()])

    @property
    def led(self):
        """The card led (``None`` for an empty trick)."""
        return self.plays[0][1] if self.plays else None

    @property
    def cards(self) -> list:
        return [card for _, card in self.plays]

    def setup(self) -> dict | None:
        """The trick as a setup writes it (``None`` when empty)."""
        return dict(self.plays) or None

    def playable(self, deck: Deck, hand: Sequence) -> list:
        """The cards of ``hand`` that may be played to this trick."""
        return playable(deck, hand, self.led)

    def play_card(self, deck: Deck, hand: list, player: str, card, hold_rule: str, follow_rule: str) -> None:
        """``player`` plays ``card`` from ``hand`` to the trick: refused citing ``hold_rule`` when the
        hand holds no such card, ``follow_rule`` when it does not follow suit."""
        if card not in hand:
            raise Refusal(hold_rule, f"{player} holds no {card}.")
        check_follow(deck, hand, self.led, card, follow_rule)
        hand.remove(card)
        self.plays.append((player, card))

    def take(self, deck: Deck, trumps: str | None = None) -> tuple[str, list]:
        """The trick's winner (``winner``) and its cards; the trick is empty after."""
        won, taken = winner(deck, self.plays, trumps), self.cards
        self.plays = []
        return won, taken


def winner(deck: Deck, plays: Sequence[tuple[str, Any]], trumps: str | None = None) -> str:
    """Who wins the trick ``plays`` (each (player, card), in the order played): the highest trump
    when any was played (``trumps`` a suit letter, ``None`` for none), else the highest card of the
    suit led. Cards of the same rank and suit (two decks) go to the first played."""
    led = deck.suit(plays[0][1])
    best = trumps if trumps is not None and any(deck.suit(card) == trumps for _, card in plays) else led
    contenders = [(deck.rank(card), -n, player) for n, (player, card) in enumerate(plays)
                  if deck.suit(card) == best]
    return max(contenders)[2]


# The table, drawn ---------------------------------------------------------------------------

BACK = "#8c8c8c"
FACE = "#fffbe6"


@dataclass(frozen=True)
class Zone:
    """One row of the table ``draw_table`` draws: the cards at ``path`` in the view (a list, or one
    card, or ``None`` for nothing there) under ``label``. A path with ``<player>`` is a row for each
    player (labelled with the name, "(you)" for the viewer and "· to play" for the player to move),
    and ``note`` is written after its cards, filled in from that player's entry in the view
    (``"pile: {taken}"``). A ``stacked`` zone (a deck) hidden from the viewer is drawn as one card
    back and how many cards it holds."""

    path: str
    label: str = ""
    note: str = ""
    stacked: bool = False


def draw_table(run, when: str, zones: Sequence[Zone], name: str = "table", players: str = "players",
               to_play: str = "next") -> str:
    """The Graphviz DOT source of a card table: each of ``zones`` a row, drawn as the example's
    viewer knows it (``run.viewer``, the example's ``:as:``): what that player sees face up, what
    they cannot see as card backs. Drawn for nobody in particular, the designer's edition shows
    every card face up with each hidden one dashed and a key to the mark (``run.marks_hidden``);
    the player's edition shows the table as everyone sees it. ``players`` is the view's mapping of
    players (in seat order), ``to_play`` the view's key naming the player to move."""
    state = run.before if when == "before" else run.after
    truth, viewer, seen = run.game.view(state), run.viewer, run.view_of(state)
    table = run.game.view_for(state, None) if run.marks_hidden else None

    def at(view, path: str):
        for part in path.split("."):
            view = view[part]
        return view

    title = (f"As {style.player(viewer)} sees the table" if viewer else "The whole table, hidden cards shown" if table
             else "The table, as everyone sees it")
    rows = [f'<tr><td colspan="2" align="left"><b>{style.html(title)}</b></td></tr>']
    for zone in zones:
        if "<player>" in zone.path:
            for player in truth[players]:
                path = zone.path.replace("<player>", player)
                label = f"{style.player(player)}{' (you)' if player == viewer else ''}" + (
                    " · to play" if truth.get(to_play) == player else "")
                note = zone.note.format(**at(truth, f"{players}.{player}")) if zone.note else ""
                rows.append(_row(label, _zone_cards(zone, at(truth, path), at(seen, path),
                                                    table is not None and is_hidden(at(table, path)))
                                 + (f'<td border="0">  {style.html(note)}</td>' if note else "")))
            continue
        true = at(truth, zone.path)
        if true is None:
            continue
        rows.append(_row(zone.label or zone.path, _zone_cards(zone, true, at(seen, zone.path),
                                                              table is not None and is_hidden(at(table, zone.path)))))
    if table is not None:  # the key to the mark
        rows.append(_row("", _face("?", True) + '<td border="0"> hidden: face down at the table</td>'))
    out = style.graph_header(name)
    out.append(f'  table [shape=plain, pos="0,0!", label=<<table border="0" cellspacing="4" '
               f'cellpadding="2">{"".join(rows)}</table>>];')
    out.append("}")
    return "\n".join(out)


def _zone_cards(zone: Zone, true, seen, marked: bool) -> str:
    """The cells of a zone: each card face up when seen, a card back when not (a stacked zone: one
    back and the count); dashed when it is hidden from the table."""
    cards = list(true) if isinstance(true, (list, tuple)) else [true]
    hidden = isinstance(seen, dict)
    if zone.stacked:
        if not cards:
            return ""
        if hidden:
            return _back() + f'<td border="0">  {len(cards)} card{"s" if len(cards) != 1 else ""}</td>'
    if hidden:
        return "".join(_back() for _ in cards)
    return "".join(_face(card, marked) for card in cards)


def _row(label: str, cells: str) -> str:
    inner = cells or f'<td border="0"><font color="{style.MUTED}">none</font></td>'
    return (f'<tr><td align="right" border="0">{style.html(label)}</td><td align="left" border="0">'
            f'<table border="0" cellspacing="3"><tr>{inner}</tr></table></td></tr>')


def _face(card, marked: bool) -> str:
    dashed = ' style="dashed"' if marked else ""
    return (f'<td border="1" bgcolor="{FACE}" width="22" height="30" fixedsize="true"{dashed}>'
            f'<b>{style.html(card)}</b></td>')


def _back() -> str:
    return f'<td border="1" bgcolor="{BACK}" width="22" height="30" fixedsize="true"> </td>'
