"""How the book says the engine's things in words: state paths ("companies.LMR.income") as phrases
("LMR's income"), events as one sentence each, values as a reader writes them.

Each game supplies its phrases as data, declared on the game class (``Game.phrases``: a YAML file
beside the game's module, or a mapping)::

    paths:                                   # a pattern per path; * stands for one part
      general_dividends: General Dividends paid
      companies.*.treasury: {say: "{1}'s treasury", value: "${}"}
    events:                                  # every event the engine can emit: its sentence
      link-built: "{company} builds {link}; its income is now {income}."

``{1}`` in a path phrase is the path's second part (counting from 0); ``{name}`` in an event
sentence is the event's detail of that name; ``value`` says how a value is written (``"${}"``).
The whole-book checks fail when the book shows a path or an event with no phrase, so the wording
cannot drift from the engine. The ``events`` list is also the game's event catalogue, shown on
its notation page (``{event-catalogue}``).
"""
from __future__ import annotations

import string
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml


class PhraseError(Exception):
    """A phrase file that cannot be read (its message names the file and the fix)."""


@dataclass
class PathPhrase:
    parts: tuple[str, ...]
    say: str
    value: str | None = None

    def matches(self, parts: tuple[str, ...]) -> bool:
        return len(parts) == len(self.parts) and all(p == "*" or p == q for p, q in zip(self.parts, parts))


@dataclass
class Phrases:
    paths: list[PathPhrase] = field(default_factory=list)
    events: dict[str, str] = field(default_factory=dict)
    source: str = ""

    def find(self, key: str) -> PathPhrase | None:
        parts = tuple(key.split("."))
        found = [p for p in self.paths if p.matches(parts)]
        # The most specific pattern wins: fewest wildcards.
        return min(found, key=lambda p: p.parts.count("*")) if found else None

    def path(self, key: str) -> str | None:
        """``companies.LMR.income`` as "LMR's income", or None when no pattern fits."""
        phrase = self.find(key)
        if phrase is None:
            return None
        return phrase.say.format(*key.split("."))

    def value(self, key: str, value: Any) -> str:
        """``value`` as a reader writes it, with the unit the path's phrase gives."""
        phrase = self.find(key)
        text = words(value)
        if phrase is not None and phrase.value and not isinstance(value, (list, dict, bool, type(None))):
            return phrase.value.format(text)
        return text

    def event(self, event) -> str | None:
        """The event as one sentence, or None when the catalogue has no sentence for it."""
        template = self.events.get(event.name)
        if template is None:
            return None
        try:
            return template.format_map(_Words(event.data))
        except (KeyError, IndexError, ValueError):
            return None


class _Words(dict):
    def __getitem__(self, key):
        return words(dict.__getitem__(self, key))


def words(value: Any) -> str:
    """A value as a reader writes it: lists as "A, B and C", none, yes and no."""
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
        return "; ".join(f"{k}: {words(v)}" for k, v in value.items())
    return str(value)


def fields(template: str) -> list[str]:
    return [name for _, name, _, _ in string.Formatter().parse(template) if name]


def load(data: Any, source: str) -> Phrases:
    if not isinstance(data, dict):
        raise PhraseError(f"{source}: a phrase file is a mapping with 'paths:' and 'events:'.")
    unknown = set(data) - {"paths", "events"}
    if unknown:
        raise PhraseError(f"{source}: unknown section {sorted(unknown)[0]!r}; a phrase file has only "
                          "'paths:' and 'events:'.")
    out = Phrases(source=source)
    for pattern, said in (data.get("paths") or {}).items():
        if isinstance(said, str):
            said = {"say": said}
        if not isinstance(said, dict) or "say" not in said:
            raise PhraseError(f"{source}: the path {pattern!r} needs a phrase, e.g. "
                              f"{pattern}: \"what it is in words\" (or {{say: ..., value: \"${{}}\"}}).")
        out.paths.append(PathPhrase(tuple(str(pattern).split(".")), str(said["say"]), said.get("value")))
    for name, sentence in (data.get("events") or {}).items():
        if not isinstance(sentence, str):
            raise PhraseError(f"{source}: the event {name!r} needs one sentence in quotes.")
        out.events[str(name)] = sentence
    return out


_cache: dict[type, Phrases] = {}


def for_game(game) -> Phrases:
    """The phrases a game declares (``Game.phrases``); none declared gives an empty set."""
    kind = type(game)
    if kind in _cache:
        return _cache[kind]
    declared = getattr(game, "phrases", None)
    if declared is None:
        phrases = Phrases(source=f"(the game {game.name!r} declares no phrases)")
    elif isinstance(declared, dict):
        phrases = load(declared, f"the phrases of {kind.__module__}.{kind.__name__}")
    else:
        module = sys.modules[kind.__module__]
        path = Path(module.__file__).parent / str(declared)
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
        except (OSError, yaml.YAMLError) as error:
            raise PhraseError(f"{path}: cannot read the game's phrases ({error}).") from None
        phrases = load(data, str(path))
    _cache[kind] = phrases
    return phrases
