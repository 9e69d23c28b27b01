"""Events: what an action reports beyond the new state (a merger was triggered, a dividend paid).

An example can expect them by name (``events: [merger-triggered]``); ``data`` carries the details
that diagrams and the rendered outcome may show.

In a game of hidden information, an event whose details only some players see (a card drawn into
a hand) says who: ``Event("card-drawn", {"player": "ann", "card": 6}, seen_by=("ann",))``. The
player's edition then narrates it, for any other reader, with the event's ``unseen:`` sentence in
the game's phrases (``drew: {say: "{player} draws {card}.", unseen: "{player} draws a card."}``
under ``events:``), and the designer's edition says the truth, marked.
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Event:
    """What an action reports: its ``name`` (``link-built``), its details (``data``), and, when only
    some players see the details, who does (``seen_by``: a tuple of players' names)."""

    name: str
    data: dict = field(default_factory=dict, compare=False, hash=False)
    # Who at the table sees the details: None, everyone; a tuple of players' names, only they
    # (an empty tuple: nobody, e.g. a card put aside face down).
    seen_by: tuple[str, ...] | None = field(default=None, compare=False, hash=False)

    def seen(self, reader: str | None) -> bool:
        """Whether ``reader`` (a player's name, or None for the table as a whole) sees the details."""
        return self.seen_by is None or (reader is not None and reader in self.seen_by)

    def __str__(self) -> str:
        if not self.data:
            return self.name
        details = ", ".join(f"{k} {v}" for k, v in self.data.items())
        return f"{self.name} ({details})"
