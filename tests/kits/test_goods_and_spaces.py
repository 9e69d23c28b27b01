"""The goods kit (``rulewright.game.goods``) and the action-spaces kit (``rulewright.game.spaces``):
costs paid whole or not at all, nothing made or lost, full spaces blocking, workers home."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulewright.game import InputError, Refusal, goods, spaces

GOODS = ["wood", "food", "money"]
amounts = st.dictionaries(st.sampled_from(GOODS), st.integers(0, 6))


@settings(max_examples=200, deadline=None)
@given(stock=amounts, supply=amounts, cost=amounts)
def test_a_cost_is_paid_whole_or_refused_naming_what_is_short(stock, supply, cost):
    before_stock, before_supply = dict(stock), dict(supply)
    lacking = goods.short(stock, cost)
    if lacking:
        with pytest.raises(Refusal) as refused:
            goods.pay(stock, cost, "wp.pay", "ann", to=supply)
        assert refused.value.rule == "wp.pay" and goods.said(lacking) in refused.value.reason
        assert (stock, supply) == (before_stock, before_supply)  # nothing taken
    else:
        goods.pay(stock, cost, "wp.pay", "ann", to=supply)
        assert all(stock.get(g, 0) == before_stock.get(g, 0) - n for g, n in cost.items())
    assert goods.total(stock, supply) == goods.total(before_stock, before_supply)  # nothing made or lost


@settings(max_examples=200, deadline=None)
@given(stock=amounts, supply=amounts, cost=amounts, gift=amounts)
def test_upkeep_takes_what_there_is_and_a_supply_runs_out(stock, supply, cost, gift):
    before, held = goods.total(stock, supply), dict(stock)
    unpaid = goods.pay_what_you_can(stock, cost, to=supply)
    for good, n in cost.items():  # as much as there was is paid, and the rest is what is unpaid
        assert held.get(good, 0) - stock.get(good, 0) == min(n, held.get(good, 0))
        assert unpaid.get(good, 0) == n - min(n, held.get(good, 0))
    given_ = goods.gain(stock, gift, supply)
    assert all(n >= 0 for n in supply.values()) and all(given_.get(g, 0) <= n for g, n in gift.items())
    assert goods.total(stock, supply) == before


def test_amounts_are_said_as_the_book_prints_them():
    assert goods.said({"wood": 2, "food": 1}) == "2 wood and 1 food"
    assert goods.said({"wood": 2, "food": 1, "money": 1200}, money_good="money") == "2 wood, 1 food and $1,200"
    assert goods.said({}) == "nothing" and goods.money(-5) == "-$5"
    with pytest.raises(Refusal) as refused:
        goods.pay({"wood": 1}, {"wood": 3, "food": 1}, "wp.pay", "ann")
    assert refused.value.reason == "ann cannot pay 3 wood and 1 food: 2 wood and 1 food short."


@pytest.mark.parametrize("value, where, words", [
    ({"wod": 2}, "costs.wod", "Did you mean 'wood'?"),
    ({"wood": -1}, "costs.wood", "out of range"),
    ({"wood": 1.5}, "costs.wood", "a fraction"),
    ([1, 2], "costs", "as a mapping of each good to how many, e.g. {wood: 2, food: 1}"),
])
def test_goods_that_cannot_be_read_are_named_at_their_key(value, where, words):
    with pytest.raises(InputError) as error:
        goods.read(value, GOODS, "costs")
    assert words in error.value.message and error.value.where == where


BOARD = spaces.Spaces.read({"forest": {"capacity": 1, "gives": {"wood": 2}},
                            "fields": {"capacity": 2, "gives": {"food": 2}},
                            "market": {"capacity": "any", "costs": {"wood": 1}, "gives": {"money": 3}}}, GOODS)


@settings(max_examples=200, deadline=None)
@given(tries=st.lists(st.tuples(st.sampled_from(["ann", "bob", "cy"]), st.sampled_from(["forest", "fields", "market"])),
                      max_size=20))
def test_a_full_space_blocks_and_every_worker_comes_home(tries):
    placed, accepted = spaces.Placed(), []
    for player, name in tries:
        space = BOARD[name]
        room = space.capacity is None or len(placed.at(name)) < space.capacity
        if room:
            placed.place_worker(space, player, "wp.space.full")
            accepted.append(player)
        else:
            with pytest.raises(Refusal) as refused:
                placed.place_worker(space, player, "wp.space.full")
            assert refused.value.rule == "wp.space.full" and f"The {name} is full" in refused.value.reason
        assert all(space.capacity is None or len(placed.at(space.name)) <= space.capacity for space in BOARD)
    assert sum(len(v) for v in placed.view().values()) == len(accepted)
    home = placed.return_all()
    assert home == {p: accepted.count(p) for p in set(accepted)} and placed.view() == {}


def test_spaces_that_cannot_be_read_are_named_at_their_key():
    for data, where, words in [({"forest": {"capacty": 1}}, "spaces.forest.capacty", "Did you mean 'capacity'?"),
                               ({"forest": {"capacity": 0}}, "spaces.forest.capacity", "out of range"),
                               ({"forest": {"gives": {"wod": 1}}}, "spaces.forest.gives.wod", "Did you mean 'wood'?"),
                               ([], "spaces", "maps each action space's name")]:
        with pytest.raises(InputError) as error:
            spaces.Spaces.read(data, GOODS)
        assert words in error.value.message and error.value.where == where, (data, error.value)
    with pytest.raises(InputError) as unknown:
        BOARD.named("forrest", "do.0")
    assert "Did you mean 'forest'?" in unknown.value.message


@given(cost=amounts, count=st.integers(0, 5))
def test_an_upkeep_per_worker_is_the_cost_that_many_times(cost, count):
    upkeep = goods.times(cost, count)
    assert set(upkeep) == set(cost) and all(upkeep[good] == n * count for good, n in cost.items())
    assert goods.said(goods.times({"food": 1}, 3)) == "3 food"


def test_the_board_is_drawn_with_the_workers_on_its_spaces_and_each_player_s_row():
    import shutil
    import subprocess
    from types import SimpleNamespace

    view = {"placed": {"fields": ["ann"], "market": ["bob", "ann"]}, "next": "bob",
            "players": {"ann": {"stock": {"wood": 2, "food": 1}, "score": 3}, "bob": {"stock": {}, "score": 0}}}
    run = SimpleNamespace(before=None, after=None, viewer=None, view_of=lambda state: view)
    dot = spaces.draw_board(run, "after", BOARD, note="{stock}; {score} points")
    assert dot.count('style="dashed"') == 1 + 1  # a free place in the forest, one in the fields (the market holds any)
    assert ">Ann<" in dot and ">Bob<" in dot and "any number" in dot
    assert "pay 1 wood; get 3 money" in dot and "2 wood and 1 food; 3 points" in dot and "nothing; 0 points" in dot
    assert "Bob · to play" in dot
    if shutil.which("dot"):
        drawn = subprocess.run(["dot", "-Tsvg"], input=dot, capture_output=True, text=True, timeout=60)
        assert drawn.returncode == 0 and "<svg" in drawn.stdout, drawn.stderr


@settings(max_examples=100, deadline=None)
@given(stock=amounts)
def test_goods_read_back_as_they_are_written(stock):
    """A stock as a game's view and ``setup_of`` write it (a mapping of goods) reads back the same."""
    assert goods.read(dict(stock), GOODS, "players.ann.stock") == stock
    assert goods.read(None, GOODS, "players.ann.stock") == {}


@settings(max_examples=100, deadline=None)
@given(tries=st.lists(st.tuples(st.sampled_from(["ann", "bob", "cy"]), st.sampled_from(["forest", "fields", "market"])),
                      max_size=20))
def test_a_space_with_room_takes_the_worker_and_the_placements_read_back_from_their_view(tries):
    """What the kit offers is what it accepts: a space with room (``has_room``, what a game's
    legal moves list) takes the worker, a full one refuses. The placements written as the view
    writes them, placed again in that order, are the same placements (a setup's round trip)."""
    placed = spaces.Placed()
    for player, name in tries:
        if placed.has_room(BOARD[name]):
            placed.place_worker(BOARD[name], player, "wp.space.full")
        else:
            with pytest.raises(Refusal):
                placed.place_worker(BOARD[name], player, "wp.space.full")
        assert all(s.capacity is None or len(placed.at(s.name)) <= s.capacity for s in BOARD)  # room is real room
    again = spaces.Placed()
    for name, there in placed.view().items():
        for player in there:
            again.place_worker(BOARD.named(name, f"placed.{name}"), player, "wp.space.full")
    assert again == placed and again.view() == placed.view()
