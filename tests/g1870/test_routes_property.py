"""The one-connection-run-per-game rule under random play on the printed map: a corporation never
makes two connection runs, and play never stalls in the middle of one. (The route rules and the
best-route search against brute force are ``test_hexroutes_property.py``'s.)"""
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from rulewright.game import step
from tests.g1870.helpers import GAME, start

# The two tiles that join TP's line (Dallas to Baton Rouge in the gulf preset) to New Orleans.
TO_NEW_ORLEANS = {"M16": {"tile": 8, "rotated": 5}, "N17": {"tile": 5, "rotated": 2}}


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow],
          phases=[Phase.explicit, Phase.reuse, Phase.generate])  # shrinking a long random game takes minutes
@given(st.booleans(), st.booleans(), st.randoms(use_true_random=False))
def test_a_corporation_never_makes_two_connection_runs_and_play_never_stalls(joined, two_trains, rnd):
    """TP (Dallas to New Orleans) is two tiles short of its destination, or already joined. With a
    second train it could once run that train and then its 4-train elsewhere, leaving no way to
    finish the connection run: play must always have a legal action until the round ends."""
    tp_trains = ["4", "2"] if two_trains else ["4"]
    state = start({"turn": "SP", "corporations": {"TP": {"trains": tp_trains, "cash": 900},
                                                  "SP": {"trains": ["4"], "cash": 900}},
                   "hexes": TO_NEW_ORLEANS if joined else {}}, preset="gulf")
    started = []
    for _ in range(30):
        if state.round != "operating" or state.game_over:
            break
        legal = GAME.legal_actions(state)
        assert legal, f"play stalled with nothing legal (connection run: {state.net.current})"
        ending = [a for a in legal if a.verb in ("done", "pay", "withhold", "dest", "lay")]
        act = rnd.choice(ending if ending and rnd.random() < 0.7 else legal)
        outcome = step(GAME, state, act)
        state = outcome.state
        started += [e.data["corporation"] for e in outcome.events if e.name == "connection-run-started"]
    assert len(started) == len(set(started)), started
    assert set(started) <= set(state.net.history) | ({state.net.current["corp"]} if state.net.current else set())
