"""Random legal play that looks for what the rules forgot, and turns each find into an example.

``fuzz(game, ...)`` plays random games: at each position it checks that every action the game
lists as legal is accepted, picks one at random and plays it, then checks what must hold in every
position (``rulewright.scenario.checking.broken_laws``: the game's ``invariants``, and that somebody
can act while the game is not over). A failure is shrunk to the shortest sequence of moves that
still fails the same way, kept as a record (its chance stated as ``draws:``, so it replays without
the seed) and printed as a failing ``{example}`` that names the rule involved where one is known.
"""
from __future__ import annotations

import random
import traceback
from pathlib import Path
from dataclasses import dataclass, field
from typing import Any

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

    def state(self, seed: int, draws: list | None = None) -> Any:
        return set_up(self.game, self.setup, self.settings, Rng(seed, script=draws))


def _actor(action) -> str | None:
    return getattr(action, "actor", None)


def _play_one(start: Start, seed: int, moves: int, check_all: bool) -> tuple[Failure | None, int]:
    """One random game of at most ``moves`` moves: the first failure (or ``None``) and the number
    of moves played."""
    game, chooser = start.game, random.Random(seed)
    state = start.state(seed)
    played: list[tuple[str | None, str]] = []
    broken = broken_laws(game, state)
    if broken:
        return _law(broken, []), 0
    for _ in range(moves):
        legal = game.legal_actions(state)
        if not legal:
            return None, len(played)
        candidates = legal if check_all else []
        chosen = chooser.choice(legal)
        for action in candidates + [chosen]:
            try:
                outcome = step(game, state, action)
            except Refusal as refusal:
                return Failure("refused", f"'{action.notation()}' is listed as legal but refused: {refusal.reason}",
                               refusal.rule, played + [(_actor(action), action.notation())]), len(played)
            except Exception as error:  # an engine bug: kept as the move that shows it
                frame = traceback.extract_tb(error.__traceback__)[-1]
                return Failure("crash", f"the engine failed on '{action.notation()}' ({type(error).__name__}: "
                               f"{error} at {frame.filename}:{frame.lineno})", None,
                               played + [(_actor(action), action.notation())]), len(played)
        state = outcome.state
        played.append((_actor(chosen), chosen.notation()))
        wrong = _after_move(start, state, played, check_all and implements(game, "setup_of"))
        if wrong:
            return wrong, len(played)
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
        differences = round_trip(start.game, state, start.settings, moves_ahead=1)
        if differences:
            return Failure("position", "the position written as a setup is not the same position: "
                           + differences[0], None, list(moves))
    return None


def replays_to(start: Start, seed: int, moves: list[tuple[str | None, str]],
               positions: bool = False) -> tuple[Failure | None, Any]:
    """Play ``moves`` from the start with the seed; the first failure met (its moves cut there)
    and the state reached. A move that cannot be read or is refused, other than as the failure
    itself, makes the candidate unusable: ``(None, None)``."""
    game = start.game
    state = start.state(seed)
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


def shrink(start: Start, seed: int, failure: Failure, budget: int = 2000) -> Failure:
    """The shortest sequence of moves found that still fails the same way: chunks of moves are
    taken out, halving the chunk each round (delta debugging), while the failure stays."""
    best = failure
    chunk = max(1, len(best.moves) // 2)
    tries = 0
    while chunk >= 1 and tries < budget:
        index, shrunk = 0, False
        while index < len(best.moves) and tries < budget:
            candidate = best.moves[:index] + best.moves[index + chunk:]
            tries += 1
            found, _ = replays_to(start, seed, candidate, failure.kind == "position")
            if found is not None and found.same_kind(failure) and len(found.moves) < len(best.moves):
                best, shrunk = found, True
            else:
                index += chunk
        if not shrunk:
            chunk //= 2
    _, state = replays_to(start, seed, best.moves)
    best.draws = list(getattr(getattr(state, "rng", None), "drawn", []) or [])
    return best


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
        before_moves = failure.moves[:-1]
        _, before = replays_to(start, seed, before_moves)
        _, after = replays_to(start, seed, failure.moves)
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
        lines.append(f"  Found after {finding.found_after} moves of game {finding.game_number} (seed {finding.seed}); "
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


def fuzz(start: Start, games: int = 20, moves: int = 200, seed: int = 0, check_all: bool = True,
         progress=None) -> tuple[list[Finding], int]:
    """Play ``games`` random games of at most ``moves`` moves; the findings (each shrunk) and the
    number of moves played in all. A finding of a kind and rule already found is not repeated."""
    findings: list[Finding] = []
    total = 0
    for number in range(games):
        game_seed = seed + number
        failure, played = _play_one(start, game_seed, moves, check_all)
        total += played
        if failure is not None:
            if not any(f.failure.same_kind(failure) for f in findings):
                findings.append(Finding(number + 1, game_seed, shrink(start, game_seed, failure), len(failure.moves)))
        if progress:
            progress(number + 1, findings)
    return findings, total


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
