"""An ``{example}`` cut out of play: the position after some moves written as a setup, the next
moves, and as expectations what those moves changed and the events they set off. Pasted into a
page as it is, it passes (or, cut at a failure, it fails there exactly as the record did).
"""
from __future__ import annotations

from typing import Any

from pathlib import Path

import yaml

from rulewright.book.phrases import count as counted, players_of, run_players, words
from rulewright.game import Game, implements
from rulewright.scenario import Result, is_check_item
from rulewright.problems import display_path
from rulewright.scenario.changes import ABSENT, TABLE, changes


class CannotCut(Exception):
    """Why no example can be cut here, in words."""


def state_before(result: Result, move: int) -> Any:
    """The state just before move ``move`` (1-based) of a played run."""
    run = result.run
    return run.before if move == 1 else run.steps[move - 2].state


def draws_taken(before: Any, after: Any) -> list:
    """The random results drawn between two states of one game, as ``draws:`` states them."""
    first, second = getattr(before, "rng", None), getattr(after, "rng", None)
    if first is None or second is None:
        return []
    return second.drawn[len(first.drawn):]


def setup_of(game: Game, state: Any) -> dict:
    if not implements(game, "setup_of"):
        raise CannotCut(f"{game.title} does not write its positions as setups (its Game has no setup_of), so no "
                        "example can be cut out of play. See 'Positions as data' in the authoring guide.")
    return plain(game.setup_of(state))


def plain(value: Any) -> Any:
    """``value`` as plain YAML data: tuples and sets become lists, keys stay as they are."""
    if isinstance(value, dict):
        return {key: plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(item) for item in value]
    if isinstance(value, (set, frozenset)):
        return sorted(plain(item) for item in value)
    return value


def expectations(game: Game, before: Any, after: Any, events: list, actors=None, players=()) -> dict:
    """What changed between ``before`` and ``after``, as an ``expect:`` mapping, and the events.
    With ``actors`` (the players who made the moves), only what is theirs or no player's: a place
    under another of the ``players`` is left out, and so is a place left empty (a list or mapping
    emptied, as a round's own lists are at its end), which says little about the moves."""
    expect: dict = {}
    others = {str(p) for p in players} - {str(a) for a in actors or ()}
    for path, (old, new) in changes(game, before, after).items():
        if new is ABSENT or new is TABLE:
            continue  # a place that went, or became a table whose own places are listed
        if any("." in str(part) for part in path):
            continue  # a dotted path cannot name a key with a dot in it
        if actors is not None and (any(str(part) in others for part in path) or plain(new) in ([], {})):
            continue
        expect[".".join(map(str, path))] = plain(new)
    if events:
        expect["events"] = [event.name for event in events]
    if not expect:
        expect["invariants"] = "hold" if implements(game, "invariants") else None
        if expect["invariants"] is None:
            raise CannotCut("these moves changed nothing in the position and set off no event, so there is "
                            "nothing for the example to expect; cut more moves (--moves).")
    return expect


def example_text(*, example_id: str, title: str, game: str, settings: dict | None, setup: dict,
                 moves: list[tuple[str | None, str]], expect: dict, draws: list | None = None,
                 rules: list[str] | None = None, comment: str = "") -> str:
    """A MyST ``{example}`` block, written the way the book's examples are."""
    head = [f"```{{example}} {title}", f":id: {example_id}"]
    if rules:
        head.append(f":rules: {' '.join(rules)}")
    body: list[str] = [""]
    if comment:
        body += [f"# {line}" for line in comment.splitlines()]
    body.append(f"game: {scalar(game)}")
    if settings:
        body += _block("settings", settings)
    if draws:
        body += _block("draws", draws)
    body += _block("setup", setup) if setup else ["setup: {}"]
    if moves:
        body.append("do:")
        body += [f"  - {scalar(actor)}: {scalar(text)}" if actor else f"  - {scalar(text)}" for actor, text in moves]
    body += _block("expect", expect)
    return "\n".join(head + body + ["```"]) + "\n"


