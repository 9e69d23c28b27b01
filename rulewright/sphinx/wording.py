"""The game's words in the build: its phrases read once per game, a mistake in them said at its
line of ``phrases.yaml`` (a build error under ``-W``, as ``make rulebook`` builds), and, in the
player's edition, an example that would print an engine word (a preset's name, a value such as
``deck-empty``) for which the phrases have no words, said at the example's line.

The same checks run in ``rulewright check`` and the tests (``rulewright.checks.book.phrase_problems``).
"""
from __future__ import annotations

from sphinx.util import logging

from rulewright.book import phrases
from rulewright.checks import levels
from rulewright.problems import display_path

logger = logging.getLogger(__name__)


def game_phrases(game) -> phrases.Phrases:
    """The game's phrases; when its phrase file has a mistake, no phrases (``unreadable``), so the
    book still builds. The mistake is said once, at the file's line, with the book's problems at
    the end of every build (``rulewright.checks.book.phrase_file_problems``); what the pages then
    print in the engine's words is not said again (their boxes are marked reported)."""
    try:
        return phrases.for_game(game)
    except phrases.PhraseError:
        return phrases.Phrases(source=str(phrases.path_of(game) or ""), unreadable=True)


def check_example(scenario, game, said: phrases.Phrases, sphinx_config) -> list[tuple[str, str]]:
    """In the player's edition: each engine word the example would print without the game's words
    for it, a warning at its line (a game that declares no phrases is shown in the engine's words).
    What a check newer than the book's check level finds is advice instead (``rulewright.checks.levels``):
    returned (its check, and its words at its line) for the end of the build to say once and count,
    never a build error."""
    if sphinx_config.rulewright_edition != "player" or getattr(game, "phrases", None) is None or said.unreadable:
        return []
    from rulewright.checks.book import MOVE_WORDS, engine_words, moves_without_words
    from rulewright.problems import ExampleProblem

    found = engine_words(scenario, said)
    found += [ExampleProblem(where, f"The book has no words for the move '{notation}': the player's edition prints it "
                             f"as the notation. Add a pattern for it under 'moves:' in {display_path(said.source)}.",
                             check=MOVE_WORDS) for notation, where in moves_without_words(scenario, said)]
    advice = []
    for problem in found:
        if levels.is_advice(problem):
            advice.append((problem.check, f"{problem.where}: {problem.message}"))
        else:
            logger.warning(problem.message, location=f"{problem.where.path}:{problem.where.line}", type="rulewright",
                           subtype="player-only")
    return advice
