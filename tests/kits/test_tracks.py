"""The tracks kit (``rulewright.game.tracks``): the score track and the round track, read from data
and from a setup, and written back."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulewright.game import InputError, tracks

NAMES = ["ann", "bob", "cy", "dee"]


@settings(max_examples=100, deadline=None)
@given(start=st.lists(st.integers(0, 30), min_size=2, max_size=4),
       moves=st.lists(st.tuples(st.integers(0, 3), st.integers(-10, 10)), max_size=30),
       floor=st.sampled_from([0, None]))
def test_a_score_moves_by_the_points_never_below_the_first_space_and_reads_back(start, moves, floor):
    players = {name: {"score": points} for name, points in zip(NAMES, start)}
    track = tracks.ScoreTrack.read(players, lowest=floor)
    for seat, points in moves:
        name = NAMES[seat % len(start)]
        before = track.scores[name]
        moved = track.score(name, points)
        assert track.scores[name] == before + moved
        assert moved == points or (floor is not None and track.scores[name] == floor and moved > points)
    again = tracks.ScoreTrack.read({name: {"score": points} for name, points in track.scores.items()}, lowest=floor)
    assert again == track  # the setup's round trip
    best = max(track.scores.values())
    assert track.leaders() == [n for n in track.scores if track.scores[n] == best]
    assert all(track.places()[n] == 1 for n in track.leaders()) and track.reached(best) == track.leaders()
    assert track.reached(best + 1) == []


def test_a_score_that_cannot_be_read_is_named_at_its_key():
    assert tracks.ScoreTrack.read({"ann": {}, "bob": None}).scores == {"ann": 0, "bob": 0}
    with pytest.raises(InputError) as error:
        tracks.ScoreTrack.read({"ann": {"score": -1}, "bob": {}})
    assert error.value.where == "players.ann.score"
    assert tracks.ScoreTrack.read({"ann": {"score": -1}}, lowest=None).scores == {"ann": -1}


@settings(max_examples=100, deadline=None)
@given(last=st.integers(1, 8), data=st.data())
def test_the_round_track_moves_to_the_end_and_reads_back_at_every_round(last, data):
    feeding = data.draw(st.lists(st.integers(1, last), unique=True))
    track = tracks.RoundTrack.read({"last": last, "feeding": feeding})
    seen = []
    while not track.over:
        assert tracks.RoundTrack.read({"last": last, "feeding": feeding}).at(track.written) == track
        assert track.left() == last - track.current + 1 and track.is_last == (track.current == last)
        if track.happens("feeding"):
            seen.append(track.current)
            assert track.ending() == ["feeding"]
        track.advance()
    assert sorted(seen) == sorted(feeding) and track.written == tracks.OVER and track.left() == 0
    assert tracks.RoundTrack.read({"last": last}).at("over") == tracks.RoundTrack(last, {}, last + 1)


@pytest.mark.parametrize("data, where, words", [
    ([4], "rounds", "gives the number of rounds"),
    ({"last": 0}, "rounds.last", "number of rounds"),
    ({"last": 4, "feeding": 2}, "rounds.feeding", "lists the rounds at whose end it happens"),
    ({"last": 4, "feeding": [2, 5]}, "rounds.feeding.1", "round of feeding"),
])
def test_a_round_track_that_cannot_be_read_is_named_at_its_key(data, where, words):
    with pytest.raises(InputError) as error:
        tracks.RoundTrack.read(data)
    assert words in error.value.message and error.value.where == where, error.value.message


def test_a_round_out_of_the_track_is_named_with_the_rounds_there_are():
    with pytest.raises(InputError) as error:
        tracks.RoundTrack(4).at(5)
    assert error.value.where == "round" and error.value.message == (
        "'round' is the round being played, a whole number from 1 to 4, or 'over' once the last round has "
        "ended; not 5.")
