"""Property tests: random legal setups, random legal expansions, and the rules' invariants.

After every step, every line is one trail between its two stored ends and no player has two
markers on one street; every move the engine lists as legal is accepted, and every other street
a player could name (any street, written from either crossing) is refused citing a rule.
"""
from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from rulewright.game import Refusal, step
from engine.games.bus import GAME
from engine.games.bus.actions import Add, Place
from engine.games.bus.line import is_single_trail
from tests.bus.helpers import new

NAMES = ["red", "blue", "yellow", "green", "purple"]
SETTINGS = st.fixed_dictionaries({
    "parallel_when_blocked": st.sampled_from(["per-end", "all-ends"]),
    "five_player_extra_street": st.booleans(),
})


def check_lines(state) -> None:
    for player in state.players.values():
        line = player.line
        streets = line.streets
        assert len(streets) == len(set(streets)), f"{player.name} has two markers on one street"
        for a, b in zip(line.route, line.route[1:]):
            assert b in state.board.neighbours[a]
        if streets:
            assert is_single_trail(streets, line.ends), f"{player.name}'s line is not one trail: {line.route}"


def check_legal_and_refused(state, player: str, legal: set) -> None:
    """Every listed move is accepted; every other street ``player`` could name is refused by rule."""
    for frm, near in state.board.neighbours.items():
        for to in near:
            action = Add(player, frm, to)
            if (player, frm, to) in legal:
                step(GAME, state, action)
                continue
            refusal_expected(state, action)


def refusal_expected(state, action) -> None:
    try:
        step(GAME, state, action)
    except Refusal as refusal:
        assert refusal.rule.startswith("bus."), refusal.rule
    else:
        raise AssertionError(f"{action} was accepted but not listed as legal")


def legal_set(state) -> set:
    return {(a.actor, a.frm, a.to) for a in GAME.legal_actions(state) if isinstance(a, Add)}


def play_setup(data, state, stuck: set | None = None):
    """The two setup rounds, with random first markers and random legal second markers. Players
    whose line has no legal street when Line Expansion starts are added to ``stuck``."""
    while state.phase in ("first-markers", "second-markers"):
        actions = GAME.legal_actions(state)
        assert actions, "a setup placement always has a legal move"
        if state.phase == "first-markers":  # anyone else placing now is refused by a rule
            other = data.draw(st.sampled_from(sorted(state.players)), label="other placer")
            if other != actions[0].actor:
                refusal_expected(state, Place(other, actions[0].street))
        else:
            check_legal_and_refused(state, data.draw(st.sampled_from(sorted(state.players)), label="checked"),
                                    legal_set(state))
        action = data.draw(st.sampled_from(actions), label="placement")
        outcome = step(GAME, state, action)
        state = outcome.state
        if stuck is not None:
            stuck |= {e.data["player"] for e in outcome.events if e.name == "line-stuck"}
        check_lines(state)
    return state


@settings(max_examples=60, deadline=None)
@given(data=st.data(), players=st.integers(2, 5), rules=SETTINGS)
def test_free_expansion_keeps_every_line_a_single_trail(data, players, rules):
    state = play_setup(data, new({"players": NAMES[:players], "phase": "setup"}, **rules))
    assert state.phase == "free"
    for _ in range(data.draw(st.integers(0, 20), label="steps")):
        legal = legal_set(state)
        mover = data.draw(st.sampled_from(NAMES[:players]), label="checked player")
        check_legal_and_refused(state, mover, legal)
        if not legal:
            break
        actor, frm, to = data.draw(st.sampled_from(sorted(legal)), label="move")
        state = step(GAME, state, Add(actor, frm, to)).state
        check_lines(state)


