"""Random legal play that looks for what the rules forgot, and turns each find into an example.

``fuzz(game, ...)`` plays random games: at each position it checks that every action the game
lists as legal is accepted, picks one and plays it, then checks what must hold in every position
(``rulewright.scenario.checking.broken_laws``: the game's ``invariants``, and that somebody can act
while the game is not over).

Hypothesis plays: it chooses each move from those listed as legal and each result of chance (the
game's ``Rng`` is a ``Chance`` whose draws Hypothesis makes), so a failure is shrunk on both, to
fewer moves, earlier choices and smaller dice. Failures of a different kind or rule are reported
apart; the choices that failed are kept in a database (under the build folder) and tried first
next time. A failure is kept as a record (its chance stated as ``draws:``, so it replays without
a seed) and printed as a failing ``{example}`` that names the rule involved where one is known.
"""
from __future__ import annotations

import hashlib
import json
import random
import traceback
from pathlib import Path
from dataclasses import dataclass, field
from contextlib import contextmanager, nullcontext
from functools import lru_cache
from typing import Any

import hypothesis
from hypothesis import HealthCheck, Verbosity, given, strategies as st
from hypothesis.database import DirectoryBasedExampleDatabase

from rulewright.game import Game, Refusal, Rng, implements, step
from rulewright.scenario.playing import set_up
from rulewright.play import cut
from rulewright.play.position import round_trip
from rulewright.play.record import write
from rulewright.scenario.checking import broken_laws


@dataclass
class Failure:
    """What went wrong, after which moves from the start (``moves``: ``(actor, text)``)."""

    kind: str  # "law" (an invariant or a dead end), "refused" (a listed action), "crash", "position" (setup_of)
    message: str
    rule: str | None
    moves: list[tuple[str | None, str]]
    draws: list = field(default_factory=list)

    def same_kind(self, other: "Failure") -> bool:
        return self.kind == other.kind and self.rule == other.rule


@dataclass
class Start:
    """Where every random game starts: the game, its settings and its setup (a preset's, say)."""

    game: Game
    settings: dict
    setup: dict

    def state(self, seed: int, draws: list | None = None, rng: Rng | None = None) -> Any:
        return set_up(self.game, self.setup, self.settings, rng or Rng(seed, script=draws))

    @property
    def key(self) -> str:
        """The game, setup and settings in a file name: each start keeps its own failures."""
        said = json.dumps([self.setup, self.settings], sort_keys=True, default=str)
        return f"{self.game.name}-{hashlib.sha256(said.encode()).hexdigest()[:12]}"


class Chance(Rng):
    """The game's randomness, drawn by Hypothesis so that it shrinks a failure's dice and shuffles
    too (a stated script, as in an example's ``draws:``, still comes first)."""

    def __init__(self, data, seed: int = 0) -> None:
        super().__init__(seed)
        self._data = data  # (None while set aside: the seed draws)


@contextmanager
def _aside(state: Any):
    """Chance left to the seed while ``state`` is tried, not played: the moves tried beside the one
    chosen, and the position played on beside its copy read back from its setup, so that both
    copies draw alike and Hypothesis shrinks only what the game played."""
    rng = getattr(state, "rng", None)
    if not isinstance(rng, Chance):
        yield
        return
    data, rng._data = rng._data, None
    try:
        yield
    finally:
        rng._data = data

    def randint(self, low: int, high: int, what: str = "a random number"):
        if self._script or self._data is None:
            return super().randint(low, high, what)
        return self._note(self._data.draw(_between(low, high)))

    def weighted(self, outcomes: dict, what: str = "a random draw"):
        if self._script or self._data is None:
            return super().weighted(outcomes, what)
        return self._note(self._data.draw(st.sampled_from([k for k, weight in outcomes.items() if weight > 0])))

    def choice(self, options, what: str = "a random choice"):
        if self._script or self._data is None:
            return super().choice(options, what)
        return self._note(self._data.draw(st.sampled_from(list(options))))

    def shuffled(self, items, what: str = "a shuffle") -> list:
        if self._script or self._data is None:
            return super().shuffled(items, what)
        return self._note(self._data.draw(st.permutations(list(items))))


@lru_cache(maxsize=None)
def _between(low: int, high: int):
    """Hypothesis's whole numbers from ``low`` to ``high``: made once for each range, as a game
    draws from the same few thousands of times."""
    return st.integers(low, high)


def _actor(action) -> str | None:
    return getattr(action, "actor", None)


