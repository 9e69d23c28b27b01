"""The words an example is written in: its keys, its options and its comparisons, and ``show``,
which writes a value back the way the example's YAML writes it (for messages)."""
from __future__ import annotations

from typing import Any

from rulewright.game.values import written

TOP_KEYS = ("game", "seed", "seeds", "draws", "deal", "settings", "setup", "do", "expect")
SPECIAL_EXPECT = ("refused", "events", "invariants", "as")  # "as: ann": the block reads ann's view
DIAGRAM_WHEN = ("before", "after", "both")
EXAMPLE_OPTIONS = ("show-source", "class", "name")  # besides id, rules, diagram, status, as and reveals, read first
OPTION = ":option:"  # LineMap key of a directive option's line: (OPTION, "diagram")
COMPARISONS = ("between", "at-least", "at-most", "contains", "one-of", "length", "hidden")


def show(value: Any) -> str:
    """A value in a message, as the example writes it in YAML (``[A1, C4]``, ``{ann: 2}``,
    ``null``); a text on its own is quoted ('lost'), so that it stands out from the sentence."""
    if isinstance(value, str):
        return repr(value)
    if isinstance(value, dict) and value and set(value) <= set(COMPARISONS) and "hidden" not in value:  # (not a hidden mark)
        return " and ".join(_show_comparison(k, v) for k, v in value.items())
    return written(value)


def _show_comparison(operator: str, operand: Any) -> str:
    if operator == "between" and isinstance(operand, list) and len(operand) == 2:
        return f"between {show(operand[0])} and {show(operand[1])}"
    return f"{operator.replace('-', ' ')} {show(operand)}"
