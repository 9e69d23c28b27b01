"""A game setting's value as a designer types it, on the command line (``--setting NAME=VALUE``) or
in a ``{balance}`` claim's ``:setting:`` option: read as YAML, except that a word which is one of
the setting's choices is that word."""
from __future__ import annotations

import yaml

from rulewright.game import Game


def setting_value(game: Game, name: str, text: str):
    """The value of ``game``'s setting ``name`` written as ``text``: a word that is one of its choices
    is that word (the shell has already taken away any quotes: typed 'yes', a choice 'yes' arrives
    bare, and YAML would read it as true), anything else is read as YAML."""
    setting = game.settings.get(name)
    if setting is not None and text.strip() in [choice for choice in setting.choices if isinstance(choice, str)]:
        return text.strip()
    return yaml.safe_load(text)