def _play_one(start: Start, state: Any, pick, moves: int, check_all: bool) -> tuple[Failure | None, int]:
    """One game from ``state`` of at most ``moves`` moves, each chosen by ``pick`` from those listed
    as legal: the first failure (or ``None``), with the draws chance made up to it, and the number
    of moves played."""
    game = start.game
    played: list[tuple[str | None, str]] = []

    def failed(failure: Failure) -> tuple[Failure, int]:
        failure.draws = list(getattr(getattr(state, "rng", None), "drawn", []) or [])
        return failure, len(played)

    broken = broken_laws(game, state)
    if broken:
        return failed(_law(broken, []))
    for _ in range(moves):
        legal = game.legal_actions(state)
        if not legal:
            return None, len(played)
        chosen = pick(legal)
        for action, tried in [(action, True) for action in legal if check_all] + [(chosen, False)]:
            try:
                with _aside(state) if tried else nullcontext():
                    outcome = step(game, state, action)
            except Refusal as refusal:
                return failed(Failure("refused", f"'{action.notation()}' is listed as legal but refused: "
                                      f"{refusal.reason}", refusal.rule, played + [(_actor(action), action.notation())]))
            except Exception as error:  # an engine bug: kept as the move that shows it
                frame = traceback.extract_tb(error.__traceback__)[-1]
                return failed(Failure("crash", f"the engine failed on '{action.notation()}' ({type(error).__name__}: "
                                      f"{error} at {frame.filename}:{frame.lineno})", None,
                                      played + [(_actor(action), action.notation())]))
        state = outcome.state
        played.append((_actor(chosen), chosen.notation()))
        wrong = _after_move(start, state, played, check_all and implements(game, "setup_of"))
        if wrong:
            return failed(wrong)
    return None, len(played)


def _law(broken: list, moves: list) -> Failure:
    return Failure("law", broken[0].message, broken[0].rule, list(moves))


def _after_move(start: Start, state: Any, moves: list, positions: bool) -> Failure | None:
    """What is wrong with the position a move left: a broken law, or (``positions``) a position
    that does not read back the same from the setup the game writes for it."""
    broken = broken_laws(start.game, state)
    if broken:
        return _law(broken, moves)
    if positions:
        with _aside(state):
            differences = round_trip(start.game, state, start.settings, moves_ahead=1)
        if differences:
            return Failure("position", "the position written as a setup is not the same position: "
                           + differences[0], None, list(moves))
    return None


def replays_to(start: Start, seed: int, moves: list[tuple[str | None, str]],
               positions: bool = False, draws: list | None = None) -> tuple[Failure | None, Any]:
    """Play ``moves`` from the start with the seed; the first failure met (its moves cut there)
    and the state reached. A move that cannot be read or is refused, other than as the failure
    itself, makes the candidate unusable: ``(None, None)``."""
    game = start.game
    state = start.state(seed, draws)
    broken = broken_laws(game, state)
    if broken:
        return _law(broken, []), state
    for index, (actor, text) in enumerate(moves):
        try:
            action = game.parse_action(state, actor, text)
        except Exception:
            return None, None
        legal = {(_actor(a), a.notation()) for a in game.legal_actions(state)}
        if (actor, text) not in legal:
            return None, None
        try:
            state = step(game, state, action).state
        except Refusal as refusal:
            return Failure("refused", f"'{text}' is listed as legal but refused: {refusal.reason}", refusal.rule,
                           moves[:index + 1]), state
        except Exception as error:
            return Failure("crash", f"the engine failed on '{text}' ({type(error).__name__}: {error})", None,
                           moves[:index + 1]), state
        wrong = _after_move(start, state, moves[:index + 1], positions)
        if wrong:
            return wrong, state
    return None, state


def record_text(start: Start, failure: Failure, title: str) -> str:
    """The failure as a record: the start, the moves, and the check that fails after the last."""
    return write(start.game, setup=start.setup, moves=failure.moves, settings=start.settings, draws=failure.draws,
                 title=title, source="rulewright fuzz", expect={"invariants": "hold"})


def example_text(start: Start, seed: int, failure: Failure, example_id: str) -> str:
    """The failure as a failing example, from the position just before its last move where the
    game writes its positions as setups (else from the start, with every move)."""
    game = start.game
    rules = [failure.rule] if failure.rule else None
    what = {"law": "a law of the game breaks", "refused": "a move listed as legal is refused",
            "crash": "the engine fails", "position": "a position does not read back"}[failure.kind]
    if failure.moves and implements(game, "setup_of"):
        _, before = replays_to(start, seed, failure.moves[:-1], draws=failure.draws)
        _, after = replays_to(start, seed, failure.moves, draws=failure.draws)
        if before is not None:
            return cut.example_text(
                example_id=example_id, title=f"Found by random play: {what}", game=game.name,
                settings=_changed_settings(start), setup=cut.setup_of(game, before), moves=[failure.moves[-1]],
                expect={"invariants": "hold"}, draws=cut.draws_taken(before, after if after is not None else before),
                rules=rules, comment=f"{failure.message}.\nShrunk from random play to {len(failure.moves)} "
                                     "move(s); this is the last of them.")
    return cut.example_text(example_id=example_id, title=f"Found by random play: {what}", game=game.name,
                            settings=_changed_settings(start), setup=start.setup, moves=failure.moves,
                            expect={"invariants": "hold"}, draws=failure.draws, rules=rules,
                            comment=f"{failure.message}.")


def _changed_settings(start: Start) -> dict:
    return {k: v for k, v in start.settings.items() if v != start.game.settings[k].default}


