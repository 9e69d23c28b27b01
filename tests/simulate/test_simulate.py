"""Simulated play: a planted advantage is reported as one, a changed reading as a change, restricted
and greedy agents do what they say, and the figures do not depend on how the games are split."""
import json

import pytest
from hypothesis import given, settings, strategies as st

from rulewright.book.registry import get_game
from rulewright.cli import main
from rulewright.play import figures, runner, simulate
from rulewright.play.simulate import make_job
from rulewright.play.simulate import GameFigures

pytest.importorskip("scipy")


def job(agents="random", games_seed=0, moves=500, **given):
    game = get_game("duel")
    return make_job(game, game.resolve_settings(given), "start", agents, moves, games_seed)


def seat_share(summary, seat):
    return summary["seats"][seat - 1]["share"]


def test_a_planted_advantage_is_reported_significant_and_an_even_start_is_not_said_to_favour_a_seat():
    planted = figures.summarize(runner.run(job(head_start=10), 300))
    assert planted["over"] == 300 and planted["stopped"] == 0
    assert planted["first_player"]["significant"] and planted["seat_balance"]["significant"]
    assert seat_share(planted, 1) > 0.7 and planted["seats"][0]["low"] > 0.6
    even = figures.summarize(runner.run(job(head_start=0), 300))
    assert seat_share(even, 1) < seat_share(planted, 1) - 0.15


def test_the_cli_says_a_planted_advantage_in_words(capsys):
    assert main(["simulate", "duel", "--games", "200", "--setting", "head_start=10"]) == 0
    out = capsys.readouterr().out
    assert "Is a seat favoured? Yes" in out and "a real advantage" in out and "exact binomial test" in out
    assert "Seat 1, ann (random): won" in out and "95% interval" in out


def test_a_changed_reading_is_reported_by_the_comparison_with_the_test_named(capsys, tmp_path):
    out_file = tmp_path / "figures.json"
    assert main(["simulate", "duel", "--games", "200", "--compare", "head_start=10", "--json", str(out_file)]) == 0
    out = capsys.readouterr().out
    assert "Does head_start=10 change the game?" in out
    line = next(line for line in out.splitlines() if line.strip().startswith("seat 1 (ann) wins"))
    assert "SIGNIFICANT" in line and "Fisher's exact test" in line
    rows = json.loads(out_file.read_text())["compare"]["differences"]
    seat1 = next(r for r in rows if r["figure"].startswith("seat 1"))
    assert seat1["significant"] and seat1["difference"] > 0.15


def test_the_same_reading_compared_with_itself_changes_nothing():
    a = runner.run(job(), 100)
    rows = figures.compare(a, runner.run(job(), 100))
    assert rows and not any(r["significant"] for r in rows) and all(r["difference"] == 0 for r in rows)


def test_restricted_play_an_agent_that_never_rests_beats_one_that_may():
    summary = figures.summarize(runner.run(job("random, random without rest"), 300))
    assert seat_share(summary, 2) > 0.7 and summary["moves"]["rest"]["times"] > 0


def test_a_greedy_agent_on_the_game_score_beats_a_random_one():
    summary = figures.summarize(runner.run(job("greedy,random"), 200))
    assert seat_share(summary, 1) > 0.7


def test_a_designers_score_function_steers_the_greedy_agent():
    # a score that prefers standing still: the greedy agent then always rests, and loses
    summary = figures.summarize(runner.run(make_job(get_game("duel"), get_game("duel").resolve_settings({}), "start",
                                                    "greedy,random", 400, 0, "tests.simulate.scores:stand_still"), 50))
    assert seat_share(summary, 1) == 0 and summary["moves"]["roll"]["games"] == 50


def test_a_game_that_cannot_end_within_the_limit_says_so(capsys):
    assert main(["simulate", "duel", "--games", "5", "--moves", "3"]) == 0
    out = capsys.readouterr().out
    assert "5 were stopped at the move limit of 3" in out and "No game ended within 3 moves" in out
    assert "random play may not finish" in out
    # other agents than random ones: the report says it of them, not of random play
    assert main(["simulate", "duel", "--games", "5", "--moves", "3", "--agents", "greedy"]) == 0
    out = capsys.readouterr().out
    assert "No game ended within 3 moves: these agents may not finish" in out and "random play" not in out


@pytest.mark.parametrize("agents, words", [("clever", "is not an agent"), ("random without", "write 'without KIND'")])
def test_an_agent_that_cannot_be_read_is_said_plainly(agents, words):
    with pytest.raises(SystemExit) as stopped:
        main(["simulate", "duel", "--games", "2", "--agents", agents])
    assert words in str(stopped.value)


def test_one_seed_gives_the_same_games_in_any_batches():
    one = [g.as_dict() for g in runner.run(job(), 40, batch=40)]
    assert one == [g.as_dict() for g in runner.run(job(), 40, batch=7)]
    assert one != [g.as_dict() for g in runner.run(job(games_seed=1), 40)]


def test_seeds_depend_on_the_run_seed_and_the_game_number_only():
    assert simulate.game_seed(0, 5) == simulate.game_seed(0, 5) != simulate.game_seed(1, 5) != simulate.game_seed(0, 6)


def figures_of(draw_index, seats=("ann", "bob", "cy")):
    return st.builds(
        lambda index, places, moves: GameFigures(index, index, moves, moves, places is not None,
                                                 places is None, False, list(seats), places, None,
                                                 {"roll": moves}, {}),
        st.just(draw_index),
        st.one_of(st.none(), st.fixed_dictionaries({s: st.integers(1, 3) for s in seats})),
        st.integers(0, 50))


games_lists = st.integers(1, 30).flatmap(lambda n: st.tuples(*[figures_of(i) for i in range(n)]).map(list))


@settings(max_examples=60, deadline=None)
@given(games_lists, st.randoms(use_true_random=False))
def test_the_figures_do_not_depend_on_the_order_games_arrive_in(games, rnd):
    shuffled = list(games)
    rnd.shuffle(shuffled)
    assert figures.summarize(shuffled) == figures.summarize(games)


@settings(max_examples=60, deadline=None)
@given(games_lists)
def test_every_ranked_game_is_won_by_one_seat_or_shared(games):
    summary = figures.summarize(games)
    assert sum(s["wins"] for s in summary["seats"]) + summary["shared_wins"] <= summary["ranked"]
    solo = sum(1 for g in games if g.places and list(g.places.values()).count(1) == 1)
    assert sum(s["wins"] for s in summary["seats"]) == solo
    assert summary["shared_wins"] == sum(1 for g in games if g.places and list(g.places.values()).count(1) > 1)
    for seat in summary["seats"]:
        if summary["ranked"]:
            assert seat["low"] <= seat["share"] <= seat["high"]


def test_a_hush_game_places_its_winners_first():
    from engine.games.hush.game import winners

    game = get_game("hush")
    job_ = make_job(game, game.resolve_settings({}), "three", "random", 100, 3)
    for index in range(30):
        played = simulate.play_game(job_, index)
        assert played.over and set(played.winners()) == set(_hush_winners(game, job_, index, winners))


def _hush_winners(game, job_, index, winners):
    """The winners by the game's own rule, from the same game replayed move by move."""
    import random

    from rulewright.game import Rng, step
    from rulewright.scenario.playing import set_up

    seed = simulate.game_seed(job_.seed, index)
    state, chooser = set_up(game, job_.setup, job_.settings, Rng(seed)), random.Random(seed)
    while not game.is_over(state):
        state = step(game, state, chooser.choice(game.legal_actions(state))).state
    return winners(state)