def _named(path) -> str:
    """A record's file as the example names it: from the project when it is in it, else its name
    alone (an example does not carry a path of one machine)."""
    shown = display_path(str(path))
    return Path(shown).name if Path(shown).is_absolute() else shown


def scalar(value: Any) -> str:
    return yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, width=10_000).splitlines()[0]


def _block(key: str, value: Any) -> list[str]:
    text = yaml.safe_dump({key: value}, default_flow_style=None, sort_keys=False, allow_unicode=True, width=110)
    return text.rstrip("\n").splitlines()


def failing_example(record, result: Result, move: int) -> str:
    """The example reproducing what went wrong at ``move`` of a replayed record: the position
    just before it, the move, and the refusal it met or the checkpoint after it."""
    run = result.run
    step = run.steps[move - 1]
    before = state_before(result, move)
    try:
        setup = setup_of(run.game, before)
    except CannotCut as why:
        return f"(No example can be cut: {why})"
    if step.refusal is not None:
        expect = {"refused": step.refusal.rule}
        note = (f"Move {move} of {record.path} (line {step.line}). The record plays it, the engine refuses it: "
                "if the record is right,\nthe engine is wrong here; otherwise correct the record.")
        after = before
    else:
        expect = _checkpoint_after(record, move)
        note = f"Move {move} of {record.path} (line {step.line}) and the checkpoint after it, which does not hold."
        after = step.state
    return example_text(example_id=f"{_slug(record.path)}-move-{move}", title=f"Move {move} of the record",
                        game=run.scenario.game_name, settings=run.scenario.data.get("settings"), setup=setup,
                        moves=[(step.actor, step.text)], expect=expect, draws=draws_taken(before, after),
                        comment=note)


def _checkpoint_after(record, move: int) -> dict:
    seen = 0
    for item in record.moves:
        if not is_check_item(item):
            seen += 1
        elif seen == move:
            return item["expect"]
    return record.scenario.expect


def _slug(path: str) -> str:
    return "".join(c if c.isalnum() else "-" for c in Path(path).stem.lower()).strip("-") or "record"


def cut(record, result: Result, at: int, count: int = 1, example_id: str | None = None,
        title: str | None = None, everything: bool = False) -> str:
    """The example of the position after ``at`` moves of a played record and its next ``count``
    moves, expecting what their players changed (``everything``: every place that changed) and
    their events."""
    run = result.run
    played = [step for step in run.steps if step.refusal is None]
    if at < 0 or at >= len(played):
        raise CannotCut(f"the record has {counted(len(played), 'move')} played, so an example can start after 0 to "
                        f"{len(played) - 1} of them, not after {at}.")
    count = max(1, min(count, len(played) - at))
    before = state_before(result, at + 1)
    after = played[at + count - 1].state
    steps = played[at:at + count]
    setup = setup_of(run.game, before)
    actors = list(dict.fromkeys(str(step.actor) for step in steps if step.actor))
    events = [event for step in steps for event in step.events]
    if everything or not actors:
        expect, kept = expectations(run.game, before, after, events), ""
    else:
        players = set(players_of(run.game, after)) | run_players(run)
        expect = expectations(run.game, before, after, events, actors, players)
        left = len(expectations(run.game, before, after, events)) - len(expect)
        kept = (f"\nIt expects what {words(actors)} changed; {left} other changed "
                f"{'place is' if left == 1 else 'places are'} left out (--all writes every one).") if left else ""
    first, last = at + 1, at + count
    return example_text(example_id=example_id or f"{_slug(record.path)}-{first}",
                        title=title or (f"Move {first} of {record.scenario.title}" if count == 1
                                        else f"Moves {first} to {last} of {record.scenario.title}"),
                        game=run.scenario.game_name, settings=run.scenario.data.get("settings"), setup=setup,
                        moves=[(step.actor, step.text) for step in steps], expect=expect,
                        draws=draws_taken(before, after),
                        comment=f"Cut from {_named(record.path)}: the position after move {at}, then "
                                + (f"move {first}." if count == 1 else f"moves {first} to {last}.") + kept)