def report(start: Start, findings: list["Finding"], out: Path | None = None, seed: int = 0) -> str:
    """Each finding in words: what broke, after how many moves it was found and shrunk to, the
    record kept under ``out`` (when given), and the failing example to paste."""
    lines = []
    for number, finding in enumerate(findings, start=1):
        failure = finding.failure
        name = f"{start.game.name}-{seed}-{number}"
        lines.append(f"\nFinding {number}: {failure.message}" + (f" (rule {failure.rule})" if failure.rule else "")
                     + ".")
        kept = ""
        if out is not None:
            out.mkdir(parents=True, exist_ok=True)
            path = out / f"{name}.yaml"
            path.write_text(record_text(start, failure, f"Found by rulewright fuzz, game {finding.game_number} "
                                                        f"(seed {finding.seed})"), encoding="utf-8")
            kept = f" The record: {path} (rulewright replay {path})."
        lines.append(f"  Found after {finding.found_after} move{'s' if finding.found_after != 1 else ''} of game {finding.game_number} (seed {finding.seed}); "
                     f"shrunk to {len(failure.moves)} move{'s' if len(failure.moves) != 1 else ''}.{kept}")
        if failure.kind == "position":
            lines.append("  Cut an example at the last move of the record (rulewright example RECORD --at N) to see "
                         "the position, and mend the game's setup_of or new_state.")
            continue
        lines.append("  As an example, failing until the engine is mended (paste it into the rule's page):\n")
        lines += ["    " + line if line else "" for line in example_text(start, finding.seed, failure, name).splitlines()]
    return "\n".join(lines)


@dataclass
class Finding:
    game_number: int
    seed: int
    failure: Failure
    found_after: int  # moves before shrinking


class Found(Exception):
    """A failure carried out of Hypothesis's run; a class of its own for each kind and rule, so
    that Hypothesis shrinks and reports each apart."""

    failure: Failure

    def __init__(self, failure: Failure) -> None:
        super().__init__(failure.message)
        self.failure = failure


_KINDS: dict[tuple, type] = {}


def _found(failure: Failure) -> Found:
    key = (failure.kind, failure.rule)
    kind = _KINDS.setdefault(key, type(f"Found_{failure.kind}_{failure.rule}", (Found,), {}))
    return kind(failure)


class Unsteady(Exception):
    """A failure that did not come again when the same choices were played: the game depends on
    something outside its state and its ``Rng``."""


def fuzz(start: Start, games: int = 20, moves: int = 200, seed: int = 0, check_all: bool = True,
         progress=None, database: Path | None = None) -> tuple[list[Finding], int]:
    """Play ``games`` random games of at most ``moves`` moves, Hypothesis choosing the moves and
    chance from ``seed``; the findings (each shrunk, one of each kind and rule) and the number of
    moves played in all (shrinking included). ``database``: a folder where the failing choices are
    kept and tried first next time (none: nothing kept)."""
    first: dict[tuple, Finding] = {}
    count = {"games": 0, "moves": 0}

    def one_game(data) -> None:
        count["games"] += 1
        state = start.state(seed, rng=Chance(data, seed))
        failure, played = _play_one(start, state, lambda legal: legal[data.draw(_between(0, len(legal) - 1))],
                                    moves, check_all)
        count["moves"] += played
        if failure is not None:
            first.setdefault((failure.kind, failure.rule), Finding(count["games"], seed, failure, len(failure.moves)))
        if progress and count["games"] <= games:
            progress(count["games"], list(first.values()))
        if failure is not None:
            raise _found(failure)

    run = hypothesis.settings(
        max_examples=games, deadline=None, verbosity=Verbosity.quiet, report_multiple_bugs=True,
        database=DirectoryBasedExampleDatabase(str(database / start.key)) if database is not None else None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much,
                               HealthCheck.large_base_example],
    )(hypothesis.seed(seed)(given(st.data())(one_game)))
    try:
        run()
    except Found as found:
        raised = [found]
    except ExceptionGroup as group:
        raised = [e for e in _leaves(group) if isinstance(e, Found)]
        if not raised:
            raise
    except hypothesis.errors.Flaky as flaky:
        raise Unsteady("a failure found by random play did not happen again when the same moves and draws were "
                       "played: the game depends on something outside its state (a global, the clock, or a random "
                       "number not drawn from its Rng).") from flaky
    else:
        return [], count["moves"]
    findings = []
    for found in raised:  # the shrunk failure of each kind, found first at game ``game_number``
        finding = first[(found.failure.kind, found.failure.rule)]
        findings.append(Finding(finding.game_number, seed, found.failure, finding.found_after))
    return sorted(findings, key=lambda f: f.game_number), count["moves"]


def _leaves(group: BaseExceptionGroup):
    for error in group.exceptions:
        yield from (_leaves(error) if isinstance(error, BaseExceptionGroup) else [error])


def random_game(start: Start, seed: int, moves: int) -> list[tuple[str | None, str]]:
    """The moves of one random legal game from ``start`` (at most ``moves``; fewer if it ends)."""
    game, chooser = start.game, random.Random(seed)
    state, played = start.state(seed), []
    for _ in range(moves):
        legal = game.legal_actions(state)
        if not legal:
            break
        action = chooser.choice(legal)
        state = step(game, state, action).state
        played.append((_actor(action), action.notation()))
    return played
