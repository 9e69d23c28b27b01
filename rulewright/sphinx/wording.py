"""The game's words in the build: its phrases read once per game, a mistake in them said at its
line of ``phrases.yaml`` (a build error under ``-W``, as ``make rulebook`` builds), and, in the
player's edition, an example that would print an engine word (a preset's name, a value such as
``deck-empty``) for which the phrases have no words, said at the example's line.

The same checks run in ``rulewright check`` and the tests (``rulewright.checks.book.phrase_problems``).
"""
from __future__ import annotations

import re

from docutils import nodes
from sphinx.util import logging

from rulewright.book import phrases
from rulewright.checks import levels
from rulewright.checks.book import engine_words

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

    found = engine_words(scenario, said)  # (a move without words is said once a kind, with the book's
    # problems at the end, in the words `rulewright check` says it: checks.book.shown_without_words)
    advice = []
    for problem in found:
        if levels.is_advice(problem):
            advice.append((problem.check, f"{problem.where}: {problem.message}"))
        else:
            logger.warning(problem.message, location=f"{problem.where.path}:{problem.where.line}", type="rulewright",
                           subtype="player-only")
    return advice


def names_capitalised(box, players) -> None:
    """The player's edition prints each player's name with a capital ("Ann", "Ann’s hand", "as Bob
    sees it"), as the moves' sentences do: in ``box`` (an example or a shared position), each of
    ``players`` written in lower case, wherever the box prints it (its title and captions from the
    book's text, its setup, moves and outcome from the game's phrases, a refusal's reason from the
    engine), is begun with a capital here, once for all of them. Code (a literal) and a move printed
    as the notation writes it (a pending example's, "ann: add 4") are left as written."""
    name = _lower_names(players)
    if name is None:
        return
    for text in list(box.findall(nodes.Text)):
        if any(isinstance(parent, (nodes.literal, nodes.literal_block, nodes.raw)) or "rw-notation" in parent.get("classes", ())
               for parent in _ancestors(text)):
            continue
        said = _capitalised(name, str(text))
        if said != str(text):
            text.parent.replace(text, nodes.Text(said))


def with_capitals(text: str, players) -> str:
    """``text`` (an example's title, as a link's hover title shows it) with each of ``players``
    written in lower case begun with a capital, as ``names_capitalised`` prints it in the box."""
    name = _lower_names(players)
    return text if name is None or not text else _capitalised(name, text)


def _lower_names(players):
    """A pattern of ``players``' names written in lower case, each as a whole word: not part of a
    longer name, a path (players.ann.cash) or a word joined by a hyphen (None: there are none)."""
    lower = sorted((str(p) for p in players if str(p)[:1].islower()), key=len, reverse=True)
    if not lower:
        return None
    return re.compile(r"(?<![\w.\-/#@])(" + "|".join(map(re.escape, lower)) + r")(?![\w\-]|\.\w)")


def _capitalised(name, text: str) -> str:
    return name.sub(lambda m: m.group(1)[:1].upper() + m.group(1)[1:], text)


def _ancestors(node):
    node = node.parent
    while node is not None:
        yield node
        node = node.parent
