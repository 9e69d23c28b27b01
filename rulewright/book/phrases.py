"""How the book says the engine's things in words: state paths ("companies.LMR.income") as phrases
("LMR's income"), events as one sentence each, values as a reader writes them.

Each game supplies its phrases as data, declared on the game class (``Game.phrases``: a YAML file
beside the game's module, or a mapping)::

    paths:                                   # a pattern per path; * stands for one part
      general_dividends: General Dividends paid
      companies.*.treasury: {say: "{1}'s treasury", value: "${}"}
    events:                                  # every event the engine can emit: its sentence
      link-built:
        say: "{company} builds {link}, which adds ${income} to its income."
        then: "{company}'s income is now {after:companies.<company>.income}."
      price-moved: {say: "{corporation}'s price moves from {from} to {to}.", unless-same: [from, to]}
      card-drawn: {say: "{player} draws the {card}.", unseen: "{player} draws a card."}
    settings:                                # each choice of a setting, as the rules say it
      plurality_ties: {false: "a tie for the most shares is no plurality", true: "a tie is a plurality"}
    setup:                                   # how a setup key reads in an example's Setup table
      floes: {say: Floes, each: "{value} floes of {key}", then: "{value} of {key}"}
      board: {say: The board, grid: A1:D4}   # rows, or cells named like A1: the board A1 to D4 drawn as a grid
    moves:                                   # each move as the notation writes it: its sentence for players
      "lay {tile} on {hex}": {say: "{actor} lays tile #{tile} on {hex}.", tells: {tile-laid: "[It costs ${cost}.]"}}
      "lay {tile} on {hex} with {private}": "{actor} lays tile #{tile} on {hex}, using {private}."
    names:                                   # how a sentence names a piece the notation names by its code
      MRBC: the Bridge Company

``{1}`` in a path phrase is the path's second part (counting from 0); ``{name}`` in an event
sentence is the event's detail of that name; ``value`` says how a value is written (``"${}"``), and
with named fields how each mapping of it is (``value: "{train}-train: {route}, ${value}"`` writes
``[{train: 3, route: C18-D19, value: 80}]`` as "3-train: C18-D19, $80").
An event's detail is what the engine reports about that one event (a link's ``income`` is what the
link adds); a figure of the position is read from the state itself: ``{after:<path>}`` (or
``{before:<path>}``) is the value at that path after (before) the move, written as its path phrase
says, with ``<name>`` in the path standing for the event's detail ``name``. A ``then`` sentence
is said once, after all the move's events, so it states the position the move left (two links of
one move give one "income is now"). ``unless-same`` leaves the sentence out when those details
are equal (a price that "moves from H2 to H2"; another event says it did not move). A part of a sentence in square brackets is left out when a detail or a figure
in it is 0 or empty (``"{player}[ pays {coins} coins][ and loses {points} points]."``), and
``{verb:wins|win}`` is the verb that agrees with the detail named just before it ("Ann wins",
"Ann and Bob win"). ``unseen``
is the sentence for a reader who may not see the event's details (the engine's event says who
does, ``Event(..., seen_by=("ann",))``: "ann draws a card." rather than "ann draws the 6."); a
figure read from the position is read as that reader sees it, a hidden one said as unseen. The
``settings`` words print a setting as its choice in the rules' words, not the engine's name.
In ``setup``, ``say`` is the row's label, ``each`` how one entry of a mapping (``{key}``,
``{value}``) or list (``{value}``) reads, ``then`` the shorter form for the entries after the first
("5 floes of 1, 3 of 2 and 2 of 3"), and ``grid: true`` shows a board as a small table: a list of
rows (each a list, or a string of cells split at spaces), or a mapping of cells named by column
letter and row number (``A1: ann``). A mapping shows the cells from the first it names to the last;
``grid: A1:D4`` (the board's corners) shows the whole board, the cells it does not name empty. A key without words of its own that is also a path of the
view (``next``, ``bank``: the setup's keys mirror the view's) reads as that path's phrase says
("Whose turn it is: bob"); so does a mapping that mirrors the view, path by path. A dotted key
under ``setup`` (``"players.*.sold": "what {1} has sold this round"``) gives a pattern of paths
into a key's mapping its words, as ``paths`` would, where the setup writes a part the view names
otherwise or not at all. Any other key reads as its own name ("Floes 1 5, 2 3"), which the
``setup-words`` check reports. ``each`` also writes a single value, when it names no ``{key}``.
A ``moves`` pattern is the move as the game writes it back (``Action.notation()``, so any way a
designer wrote it reads alike), a ``{name}`` standing for one word or part of one (``{from}-{to}``);
where several patterns fit a move, the one with the most written words wins (``lay {tile} on {hex}
with {private}`` over ``lay {tile} on {hex}``). Its sentence names the pattern's placeholders and
``{actor}``, the one who moves; a value the ``names`` section names is said so (``MP: the MP``), a
player's name begins with a capital ("ann" is "Ann"), and so does the sentence. The player's
edition prints each move so, and the designer's the notation. ``tells`` names the move's own event,
which its sentence says already, and the sentence for what the event adds (``""``: nothing): beside
the move's sentence the player's edition says that event so, and says each move once. In every sentence a sum written
``$11250`` is printed ``$11,250``.
The whole-book checks fail when the book shows a path, an event or a move with no phrase, so the
wording cannot drift from the engine. The ``events`` list is also the game's event catalogue, shown on
its notation page (``{event-catalogue}``).
"""
from __future__ import annotations

import contextlib
import re
import string
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rulewright.book import source as yaml_source
from rulewright.game.interface import HIDDEN, is_hidden
from rulewright.game.values import written
from rulewright.problems import ExampleProblem, Where

# The reader of a narration who is told everything (the designer's edition, the command line):
# the default ``reader``; a player's name or None (the whole table) is told what they see.
TRUTH = object()


class PhraseError(Exception):
    """A phrase file that cannot be read (its message names the file and the fix); ``where`` is
    the file and line to fix, when known. The file's first mistake; ``others`` are the rest, so
    that every one of them is said at once."""

    def __init__(self, message: str, where=None) -> None:
        super().__init__(message)
        self.message = message
        self.where = where
        self.others: list[PhraseError] = []  # the file's further mistakes, each at its line


@dataclass
class PathPhrase:
    parts: tuple[str, ...]
    say: str
    value: str | None = None

    def matches(self, parts: tuple[str, ...]) -> bool:
        return len(parts) == len(self.parts) and all(p == "*" or p == q for p, q in zip(self.parts, parts))


