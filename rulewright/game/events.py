"""Events: what an action reports beyond the new state (a merger was triggered, a dividend paid).

An example can expect them by name (``events: [merger-triggered]``); ``data`` carries the details
that diagrams and the rendered outcome may show.
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Event:
    name: str
    data: dict = field(default_factory=dict, compare=False, hash=False)

    def __str__(self) -> str:
        if not self.data:
            return self.name
        details = ", ".join(f"{k} {v}" for k, v in self.data.items())
        return f"{self.name} ({details})"
