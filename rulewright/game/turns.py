"""Turn structure: who sits where, whose turn it is, passing, rounds, a first-player marker, and
phases described as configuration (as boardgame.io does) rather than written as code. A game
imports the module whole: ``from rulewright.game import turns``.

- ``players``: reads an example's ``players`` (a list of names in seat order, or a mapping from
  each name to what that player holds) with the number of players the game allows.
- ``Seating``: the seats, whose turn it is (skipping a seat that cannot act: a player with no
  cards, one who has passed), the first player, passing, and a new round.
- ``Auction``: bidding for a contract: each player in turn bids more than the highest bid or passes
  for the rest of the auction, which the last player left in wins.
- ``Phases``: the phases of a round as data, each with the moves it allows, the rule that says so
  and the phase after it (``Phases.read`` reads them from the game's YAML).

Every refusal cites the rule ID the game gives: the kit knows no rule of its own.

An example: turns round the table, a pass, a move out of turn, and phases as data:

    >>> from rulewright.game import turns
    >>> seating = turns.Seating(["ann", "bob", "cy"])
    >>> seating.end_turn("ann")
    >>> seating.pass_turn("bob")
    >>> seating.to_move()
    'cy'
    >>> seating.check_turn("ann", "game.turn")
    Traceback (most recent call last):
    ...
    rulewright.game.refusal.Refusal: It is cy's turn, not ann's. (rule game.turn)
    >>> phases = turns.Phases.read([{"name": "bidding", "moves": ["bid", "pass"], "rule": "whist.bid",
    ...                              "then": "playing"}, {"name": "playing", "moves": ["play"], "rule": "whist.play"}])
    >>> phases.after("playing")
    ('bidding', True)
    >>> phases.check("bidding", "play")
    Traceback (most recent call last):
    ...
    rulewright.game.refusal.Refusal: It is the bidding phase: 'bid' or 'pass' now, not 'play'. (rule whist.bid)
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from rulewright.game.refusal import InputError, Refusal, did_you_mean, lookup
from rulewright.game.values import whole, written

DEFAULT_PLAYERS = ("ann", "bob")


def players(given: Any, fewest: int, most: int, keys: Sequence[str] = (), example: str = "",
            where: str = "players") -> dict[str, dict]:
    """Each player's entry in seat order from an example's ``players``: a list of names
    (``[ann, bob]``) or a mapping from each name to what that player holds, whose keys must be
    among ``keys`` (``example`` shows one, e.g. ``"{hand: [3, 5]}"``). ``None`` (no ``players``
    given) is ann and bob. Between ``fewest`` and ``most`` players, or an ``InputError``."""
    if given is None:
        given = list(DEFAULT_PLAYERS)
    if isinstance(given, list):
        each_once(given, where)
        given = {str(name): {} for name in given}
    if not isinstance(given, dict) or not fewest <= len(given) <= most:
        raise InputError(f"'{where}' lists {fewest} to {most} players in seat order, e.g. [ann, bob].", where)
    entries = {}
    for name, held in given.items():
        held = held or {}
        if not isinstance(held, dict) or set(held) - set(keys):
            listed = " and ".join(", ".join(repr(k) for k in keys).rsplit(", ", 1)) if keys else "nothing"
            raise InputError(f"A player's entry may give {listed}, e.g. {name}: {example or '{}'}.",
                             f"{where}.{name}")
        entries[str(name)] = held
    return entries


def player_counts(data: Any, where: str = "players") -> tuple[int, int]:
    """The fewest and the most players a game's data file allows (``players: {fewest: 2, most: 4}``),
    or an ``InputError`` at the key at fault. Read it with ``data_file``, so a mistake is named at
    its line::

        FEWEST, MOST = data_file(__package__, "cards.yaml", turns.player_counts)
    """
    given = data.get(where) if isinstance(data, dict) else None
    if not isinstance(given, dict):
        raise InputError(f"'{where}' gives the fewest and the most players, e.g. '{where}: {{fewest: 2, most: 4}}'.",
                         where)
    for key in given:
        if key not in ("fewest", "most"):
            raise InputError(f"'{where}' gives 'fewest' and 'most', not {key!r}. {did_you_mean(str(key), ('fewest', 'most'))}",
                             f"{where}.{key}")
    fewest = whole(given.get("fewest"), f"{where}.fewest", "the smallest number of players", 1)
    return fewest, whole(given.get("most"), f"{where}.most", "the largest number of players", fewest)


def each_once(names: Sequence, where: str = "players") -> None:
    """An ``InputError`` at ``where`` for a player named twice in a list of seats."""
    twice = next((name for index, name in enumerate(names) if name in names[:index]), None)
    if twice is not None:
        raise InputError(f"'{where}' lists {twice} twice: each player has one seat, so name each once, in seat "
                         "order.", where)


@dataclass
class Seating:
    """The seats in order round the table, whose turn it is (``turn``, a seat's index), who holds
    the first-player marker (``first``), who has passed this round, and the round's number."""

    seats: list[str]
    turn: int = 0
    first: int = 0
    passed: list[str] = field(default_factory=list)
    round: int = 1

    def seat(self, name: Any, where: str | None = None) -> int:
        """The index of the seat of the player ``name``, or an ``InputError`` suggesting the name meant."""
        return self.seats.index(lookup("player", name, {s: s for s in self.seats}, where))

    def to_move(self, can_act: Callable[[str], bool] | None = None) -> str | None:
        """Whose turn it is: the seat ``turn`` or, when that player cannot act (``can_act`` false:
        no cards left, or passed), the next round the table who can; ``None`` when nobody can."""
        able = can_act or (lambda seat: seat not in self.passed)
        count = len(self.seats)
        return next((self.seats[i % count] for i in range(self.turn, self.turn + count)
                     if able(self.seats[i % count])), None)

    def left_of(self, name: str) -> str:
        """The player seated after ``name``, round the table."""
        return self.seats[(self.seats.index(name) + 1) % len(self.seats)]

    def check_turn(self, actor: str, rule: str, can_act: Callable[[str], bool] | None = None) -> None:
        """Refuse (citing ``rule``, the game's turn-order rule) a move by anyone but the player to move."""
        now = self.to_move(can_act)
        if actor != now:
            raise Refusal(rule, f"It is {now}'s turn, not {actor}'s." if now else "Nobody is to move now.")

    def end_turn(self, actor: str) -> None:
        """``actor`` has moved: the turn passes to the seat after them."""
        self.turn = (self.seats.index(actor) + 1) % len(self.seats)

    def lead(self, name: str) -> None:
        """``name`` moves next (the winner of a trick leads to the next)."""
        self.turn = self.seats.index(name)

    def pass_turn(self, actor: str) -> None:
        """``actor`` passes for the rest of the round; the turn moves on."""
        if actor not in self.passed:
            self.passed.append(actor)
        self.end_turn(actor)

    @property
    def all_passed(self) -> bool:
        return len(self.passed) == len(self.seats)

    @property
    def first_player(self) -> str:
        return self.seats[self.first]

    def take_first(self, name: str) -> None:
        """``name`` takes the first-player marker."""
        self.first = self.seats.index(name)

    def new_round(self, marker_moves: bool = False) -> None:
        """A new round: nobody has passed, and the first player (the marker passed on to the left
        when ``marker_moves``) moves first."""
        if marker_moves:
            self.first = (self.first + 1) % len(self.seats)
        self.round += 1
        self.passed = []
        self.turn = self.first


@dataclass
class Auction:
    """An auction (bidding for a contract: the most tricks, the right to name trumps). Each player
    in turn bids a whole number from ``lowest`` to ``highest``, more than the highest bid so far,
    or passes for the rest of the auction; when all but one have passed and someone has bid, the
    highest bidder (``leader``) has won. Nobody may pass so that everyone has and nobody bid: the
    last player left must bid. Whose turn it is and who has passed are the ``Seating``'s. Read the
    limits from data with ``Auction.read`` (``bids: {lowest: 2, highest: 6}``)."""

    lowest: int
    highest: int
    bids: dict[str, int] = field(default_factory=dict)

    @classmethod
    def read(cls, data: Any, where: str = "bids") -> Auction:
        """The auction ``data`` describes (``{lowest: 2, highest: 6}``), or an ``InputError`` at its key."""
        if not isinstance(data, dict) or set(data) != {"lowest", "highest"}:
            raise InputError(f"'{where}' gives the lowest and the highest bid, e.g. '{{lowest: 2, highest: 6}}', "
                             f"not {written(data)}.", where)
        lowest = whole(data["lowest"], f"{where}.lowest", "The lowest bid", 0)
        return cls(lowest, whole(data["highest"], f"{where}.highest", "The highest bid", lowest))

    @property
    def high(self) -> int | None:
        """The highest bid so far (``None`` before any)."""
        return max(self.bids.values()) if self.bids else None

    @property
    def leader(self) -> str | None:
        """Who made the highest bid (the first to make it)."""
        return max(self.bids, key=self.bids.get) if self.bids else None

    def stuck(self, seating: Seating) -> bool:
        """Whether the player to move must bid: everyone else has passed and nobody has bid."""
        return not self.bids and len(seating.passed) == len(seating.seats) - 1

    def won(self, seating: Seating) -> bool:
        """Whether the auction is over: someone has bid and all the others have passed."""
        return bool(self.bids) and len(seating.passed) >= len(seating.seats) - 1

    def offers(self, seating: Seating) -> list[int | None]:
        """What the player to move may do: each bid they may make, and ``None`` for passing."""
        low = self.lowest if self.high is None else max(self.lowest, self.high + 1)
        return list(range(low, self.highest + 1)) + ([] if self.stuck(seating) else [None])

    def place_bid(self, seating: Seating, player: str, amount: int, rule: str) -> None:
        """``player`` bids ``amount``; refused citing ``rule`` (the game's rule of what a bid may be)
        when it is out of range or not more than the highest bid. The turn moves on."""
        if not self.lowest <= amount <= self.highest:
            raise Refusal(rule, f"A bid is {self.lowest} to {self.highest}, not {amount}.")
        if self.high is not None and amount <= self.high:
            raise Refusal(rule, f"{self.leader} has bid {self.high}: bid more than that, or pass.")
        self.bids[player] = amount
        seating.end_turn(player)

    def pass_bid(self, seating: Seating, player: str, rule: str) -> None:
        """``player`` passes for the rest of the auction; refused citing ``rule`` when they must bid
        (everyone else has passed and nobody has bid)."""
        if self.stuck(seating):
            raise Refusal(rule, f"Everyone else has passed and nobody has bid: {player} must bid.")
        seating.pass_turn(player)


@dataclass(frozen=True)
class Phase:
    """One phase of a round: its ``name``, the ``moves`` it allows (as a move's notation begins:
    ``bid``, ``pass``), the ``rule`` that says so (cited when another move is tried in it), and the
    phase that follows it (``then``; ``None``: a new round begins with the first phase)."""

    name: str
    moves: tuple[str, ...]
    rule: str
    then: str | None = None


class Phases:
    """The phases of a round, in order, described as data (``Phases.read``), e.g. in the game's YAML:

    .. code-block:: yaml

       phases:
         - {name: bidding, moves: [bid, pass], rule: tricks.bid, then: playing}
         - {name: playing, moves: [play], rule: tricks.play}
    """

    def __init__(self, phases: Sequence[Phase]) -> None:
        self.phases = {phase.name: phase for phase in phases}
        for phase in phases:
            if phase.then is not None and phase.then not in self.phases:
                raise InputError(f"Phase {phase.name!r} is followed by {phase.then!r}, which is no phase. "
                                 f"{did_you_mean(phase.then, self.phases)}")

    @classmethod
    def read(cls, data: Any, where: str = "phases") -> Phases:
        """The phases ``data`` lists (each a mapping of ``name``, ``moves``, ``rule`` and, optionally,
        ``then``), or an ``InputError`` at the entry at fault."""
        if not isinstance(data, list) or not data:
            raise InputError("'phases' lists the phases of a round in order, e.g. '- {name: playing, moves: [play], "
                             "rule: mygame.play}'.", where)
        phases = []
        for i, entry in enumerate(data):
            at = f"{where}.{i}"
            if not isinstance(entry, dict) or not {"name", "moves", "rule"} <= set(entry) \
                    or set(entry) - {"name", "moves", "rule", "then"}:
                raise InputError(f"A phase gives its 'name', the 'moves' it allows, the 'rule' that says so, and "
                                 f"optionally the phase it is followed by ('then'), not {written(entry)}.", at)
            if not isinstance(entry["moves"], list) or not entry["moves"]:
                raise InputError("A phase's 'moves' lists the moves it allows, as their notation begins: "
                                 "'moves: [bid, pass]'.", f"{at}.moves")
            phases.append(Phase(str(entry["name"]), tuple(str(m) for m in entry["moves"]), str(entry["rule"]),
                                None if entry.get("then") is None else str(entry["then"])))
        names = [phase.name for phase in phases]
        for i, phase in enumerate(phases):
            if phase.then is not None and phase.then not in names:
                raise InputError(f"Phase {phase.name!r} is followed by {phase.then!r}, which is no phase. "
                                 f"{did_you_mean(phase.then, names)}", f"{where}.{i}.then")
        return cls(phases)

    @property
    def first(self) -> str:
        return next(iter(self.phases))

    def __getitem__(self, name: str) -> Phase:
        return self.phases[name]

    def allows(self, phase: str, move: str) -> bool:
        return move in self.phases[phase].moves

    def check(self, phase: str, move: str) -> None:
        """Refuse ``move`` (the first word of its notation) in ``phase`` unless the phase allows it,
        citing the phase's rule."""
        if not self.allows(phase, move):
            allowed = self.phases[phase].moves
            raise Refusal(self.phases[phase].rule,
                          f"It is the {phase} phase: {' or '.join(repr(m) for m in allowed)} now, not {move!r}.")

    def after(self, phase: str) -> tuple[str, bool]:
        """The phase after ``phase``, and whether it begins a new round."""
        then = self.phases[phase].then
        return (then, False) if then is not None else (self.first, True)