@dataclass
class SetupPhrase:
    """How one setup key reads: its label, how each entry reads, and whether it is a grid. A label
    with ``{key}`` in it ("Hex {key}") gives each entry of a mapping a row of its own. ``names``
    says how an entry's own fields read where the setup's name is not the book's word
    (``{rotated: turned}``: "tile 5, turned 2"), and how an entry's key reads as ``{key}``
    (``{neutral: neutral tiles}``: "neutral tiles on A0")."""

    say: str | None = None
    each: str | None = None
    then: str | None = None
    grid: bool = False
    names: dict[str, str] = field(default_factory=dict)
    corners: tuple[str, str] | None = None  # ``grid: A1:D4``: the whole board's first and last cells

    def entries(self, value: Any) -> str | None:
        """The value as "5 floes of 1, 3 of 2 and 2 of 3", or None when ``each`` does not fit it. A
        single value (``next_train: 4``) reads as one entry, when ``each`` names no ``{key}``."""
        if self.each is None or value is None or value == [] or value == {}:
            return None
        if not isinstance(value, (dict, list)):
            if "key" in fields(self.each):
                return None
            value = [value]
        pairs = list(value.items()) if isinstance(value, dict) else [(None, v) for v in value]
        said = []
        try:
            for index, (key, item) in enumerate(pairs):
                template = self.then if index and self.then else self.each
                said.append(plural(template.format_map(_Words({"key": self.names.get(str(key), key), "value": item}))))
        except (KeyError, IndexError, ValueError):
            return None
        return said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]

    @property
    def per_entry(self) -> bool:
        """Whether the label names ``{key}``: each entry of a mapping is a row of its own."""
        return bool(self.say) and "key" in fields(self.say)

    def label(self, key: Any) -> str:
        """The label of the row of the entry ``key`` ("Hex {key}" -> "Hex N17")."""
        return self.say.format_map(_Words({"key": self.names.get(str(key), key)}))


@dataclass
class MovePhrase:
    """How one form of move reads: ``pattern`` as the notation writes it, with ``{name}`` for each
    word that varies, and ``say``, its sentence."""

    pattern: str
    say: str
    regex: re.Pattern = field(repr=False, default=None)
    weight: tuple = ()  # how much the pattern says: its written characters, then its placeholders held to words
    # The move's own event, which its sentence already says, and the sentence for what the event adds
    # ("" for nothing): ``tells: {tile-laid: "[It costs ${cost}.]"}``. Beside the move's sentence the
    # event is said by that sentence alone, so the player's edition says each move once.
    tells: dict = field(default_factory=dict)

    @classmethod
    def of(cls, pattern: str, say: str, tells: dict | None = None) -> "MovePhrase":
        """``{name}`` stands for any word or part of one (the last, for the rest of the move: "order
        {order}" reads "order MT ES", said "MT and ES"); ``{name:GRSC MRBC}`` for one of the words
        listed (a private company, not a corporation)."""
        parts = []
        written = held = 0
        read = list(string.Formatter().parse(pattern))
        for place, (text, name, only, _) in enumerate(read):
            written += len(text.replace(" ", ""))
            parts.append(r"\s+".join(re.escape(word) for word in text.split(" ")))
            if name is not None:
                held += bool(only)
                last = place == len(read) - 1  # (the last placeholder may take several words: "order {order}")
                choices = "|".join(re.escape(word) for word in str(only or "").split()) or (_WORDS if last else _ANY_WORD)
                parts.append(f"(?P<{name}>{choices})")
        return cls(pattern, say, re.compile("".join(parts), re.IGNORECASE), (written, held), dict(tells or {}))

    def fit(self, notation: str) -> dict | None:
        """The words of ``notation`` for each placeholder, or None when the move is not of this form."""
        found = self.regex.fullmatch(" ".join(str(notation).split()))
        return found.groupdict() if found else None


_WORDS = r"\S+(?:\s+\S+)*?"  # the last placeholder of a move's pattern: one word or several, to the end
_ANY_WORD = r"\S+?"  # a move pattern's placeholder: a word, or the part of one up to the next written character
SETUP_FIELDS = {"say", "each", "then", "grid", "names"}
GRID_CORNERS = re.compile(r"^\s*([A-Za-z]+\d+)\s*:\s*([A-Za-z]+\d+)\s*$")  # ``grid: A1:D4``


# Words before a piece's name that take the place of its own "the" ("no SP share", not "no the SP
# share"; "holds 1 SP share", not "holds 1 the SP share"), in ``Phrases.codes_named``.
_DETERMINERS = r"\d+|[Tt]he|[Nn]o|[Aa]|[Aa]n|[Ee]ach|[Ee]very|[Aa]ny|[Tt]his|[Tt]hat|[Ii]ts|[Tt]heir|[Hh]is|[Hh]er"


