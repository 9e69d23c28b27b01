"""What playing an example produced and how it is told: a ``Run`` (the states and each ``Step``),
each ``Check`` of an expectation against it, and the ``Result`` with its report and verdict, in the
same words under pytest, ``rulewright check`` and the Sphinx build."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rulewright.game import Action, Event, Game, Refusal
from rulewright.scenario.parsing import Scenario
from rulewright.scenario.vocabulary import show

@dataclass
class Step:
    """One move of the example's ``do:`` as it was played; ``run.steps`` holds one for each move,
    in order."""

    index: int
    """Its number: 1 for the first move."""
    line: int
    """The line of the page the move is written on."""
    actor: str | None
    """Who made the move, as written (``ann`` in ``- ann: pass``); ``None`` if it names no one."""
    text: str
    """The move as written after the player's name (``pass``)."""
    action: Action | None = None
    """The ``Action`` the game read the move as (its ``parse_action``)."""
    events: list[Event] = field(default_factory=list)
    """The events the move set off, in order (none for a refused move)."""
    refusal: Refusal | None = None
    """The ``Refusal`` if a rule forbade the move (its ``rule`` is the rule's ID), else ``None``."""
    state: Any = None
    """The position after the move; after a refused move, the unchanged position it was refused in
    (``None`` when a long record is replayed without keeping each position)."""
    checks: list["Check"] = field(default_factory=list)
    """The checks of a ``- expect:`` item right after the move."""

    def __str__(self) -> str:
        return f"{self.actor}: {self.text}" if self.actor else self.text


@dataclass
class Checkpoint:
    """A ``- expect:`` item in ``do``: the state and events it checks. ``after`` is the step it
    follows (``None`` before the first move); ``events`` are those since the previous check."""

    index: int
    after: Step | None
    state: Any
    events: list[Event]
    refusal: Refusal | None


@dataclass
class Run:
    """What happened when an example was played: the position before the moves and after them,
    and each move as it was played.

    It is the ``run`` a game's ``draw(run, when, options)`` is given (``Game.diagram``): the
    drawing shows ``run.before`` or ``run.after``, as ``when`` says (``"before"`` or ``"after"``),
    and may look at the moves (``run.steps``, each a ``Step``) to mark what they changed, or at
    ``run.refusal`` to mark the move a rule forbade."""

    scenario: Scenario
    """The example itself; ``run.scenario.id`` is its ID (to name a drawing's graph, say)."""
    game: Game
    """The game it was played on, for its ``view`` or ``legal_actions`` of a position."""
    settings: dict
    """The settings it was played with, by name: the game's defaults and the example's ``settings:``."""
    before: Any
    """The position before the first move: the example's setup."""
    after: Any
    """The position after the moves; a refused move changes nothing, so after a refused last move
    it is the position that move was refused in."""
    steps: list[Step]
    """Each move of ``do:`` as it was played, in order: a ``Step``."""
    checkpoints: list[Checkpoint] = field(default_factory=list)
    seed: int = 0
    viewer: str | None = None
    """The player whose point of view the drawing shows (the example's ``:as:``), or ``None``."""
    # Without a viewer, whether a diagram shows the whole truth, hidden things face up and marked as
    # hidden (the designer's edition, 'rulewright diagram'), or what the whole table sees, hidden
    # things face down unless the game has revealed them (False: the player's edition).
    shows_hidden: bool = True

    def view_of(self, state: Any) -> dict:
        """What a diagram of ``state`` shows: the position as ``viewer`` knows it
        (``Game.view_for``); without a viewer, the whole truth (``Game.view``) in the designer's
        edition, and what the whole table sees (``view_for(state, None)``) in the player's
        edition (``shows_hidden`` is then false)."""
        if self.viewer is None and self.shows_hidden:
            return self.game.view(state)
        return self.game.view_for(state, self.viewer)

    @property
    def marks_hidden(self) -> bool:
        """Whether the diagram draws hidden things face up, marked as hidden (dashed, say): drawn
        for nobody in particular in the designer's edition."""
        return self.viewer is None and self.shows_hidden

    @property
    def events(self) -> list[Event]:
        """Every event the moves set off, in order."""
        return [event for s in self.steps for event in s.events]

    @property
    def refusal(self) -> Refusal | None:
        """The ``Refusal`` of the last move if a rule forbade it (an example whose point is a
        ``refused:`` move), else ``None``."""
        return self.steps[-1].refusal if self.steps else None


