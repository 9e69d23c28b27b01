"""The game's words in the build: its phrases read once per game, a mistake in them said at its
line of ``phrases.yaml`` (a build error under ``-W``, as ``make rulebook`` builds), and, in the
player's edition, an example that would print an engine word (a preset's name, a value such as
``deck-empty``) for which the phrases have no words, said at the example's line.

The same checks run in ``rulewright check`` and the tests (``rulewright.checks.book.phrase_problems``).
"""
from __future__ import annotations

from sphinx.util import logging

from rulewright.book import phrases

logger = logging.getLogger(__name__)

_reported: set[str] = set()


def game_phrases(game) -> phrases.Phrases:
    """The game's phrases; when its phrase file has a mistake, a warning at the file's line (once)
    and no phrases, so the book still builds and shows where to look."""
    try:
        return phrases.for_game(game)
    except phrases.PhraseError as error:
        where = error.where
        key = error.message
        if key not in _reported:
            _reported.add(key)
            location = f"{where.path}:{where.line}" if where is not None else None
            message = error.message.removeprefix(f"{where}: ") if where is not None else error.message
            logger.warning(message, location=location, type="rulewright", subtype="phrases")
        return phrases.Phrases(source=str(phrases.path_of(game) or ""))


def check_example(scenario, game, said: phrases.Phrases, sphinx_config) -> None:
    """In the player's edition: each engine word the example would print without the game's words
    for it, a warning at its line (a game that declares no phrases is shown in the engine's words)."""
    if sphinx_config.rulewright_edition != "player" or getattr(game, "phrases", None) is None:
        return
    from rulewright.checks.book import engine_words

    for problem in engine_words(scenario, said):
        logger.warning(problem.message, location=f"{problem.where.path}:{problem.where.line}", type="rulewright",
                       subtype="player-only")