@dataclass
class Phrases:
    paths: list[PathPhrase] = field(default_factory=list)
    events: dict[str, str] = field(default_factory=dict)
    source: str = ""
    then: dict[str, str] = field(default_factory=dict)  # per event: said once after the move's events
    unless_same: dict[str, tuple[str, ...]] = field(default_factory=dict)
    unseen: dict[str, str] = field(default_factory=dict)  # per event: said to a reader who may not see its details
    settings: dict[str, dict[str, str]] = field(default_factory=dict)  # setting -> choice (as words) -> phrase
    setup: dict[str, SetupPhrase] = field(default_factory=dict)
    setup_paths: list[PathPhrase] = field(default_factory=list)  # 'setup:' words for a path into a key's mapping
    unreadable: bool = False  # the phrase file has a mistake (said at its line): these are no phrases
    presets: dict[str, str] = field(default_factory=dict)  # preset name -> the starting position in words
    values: dict[str, str] = field(default_factory=dict)   # an engine's word for a value -> the game's words
    event_lines: dict[str, int] = field(default_factory=dict)  # event -> the line of its sentence, when read from a file
    moves_said: list[MovePhrase] = field(default_factory=list)  # each form of move, with its sentence
    names: dict[str, str] = field(default_factory=dict)  # a piece's code in the notation -> how a sentence names it
    has_moves: bool = False  # the file has a 'moves:' section: a move with no words is then a mistake
    lines: Any = None  # where each entry is written (a source.LineMap), when read from a file

    def move(self, notation: str, actor: str | None = None, players=()) -> str | None:
        """The move written ``notation`` (``Action.notation()``) by ``actor`` as one sentence, or None
        when no pattern of ``moves`` fits it. ``players``: the players' names (each said with a
        capital; the actor's name is, when written in lower case: ``run_players``)."""
        best, fitted = self.fitted(notation)
        if best is None:
            return None
        players = {str(p) for p in players}
        said = {name: [self.name(word, word in players) for word in value.split()] if " " in value
                else self.name(value, value in players) for name, value in fitted.items()}
        said["actor"] = self.name(actor, actor is not None and (actor in players or str(actor)[:1].islower()))
        try:
            return sentence(plural(best.say.format_map(_Words(said))))
        except (KeyError, IndexError, ValueError):
            return None

    def fitted(self, notation: str) -> tuple[MovePhrase | None, dict | None]:
        """The ``moves`` pattern that says most about the move written ``notation``, and the move's
        words for its placeholders; (None, None) when none fits."""
        def rank(phrase: MovePhrase, found: dict) -> tuple:  # the pattern that says most about the move
            return (*phrase.weight, -sum(" " in value for value in found.values()), -len(found))

        best, fitted = None, None
        for phrase in self.moves_said:
            found = phrase.fit(notation)
            if found is not None and (best is None or rank(phrase, found) > rank(best, fitted)):
                best, fitted = phrase, found
        return best, fitted

    def own_event(self, step) -> tuple[int, str] | None:
        """The move's own event among a played step's events (``tells`` in its ``moves`` entry: the
        first of the step's events it names), and the sentence for what the event adds to the move's
        sentence; None when the move has no words or no own event among them."""
        if step.action is None or not step.events:
            return None
        phrase, _ = self.fitted(step.action.notation())
        if phrase is None or not phrase.tells:
            return None
        return next(((index, phrase.tells[event.name]) for index, event in enumerate(step.events)
                     if event.name in phrase.tells), None)

    def codes_named(self, text: str, capital: bool = True) -> str:
        """``text`` (an engine's reason for refusing a move, written for designers) with each piece
        the notation writes by its code named as a sentence names it ("Only SP's president" is "Only
        the SP's president", "LYR is not operating" is "The Lancashire & Yorkshire is not
        operating"; ``capital``: a name beginning ``text`` begins with a capital): not inside quotes (‘par
        SP 90’), nor after an article the name has already."""
        if not self.names or not text:
            return text
        codes = "|".join(sorted(map(re.escape, self.names), key=len, reverse=True))
        pattern = re.compile(rf"(?<![\w&‘'-])((?:{_DETERMINERS}) )?({codes})(?![\w-]|\.\w)")

        def named(match) -> str:  # (after "the", "no", "each"...: the name without its own "the")
            article, name = match.group(1) or "", self.names[match.group(2)]
            said = article + name[4:] if article and name.lower().startswith("the ") else article + name
            before = match.string[:match.start()]
            starts = not before.strip() and not match.string.startswith(" ") or re.search(r"[.!?]\s+$", before)
            return sentence(said) if starts and not article and capital else said

        parts = re.split(r"(‘[^’]*’)", text)  # (a move quoted as the notation writes it stays so)
        return "".join(part if part.startswith("‘") else pattern.sub(named, part) for part in parts)

    def reason_for_players(self, reason: str, move: str = "") -> str:
        """An engine's reason for refusing ``move`` (as the notation writes it) as the player's edition
        prints it: what it says of writing moves left out (``without_notation``), then each piece
        named as the sentences name it (``codes_named``). The one place a refusal's words are made
        fit for players."""
        return self.codes_named(without_notation(reason, move))

    def name(self, value: Any, player: bool = False) -> Any:
        """A piece's code as a sentence names it (``names``, then ``values``); a player's name with a
        capital."""
        if value is None:
            return None
        text = str(value)
        if text in self.names:
            return self.names[text]
        if text in self.values:
            return self.values[text]
        return text[:1].upper() + text[1:] if player else text

    def where(self, event: str) -> Where | None:
        """Where the phrase file gives ``event``'s sentence (None when not read from a file)."""
        line = self.event_lines.get(event)
        return Where(self.source, line) if line else None

    def find(self, key: str, among: list[PathPhrase] | None = None) -> PathPhrase | None:
        """The phrase for the path ``key`` among the view's (or ``among``), or None."""
        parts = tuple(key.split("."))
        found = [p for p in (self.paths if among is None else among) if p.matches(parts)]
        # The most specific pattern wins: fewest wildcards.
        return min(found, key=lambda p: p.parts.count("*")) if found else None

    def path(self, key: str, among: list[PathPhrase] | None = None) -> str | None:
        """``companies.LMR.income`` as "LMR's income", or None when no pattern fits."""
        return self._path_said(self.find(key, among), key)

    def setup_path(self, key: str) -> str | None:
        """A path into a setup key's mapping in words (``players.ann.sold``: "what Ann sold this
        stock round"): the 'setup:' words for its pattern, where a setup writes a part the view
        names otherwise or not at all, else the view's words for the path (``path``), else None."""
        return self._path_said(self._setup_phrase(key), key)

    def setup_value(self, key: str, value: Any) -> str:
        """A value at a path into a setup key's mapping, as its words (``setup_path``) write it."""
        return self._value_said(self._setup_phrase(key), value)

    def _setup_phrase(self, key: str) -> PathPhrase | None:
        """The phrase for a path into a setup key's mapping: its 'setup:' pattern, else the view's."""
        return self.find(key, self.setup_paths) or self.find(key)

    def _path_said(self, phrase: PathPhrase | None, key: str) -> str | None:
        """The path ``key`` in the words of ``phrase`` (a pattern it fits), each code named."""
        if phrase is None:
            return None
        return phrase.say.format(*(self.names.get(part, part) for part in key.split(".")))

    def value(self, key: str, value: Any, among: list[PathPhrase] | None = None) -> str:
        """``value`` as a reader writes it, with the unit the path's phrase gives; a ``value`` that
        names fields ("{train}-train: {route}, ${value}") writes a mapping, or each mapping of a
        list, with them (one lacking a field is written as before)."""
        return self._value_said(self.find(key, among), value)

    def _value_said(self, phrase: PathPhrase | None, value: Any) -> str:
        """``value`` written with the unit (or fields) of ``phrase``, the phrase of its path (``value``)."""
        said = self.said_values(value)
        if phrase is not None and phrase.value:
            named = set(fields(phrase.value))
            if named:
                entries = said if isinstance(said, list) else [said]
                if entries and all(isinstance(e, dict) and named <= set(e) for e in entries):
                    return words([plural(phrase.value.format_map(_Words(e))) for e in entries])
            elif not isinstance(value, (list, dict, bool, type(None))):
                return plural(phrase.value.format(words(said)))
        return words(said)

    def money_sign(self) -> str | None:
        """The sign the game writes money with: the one before the ``{}`` of a path's value phrase
        (``value: "${}"``), or None when its phrases write no money."""
        for phrase in self.paths:
            sign = _money_sign(phrase.value)
            if sign:
                return sign
        return None

    def money_keys(self) -> set[str]:
        """The words of a data file's key that hold money, when the game writes money: ``MONEY_KEYS``
        and the last part of each path its phrases write as money ("treasury")."""
        if self.money_sign() is None:
            return set()
        return MONEY_KEYS | {key_words(p.parts[-1]) for p in self.paths if _money_sign(p.value) and p.parts[-1] != "*"}

    def data_value(self, key: str, value: Any) -> str:
        """A value of one of the game's data files at the dotted ``key``, as a reader writes it: a sum
        (the last named key holds money: ``start.cash``, ``trains.0.price``) with the game's money sign
        and thousands separators, "$6,000"; any other number of four digits or more with
        separators, "12,000"."""
        named = [part for part in str(key).split(".") if not part.isdigit()]
        sign = self.money_sign()
        if sign and named and _is_number(value) and set(key_words(named[-1]).split()) & self.money_keys():
            return money(f"{sign}{value}") if sign == "$" else f"{sign}{_separated(value)}"
        return _separated(value) if _is_number(value) else words(self.said_values(value))

    def event(self, event, before: Any = None, after: Any = None, reader: Any = TRUTH, marked=None,
              players=()) -> str | None:
        """The event as one sentence, or None when the catalogue has no sentence for it (or the
        sentence names a detail or a part of the position that is not there). ``before`` and
        ``after`` are the game's views of the position around the move. ``reader``: a player's
        name, or None for the whole table, who is told the event as they see it (its ``unseen``
        sentence when its details are not theirs to see); ``TRUTH``: everything, as designers read it.
        ``marked(seen_by)``, when given, is added in brackets to the true sentence of an event not
        everyone sees (the designer's mark)."""
        if reader is not TRUTH and not event.seen(reader):
            return self._say(self.unseen.get(event.name), event, before, after, players)
        sentence = self._say(self.events.get(event.name), event, before, after, players)
        if sentence is not None and marked is not None and event.seen_by is not None:
            sentence = f"{sentence.rstrip('.')} ({marked(event.seen_by)})."
        return sentence

    def narrate(self, events, before: Any = None, after: Any = None, reader: Any = TRUTH,
                marked=None, players=(), own: tuple[int, str] | None = None) -> list[str]:
        """What one move did, sentence by sentence: each event as the catalogue says it (an
        event without a sentence keeps its name; the whole-book checks report it), then each
        ``then`` sentence once. ``reader`` and ``marked`` as for ``event``; ``players``: the
        players' names, each said with a capital ("Ann draws a card"). ``own``: the move's own
        event, said beside the move's sentence (``own_event``): by what it adds, or not at all."""
        said, then = [], {}  # each closing sentence, after the last event that says it
        for index, event in enumerate(events):
            same = self.unless_same.get(event.name)
            if same and len({repr(event.data.get(name)) for name in same}) == 1:
                continue
            if own is not None and index == own[0]:  # (the move's sentence says it: only what it adds)
                added = self._say(own[1], event, before, after, players) if own[1].strip() else None
                said += [added] if added else []
                continue
            sentence = self.event(event, before, after, reader, marked, players)
            said.append(sentence if sentence is not None else event.name + ".")
            closing = self._say(self.then.get(event.name), event, before, after, players)
            if closing is not None:
                then.pop(closing, None)
                then[closing] = len(said)
        for closing, place in sorted(then.items(), key=lambda item: -item[1]):
            said.insert(place, closing)
        return said

    def moves(self, run, reader: Any = TRUTH, marked=None, beside_moves: bool = False) -> list[list[str]]:
        """What each move of a played example (a ``scenario.Run``) did, sentence by sentence, the
        figures read from the position before and after that move: as ``reader`` sees it (a
        player's name, or None for the whole table: ``Game.view_for``), or the whole truth.
        ``beside_moves``: told after each move's sentence (the player's edition), which says the
        move's own event already (``own_event``)."""
        game, state, out = run.game, run.before, []
        view, players = _LazyView(game, state, reader), run_players(run)
        for step in run.steps:
            after = step.state if step.state is not None else state
            after_view = view if after is state else _LazyView(game, after, reader)
            own = self.own_event(step) if beside_moves else None
            out.append(self.narrate(step.events, view, after_view, reader, marked, players, own)
                       if step.events else [])
            state, view = after, after_view
        return out

    def said_values(self, value: Any) -> Any:
        """``value`` with each engine word the ``values`` phrases name replaced by the game's words,
        and each piece the ``names`` phrases name by its name (in lists and mappings too)."""
        if isinstance(value, str):
            return self.values.get(value, self.names.get(value, value))
        if isinstance(value, (list, tuple)):
            return [self.said_values(v) for v in value]
        if isinstance(value, dict):
            return {k: self.said_values(v) for k, v in value.items()}
        return value

    def unsaid(self, value: Any) -> list[str]:
        """The engine words in ``value`` (``deck-empty``, ``line_expansion``: words joined by hyphens
        or underscores) that the ``values`` phrases give no words for."""
        if isinstance(value, str):
            return [value] if ENGINE_WORD.match(value) and value not in self.values else []
        if isinstance(value, (list, tuple)):
            return [w for v in value for w in self.unsaid(v)]
        if isinstance(value, dict):
            return [w for v in value.values() for w in self.unsaid(v)]
        return []

    def preset(self, name: str) -> str | None:
        """The starting position a preset sets up, in the game's words, or None."""
        return self.presets.get(str(name))

    def setting(self, name: str, value: Any) -> str | None:
        """A setting's choice in the rules' words, or None when the phrases give none."""
        return self.settings.get(name, {}).get(words(value))

    def _say(self, template: str | None, event, before, after, players=()) -> str | None:
        if template is None:
            return None
        views = {"before": before, "after": after}

        def figure(when: str, path: str) -> tuple[str, Any]:
            key = _DETAIL.sub(lambda m: words(event.data[m.group(1)]), path)
            view = views[when]
            return key, look_up(view.get() if isinstance(view, _LazyView) else view, key)

        def state(match) -> str:
            key, value = figure(match.group(1), match.group(2))
            return self.value(key, value).replace("{", "{{").replace("}", "}}")

        def empty(part: str) -> bool:  # a detail or a figure in an [optional part] that is 0 or empty
            return any(_empty(figure(*found.groups())[1]) for found in _STATE.finditer(part)) or any(
                _empty(event.data.get(name.split(".")[0].split("[")[0])) for name in fields(_STATE.sub("", _VERB.sub("", part))))

        try:
            details = {name: named(value, players) for name, value in self.said_values(event.data).items()}
            template = _OPTIONAL.sub(lambda m: "" if empty(m.group(1)) else m.group(1), template)
            template = _agreeing(template, event.data)
            return sentence(tidy(plural(_STATE.sub(state, template).format_map(_Words(details)))))
        except (KeyError, IndexError, ValueError, LookupError):
            return None


