"""Which games each rule is for (the games its chapter's examples play), and an example naming a
rule of another game than the one it plays."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from rulewright import scenario
from rulewright.book import config, registry
from rulewright.book.scanner.pages import scan_cached
from rulewright.book.scanner.stamps import pages_stamp
from rulewright.problems import ExampleProblem

def rule_games(root: Path | None = None) -> dict[str, frozenset[str]]:
    """The games each rule is for: the games the examples in its chapter (the folder of the page
    declaring it) play. Cached until a page of the book changes."""
    root = Path(root) if root is not None else config.current().rulebook
    stamp = pages_stamp(root)
    return _rule_games(root, stamp)


@lru_cache(maxsize=4)
def _rule_games(root: Path, stamp: tuple) -> dict[str, frozenset[str]]:
    found = scan_cached(root, stamp)
    by_folder: dict[str, set[str]] = {}
    for decl in found.examples:
        game = decl.game_name()
        if game and _is_game(game):  # (a misspelt game is no game of the chapter)
            by_folder.setdefault(str(Path(decl.where.path).parent), set()).add(game)
    return {rule_id: frozenset(by_folder.get(str(Path(rule.where.path).parent), ()))
            for rule_id, rule in found.rules.items()}


def other_game_rules(s: scenario.Scenario, games: dict[str, frozenset[str]]) -> list[ExampleProblem]:
    """A problem for each rule the example names that belongs to another game than the one it
    plays (a rule ID copied with an example from another chapter), at the line naming it. An
    example of a game that does not exist has no such problem: its game is its problem."""
    return [ExampleProblem(where, f"The rule {rule!r} is a rule of {' and '.join(sorted(games[rule]))} (the "
                                  f"examples of its chapter play {'it' if len(games[rule]) == 1 else 'them'}), but "
                                  f"this example plays {s.game_name}. Name a rule of {s.game_name} here, or fix "
                                  "the example's 'game:'.")
            for rule, where in scenario.rule_places(s)
            if "game" in s.data and games.get(rule) and s.game_name not in games[rule] and _is_game(s.game_name)]


def _is_game(name: str) -> bool:
    """Whether a game called ``name`` is registered: an example naming none (a misspelt 'game:') is
    said so at its 'game:' line when played ("There is no game called ..."), not blamed for the
    rules it names."""
    return name in registry.known()