@dataclass
class Check:
    """One expectation compared with what happened. ``step`` is the step it is checked after
    (a ``- expect:`` item in ``do``), ``None`` for the final ``expect``."""

    key: str
    line: int
    expected: Any
    actual: Any
    ok: bool
    note: str = ""
    step: int | None = None
    yaml_path: tuple = ()  # where the expectation is written in the example (for accepting a result)
    event: Any = None  # for an expected event: the event that matched it, as the engine told it
    viewer: str | None = None  # whose view it read (':as:' or 'as:'), None for the whole truth


@dataclass
class Result:
    scenario: Scenario
    run: Run
    checks: list[Check]
    stopped: str | None = None  # why play stopped early (an unexpected refusal)
    seeds: list[int] = field(default_factory=list)  # the seeds played when the example gives ``seeds:``
    others: list[Run] = field(default_factory=list)  # with ``seeds:``, the games the other seeds played

    @property
    def ok(self) -> bool:
        return self.stopped is None and all(c.ok for c in self.checks)

    @property
    def pending(self) -> bool:
        """Marked ':status: pending' and not holding yet: reported as pending, not as failing."""
        return self.scenario.pending and not self.ok

    @property
    def ready(self) -> bool:
        """Marked pending but holding now: the mark should go."""
        return self.scenario.pending and self.ok

    def pending_note(self) -> str:
        s = self.scenario
        if self.ready:
            return (f"{s.where}: this example is marked ':status: pending' but now holds. Remove the "
                    "':status: pending' line so that it counts as verified.")
        return f"{s.where}: pending (marked ':status: pending'): the engine does not do this yet."

    def report(self) -> str:
        """The failure in plain words: where, which step, expected against actual."""
        s = self.scenario
        lines = [f"{s.where}: the example did not turn out as expected"
                 + (f" with seed {self.run.seed} (of the seeds {seed_range(self.seeds)})." if self.seeds else ".")]
        if self.stopped:
            lines.append(self.stopped)
        for check in self.checks:
            if not check.ok:
                at = "" if check.step is None else ("before the first move, " if check.step == 0
                                                    else f"after step {check.step}, ")
                lines.append(sentence(f"  - {at}{check.key} (line {check.line}): expected {show(check.expected)}, "
                                      f"but {check.note or 'it is ' + show(check.actual)}"))
        passed = sum(c.ok for c in self.checks)
        if passed:
            lines.append(f"  ({passed} other expectation{'s' if passed != 1 else ''} held.)")
        return "\n".join(lines)


def seed_range(seeds: list[int]) -> str:
    if len(seeds) > 2 and seeds == list(range(seeds[0], seeds[-1] + 1)):
        return f"{seeds[0]}..{seeds[-1]}"
    return ", ".join(map(str, seeds))


def sentence(text: str) -> str:
    """``text`` ended with one full stop: a refusal's reason quoted at the end already has its own."""
    return text if text.endswith((".", "!", "?")) else text + "."


def verdict(result: Result, pending_is_error: bool = False) -> str:
    """How an example came out, the same words everywhere: 'ok', 'failed', 'pending' (marked
    pending and not holding yet) or 'ready' (marked pending but holding: remove the mark). With
    the project setting ``pending = "error"`` (CI), any example marked pending has 'failed'."""
    if result.scenario.pending and pending_is_error:
        return "failed"
    if result.pending:
        return "pending"
    if result.ready:
        return "ready"
    return "ok" if result.ok else "failed"


def failure_text(result: Result, pending_is_error: bool = False) -> str:
    """What to tell the designer about a 'failed' verdict."""
    if result.scenario.pending and pending_is_error:
        return (f"{result.scenario.where}: this example is marked ':status: pending', which this project "
                "treats as an error (pending = \"error\" in [tool.rulewright] in pyproject.toml). Make the "
                "engine support it and remove the mark." + ("" if result.ok else "\n" + result.report()))
    return result.report()
