"""The two actions and their notation.

- ``red: place 14-20``: a first setup marker, on any street (crossings in either order).
- ``red: add 14-20``: add the street from the line's end at 14 to crossing 20. The order matters:
  it says which end the line grows from, and so, when the street closes a circle, on which
  crossing the two ends meet (``add 14-20`` closes it at 20).
"""
from __future__ import annotations

from dataclasses import dataclass

from rulewright.game import Action, InputError, did_you_mean
from rulewright.game.refusal import lookup
from engine.games.bus.board import Street, street_name


@dataclass(frozen=True)
class Place(Action):
    actor: str
    street: Street

    def notation(self) -> str:
        return f"place {street_name(self.street)}"


@dataclass(frozen=True)
class Add(Action):
    actor: str
    frm: int
    to: int

    def notation(self) -> str:
        return f"add {self.frm}-{self.to}"


WORDS = ("add", "place")


def parse(state, actor: str | None, text: str) -> Action:
    if actor is None:
        raise InputError(f"Say whose line this is: write it as 'red: {text}', with the player's name first.")
    lookup("player", actor, state.players)
    word, _, rest = str(text).strip().partition(" ")
    if word not in WORDS:
        raise InputError(f"{word!r} is not a Bus action. {did_you_mean(word, WORDS)} Write 'add 14-20' to add "
                         "the street from your end at 14 to 20, or 'place 14-20' for a first setup marker.")
    if not rest.strip():
        raise InputError(f"'{word}' needs a street, for example '{word} 14-20'.")
    frm, to = state.board.parse_street(rest)
    if word == "place":
        return Place(actor, (min(frm, to), max(frm, to)))
    return Add(actor, frm, to)
