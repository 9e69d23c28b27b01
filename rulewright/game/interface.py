"""The interface every game implements: OpenSpiel's shape, a state, its legal actions, apply one.

A game is a ``Game`` subclass in a package of its own, registered by name in the project's
``pyproject.toml`` (``[tool.rulewright.games]``: ``"my-game" = "my_game:GAME"``). It declares, all in the class:

- ``name`` (as examples write it: ``game: muck-and-brass``) and ``title``;
- ``settings``: the documented choices where the source rules are ambiguous or have variants;
- ``presets``: named setups (a board, a market) that examples start from and override;
- ``unordered`` and ``pairs`` (optional): view paths of lists whose order means nothing and of
  things keyed by pairs ``A-B`` that may be written ``B-A``, so examples compare what is meant;
- ``new_state(setup, settings, rng)``: build a state from an example's ``setup`` mapping;
- ``parse_action(state, actor, text)``: read one action in the game's notation;
- ``legal_actions(state)``: every action that ``apply`` would accept now (may be a sample for
  games where listing all is impractical; say so in the docstring);
- ``apply(state, action)``: change the state and return the events, or raise ``Refusal``;
- ``view(state)``: a plain, documented dict of the state, the thing examples' ``expect`` reads;
- ``phrases`` (optional): how the book says this game's state paths and events in words, a YAML
  file beside the game's module (``phrases = "phrases.yaml"``) or a mapping; the authoring
  guide shows the file. Its ``events`` are the game's event catalogue.
- ``diagram`` (optional): ``draw(run, when, options) -> str``, the Graphviz DOT source of a played
  example's state ``when`` (``"before"`` or ``"after"``). DOT is plain text, so the drawer lives
  with the game; ``rulewright.dot`` has the shared look and the escaping. A game without one
  still works; only examples asking for a ``:diagram:`` are told it has none.
- ``diagram_options``: the extra words the drawer understands after ``before``/``after``/``both``
  in an example's ``:diagram:`` (``:diagram: after legal``); any other word is refused.
- ``setup_of(state)`` (optional): the position written back as an example's ``setup``, so that
  play can be kept as data (records, examples cut out of play); see its docstring.
- ``is_over(state)`` (optional): whether the game has ended, so that a position where it has not
  and nobody can act is found (``rulewright fuzz``).
- ``invariants(state)`` (optional): the game's conservation laws (money, shares, tiles, tokens),
  checked after every move by ``rulewright fuzz``; see its docstring.
- ``seats(state)``, ``places(state)``, ``score(state, player)`` and ``decider(state, actor)``
  (optional): who plays, in seat order; each player's place when the game is over; a player's
  points (or a designer's estimate of how well they stand); and which player chooses a move whose
  actor is not a player (a company's president). Simulated play (``rulewright simulate``) reads
  them for its figures; see their docstrings.
- ``deal_draws(deal, setup, settings)`` (optional): an example's ``deal:`` (where the cards that matter
  are dealt, in view paths) as the draws that deal them; see its docstring.
- ``hidden`` (optional): the view paths a player may not see (hands, the deck, a card set aside),
  and whose they are; ``view_for(state, player)`` is the view as that player knows it, made from
  ``hidden`` unless the game gives its own. Examples written "as" a player (``:as: ann``) read it;
  see ``hidden`` and ``view_for`` below.

``apply`` may mutate the state it is given; callers use ``step``, which works on a copy so that a
refused action leaves the state exactly as it was.
"""
from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, Callable

from rulewright.game.events import Event
from rulewright.game.refusal import InputError, Refusal, did_you_mean
from rulewright.game.values import MOST, quoting_hint, written, yaml_reading


class Action:
    """Base for a game's actions. Subclasses are frozen dataclasses with ``actor`` and a
    ``notation()`` that ``parse_action`` reads back to an equal action. (No fields here, so
    subclasses order their own fields freely.)"""

    def notation(self) -> str:  # pragma: no cover - each game defines it
        raise NotImplementedError