@settings(max_examples=40, deadline=None)
@given(data=st.data(), players=st.integers(2, 5), rules=SETTINGS)
def test_line_expansion_adds_each_space_its_streets_in_order(data, players, rules):
    names = NAMES[:players]
    buses = {n: data.draw(st.integers(1, 5), label=f"{n} buses") for n in names}
    spaces = data.draw(st.lists(st.sampled_from(names), min_size=1, max_size=4), label="spaces")
    state = new({"players": {n: {"buses": buses[n]} for n in names}, "phase": "setup", "spaces": spaces}, **rules)
    stuck: set = set()
    state = play_setup(data, state, stuck)
    before = {n: len(p.line.streets) for n, p in state.players.items()}
    m = max(buses.values()) + (1 if rules["five_player_extra_street"] and players == 5 else 0)
    owed = Counter()
    for index, name in enumerate(spaces):
        owed[name] += max(0, m - index)
    turns = []
    while state.phase == "line-expansion":
        legal = legal_set(state)
        assert {actor for actor, _, _ in legal} == {GAME.view(state)["turn"]}
        check_legal_and_refused(state, data.draw(st.sampled_from(names), label="checked player"), legal)
        actor, frm, to = data.draw(st.sampled_from(sorted(legal)), label="move")
        turns.append(actor)
        outcome = step(GAME, state, Add(actor, frm, to))
        state = outcome.state
        stuck |= {e.data["player"] for e in outcome.events if e.name == "line-stuck"}
        check_lines(state)
    assert state.phase == "over"
    added = {n: len(p.line.streets) - before[n] for n, p in state.players.items()}
    for name in set(names) - stuck:  # each player adds what their spaces owe, unless their line got stuck
        assert added[name] == owed[name]
    if not stuck:  # spaces resolve from the last back to A: the players' turns come in that order
        assert turns == [n for i, n in reversed(list(enumerate(spaces))) for _ in range(max(0, m - i))]


def random_trail(draw, board, taken: set, label: str) -> list[int]:
    """A random line: a walk over streets no other line here uses, never a street twice, often
    coming back to a crossing it passed (so that circles, and circles closed at an end, are common)."""
    route = [draw(st.sampled_from(sorted(board.neighbours)), label=f"{label} start")]
    used: set = set()
    for _ in range(draw(st.integers(1, 9), label=f"{label} length")):
        here = route[-1]
        free = [n for n in sorted(board.neighbours[here]) if (min(here, n), max(here, n)) not in used | taken]
        back = [n for n in free if n == route[0]] or [n for n in free if n in route]  # loops, often closed
        if not free:
            break
        route.append(draw(st.sampled_from(back if back and draw(st.booleans()) else free), label=f"{label} step"))
        used.add((min(here, route[-1]), max(here, route[-1])))
    taken |= used
    return route


@settings(max_examples=150, deadline=None)
@given(data=st.data(), players=st.integers(2, 4), rules=SETTINGS,
       reading=st.sampled_from(["any-route", "every-route"]))
def test_writing_a_line_in_reverse_never_changes_a_legal_move(data, players, rules, reading):
    """A line is its streets and its ends: the direction its route is written in (or stored in,
    after it grows) must never matter. Both positions play the same moves; the legal moves and
    each line's streets and ends stay the same throughout."""
    board = new({"players": NAMES[:2]}).board
    taken: set = set()
    routes = {n: random_trail(data.draw, board, taken, n) for n in NAMES[:players]}
    flipped = {n: data.draw(st.booleans(), label=f"reverse {n}") for n in routes}
    def written(reverse: bool):
        lines = {n: {"line": "-".join(map(str, r[::-1] if reverse and flipped[n] else r))} if len(r) > 1 else {}
                 for n, r in routes.items()}
        return new({"players": lines}, end_street=reading, **rules)
    one, other = written(False), written(True)
    for _ in range(data.draw(st.integers(0, 12), label="steps")):
        legal = legal_set(one)
        assert legal == legal_set(other), "the direction a line is written in changed a legal move"
        for name in one.players:
            a, b = one.players[name].line, other.players[name].line
            assert (sorted(a.streets), sorted(a.ends)) == (sorted(b.streets), sorted(b.ends))
            assert all(a.end_streets_at(end, reading) == b.end_streets_at(end, reading) for end in a.ends), \
                f"{name}'s line ends by other streets when written the other way round"
        if not legal:
            break
        move = Add(*data.draw(st.sampled_from(sorted(legal)), label="move"))
        one, other = step(GAME, one, move).state, step(GAME, other, move).state
