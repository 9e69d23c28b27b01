"""The four actions and their notation (what an example writes after ``ann:``).

- ``draw``: refill the hand to five tiles.
- ``play E5``: play a tile. When it founds a company, name it: ``play E5 found ES``. When a
  merger has a size tie, name the survivor: ``play E5 survivor ES``, and optionally the order the
  others are absorbed in: ``play E5 survivor ES order MT CP``.
- ``buy ES``: buy one share.
- ``end turn``: pass the turn on.
"""
from __future__ import annotations

from dataclasses import dataclass

from rulewright.game.interface import Action
from rulewright.game.refusal import InputError, lookup
from engine.games.powerup.board import parse_tile
from engine.games.powerup.data import company_code

WORDS = ("draw", "play", "buy", "end turn")


@dataclass(frozen=True)
class Draw(Action):
    actor: str

    def notation(self) -> str:
        return "draw"


@dataclass(frozen=True)
class Play(Action):
    actor: str
    tile: str
    found: str | None = None
    survivor: str | None = None
    order: tuple[str, ...] = ()

    def notation(self) -> str:
        text = f"play {self.tile}"
        if self.found:
            text += f" found {self.found}"
        if self.survivor:
            text += f" survivor {self.survivor}"
        if self.order:
            text += " order " + " ".join(self.order)
        return text


@dataclass(frozen=True)
class Buy(Action):
    actor: str
    company: str

    def notation(self) -> str:
        return f"buy {self.company}"


@dataclass(frozen=True)
class EndTurn(Action):
    actor: str

    def notation(self) -> str:
        return "end turn"


def parse(state, actor: str | None, text: str) -> Action:
    if actor is None:
        raise InputError(f"Every powerUp action is a player's: write it as 'ann: {text}'.")
    lookup("player", actor, state.players)
    words = str(text).split()
    verb = words[0].lower() if words else ""
    rest = words[1:]
    if verb == "draw" and not rest:
        return Draw(actor)
    if verb == "end" and [w.lower() for w in rest] in ([], ["turn"]):
        return EndTurn(actor)
    if verb == "buy" and len(rest) == 1:
        return Buy(actor, company_code(rest[0]))
    if verb == "play" and rest:
        return _play(actor, rest)
    raise InputError(
        f"Cannot read the action {text!r}. {_hint(verb, rest)}powerUp actions are: 'draw', 'play E5' (with "
        "'found ES' or 'survivor ES' when the play needs a choice), 'buy ES' and 'end turn'."
    )


def _hint(verb: str, rest: list[str]) -> str:
    """How to write what the designer meant, for the commonest slips."""
    if verb in ("found", "survivor") and rest:
        return (f"A company is {'founded' if verb == 'found' else 'chosen to survive'} by the tile played: "
                f"write 'play <tile> {verb} {rest[0]}', e.g. 'play E5 {verb} {rest[0]}'. ")
    if verb == "buy" and len(rest) > 1:
        company = next((w for w in rest if not w.isdigit()), "ES")
        return f"Each buy is one share: write 'buy {company}' once per share, one move per line. "
    if verb in ("pass", "done", "end-turn", "endturn"):
        return "To end the turn, write 'end turn'. "
    return ""


def _play(actor: str, words: list[str]) -> Play:
    tile, choices, key = parse_tile(words[0]), {"found": [], "survivor": [], "order": []}, None
    for word in words[1:]:
        if word.lower() in choices:
            key = word.lower()
        elif key is None:
            raise InputError(f"After the tile, write 'found ES', 'survivor ES' or 'order MT CP', "
                             f"not {word!r}.")
        else:
            choices[key].append(company_code(word))
    if key and not choices[key]:
        raise InputError(f"'{key}' must be followed by a company, such as '{key} ES'.")
    for key in ("found", "survivor"):
        if len(choices[key]) > 1:
            raise InputError(f"'{key}' names one company, not {len(choices[key])}.")
    return Play(actor, tile, found=(choices["found"] or [None])[0],
                survivor=(choices["survivor"] or [None])[0], order=tuple(choices["order"]))
