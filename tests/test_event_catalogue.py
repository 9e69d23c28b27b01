"""Each game's event catalogue (its phrases' ``events``, shown on its notation page) is exactly
what its engine can emit: every event named in the engine's code and every event the rulebook's
examples set off when played."""
import sys
from pathlib import Path

import pytest

from rulewright.book import scanner
from rulewright.book import phrases
from rulewright.checks.book import event_sites
from rulewright.book.registry import get_game
from rulewright.scenario import evaluate

GAMES = ["muck-and-brass", "bus", "powerup", "1870"]


@pytest.fixture(scope="module")
def emitted():
    seen: dict[str, set[str]] = {name: set() for name in GAMES}
    for decl in scanner.scan().examples:
        result = evaluate(decl.parse())
        seen.setdefault(result.scenario.game_name, set()).update(e.name for e in result.run.events)
    return seen


@pytest.mark.parametrize("name", GAMES)
def test_the_event_catalogue_is_what_the_engine_emits(name, emitted):
    game = get_game(name)
    folder = Path(sys.modules[type(game).__module__].__file__).parent
    engine = {event for event, _ in event_sites(folder)} | emitted[name]
    catalogue = set(phrases.for_game(game).events)
    assert engine - catalogue == set(), "events the engine emits that the catalogue lacks"
    assert catalogue - engine == set(), "catalogue entries the engine never emits"
