"""Every refusal reason, in every game, reads as clean prose: it is shown to designers and
players as it is, in reports, on the book's pages and by ``rulewright run``.

The reasons come from playing every example of the book, and from trying, in each example's
positions, the moves that are legal in any of them (most are refused, for many different reasons).
"""
import re

import pytest

from rulewright.book import scanner
from rulewright.game import InputError, Refusal, step
from rulewright.scenario import play

BOOK = scanner.scan()
WORD = re.compile(r"[\w-]+")
UNCLEAN = re.compile(r"\.\.|,,|;;|::|  |\s[.,;:!?]|[.,;:]\s*[.,;:]$")


def problem_with(reason: str, names: set[str]) -> str | None:
    """What is wrong with ``reason`` as one sentence of prose, or None. A reason may start with a
    name from the game in lower case ("ann holds..."): names are never capitalised."""
    first = WORD.match(reason)
    if not reason or reason != reason.strip():
        return "it is empty or has spaces at either end"
    if not (reason[0].isupper() or reason[0].isdigit() or reason[0] in "$'\"" or (first and first[0] in names)):
        return "it does not start with a capital letter"
    if not reason.endswith((".", "?", "!")) or reason.endswith(".."):
        return "it does not end with exactly one full stop"
    if UNCLEAN.search(reason):
        return f"it has doubled spaces or punctuation near {UNCLEAN.search(reason)[0]!r}"
    return None


def names_in(view) -> set[str]:
    """Every name the position's view mentions (as a key or a value)."""
    if isinstance(view, dict):
        return {str(k) for k in view} | set().union(*(names_in(v) for v in view.values()))
    if isinstance(view, (list, tuple)):
        return set().union(*(names_in(v) for v in view))
    return {view} if isinstance(view, str) else set()


def reasons_of(decl) -> tuple[set[str], list[tuple[str, str]]]:
    """The names in the example's position, and (rule, reason) for every refusal met while
    playing the example and trying moves in it."""
    run, _ = play(decl.parse())
    states = [run.before] + [s.state for s in run.steps if s.state is not None]
    states = [states[0], states[-1]] if len(states) > 1 else states
    found = [(s.refusal.rule, s.refusal.reason) for s in run.steps if s.refusal is not None]
    moves = [move for state in states for move in run.game.legal_actions(state)[:25]]
    for state in states:
        for move in moves:
            try:
                step(run.game, state, move)
            except Refusal as refusal:
                found.append((refusal.rule, refusal.reason))
            except InputError:
                pass
    return names_in(run.game.view(run.before)), found


@pytest.mark.parametrize("decl", BOOK.examples, ids=lambda d: d.id)
def test_every_refusal_reason_is_one_clean_sentence(decl):
    names, found = reasons_of(decl)
    bad = [f"{rule}: {reason!r}: {problem_with(reason, names)}" for rule, reason in set(found)
           if problem_with(reason, names)]
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("reason, problem", [
    ("Before the third General Dividend no track may be built to it..", "exactly one full stop"),
    ("no track may be built to it.", "capital letter"),
    ("No track may be built to it", "exactly one full stop"),
    ("No track  may be built to it.", "doubled spaces"),
    ("No track may be built , to it.", "doubled spaces or punctuation"),
])
def test_the_reason_check_catches_unclean_reasons(reason, problem):
    assert problem in problem_with(reason, {"ann"})


def test_a_reason_may_start_with_a_name():
    assert problem_with("ann holds 5 tiles; drawing needs fewer than 5.", {"ann"}) is None