_STATE = re.compile(r"\{(before|after):([^{}]+)\}")
# An optional part of a sentence: "[ and loses {points} points]" is left out when a detail or a
# figure in it is 0 or empty (brackets with no {...} in them are printed as they are).
_OPTIONAL = re.compile(r"\[([^\[\]{}]*(?:\{[^{}]*\}[^\[\]{}]*)+)\]")
# A verb that agrees with the detail named just before it: "{winners} {verb:wins|win}".
_VERB = re.compile(r"\{verb:([^{}|]*)\|([^{}|]*)\}")


# A move quoted as the notation writes it, in an engine's reason for a refusal: 'sell 2 SP' or ‘sell 2 SP’
# (not an apostrophe: "SLSF's par").
_QUOTED = r"(?:(?<!\w)'[^'\n]+?'(?!\w)|‘[^’\n]+’)"
# What only tells a designer how to write a move, each one a clause around a quoted move: in brackets
# ("(e.g. 'discard 2 train')"), a clause after a semicolon or colon that gives one ("; start it with
# 'par ATSF <price>'", ": write 'add' ...", ": 'place destination token' or ..."), after "as in", "e.g.", "such as" or "with" ("marker with
# 'place'"), or a whole sentence on how a move "is written".
_NOTATION_TALK = [re.compile(pattern) for pattern in (
    rf"\s*\((?:e\.g\.,?\s*|for example,?\s*)?{_QUOTED}(?:\s*(?:or|and|,)\s*{_QUOTED})*\)",
    rf"\s*[;:]\s*(?:(?:\w+\s+){{0,3}}with\s+|write\s+)?{_QUOTED}[^.;]*?(?=[.;]|$)",
    rf",?\s+(?:as in|e\.g\.|such as|for example|with)\s+{_QUOTED}",
    rf"(?:^|(?<=[.!?]\s))[^.!?]*\b(?:written|write)\b[^.!?]*{_QUOTED}[^.!?]*[.!?]\s*",
)]