@dataclass(frozen=True)
class Setting:
    """A documented game setting: where the rules are ambiguous, the reading is a choice.

    ``applies``, when given, says from a state whether the setting can matter at all there (a
    five-player rule with three players cannot); ``applies_when`` says the same in words ("with
    five players"). An example that gives a setting which cannot matter to it is reported."""

    default: Any
    doc: str
    choices: tuple = ()
    applies: Callable[[Any], bool] | None = None
    applies_when: str = ""

    def offers(self, value: Any) -> bool:
        """Whether ``value`` is one of the choices, of the same kind: YAML's number 2019 is not the
        word '2019', nor its false the word 'off' (a setting without choices takes any value)."""
        return not self.choices or any(value == choice and type(value) is type(choice) for choice in self.choices)

    def misread(self, value: Any) -> str:
        """When ``value`` is what YAML makes of one of the word choices written without quotes, the
        words saying so, with the choices ("without quotes, YAML reads off as true or false, not as
        a word: write it in quotes: 'off' (its choices are 'on', 'off')."); else ""."""
        hint = quoting_hint(value, self.choices) if not self.offers(value) else ""
        listed = ", ".join(written(choice) for choice in self.choices)
        return f"{hint[:1].lower() + hint[1:-1]} (its choices are {listed})." if hint else ""


