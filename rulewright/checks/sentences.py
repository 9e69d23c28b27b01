"""What the checks that read the book's sentences about play share (the narration after moves and
examples, the lead-in before an example): the parts of a position a sentence can name, by their
phrases, and where an example's text ends on its page."""
from __future__ import annotations

import re

from rulewright.book import phrases


def subjects(said: phrases.Phrases, view, prefix=()) -> dict[str, str]:
    """Each part of the view that has a phrase, as {its phrase begun as a sentence: dotted path}."""
    found: dict[str, str] = {}
    if isinstance(view, dict):
        for key, value in view.items():
            path = prefix + (str(key),)
            words = said.path(".".join(path))
            if words is not None:
                found.setdefault(phrases.sentence(words), ".".join(path))
            found.update({k: v for k, v in subjects(said, value, path).items() if k not in found})
    return found


def end_line(text: str, start: int) -> int:
    """The line after an example's closing fence (the example opens at ``start``)."""
    lines = text.splitlines()
    fence = lines[start - 1].strip() if start - 1 < len(lines) else "```"
    marker = re.match(r"[`~:]{3,}", fence)
    close = marker.group(0) if marker else "```"
    for number in range(start, len(lines)):
        if lines[number].strip() == close:
            return number + 2
    return len(lines) + 1
