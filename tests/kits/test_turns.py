"""The turns kit (``rulewright.game.turns``): who plays, whose turn it is, passing and rounds, and
phases described as data."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulewright.game import InputError, Refusal, turns

NAMES = ["ann", "bob", "cy", "dee", "eve"]


def test_players_are_read_with_their_entries_and_their_number():
    assert turns.players(None, 2, 4) == {"ann": {}, "bob": {}}
    assert turns.players({"ann": {"hand": [1]}, "bob": None}, 2, 4, ("hand",)) == {"ann": {"hand": [1]}, "bob": {}}
    with pytest.raises(InputError) as few:
        turns.players(["ann"], 2, 4)
    assert few.value.message == "'players' lists 2 to 4 players in seat order, e.g. [ann, bob]."
    with pytest.raises(InputError) as wrong:
        turns.players({"ann": {"hnd": [1]}, "bob": {}}, 2, 4, ("hand", "pile"), "{hand: [3, 5]}")
    assert wrong.value.where == "players.ann" and "may give 'hand' and 'pile', e.g. ann: {hand: [3, 5]}" \
        in wrong.value.message
    with pytest.raises(InputError) as twice:  # (read as a mapping, the second ann would vanish: two players)
        turns.players(["ann", "bob", "ann"], 2, 4)
    assert twice.value.where == "players" and twice.value.message.startswith("'players' lists ann twice")


@settings(max_examples=100, deadline=None)
@given(count=st.integers(2, 5), moves=st.lists(st.integers(0, 4), max_size=30), marker=st.booleans())
def test_turns_go_round_the_table_skipping_who_has_passed(count, moves, marker):
    seating = turns.Seating(NAMES[:count])
    for choice in moves:
        now = seating.to_move()
        if now is None:
            assert seating.all_passed
            first = seating.first_player
            seating.new_round(marker_moves=marker)
            assert seating.passed == [] and seating.to_move() == seating.first_player
            assert (seating.first_player != first) == (marker and count > 1)
            continue
        assert now not in seating.passed
        other = NAMES[(NAMES.index(now) + 1) % count]
        with pytest.raises(Refusal) as refused:
            seating.check_turn(other, "game.turn")
        assert refused.value.rule == "game.turn" and refused.value.reason == f"It is {now}'s turn, not {other}'s."
        seating.check_turn(now, "game.turn")
        if choice == 0:
            seating.pass_turn(now)
        else:
            seating.end_turn(now)
        after = seating.to_move()
        assert after is None or after == seating.left_of(now) or seating.left_of(now) in seating.passed


PHASES = [{"name": "bidding", "moves": ["bid", "pass"], "rule": "t.bid", "then": "playing"},
          {"name": "playing", "moves": ["play"], "rule": "t.play"}]


def test_phases_are_data_and_refuse_what_they_do_not_allow():
    phases = turns.Phases.read(PHASES)
    assert phases.first == "bidding" and phases.after("bidding") == ("playing", False)
    assert phases.after("playing") == ("bidding", True)
    phases.check("bidding", "pass")
    with pytest.raises(Refusal) as refused:
        phases.check("bidding", "play")
    assert refused.value.rule == "t.bid" and refused.value.reason == \
        "It is the bidding phase: 'bid' or 'pass' now, not 'play'."


@pytest.mark.parametrize("data, where, words", [
    ([{"name": "bid", "moves": ["x"], "rule": "r", "then": "plya"}, {"name": "play", "moves": ["y"], "rule": "r"}],
     "phases.0.then", "Did you mean 'play'?"),
    ([{"name": "a", "moves": "x", "rule": "r"}], "phases.0.moves", "lists the moves it allows"),
    ([{"name": "a", "rule": "r"}], "phases.0", "A phase gives its 'name'"),
    ({}, "phases", "lists the phases of a round"),
])
def test_phases_that_cannot_be_read_are_named_at_their_entry(data, where, words):
    with pytest.raises(InputError) as error:
        turns.Phases.read(data)
    assert words in error.value.message and error.value.where == where


def test_a_kit_call_that_refuses_is_read_as_a_refusal_site():
    """``seating.check_turn(actor, "x.turn")`` refuses citing its rule as ``Refusal("x.turn", ...)``
    does: the checks that every refusal is declared and shown refused by an example see it."""
    from rulewright.checks.engine_source import read_text

    text = ('from rulewright.game import Refusal, cards, goods\n'
            'def apply(state, action):\n'
            '    state.seating.check_turn(action.actor, "x.turn.order")\n'
            '    cards.check_follow(DECK, hand, led, action.card, rule="x.trick.follow")\n'
            '    goods.pay(stock, cost, "x.pay", action.actor)\n'
            '    state.placed.place_worker(space, action.actor, "x.space.full")\n'
            '    pay(state, holder, "not a rule")\n'
            '    raise Refusal("x.end", "over")\n')
    assert sorted(read_text(text).refusals, key=lambda r: r[1]) == [
        ("x.turn.order", 3), ("x.trick.follow", 4), ("x.pay", 5), ("x.space.full", 6), ("x.end", 8)]
    # A game that does not use the kits is read as before: its own check_turn is no refusal.
    before = read_text(text.replace("cards, goods", "Game"))
    assert [rule for rule, _ in before.refusals] == ["x.end"]


def test_the_kit_s_bidding_and_trick_calls_are_refusal_sites_for_each_rule_they_cite():
    from rulewright.checks.engine_source import read_text

    text = ('from rulewright.game import cards, turns\n'
            'def apply(state, action):\n'
            '    state.auction.place_bid(state.seating, me, action.bid, "x.auction.bid")\n'
            '    state.auction.pass_bid(state.seating, me, "x.auction.stuck")\n'
            '    state.trick.play_card(DECK, hand, me, card, "x.play.hold", "x.play.follow")\n'
            '    state.trick.play_card(DECK, hand, me, card, hold_rule="x.hold", follow_rule="x.follow")\n')
    assert sorted(read_text(text).refusals, key=lambda r: (r[1], r[0])) == [
        ("x.auction.bid", 3), ("x.auction.stuck", 4), ("x.play.follow", 5), ("x.play.hold", 5),
        ("x.follow", 6), ("x.hold", 6)]


# ---------------------------------------------------------------------------- the auction

@settings(max_examples=150, deadline=None)
@given(count=st.integers(2, 5), choices=st.lists(st.integers(0, 20), max_size=40),
       low=st.integers(0, 3), span=st.integers(0, 5))
def test_an_auction_takes_only_the_bids_it_offers_and_ends_with_the_last_bidder(count, choices, low, span):
    seating, auction = turns.Seating(NAMES[:count]), turns.Auction(low, low + span)
    for choice in choices:
        if auction.won(seating):
            break
        now, offers = seating.to_move(), auction.offers(seating)
        assert offers and now is not None
        for refused in (auction.lowest - 1, auction.highest + 1, auction.high):  # never offered: refused
            if refused is not None and refused not in offers:
                with pytest.raises(Refusal) as no:
                    auction.place_bid(seating, now, refused, "x.bid")
                assert no.value.rule == "x.bid" and seating.to_move() == now
        if None not in offers:  # everyone else passed and nobody bid: the last player must bid
            assert auction.stuck(seating) and len(seating.passed) == count - 1
            with pytest.raises(Refusal, match=f"{now} must bid") as stuck:
                auction.pass_bid(seating, now, "x.stuck")
            assert stuck.value.rule == "x.stuck"
        offer = offers[choice % len(offers)]
        if offer is None:
            auction.pass_bid(seating, now, "x.stuck")
            assert now in seating.passed
        else:
            auction.place_bid(seating, now, offer, "x.bid")
            assert auction.high == offer and auction.leader == now
    if auction.won(seating):
        assert auction.leader not in seating.passed and len(seating.passed) == count - 1
        assert auction.high == max(auction.bids.values())


def test_an_auction_is_read_from_data_with_its_mistakes_named():
    assert turns.Auction.read({"lowest": 2, "highest": 6}) == turns.Auction(2, 6)
    for data, where, words in (({"lowest": 2}, "bids", "gives the lowest and the highest bid"),
                               ({"lowest": 4, "highest": 3}, "bids.highest", "highest bid"),
                               ({"lowest": "two", "highest": 3}, "bids.lowest", "lowest bid")):
        with pytest.raises(InputError) as error:
            turns.Auction.read(data)
        assert words in error.value.message and error.value.where == where, error.value.message
    seating, auction = turns.Seating(["ann", "bob"]), turns.Auction(2, 6)
    auction.place_bid(seating, "ann", 3, "x.bid")
    with pytest.raises(Refusal) as no:
        auction.place_bid(seating, "bob", 3, "x.bid")
    assert no.value.reason == "ann has bid 3: bid more than that, or pass."
    with pytest.raises(Refusal) as high:
        auction.place_bid(seating, "bob", 7, "x.bid")
    assert high.value.reason == "A bid is 2 to 6, not 7."


@settings(max_examples=100, deadline=None)
@given(names=st.lists(st.sampled_from(["deal", "bid", "play", "score", "trade"]), min_size=1, max_size=5, unique=True),
       data=st.data())
def test_phases_read_back_and_each_takes_exactly_the_moves_it_lists(names, data):
    """Phases as data, written back from what was read, read the same (the data's round trip); each
    phase accepts every move it lists (what a game's legal moves offer) and refuses any other, citing
    its rule; the phases follow each other as the data says, the last beginning a new round."""
    moves = ["bid", "pass", "play", "draw", "trade"]
    listed = [{"name": name, "moves": data.draw(st.lists(st.sampled_from(moves), min_size=1, unique=True)),
               "rule": f"game.{name}", **({"then": names[i + 1]} if i + 1 < len(names) else {})}
              for i, name in enumerate(names)]
    phases = turns.Phases.read(listed)
    written = [{"name": p.name, "moves": list(p.moves), "rule": p.rule, **({"then": p.then} if p.then else {})}
               for p in phases.phases.values()]
    assert written == listed and turns.Phases.read(written).phases == phases.phases
    for i, entry in enumerate(listed):
        for move in moves:
            if move in entry["moves"]:
                phases.check(entry["name"], move)
            else:
                with pytest.raises(Refusal) as refused:
                    phases.check(entry["name"], move)
                assert refused.value.rule == entry["rule"]
        assert phases.after(entry["name"]) == ((names[i + 1], False) if i + 1 < len(names) else (names[0], True))


@settings(max_examples=100, deadline=None)
@given(entries=st.dictionaries(st.sampled_from(NAMES), st.fixed_dictionaries({}, optional={"score": st.integers(0, 9)}),
                               min_size=2, max_size=4))
def test_players_read_back_in_seat_order_as_they_are_written(entries):
    """Players written as a setup writes them (each name with what they hold, in seat order) read
    back the same, in the same order; a list of names reads as names holding nothing."""
    read = turns.players(entries, 2, 4, ("score",), "{score: 2}")
    assert list(read) == list(entries) and read == entries
    assert turns.players(list(entries), 2, 4) == {name: {} for name in entries}


@given(fewest=st.integers(1, 6), more=st.integers(0, 4))
def test_the_number_of_players_is_read_from_the_data(fewest, more):
    assert turns.player_counts({"players": {"fewest": fewest, "most": fewest + more}}) == (fewest, fewest + more)


@pytest.mark.parametrize("written, line, words", [
    ("{fewest: two, most: 4}", 3, "'fewest' is two"), ("{fewest: 3, most: 2}", 3, "'most: 2' is out of range"),
    ("{fewset: 2, most: 4}", 3, "Did you mean 'fewest'?"), ("four", 3, "gives the fewest and the most players"),
    ("\n  fewest: 2\n  most: many", 5, "'most' is many")])
def test_a_number_of_players_that_cannot_be_read_is_named_at_its_line(tmp_path, written, line, words):
    from rulewright.game import DataFileError, data_file

    (tmp_path / "board.yaml").write_text(f"# the table\nhand: 5\nplayers: {written}\n")
    with pytest.raises(DataFileError) as error:
        data_file(tmp_path, "board.yaml", turns.player_counts)
    assert error.value.line == line and words in error.value.reason, error.value.reason