def without_notation(reason: str, move: str = "") -> str:
    """``reason`` (an engine's words for refusing ``move``, written for designers, who write moves)
    without what it says of the notation, for the player's edition, where no move is printed as
    written: a clause showing how to write a move is left out ("The ATSF has not been started; start
    it with 'par ATSF <price>'." is "The ATSF has not been started."), the refused move quoted is
    "this move", and another move quoted as part of the sentence is said without its quotes ("or 'go
    bankrupt' when no sale can raise it"). A reason that would be left empty is kept as it was."""
    said = reason
    if move:
        own = re.compile(rf"(?:(?<!\w)'|‘)\s*{re.escape(' '.join(move.split()))}\s*(?:'(?!\w)|’)", re.I)
        said = own.sub("this move", said)
    for pattern in _NOTATION_TALK:
        said = pattern.sub("", said)
    said = re.sub(_QUOTED, lambda m: m.group(0)[1:-1], said)
    said = re.sub(r"\s+([.,;:])", r"\1", re.sub(r"\s{2,}", " ", said)).strip()
    said = re.sub(r"(^|[.!?]\s+)this move", lambda m: m.group(1) + "This move", said)
    if not re.search(r"\w", said):
        return reason
    return said if said.endswith((".", "!", "?")) or not reason.rstrip().endswith(".") else said + "."


def _empty(value: Any) -> bool:
    if is_hidden(value):
        return value[HIDDEN] == 0
    return value is None or value is False or value == 0 or (isinstance(value, (str, list, tuple, dict, set))
                                                            and not value)


def _agreeing(template: str, data: dict) -> str:
    """Each ``{verb:one|many}`` as the form that agrees with the detail named last before it: "many"
    when that detail is a list of more than one ("Ann and Bob win"), else "one"."""
    def agree(match) -> str:
        named = [name for name in fields(_STATE.sub("", _VERB.sub("", template[:match.start()])))]
        value = data.get(named[-1].split(".")[0]) if named else None
        many = isinstance(value, (list, tuple, set)) and len(value) > 1
        return match.group(2) if many else match.group(1)

    return _VERB.sub(agree, template)


def tidy(text: str) -> str:
    """A sentence with the spaces an optional part left behind taken out ("Ann pays $5 ." -> "Ann pays $5.")."""
    text = re.sub(r"\s+([.,;:!?])", r"\1", re.sub(r" {2,}", " ", text)).strip()
    return re.sub(r"[,;:]+(?=[.!?]$)|(?<=[,;:])[,;:]+", "", text)
# A value the engine names with joined words ("deck-empty", "line_expansion"): a reader needs the
# game's words for it (``values:`` in the phrase file).
ENGINE_WORD = re.compile(r"^[a-z][a-z0-9]*(?:[-_][a-z0-9]+)+$")
_DETAIL = re.compile(r"<(\w+)>")


def look_up(view: Any, key: str) -> Any:
    """The value at the dotted ``key`` in a game's view (a LookupError when it is not there)."""
    node = view
    for part in key.split("."):
        if isinstance(node, dict):
            found = next((k for k in node if str(k) == part), _MISSING)
            if found is _MISSING:
                raise LookupError(key)
            node = node[found]
        elif isinstance(node, (list, tuple)) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            raise LookupError(key)
    return node


_MISSING = object()


class _LazyView:
    """The game's view of a state (as ``reader`` sees it), asked of the engine only when a sentence
    reads a figure from it (most moves' sentences read none; a view can cost as much as the move:
    1870's works out every corporation's best routes), and then once, though it is the position
    after one move and before the next."""

    def __init__(self, game, state, reader: Any = TRUTH) -> None:
        self.game, self.state, self.reader, self.done, self.view = game, state, reader, False, None

    def get(self):
        if not self.done:
            self.view, self.done = _view(self.game, self.state, self.reader), True
        return self.view


def _view(game, state, reader: Any = TRUTH):
    try:
        return game.view(state) if reader is TRUTH else game.view_for(state, reader)
    except Exception:  # a failing view is the engine's bug, reported where an example checks the state
        return None


_COUNTED = re.compile(r"\b(\d+) (\w+)\(s\)")

# How the book writes a count in words (the ``{value}`` role's count form, ``#path``), and what the
# checks that read typed figures take a number word for: one to twelve spelled out, larger in digits.
NUMBER_WORDS = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                "nine": 9, "ten": 10, "eleven": 11, "twelve": 12}
_SPELLED = {number: word for word, number in NUMBER_WORDS.items()}


def number_words(number: int) -> str:
    """A count as the book writes it: "four" (zero to twelve in words), "25" and "1,200" in digits."""
    return _SPELLED.get(number) or _separated(number)


def count(number: int, thing: str) -> str:
    """``number`` of ``thing`` as a reader writes it: "1 line", "2 lines", "3 more examples"."""
    return f"{number} {thing}{'' if number == 1 else 's'}"


def plural(sentence: str) -> str:
    """A phrase's "{count} share(s)" as a reader writes it once the count is known: "1 share",
    "4 shares"; and a sum as a reader writes it, "$11,250" for "$11250" (``money``)."""
    return money(_COUNTED.sub(lambda m: f"{m.group(1)} {m.group(2)}{'' if m.group(1) == '1' else 's'}", sentence))