class Game(ABC):
    name: str = ""
    title: str = ""
    settings: dict[str, Setting] = {}
    presets: dict[str, dict] = {}
    diagram: Callable[..., str] | None = None
    phrases: str | dict | None = None
    diagram_options: frozenset[str] = frozenset()
    unordered: tuple[str, ...] = ()
    """Paths into the view (``*`` stands for one part, e.g. ``companies.*.links``) of lists whose
    order means nothing: an example's expectation is compared with them as a set. An event's
    details are at ``events.<event>.<detail>``."""
    pairs: tuple[str, ...] = ()
    """Paths into the view of mappings and lists of pairs written ``A-B``, where ``B-A`` names the
    same pair (``*`` as in ``unordered``)."""
    largest_number: int = MOST
    """The largest number an example may state (in its setup, settings, draws or a move such as
    'pay 140'): beyond it a number is a slip of the keyboard, refused at its line, never played.
    A game whose amounts or counts truly run higher sets it higher."""
    hidden: tuple[str, ...] = ()
    """Paths into the view that not every player can see, ``*`` standing for one part as in
    ``unordered``; a part written ``<player>`` stands for one part too, and names the player who
    sees it (the owner): ``("players.<player>.hand", "deck", "aside")`` is each hand, seen by its
    owner only, and a deck and a set-aside card nobody sees. ``view_for`` hides them (see there).
    In the player's edition, an example told for the table or as a player prints such a value as
    "unseen" (so write the setup's keys like the view's: ``players: {bob: {hand: [...]}}``)."""
    hidden_setup: tuple[str, ...] = ()
    """Paths into an example's setup that hold what ``hidden`` hides, for a game whose setup keys
    do not mirror its view (``("hands.<player>", "stock")``, written as in ``hidden``): the
    player's edition prints them as unseen as it does the view's. Without them, a setup value the
    position holds at a hidden path of the view (a hand dealt as written, in any order) is found by
    its value, so most games need not name them."""

    def resolve_settings(self, given: dict | None) -> dict:
        """The full settings dict: defaults, overridden by ``given`` (checked by name and value)."""
        given = given or {}
        if not isinstance(given, dict):
            raise InputError("'settings' must be a mapping of setting name to value.", "settings")
        resolved = {name: s.default for name, s in self.settings.items()}
        for name, value in given.items():
            if name not in self.settings:
                raise InputError(
                    f"{self.title} has no setting {name!r}. {did_you_mean(name, self.settings)}",
                    f"settings.{name}",
                )
            setting = self.settings[name]
            if not setting.offers(value):
                misread = setting.misread(value)
                listed = ", ".join(written(c) for c in setting.choices)
                raise InputError(  # a word YAML read as a number or yes/no: the fix comes first
                    f"Setting '{name}': {misread}" if misread else
                    f"Setting '{name}' cannot be {written(value)}; it must be one of {listed}."
                    + (" " + yaml_reading(value) if yaml_reading(value) else ""),
                    f"settings.{name}",
                )
            resolved[name] = value
        return resolved

    @abstractmethod
    def new_state(self, setup: dict, settings: dict, rng) -> Any:
        """A state from an example's ``setup`` (a preset already merged in), the full ``settings``
        and the ``Rng`` every random draw goes through (keep it as ``state.rng``). Check every key
        and raise ``InputError(message, "key.path")`` naming the key at fault, so the message
        points at its line; raise ``Refusal`` for a setup that breaks a rule."""

    @abstractmethod
    def parse_action(self, state: Any, actor: str | None, text: str) -> Action:
        """One move in the game's notation, ``text`` as an example writes it after ``actor:``
        (``actor`` is ``None`` for a plain line). Raise ``InputError`` for what cannot be read, with
        the notation meant; leave the rules to ``apply``."""

    @abstractmethod
    def legal_actions(self, state: Any) -> list[Action]:
        """Every action ``apply`` would accept now, in a stable order (random play, ``rulewright
        play`` and the tests rely on it being complete; say so in the docstring where it is a
        sample)."""

    @abstractmethod
    def apply(self, state: Any, action: Action) -> list[Event]:
        """Play ``action`` on ``state`` (changing it) and return the events it set off, or raise
        ``Refusal(rule_id, reason)`` citing the rule that forbids it. Call ``check_action(self,
        state, action)`` first, so that an action built by other code is held to the notation.
        Callers play on a copy (``step``), so a refusal may leave ``state`` half changed."""

    @abstractmethod
    def view(self, state: Any) -> dict:
        """The state as plain data (mappings, lists, strings, numbers, true/false, none): what
        examples' ``expect:`` paths read, and what the chapter's notation page documents."""

    def view_for(self, state: Any, player: str | None) -> dict:
        """Optional: the view as ``player`` knows it, what an example written "as" that player
        (``:as: ann``, or ``as: ann`` in a ``- expect:`` check) reads, and what a diagram for that
        player draws. The default is ``view(state)`` with every path of ``hidden`` that ``player``
        does not own replaced by a marker, ``{"hidden": n}`` (``hide_view``): ``n`` is how many
        items a hidden list or mapping holds (a hand's size is public, its cards are not), ``True``
        for anything else. A game whose knowledge is richer (a card seen once and remembered, a
        card revealed at the end) gives its own, marking what is hidden the same way, so that an
        expectation reading it is reported as one the player cannot see. ``player`` ``None`` is the
        whole table: what every player sees (each hidden thing hidden, unless the game has revealed
        it), as the player's edition draws an example told for nobody in particular."""
        return hide_view(self.view(state), self.hidden, player)

    def setup_of(self, state: Any) -> dict:
        """Optional: the position ``state`` written in the setup keys an example uses.

        ``new_state(setup_of(s), settings, rng)`` must give a state with the same view, the same
        legal actions and the same future under the same moves and chance (the settings are not
        part of the setup: a record or an example states them apart). Write it minimal, a preset
        plus what differs from it (``minimal_setup`` does that from a full setup), so that an
        example cut out of play stays readable. A game without it cannot have examples cut out of
        play, and its records cannot report the position a refused move was made in."""
        raise NotImplementedError(f"{self.title} does not write its positions as setups (Game.setup_of).")

    def deal_draws(self, deal: dict, setup: dict, settings: dict | None = None) -> list:
        """Optional: a deal said the way the game's words say where cards go, turned into the
        draws it takes. An example may write, instead of the order of a whole shuffle under
        ``draws:``, where the cards that matter are dealt: ``deal:``, a mapping from a view path to
        what the deal puts there (``aside: 4``, ``players.ann.hand: [1, 3, 6]``); what it leaves
        out is left to the seed. Return the draws (as ``draws:`` states them, e.g. ``[{"top":
        [4, 1, 2, 3]}]`` for a shuffle whose first cards are those) that make the deal ``new_state``
        does with ``setup`` (the preset merged in) put those cards there; they are stated before
        any of the example's own ``draws:``. Raise ``InputError(message, "players.ann.hand")``
        naming the deal's key at fault. The book prints the deal with the game's path phrases
        ("Ann's hand: 1, 3 and 6"), and, for an example told as a player, what that player cannot
        see as unseen (the paths of ``hidden``). A deal that depends on the settings (six cards a
        hand in one edition, five in another) takes them as ``settings`` (all of them resolved, as
        ``new_state`` gets them); a ``deal_draws(deal, setup)`` without it is called so too."""
        raise NotImplementedError(f"{self.title} cannot be dealt by 'deal:' (Game.deal_draws).")

    def is_over(self, state: Any) -> bool | None:
        """Optional: whether the game has ended in ``state``. Random play (``rulewright fuzz``)
        reports a position where the game is not over and nobody can act (a dead end the rules
        forgot); a game that does not say (``None``, the default) is not checked for them."""
        return None

    def settle(self, state: Any) -> list[Event]:
        """Optional: the automatic consequences that follow by themselves, with no player's choice:
        change ``state`` to the position they leave and return the events they set off (a market
        that reprices, a phase that ends when the last train is bought, a tile that slides). It is
        called once after ``new_state`` (an example's setup, a record's start, random play) and
        after every accepted move, before anything is checked; a move's events are followed by
        its consequences' events, and those of the setup are part of no move. Settling a settled
        position changes nothing. The default settles nothing: keep such consequences in
        ``apply`` when they follow one move only."""
        return []

    def seats(self, state: Any) -> list[str]:
        """Optional: the players in seat order (the first player first), for simulated play
        (``rulewright simulate``), which reports each seat's share of wins. The default, no seats,
        reports the length of games only."""
        return []

    def places(self, state: Any) -> dict[str, int] | None:
        """Optional: when the game is over, each player's place, 1 for the winner, as the rules rank
        them (tie-breaks included); players still level share a place (two 1s: a shared win).
        ``None`` while the game is not over, and the default (a game that does not say who won)."""
        return None

    def score(self, state: Any, player: str) -> float | None:
        """Optional: how well ``player`` stands in ``state``, a number, higher is better: the
        rules' points where the game counts them, or the designer's estimate. Simulated play reports
        it at the end of a game (the winner's margin), and its greedy agent picks the move that
        raises it most. ``None`` (the default) where the game gives no such number."""
        return None

    def decider(self, state: Any, actor: str | None) -> str | None:
        """Optional: the player who chooses the moves of ``actor`` when it is not itself a player (a
        company run by its president; ``None`` for a move any player may make). The default: the
        actor itself."""
        return actor

    def invariants(self, state: Any) -> list:
        """Optional: what must hold in every position of the game, checked after every move of
        random play (``rulewright fuzz``). Returns a ``Violation`` for each law broken (money
        created from nothing, a share counted twice, a tile in two places), citing the rule it
        concerns where one does; an empty list when all hold."""
        return []


