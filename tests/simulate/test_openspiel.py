"""OpenSpiel's agents on Rulewright games: the adapter answers OpenSpiel's questions from the game's
public methods, MCTS beats random play, a seed gives the same games, and the information state of a
hidden-hand game hides what its player cannot see."""
import copy
import sys

import pytest

from rulewright.book import registry
from rulewright.game import Rng
from rulewright.play import runner, simulate
from rulewright.scenario.playing import set_up

pytest.importorskip("pyspiel", reason="OpenSpiel (open-spiel) is the optional extra rulewright[simulate]")
scipy_stats = pytest.importorskip("scipy.stats")

from rulewright.play import openspiel  # noqa: E402  (after the skip: it needs pyspiel)


def job(name: str, agents: str, seed: int = 1, moves: int = 1000, settings: dict | None = None,
        preset: str | None = None) -> simulate.Job:
    game = registry.get_game(name)
    return simulate.make_job(game, game.resolve_settings(settings or {}), preset or next(iter(game.presets)),
                             agents, moves, seed)


def wins(figures: list, seat: int) -> int:
    return sum(1 for g in figures if g.places and g.seats[seat] in g.winners() and len(g.winners()) == 1)


def test_mcts_beats_random_play_at_heaps_significantly():
    # MCTS in the second seat, so that the first player's edge (if any) works against it
    played = runner.run(job("rulewright-demo", "random, mcts 40", seed=5), 24)
    won = wins(played, 1)
    test = scipy_stats.binomtest(won, len(played), 0.5, alternative="greater")
    assert won >= 18 and test.pvalue < 0.01, (won, test.pvalue)


def test_the_same_seed_gives_the_same_games_and_another_seed_other_games():
    first = [g.as_dict() for g in runner.run(job("duel", "mcts 20, random", seed=3), 4)]
    again = [g.as_dict() for g in runner.run(job("duel", "mcts 20, random", seed=3), 4)]
    other = [g.as_dict() for g in runner.run(job("duel", "mcts 20, random", seed=4), 4)]
    assert first == again
    assert first != other


def test_mcts_learns_that_resting_loses_the_race():
    # in the duel, resting only loses time: random play rests about half the time, the searching agent rarely
    def rests(agents: str) -> float:
        kinds = [g.kinds for g in runner.run(job("duel", agents, seed=2), 4)]
        return sum(k.get("rest", 0) for k in kinds) / sum(sum(k.values()) for k in kinds)

    chance, searched = rests("random"), rests("mcts 30")
    assert chance > 0.35 and searched < chance / 2, (chance, searched)


def test_a_search_does_not_touch_the_games_own_draws():
    game = registry.get_game("duel")
    settings = game.resolve_settings({})
    state = set_up(game, {"preset": "start"}, settings, Rng(11))
    twin = copy.deepcopy(state)
    searcher = openspiel.Searcher("mcts", game, settings, state, seed=1, simulations=30)
    searcher.choose(state, game.legal_actions(state))
    assert state.rng.drawn == twin.rng.drawn == []
    assert state.rng.randint(1, 6) == twin.rng.randint(1, 6)


def hush_state(seed: int = 3):
    game = registry.get_game("hush")
    settings = game.resolve_settings({})
    return game, settings, set_up(game, {"preset": "two"}, settings, Rng(seed))


def test_the_information_state_hides_the_other_hand_and_the_deck():
    game, settings, state = hush_state()
    spiel = openspiel.openspiel_game(game, settings, state, imperfect=True)
    # another position that differs only in bob's hand: one of his cards swapped with a deck card
    other = copy.deepcopy(state)
    bob = other.players["bob"]
    swap = next(i for i, card in enumerate(other.deck) if card != bob.hand[0])
    bob.hand[0], other.deck[swap] = other.deck[swap], bob.hand[0]
    assert game.view(other) != game.view(state)
    ann, bob_seat = spiel.seats.index("ann"), spiel.seats.index("bob")
    one, two = spiel.state_of(state), spiel.state_of(other)
    assert one.information_state_string(ann) == two.information_state_string(ann)
    assert one.observation_string(ann) == two.observation_string(ann)
    assert one.information_state_string(bob_seat) != two.information_state_string(bob_seat)


def test_a_resampled_position_keeps_what_the_player_sees_and_deals_the_rest_anew():
    game, settings, state = hush_state()
    spiel = openspiel.openspiel_game(game, settings, state, imperfect=True)
    root = spiel.state_of(state)
    ann = spiel.seats.index("ann")
    hands = set()
    for _ in range(8):
        sample = root.resample_from_infostate(ann, None)
        assert sample.information_state_string(ann) == root.information_state_string(ann)
        assert sorted(sample.engine.players["ann"].hand) == sorted(state.players["ann"].hand)
        assert game.invariants(sample.engine) == []
        hands.add(tuple(sorted(sample.engine.players["bob"].hand)))
    assert len(hands) > 1  # bob's hand is dealt anew, not copied


def test_ismcts_plays_hush_to_the_end_with_legal_moves():
    played = runner.run(job("hush", "ismcts 15, random", seed=1), 2)
    assert all(g.over and g.places for g in played)


@pytest.mark.slow
def test_ismcts_beats_random_play_at_hush():
    played = runner.run(job("hush", "random, ismcts 60", seed=1), 40)
    searcher, chance = wins(played, 1), wins(played, 0)
    test = scipy_stats.binomtest(searcher, searcher + chance, 0.5, alternative="greater")
    assert test.pvalue < 0.05, (searcher, chance, test.pvalue)


def test_an_agent_is_read_with_its_simulations():
    assert simulate.agent("mcts 400") == simulate.AgentSpec("mcts", (), 400)
    assert str(simulate.agent("ismcts 50 without play")) == "ismcts 50 without play"
    with pytest.raises(Exception) as error:
        simulate.agent("alphazero")
    assert "mcts" in error.value.message and "ismcts" in error.value.message


def test_a_game_without_seats_is_told_plainly():
    from tests.play.race import Race

    game = Race()
    settings = game.resolve_settings({})
    with pytest.raises(Exception) as error:
        openspiel.openspiel_game(game, settings, set_up(game, {}, settings, Rng(0)))
    assert "does not say who sits where (Game.seats)" in error.value.message


def test_without_openspiel_the_message_names_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # an import of it fails, as where it is not installed
    with pytest.raises(SystemExit) as error:
        openspiel.pyspiel_module()
    assert "pip install 'rulewright[simulate]'" in str(error.value)