_SUM = re.compile(r"(?<=\$)(-?)(\d{4,})\b")


def players_in(view: Any) -> list[str]:
    """The players' names a game's view lists (its ``players``, a mapping or a list), else none."""
    return _names(view.get("players") if isinstance(view, dict) else None)


def run_players(run) -> set[str]:
    """The players' names of a played example, as far as they can be known without the game's view
    (which can cost as much as a move): those who move (a name in lower case: "ann", not a
    corporation "MP"), and those its setup, its preset or the shared position it starts from (and
    so on) names under ``players``."""
    names = {str(step.actor) for step in run.steps if step.actor and str(step.actor)[:1].islower()}
    return names | setup_players(getattr(run.scenario, "data", None), run.game, getattr(run.scenario, "positions", None))


def setup_players(data: Any, game, positions=None) -> set[str]:
    """The players an example's or a shared position's ``data`` names under ``players``: in its
    setup, its preset, and the shared position it starts from (``positions``, by name), in turn."""
    names: set[str] = set()
    seen: set[str] = set()
    while isinstance(data, dict) and isinstance(data.get("setup"), dict):
        setup = data["setup"]
        names.update(_names(setup.get("players")))
        preset = (getattr(game, "presets", None) or {}).get(str(setup.get("preset")))
        if isinstance(preset, dict):
            names.update(_names(preset.get("players")))
        start = str(setup.get("from") or "")
        if not start or start in seen or not positions or start not in positions:
            break
        seen.add(start)
        data = getattr(positions[start], "data", None)
    return names


def _names(players: Any) -> list[str]:
    if isinstance(players, dict):
        return [str(p) for p in players]
    if isinstance(players, list):
        return [str(p.get("name", "")) if isinstance(p, dict) else str(p) for p in players]
    return []


def named(value: Any, players) -> Any:
    """``value`` with each player's name in it begun with a capital ("ann" is "Ann")."""
    if isinstance(value, str):
        return value[:1].upper() + value[1:] if value in players else value
    if isinstance(value, (list, tuple)):
        return [named(v, players) for v in value]
    return value


def players_of(game, state) -> list[str]:
    """The players' names in ``game``'s view of ``state`` (none when the view fails or lists none)."""
    return players_in(_view(game, state))


# Keys of a game's data files that hold money wherever the game writes money (besides the last part
# of each path its phrases write as money: ``Phrases.money_keys``).
MONEY_KEYS = {"cost", "costs", "price", "prices", "cash", "par", "revenue", "income", "treasury", "fee", "fees",
              "payout", "money", "dividend", "dividends", "discount", "discounts"}


def key_words(key: Any) -> str:
    """A data file's key as words: ``most_buses`` as "most buses"."""
    return " ".join(part for part in re.split(r"[_\-\s]+", str(key).lower()) if part)


