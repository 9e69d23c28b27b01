"""Every rule of this book's games is found in its engine by one search for its ID: at the place that
enforces it (a refusal citing it, or a comment or docstring naming it where the engine computes it),
or in the game's data files where the rule is a table. A newcomer reading a rule finds its code.

A rule belongs to the game whose refusals use its ID's first part (``mb`` for Muck & Brass); a rule
of a game not in engine/ (the authoring guide's demo game) is not this test's.
"""
from __future__ import annotations

from collections import Counter
from pathlib import Path

from rulewright.book.scanner import declared_rules
from rulewright.checks.book import refusal_sites

REPO = Path(__file__).resolve().parents[1]
GAMES = REPO / "engine" / "games"


def prefix(rule: str) -> str:
    return rule.split(".", 1)[0]


def game_of_each_prefix() -> dict[str, Path]:
    """Each game package by the first part of the rule IDs its refusals cite."""
    found = {}
    for package in sorted(p for p in GAMES.iterdir() if (p / "__init__.py").is_file()):
        sites, _ = refusal_sites(package)
        if sites:
            found[Counter(prefix(site.rule) for site in sites).most_common(1)[0][0]] = package
    return found


def text_of(package: Path) -> str:
    return "\n".join(path.read_text(encoding="utf-8") for suffix in ("*.py", "*.yaml", "*.json")
                     for path in sorted(package.rglob(suffix)))


def test_every_rule_of_a_game_is_named_in_its_engine():
    games = game_of_each_prefix()
    assert {"mb", "bus", "pu", "1870", "hush"} <= set(games), games
    texts = {name: text_of(package) for name, package in games.items()}
    rules = declared_rules(REPO / "rulebook")
    missing = [f"{rule} (declared at {Path(place.path).relative_to(REPO)}:{place.line}; its game's engine is {games[prefix(rule)].name}/)"
               for rule, place in sorted(rules.items())
               if prefix(rule) in games and rule not in texts[prefix(rule)]]
    assert not missing, ("Rules no search of their game's engine finds: name each where the engine enforces "
                         "it (a refusal, or a comment 'rule <ID>' there):\n  " + "\n  ".join(missing))
