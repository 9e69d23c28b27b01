"""Reading numbers and yes/no values from an example's setup, with a plain message when a value
is of the wrong kind or out of range.

A game calls these where it reads a value, with the value's dotted path in the setup (such as
``players.ann.cash``): the evaluator turns the path into the line the value is on. A count is a
whole number (``2.5`` shares is refused, not cut to 2); money and counts have a ceiling, ``MOST``
unless the game chooses another (``high=``; ``None`` for none), so a slip such as
``cash: 1000000000000`` is refused instead of breaking the bank.
"""
from __future__ import annotations

import yaml

from rulewright.game.refusal import InputError

#: The largest amount or count read by default (and ``Game.largest_number``'s default): far beyond
#: any real board game's bank or supply, low enough that extra noughts are caught.
MOST = 1_000_000


def written(value) -> str:
    """``value`` as an example writes it in YAML, for messages: ``[A1, C4]``, ``{ann: 2}``,
    ``true``, ``null``; a text that YAML would read as something else is quoted (``'2019'``,
    ``'no'``, ``'a: b'``), so that what the message shows can be copied back into the example."""
    if isinstance(value, bool) or value is None:
        return {True: "true", False: "false", None: "null"}[value]
    if isinstance(value, (list, tuple, set, frozenset)):
        return "[" + ", ".join(written(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{written(k)}: {written(v)}" for k, v in value.items()) + "}"
    if isinstance(value, str):
        return value if _plain(value) else "'" + value.replace("'", "''") + "'"
    return str(value)


def quoting_hint(value, words) -> str:
    """When ``value`` (not a text) is what YAML makes of one of ``words`` written without quotes
    (``2019`` a number, ``off`` and ``no`` false, ``null`` nothing), the sentence that says to quote
    it; else "". For a message about a value that must be one of ``words``. (The toolchain already
    says this for a setting's value, ``Game.resolve_settings``, and for an expected value: use it
    for a value of the game's own setup that must be a word.)"""
    if isinstance(value, str):
        return ""
    meant = [w for w in words if isinstance(w, str) and _reads_as(w, value)]
    if not meant:
        return ""
    kind = ("true or false" if isinstance(value, bool) else "nothing (null)" if value is None
            else "a number" if isinstance(value, (int, float)) else "something else")
    return (f"Without quotes, YAML reads {' or '.join(meant)} as {kind}, not as a word: write it in quotes: "
            + " or ".join("'" + w.replace("'", "''") + "'" for w in meant) + ".")


def yaml_reading(value) -> str:
    """For a value YAML makes of a bare word that is no text (true or false, from yes, no, on, off;
    nothing, from null, ~ or an empty value), the sentence saying so; else "". For a message about
    a value that should have been a word or a label: the designer wrote ``no``, not ``false``."""
    if isinstance(value, bool):
        return (f"Without quotes, YAML reads {'yes, on and true' if value else 'no, off and false'} as "
                f"{written(value)}, not as a word: write a word in quotes.")
    if value is None:
        return "YAML reads an empty value, null and ~ as nothing: write a word in quotes."
    return ""


def _reads_as(text: str, value) -> bool:
    try:
        read = yaml.safe_load(text)
    except yaml.YAMLError:
        return False
    return type(read) is type(value) and read == value


def _plain(text: str) -> bool:
    """Whether ``text`` reads back as itself written bare inside a YAML list."""
    if not text or text != text.strip() or "\n" in text:
        return False
    try:
        return yaml.safe_load(f"[{text}]") == [text]
    except yaml.YAMLError:
        return False


def _key(where: str) -> str:
    return where.rsplit(".", 1)[-1]


def whole(value, where: str, what: str, low: int | None = 0, high: int | None = MOST) -> int:
    """``value`` as a whole number from ``low`` to ``high`` (either may be ``None``: no bound; ``high``
    is ``MOST`` unless given);
    ``what`` names it in words ("a number of shares")."""
    span = _span(low, high)
    what = what[:1].lower() + what[1:]
    example = low if low is not None and low > 0 else (high if high is not None and high < 2 else 2)
    if isinstance(value, bool) or not isinstance(value, int):
        kind = ("a fraction" if isinstance(value, float) else "yes/no" if isinstance(value, bool)
                else "empty" if value is None else written(value))
        raise InputError(f"'{_key(where)}' is {kind}, but {what} is a whole number{span}. Write it in digits, "
                         f"e.g. '{_key(where)}: {example}'.", where)
    if (low is not None and value < low) or (high is not None and value > high):
        raise InputError(f"'{_key(where)}: {value}' is out of range: {what} is a whole number"
                         f"{_span(low, high, value)}.", where)
    return value


def money(value, where: str, what: str, high: int | None = MOST) -> int:
    """An amount of money: a whole number from 0 to ``high``, the most the game can ever hold
    (``MOST`` unless the game says)."""
    return whole(value, where, what, 0, high)


def flag(value, where: str, what: str) -> bool:
    """``true`` or ``false``."""
    if not isinstance(value, bool):
        raise InputError(f"'{_key(where)}' says whether {what}: write 'true' or 'false', not {written(value)}.", where)
    return value


def _span(low, high, value=None) -> str:
    if high == MOST and low is not None and not (isinstance(value, int) and value > MOST):
        return f" of {low} or more"  # the ceiling every game has is said only to a number beyond it
    if high == MOST and isinstance(value, int) and value > MOST:
        return (f" from {low} to {MOST}" if low is not None else f" of at most {MOST}") + \
            " (numbers beyond that are beyond any game, unless the game allows them)"
    if low is not None and high is not None:
        return f" from {low} to {high}"
    if low is not None:
        return f" of {low} or more"
    if high is not None:
        return f" of at most {high}"
    return ""


def places(items, where: str, read_one, label) -> list:
    """The places a setup lists (cells of a board: ``[A1, C4]``; one alone is a list of one; none,
    an empty list), in its order, each read by ``read_one(item, where.<i>)``; one listed twice is
    an ``InputError`` at its entry, naming it by ``label(place)``."""
    if items is None:
        return []
    found: list = []
    for i, item in enumerate(items if isinstance(items, list) else [items]):
        place = read_one(item, f"{where}.{i}")
        if place in found:
            raise InputError(f"{label(place)} is listed twice.", f"{where}.{i}")
        found.append(place)
    return found