def _money_sign(value: str | None) -> str | None:
    if not value or value.count("{") != 1 or "{}" not in value:
        return None
    sign = value.split("{}")[0].strip()
    return sign[-1] if sign and not sign[-1].isalnum() else None


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _separated(value: Any) -> str:
    """A number as the book writes it: "12,000" (thousands separated from four digits on), "6.5"."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 1000:
        return f"{value:,}"
    return str(value)


def money(text: str) -> str:
    """Each sum of money in ``text`` with thousands separators: "$11250" as "$11,250"."""
    return _SUM.sub(lambda m: m.group(1) + f"{int(m.group(2)):,}", text)


def sentence(text: str) -> str:
    """``text`` begun with a capital letter, as a sentence is."""
    return text[:1].upper() + text[1:]


class _Words(dict):
    def __getitem__(self, key):
        return words(dict.__getitem__(self, key))


def words(value: Any) -> str:
    """A value as a reader writes it: lists as "A, B and C", none, yes and no; a value the reader
    may not see (``hidden_marker``) as unseen: "3 unseen"."""
    if is_hidden(value):
        count = value[HIDDEN]
        return "unseen" if count is True else "none" if count == 0 else f"{count} unseen"
    if value is None:
        return "none"
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if isinstance(value, (list, tuple, set, frozenset)):
        items = [words(v) for v in value]
        if not items:
            return "none"
        return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]
    if isinstance(value, dict):
        if not value:
            return "none"
        if list(value) == ["length"]:  # the 'length' comparison: how many, not which
            return f"holds {words(value['length'])}"
        if len(value) == 1 and next(iter(value)) in _COMPARED:
            (how, bound), = value.items()
            return _COMPARED[how](bound)
        return "; ".join(f"{k}: {words(v)}" for k, v in value.items())
    return str(value)


# An outcome that is a range or a choice (``{between: [1, 8]}``), as a reader says it.
_COMPARED = {
    "between": lambda b: f"from {words(b[0])} to {words(b[1])}" if isinstance(b, (list, tuple)) and len(b) == 2
    else words(b),
    "at-least": lambda b: f"at least {words(b)}",
    "at-most": lambda b: f"at most {words(b)}",
    "contains": lambda b: f"includes {words(b)}",
    "one-of": lambda b: "one of " + (words(b).replace(" and ", " or ") if isinstance(b, (list, tuple)) else words(b)),
}


def fields(template: str) -> list[str]:
    return [name for _, name, _, _ in string.Formatter().parse(template) if name]


SECTIONS = ("paths", "events", "settings", "setup", "presets", "values", "moves", "names")


def load(data: Any, source: str, lines=None, game=None) -> Phrases:
    """The phrases in ``data`` (a phrase file's mapping) from ``source``; ``lines`` (a
    ``source.LineMap`` of the file) lets a mistake be named at its line; ``game``, when known,
    gives a mistake's sample in its own words (a setting's own choices)."""
    def at(*keys) -> Where | None:
        return Where(source, lines.line(*keys)) if lines is not None else None

    def error(message: str, *keys) -> PhraseError:
        where = at(*keys)
        return PhraseError(f"{where if where else source}: {message}", where)

    def path_phrase(pattern: Any, said: Any, section: str) -> PathPhrase:
        """The words for a pattern of paths (under 'paths:', or a dotted key under 'setup:'):
        ``"what it is"`` or ``{say: ..., value: "${}"}``, its placeholders fitting its ``*``."""
        said = {"say": said} if isinstance(said, str) else said
        if not isinstance(said, dict) or "say" not in said:
            raise error(f"the path {pattern!r} needs a phrase, e.g. {pattern}: \"what it is in words\" "
                        "(or {say: ..., value: \"${}\"}).", section, pattern)
        phrase = PathPhrase(tuple(str(pattern).split(".")), str(said["say"]), said.get("value"))
        wrong = misfit(phrase)
        if wrong:
            raise error(wrong, section, pattern)
        return phrase

    @contextlib.contextmanager
    def kept_going():
        """The mistake of one entry is kept, and the reading goes on to the next entry."""
        try:
            yield
        except PhraseError as problem:
            problems.append(problem)

    if not isinstance(data, dict):
        raise error("a phrase file is a mapping with 'paths:' and 'events:'.")
    problems: list[PhraseError] = []  # every mistake of the file, said together (see PhraseError)
    for key in sorted(map(str, set(data) - set(SECTIONS))):
        problems.append(error(f"unknown section '{key}'; a phrase file has only "
                              + ", ".join(f"'{s}:'" for s in SECTIONS[:-1]) + f" and '{SECTIONS[-1]}:'.", key))
    out = Phrases(source=source, lines=lines)
    for pattern, said in (data.get("paths") or {}).items():
        with kept_going():
            out.paths.append(path_phrase(pattern, said, "paths"))
    for name, sentence in (data.get("events") or {}).items():
        with kept_going():
            if isinstance(sentence, dict) and isinstance(sentence.get("say"), str) \
                    and set(sentence) <= {"say", "then", "unless-same", "unseen"}:
                if "then" in sentence:
                    out.then[str(name)] = str(sentence["then"])
                if "unseen" in sentence:
                    out.unseen[str(name)] = str(sentence["unseen"])
                if "unless-same" in sentence:
                    out.unless_same[str(name)] = tuple(map(str, sentence["unless-same"] or ()))
                sentence = sentence["say"]
            if not isinstance(sentence, str):
                raise error(f"the event {name!r} needs one sentence in quotes (or a mapping "
                            "with 'say:' and, optionally, 'then:', 'unless-same:' and 'unseen:').", "events", name)
            out.events[str(name)] = sentence
            if lines is not None:
                out.event_lines[str(name)] = lines.line("events", name)
    misread: list = []  # (setting name, setting, choice) of each choice YAML read otherwise than meant
    for name, choices in (data.get("settings") or {}).items():
        with kept_going():
            if not isinstance(choices, dict):
                known = getattr(getattr(game, "settings", {}).get(str(name)), "choices", None) or (False, True)
                sample = ", ".join(f"{written(choice)}: \"...\"" for choice in known[:3])
                raise error(f"the setting {name!r} needs a sentence for each of its choices, saying the rule as that "
                            f"choice reads it, e.g. {name}: {{{sample}}}.", "settings", name)
            setting = getattr(game, "settings", {}).get(str(name))
            misread += [(name, setting, choice) for choice in choices if setting is not None and setting.misread(choice)]
            out.settings[str(name)] = {words(choice): str(said) for choice, said in choices.items()}
    if misread:
        # Keys YAML read otherwise than meant ('off:' is false), in any of the settings: one problem,
        # at the first such line, naming the others ('2019:' and 'off:' unquoted are one mistake, made
        # twice, mended together).
        (name, setting, choice), rest = misread[0], misread[1:]
        others = [f"line {at('settings', other, wrong).line}: "
                  + (f"the setting {other!r}: " if other != name else "") + kind.misread(wrong)
                  for other, kind, wrong in rest if at("settings", other, wrong) is not None]
        problems.append(error(f"the setting {name!r}: {setting.misread(choice)}"
                              + (f" Also at {'; '.join(others)}" if others else ""), "settings", name, choice))
    for key, said in (data.get("setup") or {}).items():
        with kept_going():
            if isinstance(said, str):
                said = {"say": said}
            if "." in str(key):  # a path into a key's mapping (players.*.sold): words as a path's are
                out.setup_paths.append(path_phrase(key, said, "setup"))
                continue
            if not isinstance(said, dict) or set(map(str, said)) - SETUP_FIELDS:
                raise error(f"the setup key '{key}' reads with some of say, each, then, grid and names, e.g. "
                            f"{key}: {{say: Floes, each: \"{{value}} floes of {{key}}\"}}.", "setup", key)
            for form in ("each", "then"):
                extra = sorted(set(fields(str(said.get(form) or ""))) - {"key", "value"})
                if extra:
                    raise error(f"the setup key '{key}' has {{{extra[0]}}} in its '{form}:', but an entry has only "
                                "{key} and {value}.", "setup", key, form)
            extra = sorted(set(fields(str(said.get("say") or ""))) - {"key"})
            if extra:
                raise error(f"the setup key '{key}' has {{{extra[0]}}} in its 'say:'; a label may name only {{key}}, "
                            f"giving each entry a row of its own (say: \"Hex {{key}}\").", "setup", key, "say")
            grid = said.get("grid", False)
            corners = GRID_CORNERS.match(str(grid)) if isinstance(grid, str) else None
            if grid not in (True, False) and corners is None:
                raise error(f"the setup key '{key}' has 'grid: {written(grid)}'; write 'grid: true' to draw the cells "
                            "its setups name, or the board's first and last cells to draw the whole board, e.g. "
                            "'grid: A1:D4'.", "setup", key, "grid")
            names = said.get("names") or {}
            if not isinstance(names, dict) or not all(isinstance(v, str) and v.strip() for v in names.values()):
                raise error(f"the setup key '{key}' has 'names:', a mapping of each field's name in the setup to "
                            "its words in quotes, e.g. names: {rotated: \"turned\"}.", "setup", key, "names")
            out.setup[str(key)] = SetupPhrase(*(None if said.get(f) is None else str(said[f])
                                                for f in ("say", "each", "then")), grid=grid is True or corners is not None,
                                              names={str(k): str(v) for k, v in names.items()},
                                              corners=corners.groups() if corners else None)
    for section in ("presets", "values"):
        with kept_going():
            table = data.get(section) or {}
            example = "two: \"a two-player game: Ann and Bob\"" if section == "presets" else \
                "deck-empty: \"the deck is empty\""
            if not isinstance(table, dict):
                raise error(f"'{section}:' is a mapping of names to words, e.g. {example}.", section)
            for name, said in table.items():
                if not isinstance(said, str) or not said.strip():
                    raise error(f"the {section[:-1]} {name!r} needs its words in quotes, e.g. {example}.", section, name)
            getattr(out, section).update({str(k): str(v) for k, v in table.items()})
    out.has_moves = "moves" in data
    moves = data.get("moves") or {}
    if not isinstance(moves, dict):
        problems.append(error("'moves:' is a mapping of each form of move, as the notation writes it, to its "
                              "sentence, e.g. \"take {count} from {heap}\": \"{actor} takes {count} from the {heap} "
                              "heap.\"", "moves"))
        moves = {}
    for pattern, said in moves.items():
        with kept_going():
            out.moves_said.append(move_phrase(str(pattern), said, lambda message: error(message, "moves", pattern)))
    for phrase in out.moves_said:  # a move's own event is one the phrases say
        with kept_going():
            unknown = next((name for name in phrase.tells if name not in out.events), None)
            if unknown is not None:
                raise error(f"the move '{phrase.pattern}' tells the event '{unknown}', which 'events:' does not "
                            f"have; name one of its events, e.g. {next(iter(out.events), 'tile-laid')}.",
                            "moves", phrase.pattern)
    with kept_going():
        names = data.get("names") or {}
        if not isinstance(names, dict) or not all(isinstance(v, str) and v.strip() for v in names.values()):
            raise error("'names:' is a mapping of a piece's code, as the notation writes it, to how a sentence "
                        "names it, in quotes, e.g. MRBC: \"the Bridge Company\".", "names")
        out.names.update({str(k): str(v) for k, v in names.items()})
    if problems:
        first, *others = problems
        first.others = others
        raise first
    return out


def move_phrase(pattern: str, said: Any, error) -> MovePhrase:
    """A ``moves:`` entry read, or ``error(message)`` raised: the pattern's placeholders are names,
    each once, and the sentence names only them and ``{actor}``."""
    sample = "e.g. \"take {count} from {heap}\": \"{actor} takes {count} from the {heap} heap.\""
    tells: dict = {}
    if isinstance(said, dict):  # {say: "...", tells: {event: "what it adds"}}
        tells = said.get("tells") if said.get("tells") is not None else {}
        if set(said) - {"say", "tells"} or not isinstance(tells, dict) or not all(
                isinstance(v, str) for v in tells.values()):
            return _raise(error(f"the move '{pattern}' is its sentence in quotes, or a mapping with 'say:' and "
                                "'tells:', the move's own event and what it adds in quotes (\"\" for nothing), "
                                "e.g. {say: \"{actor} lays tile #{tile} on {hex}.\", tells: {tile-laid: "
                                "\"[It costs ${cost}.]\"}}."))
        said = said.get("say")
    if not isinstance(said, str) or not said.strip():
        return _raise(error(f"the move '{pattern}' needs its sentence in quotes, {sample}"))
    try:
        named = [name for _, name, _, _ in string.Formatter().parse(pattern) if name is not None]
        used = fields(said)
    except ValueError as problem:
        return _raise(error(f"the move '{pattern}' has a stray brace ({problem}); write {{{{ or }}}} for a brace "
                            "itself."))
    wrong = next((name for name in named if not name.isidentifier() or name == "actor"), None)
    if wrong is not None:
        return _raise(error(f"the move '{pattern}' has {{{wrong}}}; a placeholder is a word such as {{company}} "
                            "(and {actor} is the one who moves: the pattern leaves the mover out)."))
    twice = next((name for name in named if named.count(name) > 1), None)
    if twice is not None:
        return _raise(error(f"the move '{pattern}' names {{{twice}}} twice; give each place its own name."))
    adjacent = re.search(r"\}\{", pattern)
    if adjacent:
        return _raise(error(f"the move '{pattern}' has two placeholders side by side; put a space or a "
                            "character between them, as the notation does ({from}-{to})."))
    unknown = next((name for name in used if name not in named and name != "actor"), None)
    if unknown is not None:
        known = ", ".join(f"{{{name}}}" for name in [*named, "actor"])
        return _raise(error(f"the sentence of the move '{pattern}' names {{{unknown}}}, which the pattern does "
                            f"not have; it may name {known}."))
    return MovePhrase.of(pattern, said.strip(), {str(k): str(v) for k, v in tells.items()})


def _raise(problem: Exception):
    raise problem


def misfit(phrase: PathPhrase) -> str | None:
    """What is wrong with a path phrase's placeholders, or None: ``{n}`` must name a part of the
    path written ``*`` (``{1}`` in ``players.*.buses``), and a ``value`` has one ``{}``."""
    pattern = ".".join(phrase.parts)
    stars = [n for n, part in enumerate(phrase.parts) if part == "*"]
    fit = (" The parts written * in this path are " + " and ".join(f"{{{n}}}" for n in stars) + "."
           if stars else " This path has no part written *, so its phrase has no placeholder.")
    try:
        named = [name for _, name, _, _ in string.Formatter().parse(phrase.say) if name is not None]
    except ValueError as error:
        return f"the phrase of {pattern!r} has a stray brace ({error}); write {{{{ or }}}} for a brace itself."
    for name in named:
        if not name.isdigit():
            return (f"the phrase of {pattern!r} has {{{name}}}, but a path phrase counts the path's parts from 0: "
                    f"write {{n}} for the n-th part." + fit)
        if int(name) not in stars:
            return (f"the phrase of {pattern!r} has {{{name}}}, but "
                    + (f"the path has {len(phrase.parts)} parts, counted from 0: {{0}} to {{{len(phrase.parts) - 1}}}"
                       if int(name) >= len(phrase.parts)
                       else f"part {name} of the path is '{phrase.parts[int(name)]}', not *") + "." + fit)
    if phrase.value is not None:
        try:
            held = [name for _, name, _, _ in string.Formatter().parse(str(phrase.value)) if name is not None]
        except ValueError:
            held = ["?"]
        if held != [""] and not (held and all(name.isidentifier() for name in held)):
            return (f"the value of {pattern!r} is written with one {{}} where the value goes, e.g. value: \"${{}}\", "
                    "or with the fields of each entry named, e.g. value: \"{train}-train: {route}, ${value}\".")
    return None


_cache: dict[type, Phrases] = {}


def path_of(game) -> Path | None:
    """The phrase file a game declares (``phrases = "phrases.yaml"``), or None (a mapping, or none)."""
    declared = getattr(game, "phrases", None)
    if declared is None or isinstance(declared, dict):
        return None
    return Path(sys.modules[type(game).__module__].__file__).parent / str(declared)


def load_file(path: Path, game=None) -> Phrases:
    """The phrases in the file ``path`` (of ``game``, when known); a mistake is a ``PhraseError``
    at its line."""
    try:
        text, encoding = yaml_source.read_text(path)
        if encoding is not None:
            raise PhraseError(f"{encoding.where}: {encoding.message}", encoding.where)
    except OSError as error:
        raise PhraseError(f"{path}: cannot read the game's phrases ({error}).", Where(str(path), 1)) from None
    try:
        data, lines = yaml_source.load(text, Where(str(path), 1), yaml_source.PROSE)
    except ExampleProblem as problem:
        raise PhraseError(str(problem), problem.where) from None
    return load(data, str(path), lines, game)


def for_game(game) -> Phrases:
    """The phrases a game declares (``Game.phrases``); none declared gives an empty set."""
    kind = type(game)
    if kind in _cache:
        return _cache[kind]
    declared = getattr(game, "phrases", None)
    if declared is None:
        phrases = Phrases(source=f"(the game {game.name!r} declares no phrases)")
    elif isinstance(declared, dict):
        phrases = load(declared, f"the phrases of {kind.__module__}.{kind.__name__}", game=game)
    else:
        phrases = load_file(path_of(game), game)
    _cache[kind] = phrases
    return phrases
