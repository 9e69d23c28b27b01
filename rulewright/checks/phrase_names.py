"""What a game's phrase file names that the game does not have (check ``phrase-names``): the words
for a state path, a preset, a setting or one of its choices that the game has no such thing for.
Such words are never printed (nothing the book shows reaches them) and the words the book needs go
missing in silence: a path misspelt in ``phrases.yaml`` left the examples that check the real path
blamed for having no words, never the phrase file's line.

Each is said at its line of the phrase file, with the name the game has that is nearest. A preset,
a setting and its choices are the game's own declarations. A state path is held to the positions
the book can show: each preset's starting position, the game's data files (a ``{value}`` reads
them), then, only while some path is still unmatched, the positions of the book's examples (before,
after and between their moves, from the store of results). A path is taken as the game's wherever
a position cannot tell (a wildcard over an empty list or mapping, a part that is empty for now), so
only a name no position has is said. ``rulewright check``, the whole-book test under pytest and the
book's build all call ``problems``.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable, Iterator

import yaml

from rulewright.book import phrases, registry
from rulewright.book.phrases import words
from rulewright.game import Rng, did_you_mean
from rulewright.problems import ExampleProblem, Where
from rulewright.scenario.playing import set_up
from rulewright.store.cache import evaluate

CHECK = "phrase-names"  # the check's code name (rulewright.checks.levels: advice below level 0.5)
ROOT = "the game's view"  # what the first part of a path is looked up in


def problems(game_names: Iterable[str], scenarios=None) -> list[ExampleProblem]:
    """The names in these games' phrase files that their games do not have, each at its line.
    ``scenarios``: the book's examples as read (``decl.parse()``), or a callable giving them (read
    only when a path is not found in a preset's start or a data file)."""
    found: list[ExampleProblem] = []
    for _, game in registry.phrased_games(game_names):
        try:
            said = phrases.for_game(game)
        except phrases.PhraseError:
            continue  # a mistake in the file: said at its line (checks.book.phrase_file_mistakes)
        if said.lines is None:
            continue  # phrases given as a mapping in the code: no line to point at
        found += _presets(game, said) + _settings(game, said) + _paths(game, said, scenarios)
    return found


def _problem(said, *written: Any, message: str) -> ExampleProblem:
    """A problem at the line of the phrase file's entry ``written`` (its keys as words)."""
    path: tuple = ()
    for word in written:
        path += (_key(said, path, word),)
    return ExampleProblem(Where(said.source, said.lines.line(*path)), message, check=CHECK)


def _presets(game, said) -> list[ExampleProblem]:
    known = [str(name) for name in (game.presets or {})]
    return [_problem(said, "presets", name, message=(
        f"The words for the preset '{name}' are for a preset {game.title or game.name} does not have. "
        f"{did_you_mean(name, known)} Write the preset's name as the game has it (as an example's "
        "'setup: {preset: ...}' names it), or remove the line."))
        for name in said.presets if name not in known]


def _settings(game, said) -> list[ExampleProblem]:
    found = []
    settings = getattr(game, "settings", {}) or {}
    for name, choices in said.settings.items():
        setting = settings.get(name)
        if setting is None:
            found.append(_problem(said, "settings", name, message=(
                f"The words for the setting '{name}' are for a setting {game.title or game.name} does not have. "
                f"{did_you_mean(name, settings)} Write the setting's name as the game has it, or remove them.")))
            continue
        offered = {words(choice) for choice in (setting.choices or ())}
        for choice in choices if offered else ():
            if choice not in offered:
                found.append(_problem(said, "settings", name, choice, message=(
                    f"The setting '{name}' has no choice '{choice}', so these words are never printed. "
                    f"{did_you_mean(choice, offered)} Write the choice as the game has it, or remove the line.")))
    return found


def _key(said, parent: tuple, written: str):
    """The key of the phrase file under ``parent`` that reads as ``written`` (YAML may have read
    it as a number or true/false), for its line."""
    for path in said.lines.lines:
        if path[:-1] == parent and str(path[-1]).lower() == str(written).lower():
            return path[-1]
    return written