HIDDEN = "hidden"  # the one key of the marker a hidden value is replaced by: {"hidden": 3}


def hidden_marker(value: Any) -> dict:
    """What a player who may not see ``value`` sees instead: ``{"hidden": n}``, ``n`` the number of
    items of a list or mapping (so "holds one card" can still be said), ``True`` for anything else.
    A mapping of whole numbers is a count of each kind (a bag, ``{crab: 3, star: 2}``): ``n`` is
    how many things it holds (5), not how many kinds. Nothing at all (``None``: no card held) is
    ``0``, as an empty hand is: that there is nothing is no secret."""
    if value is None:
        return {HIDDEN: 0}
    if isinstance(value, dict) and value and all(isinstance(n, int) and not isinstance(n, bool) and n >= 0
                                                 for n in value.values()):
        return {HIDDEN: sum(value.values())}
    return {HIDDEN: len(value) if isinstance(value, (list, tuple, dict)) else True}


def is_hidden(value: Any) -> bool:
    """Whether ``value`` is the marker of a hidden value (``hidden_marker``)."""
    return isinstance(value, dict) and len(value) == 1 and HIDDEN in value


def hidden_owner(patterns: tuple[str, ...] | list[str], path: str) -> tuple[bool, str | None]:
    """Whether the dotted ``path`` is one of the ``hidden`` patterns, and the player who owns it
    (the part at ``<player>``; ``None`` when nobody sees it)."""
    parts = path.split(".")
    for pattern in patterns or ():
        wanted = pattern.split(".")
        if len(wanted) != len(parts):
            continue
        owner, fits = None, True
        for want, part in zip(wanted, parts):
            if want == "<player>":
                owner = part
            elif want != "*" and want != part:
                fits = False
                break
        if fits:
            return True, owner
    return False, None


