"""Every game's ``apply`` holds the actions it is given to what its notation allows: an action
built by other code (malformed fields, another game's action, a move the notation cannot write) is
rejected with an ``InputError`` or refused with a ``Refusal``, never a crash and never a changed
state. Games whose ``legal_actions`` is complete accept nothing it does not list."""
from __future__ import annotations

import dataclasses

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulewright.game import Action, InputError, Refusal, Rng, step
from rulewright.book.registry import get_game

START = {  # a position in the middle of each game, with moves to make
    "bus": {"players": {"red": {"line": "13-14", "buses": 3}, "blue": {"line": "20-24", "buses": 1}},
            "spaces": ["blue", "red"]},
    "muck-and-brass": {"preset": "demo"},
    "powerup": {"preset": "demo"},
    "1870": {"preset": "bare"},
}
COMPLETE = {"bus", "muck-and-brass"}  # whose legal_actions list every action apply accepts


def start(name: str):
    game = get_game(name)
    setup = dict(START[name])
    preset = setup.pop("preset", None)
    if preset:
        from rulewright.game.interface import merge
        setup = merge(game.presets[preset], setup)
    return game, game.new_state(setup, game.resolve_settings(None), Rng(0))


def action_classes(game) -> list[type]:
    package = type(game).__module__.rsplit(".", 1)[0]
    found, todo = [], list(Action.__subclasses__())
    while todo:
        cls = todo.pop()
        todo += cls.__subclasses__()
        if cls.__module__.startswith(package) and dataclasses.is_dataclass(cls):
            found.append(cls)
    return sorted(found, key=lambda c: c.__name__)


def names(game, state) -> list:
    view = game.view(state)
    words = [str(k) for key in ("players", "companies", "corporations") if isinstance(view.get(key), dict)
             for k in view[key]]
    return words + ["", "ann", "market", "routes", "train", "Liverpool", "Manchester", "A1", "B2", "St. Louis"]


def values(pool):
    scalar = st.one_of(st.none(), st.booleans(), st.integers(-3, 60), st.sampled_from(pool),
                       st.text(max_size=6))
    return st.one_of(scalar, st.tuples(scalar, scalar), st.tuples(st.sampled_from(pool), st.sampled_from(pool)))


def built(cls, pool):
    fields = [f for f in dataclasses.fields(cls) if f.init]
    return st.tuples(*(values(pool) for _ in fields)).map(
        lambda args: cls(**{f.name: a for f, a in zip(fields, args)}))


def tried(game, state, action) -> str:
    """What ``step`` did with ``action``: 'accepted', 'refused' or 'rejected'; the state given is
    never changed either way."""
    before = repr(game.view(state))
    try:
        step(game, state, action)
        outcome = "accepted"
    except Refusal:
        outcome = "refused"
    except InputError:
        outcome = "rejected"
    assert repr(game.view(state)) == before, "the state given to step changed"
    return outcome


@pytest.mark.parametrize("name", list(START))
def test_malformed_and_unlisted_actions_are_refused_or_rejected(name):
    game, state = start(name)
    legal = list(game.legal_actions(state))
    classes = action_classes(game)
    assert classes, f"{name}: no action classes found"
    pool = names(game, state)
    foreign = [cls for other in START if other != name for cls in action_classes(get_game(other))]

    anything = st.one_of(st.one_of(*(built(cls, pool) for cls in classes)),
                         st.one_of(*(built(cls, pool) for cls in foreign)),
                         st.sampled_from([None, 5, "add 14-19", object()]))

    @settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None)
    @given(anything)
    def check(action):
        outcome = tried(game, state, action)
        if outcome == "accepted":
            assert isinstance(action, tuple(classes)), f"{name} accepted a foreign object {action!r}"
            if name in COMPLETE:
                assert action in legal, f"{name} accepted {action!r}, which legal_actions does not list"

    check()


def test_bus_apply_refuses_an_add_between_crossings_no_street_joins():
    game, state = start("bus")
    from engine.games.bus.actions import Add
    with pytest.raises(InputError, match="No street joins crossings 14 and 15"):
        game.apply(state, Add("red", 14, 15))