def _paths(game, said, scenarios) -> list[ExampleProblem]:
    unmatched = {phrase.parts: phrase for phrase in said.paths}
    seen: list[Any] = []  # the positions (views) and data files looked at, for the nearest names
    for place in _places(game, scenarios):
        seen.append(place)
        for parts in [parts for parts in unmatched if _has(place, parts)]:
            del unmatched[parts]
        if not unmatched:
            return []
    found = []
    for parts, phrase in unmatched.items():
        owner, part, known = _nearest_miss(seen, parts)
        hint = did_you_mean(part, known) if known else ""
        found.append(_problem(said, "paths", ".".join(parts), message=(
            f"The phrase for '{'.'.join(parts)}' is for a path {game.title or game.name} "
            f"does not have: {owner} has no '{part}' in any position the book shows (the presets' starts, the "
            f"examples' positions) nor in the game's data files. {hint + ' ' if hint else ''}Write the path as "
            "an example's 'expect:' writes it, or remove the phrase.")))
    return found


def _places(game, scenarios) -> Iterator[Any]:
    """What a path may be found in, cheapest first: each preset's start, each data file of the
    game, then each position of each of the book's examples of the game."""
    for preset in (game.presets or {}).values():
        try:
            yield game.view(set_up(game, dict(preset), game.resolve_settings({}), Rng(0)))
        except Exception:  # noqa: BLE001 - a preset that does not set up is said where an example uses it
            continue
    yield from _data_files(registry.game_folder(game.name), getattr(game, "phrases", None))

    for scenario in (scenarios() if callable(scenarios) else scenarios or ()):
        if scenario.game_name != game.name:
            continue
        try:
            run = evaluate(scenario, known_rules=None).run
        except Exception:  # noqa: BLE001 - an example that cannot be played says so itself
            continue
        states = [run.before, *(step.state for step in run.steps), *(c.state for c in run.checkpoints), run.after]
        for state in states:
            if state is not None:
                try:
                    yield run.game.view(state)
                except Exception:  # noqa: BLE001 - the example's own test says what is wrong with it
                    continue


def _data_files(folder: Path, phrase_file) -> Iterator[Any]:
    folder = Path(folder)
    if not folder.is_dir():
        return
    for path in sorted(folder.rglob("*.y*ml")):
        if path.name == str(phrase_file) or path.suffix not in (".yaml", ".yml"):
            continue
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, yaml.YAMLError):
            continue  # a data file's own mistakes are the game's to say when it reads it
        if isinstance(data, dict):
            yield data


def _has(node: Any, parts: tuple[str, ...]) -> bool:
    """Whether a path of these parts (``*`` for any one part) may be in ``node``: where the node
    cannot tell (nothing in it yet), it may."""
    if not parts:
        return True
    if node is None:
        return True  # (a part empty for now may hold anything later)
    first, rest = parts[0], parts[1:]
    if isinstance(node, dict):
        if first == "*":
            return not node or any(_has(child, rest) for child in node.values())
        return any(str(key) == first and _has(child, rest) for key, child in node.items())
    if isinstance(node, (list, tuple)):
        if first == "*":
            return not node or any(_has(child, rest) for child in node)
        return first.isdigit() and int(first) < len(node) and _has(node[int(first)], rest)
    return False


def _nearest_miss(places: list, parts: tuple[str, ...]) -> tuple[str, str, set[str]]:
    """Where the path goes wrong, over all ``places``: the deepest part reached, as its owner
    (``heaps``, or ``the game's view``), the part it lacks, and the names that owner has there."""
    best: tuple[int, str, str, set[str]] = (-1, ROOT, parts[0], set())
    for place in places:
        for depth, owner, part, known in _misses(place, parts, 0, ()):
            if depth > best[0]:
                best = (depth, owner, part, set(known))
            elif depth == best[0] and (owner, part) == best[1:3]:
                best[3].update(known)
    return best[1], best[2], best[3]


def _misses(node: Any, parts: tuple[str, ...], depth: int, owner: tuple[str, ...]):
    """Each place the path leaves ``node``: its depth, owner, the part and the keys there."""
    if not parts or node is None:
        return
    first, rest = parts[0], parts[1:]
    children = (list(node.items()) if isinstance(node, dict)
                else list(enumerate(node)) if isinstance(node, (list, tuple)) else [])
    matched = [(key, child) for key, child in children if first == "*" or str(key) == first]
    if not matched:
        yield depth, ".".join(owner) or ROOT, first, {str(key) for key, _ in children}
    for key, child in matched:
        yield from _misses(child, rest, depth + 1, owner + (first,))