def hidden_part(patterns: tuple[str, ...] | list[str], path: str) -> tuple[str | None, str | None]:
    """The part of the dotted ``path`` that is one of the ``hidden`` patterns (``path`` itself or a
    path it lies under) and the player who owns it; ``(None, None)`` when nothing on it is hidden."""
    parts = str(path).split(".")
    for n in range(1, len(parts) + 1):
        found, owner = hidden_owner(patterns, ".".join(parts[:n]))
        if found:
            return ".".join(parts[:n]), owner
    return None, None


def hide_view(view: Any, patterns: tuple[str, ...] | list[str], player: str | None, path: str = "") -> Any:
    """``view`` as ``player`` sees it: each value at a ``hidden`` pattern that ``player`` does not
    own replaced by ``hidden_marker``. ``player`` ``None`` sees nothing hidden."""
    if path:
        found, owner = hidden_owner(patterns, path)
        if found and (owner is None or owner != player):
            return hidden_marker(view)
    if isinstance(view, dict):
        return {k: hide_view(v, patterns, player, f"{path}.{k}" if path else str(k)) for k, v in view.items()}
    if isinstance(view, list) and any(p.count(".") > path.count(".") for p in patterns or ()):
        return [hide_view(v, patterns, player, f"{path}.{i}" if path else str(i)) for i, v in enumerate(view)]
    return view


def implements(game: Game, method: str) -> bool:
    """Whether ``game`` gives its own ``setup_of``, ``is_over``, ``settle``, ``invariants``, ``deal_draws``,
    ``seats``, ``places``, ``score`` or ``decider`` (all optional)."""
    return getattr(type(game), method, None) is not getattr(Game, method, None)


@dataclass(frozen=True)
class Violation:
    """An invariant that does not hold: what is wrong, in plain words, and the rule ID it concerns
    (``None`` where no one rule does)."""

    message: str
    rule: str | None = None

    def __str__(self) -> str:
        return f"{self.message} (rule {self.rule})" if self.rule else self.message


def check_action(game: Game, state: Any, action: Any) -> None:
    """Raise ``InputError`` unless ``action`` is one that ``game.parse_action`` would have produced:
    an ``apply`` calls this first, so that an action built by other code (a test, a bot, a
    programmer's slip) is held to what the notation allows, e.g. no Bus ``Add`` between two
    crossings that no street joins. Reading the action's own notation back must give it again."""
    if not isinstance(action, Action):
        raise InputError(f"{action!r} is not a {game.title} action.")
    try:
        notation = action.notation()
        again = game.parse_action(state, getattr(action, "actor", None), notation)
    except (InputError, Refusal):
        raise
    except Exception:  # a malformed action object: its fields are not what the notation needs
        raise InputError(f"{action!r} is not a well-formed {game.title} action.") from None
    if again != action:
        raise InputError(f"{action!r} is not an action {game.title} can take: written '{notation}' it reads as "
                         f"{again!r}.")


@dataclass
class Outcome:
    """What ``step`` returns: the state after the action and the events it set off."""

    state: Any
    events: list[Event]


def step(game: Game, state: Any, action: Action) -> Outcome:
    """Apply ``action`` to a copy of ``state``, then settle what follows from it (``Game.settle``).
    Raises ``Refusal`` and leaves ``state`` untouched when a rule forbids the action."""
    trial = copy.deepcopy(state)
    events = list(game.apply(trial, action) or [])
    return Outcome(trial, events + list(game.settle(trial) or []))


def merge(base: Any, override: Any) -> Any:
    """Deep-merge a preset with an example's overrides: mappings merge key by key, anything else
    (numbers, strings, lists) is replaced."""
    if isinstance(base, dict) and isinstance(override, dict):
        out = dict(base)
        for key, value in override.items():
            out[key] = merge(base[key], value) if key in base else value
        return out
    return copy.deepcopy(override)
