"""The one evaluator: read a worked example, play it on the engine, compare the outcome.

Both the Sybil parser (``make test``) and the Sphinx directive (``make rulebook``) call
``evaluate``; there is no second interpreter. An example is::

    game: <name>            which game plays it
    seed: <number>          optional: seeds the game's randomness (default 0)
    draws: [...]            optional: the results of the next random draws, stated outright
    seeds: <a>..<b>         optional instead: play once per seed; every expectation must hold for each
    settings: {...}         optional: the game's documented settings
    setup: {...}            the position; ``preset: <name>`` starts from a shipped preset,
                            ``from: <name>`` from a shared position declared with ``{position}``
    do: [...]               actions, each ``actor: text`` or a plain ``text``; an item
                            ``expect: {...}`` between them checks the state at that point
    expect: {...}           dotted paths into the game's view, ``refused: <rule>``, ``events: [...]``

An expected value is compared for equality, or with one of the ``COMPARISONS`` (``between``,
``at-least``, ``at-most``, ``contains``, ``one-of``, ``length``). Lists the game declares unordered
(``Game.unordered``) compare as sets, and mappings keyed by pairs (``Game.pairs``) find ``B-A``
when asked for ``A-B``.

``evaluate`` returns a ``Result``; a malformed example raises ``ExampleProblem`` instead.

Read it in this order, each module one step:

- ``vocabulary``: the words an example is written in, and ``show`` (a value as the YAML writes it);
- ``parsing``: the directive and its YAML become a ``Scenario`` (or a shared ``Position``);
- ``playing``: the moves played on the engine, giving a ``Run``;
- ``checking``: each ``expect`` block held against the run, giving a ``Result`` (``evaluate``);
- ``comparing``: how one expected value is compared with the actual one;
- ``results``: the ``Run``, ``Check`` and ``Result`` types, the report and the verdict.

(The modules are named for what they do, so that none shares a name with a function it exports.)
"""
from __future__ import annotations

from rulewright.scenario.vocabulary import SPECIAL_EXPECT, show
from rulewright.scenario.parsing import Position, Scenario, is_check_item, parse, parse_position, rule_ids
from rulewright.scenario.playing import find_position, play, position_chain, start
from rulewright.scenario.checking import (checked_paths, dealt_paths, evaluate, expected_events, rule_places,
                                          undeclared_rule, unknown_rules, written_checks)
from rulewright.scenario.comparing import COMPARISONS, compare, is_comparison, resolve
from rulewright.scenario.results import Check, Result, Run, Step, failure_text, seed_range, verdict

__all__ = ["COMPARISONS", "Check", "Position", "Result", "Run", "SPECIAL_EXPECT", "Scenario", "Step",
           "checked_paths", "compare", "dealt_paths", "evaluate", "expected_events", "failure_text", "find_position",
           "is_check_item", "is_comparison", "parse", "parse_position", "play", "position_chain",
           "resolve", "rule_ids", "rule_places",
           "seed_range", "show", "start", "undeclared_rule", "unknown_rules", "verdict", "written_checks"]
