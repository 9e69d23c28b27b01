"""Positions as data: every position of random play written back as a setup (``setup_of``) plays
on exactly as the original, and 1870's conservation laws (``invariants``) hold throughout."""
import copy

import pytest
import yaml
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from rulewright.game import step
from rulewright.play.position import round_trip
from engine.games.g1870 import holdings, shares
from tests.g1870.helpers import GAME, play, start, view

SETTINGS = GAME.resolve_settings({})


@settings(max_examples=4, deadline=None, phases=(Phase.explicit, Phase.reuse, Phase.generate))
@given(st.data())
def test_every_position_of_random_play_round_trips_and_conserves(data):
    state = start(preset=data.draw(st.sampled_from(sorted(GAME.presets))))
    for _ in range(8):
        assert round_trip(GAME, state, SETTINGS, moves_ahead=1, seed=data.draw(st.integers(0, 9))) == []
        assert GAME.invariants(state) == []
        legal = GAME.legal_actions(state)
        if not legal:
            break
        ending = [a for a in legal if a.verb in ("pass", "done")]  # often, so that turns and rounds end
        state = step(GAME, state, data.draw(st.sampled_from(ending if ending and data.draw(st.booleans())
                                                             else legal))).state


@settings(max_examples=3, deadline=None, phases=(Phase.explicit, Phase.reuse, Phase.generate))
@given(st.data())
def test_long_token_heavy_play_round_trips(data):
    """Longer games on the map (the presets with track), most moves laying track, placing tokens,
    buying and selling: every few moves the position round-trips through its written setup (a
    city's tokens in the order placed, a destination token among them, a president's sales for a
    train not yet bought)."""
    state = start(preset=data.draw(st.sampled_from(["gulf", "bare"])))
    for move in range(24):
        if move % 4 == 0:
            assert round_trip(GAME, state, SETTINGS, moves_ahead=1, seed=move) == []
        legal = GAME.legal_actions(state)
        if not legal:
            break
        busy = [a for a in legal if a.verb in ("token", "lay", "sell", "buy", "par", "run", "dest")]
        ending = [a for a in legal if a.verb in ("pass", "done")]
        pool = data.draw(st.sampled_from([p for p in (busy, ending, legal) if p]))
        state = step(GAME, state, data.draw(st.sampled_from(pool))).state


SCENARIOS = {  # a position reached in play, and moves whose outcome depends on what it must keep
    "passes": ("stock", {}, ["ann: pass", "bob: pass", "cat: pass"], ["dan: pass"]),
    "a sale this turn": ("stock", {"turn": "cat"}, ["cat: sell TP"], ["cat: buy TP", "cat: done", "bob: decline TP"]),
    "a sale that passed the presidency": ("stock", {"turn": "bob"}, ["bob: sell 3 TP", "bob: done"],
                                          ["cat: protect TP", "cat: decline TP"]),
    "a protector while a sale waits": ("stock", {"turn": "cat", "players": {"cat": {"shares": {"SP": 1, "TP": 2}}}},
                                       ["cat: sell SP", "cat: sell TP", "cat: done", "ann: protect SP"],
                                       ["bob: decline TP", "dan: pass"]),
    "an offer": ("stock", {}, ["ann: sell GRSC to bob for 30"], ["bob: accept", "bob: pass"]),
    "a redemption offer": ("stock", {"corporations": {"SP": {"market": 0}}}, ["ann: redeem SP from bob"],
                           ["bob: accept", "bob: pass", "cat: pass", "dan: pass", "ann: redeem SP"]),
    "a private bid up": ("new-game", {}, ["ann: bid 45 on MRBC", "bob: bid 50 on MRBC", "cat: buy GRSC"],
                         ["ann: bid 55 on MRBC", "bob: pass", "bob: pass"]),
    "a turn on the map": ("gulf", {}, ["SP: lay 5 on N7 rotated 1", "SP: run 4 N1-M2-M4-M6-N7"],
                          ["SP: lay 9 on N5 rotated 1", "SP: pay", "SP: done"]),
    "the order kept": ("gulf", {}, ["SP: withhold 0", "SP: done", "MP: pay 300"],
                       ["MP: done", "TP: done", "IC: done", "GMO: done"]),
    "a discard due": ("stock", {"round": "operating", "next_train": "4",
                                "corporations": {"TP": {"trains": ["3", "3", "3", "3"]}}},
                      ["SP: buy train"], ["TP: discard 3 train", "SP: buy 3 train from pool", "SP: done"]),
    "a train offer": ("stock", {"round": "operating"}, ["SP: buy 2 train from TP for 1"],
                      ["bob: accept", "SP: done", "TP: done"]),
    "a forced sale waiting": ("stock", {"round": "operating", "turn": "SLSF", "players": {"dan": {"cash": 100}},
                                        "corporations": {"SLSF": {"cash": 50, "trains": []}},
                                        "hexes": {"E12": {"tile": 57, "rotated": 2}, "F13": {"tile": 9, "rotated": 2},
                                                  "G14": {"tile": 8}, "H13": {"tile": 5, "rotated": 3}}},
                              ["dan: sell TP", "SLSF: buy train"], ["bob: decline TP", "SLSF: done"]),
    "a forced sale before the purchase": ("stock", {"round": "operating", "turn": "SLSF", "players": {"dan": {"cash": 100}},
                                                 "corporations": {"SLSF": {"cash": 50, "trains": []}},
                                                 "hexes": {"E12": {"tile": 57, "rotated": 2},
                                                           "F13": {"tile": 9, "rotated": 2},
                                                           "G14": {"tile": 8}, "H13": {"tile": 5, "rotated": 3}}},
                                          ["dan: sell TP"], ["SLSF: buy train", "bob: decline TP", "SLSF: done"]),
    "a destination token after another": ("gulf", {"connected": {"GMO": "map"},
                                                   "hexes": {"C18": {"tile": 15, "rotated": 2,
                                                                     "tokens": ["MP", "IC", "GMO"]}}},
                                          [], ["SP: done", "MP: done"]),
    "a closed corporation that made its run": ("gulf", {"connected": {"GMO": "charter"},
                                                        "corporations": {"GMO": {"closed": True}},
                                                        "players": {"bob": {"shares": {"GMO": 0}},
                                                                    "dan": {"shares": {"GMO": 0}}}},
                                               [], ["SP: done"]),
    "a private token placed": ("stock", {"round": "operating", "privates": {"SCC": "SP"}}, ["SP: assign SCC to B11"],
                               ["SP: assign SCC to B9", "SP: done"]),
    "a connection run": ("gulf", {"corporations": {"IC": {"trains": ["4"]}},
                                  "connection_run": {"corporation": "IC", "token": "place"}},
                         ["IC: run 4 K16-J17-I18-H17-G16-F17-E18-D19-C18-C20-B21-A22"], ["IC: pay", "SP: done"]),
}


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_a_position_from_play_plays_on_as_the_original(name):
    from rulewright.game import Refusal
    from rulewright.play.position import rebuilt
    preset, overrides, before, after = SCENARIOS[name]
    state = play(start(overrides, preset=preset), *before)
    assert round_trip(GAME, state, SETTINGS) == []
    again = rebuilt(GAME, state, SETTINGS)
    for line in after:
        outcomes = []
        for position in (state, again):
            try:
                position = play(position, line)
                outcomes.append((view(position), position))
            except Refusal as refusal:
                outcomes.append((refusal.rule, position))
        assert outcomes[0][0] == outcomes[1][0], f"after '{line}' the copy differs"
        (_, state), (_, again) = outcomes


@pytest.mark.parametrize("name", sorted(GAME.presets))
def test_a_preset_is_written_as_itself_and_survives_yaml(name):
    state = start(preset=name)
    assert GAME.setup_of(state) == {"preset": name}
    assert yaml.safe_load(yaml.safe_dump(GAME.setup_of(state))) == {"preset": name}
    assert GAME.invariants(state) == []


def test_a_position_in_the_middle_of_things_is_plain_yaml_and_reads_back():
    """A stock turn with a sale made, then the sale waiting for its president: written, dumped as
    YAML, read back, and played on, it gives the same views as the original."""
    state = play(start(overrides={"turn": "cat"}), "cat: sell TP")
    for position in (state, play(state, "cat: done")):
        written = GAME.setup_of(position)
        assert yaml.safe_load(yaml.safe_dump(written)) == written
        assert written["preset"] == "stock"
        assert round_trip(GAME, position, SETTINGS) == []
    assert GAME.setup_of(state)["this_turn"] == {"sold": [{"corporation": "TP", "count": 1}]}
    assert GAME.setup_of(play(state, "cat: done"))["protection"] == [{"corporation": "TP", "sold_by": "cat",
                                                                      "count": 1}]


def test_money_made_from_nothing_is_reported_with_its_rule(monkeypatch):
    """A planted bug: selling a share pays the seller without taking the money from the bank."""
    original = shares.sell

    def generous_sell(state, name, sym, count):
        events = original(state, name, sym, count)
        state.bank += holdings.price(state.corporations[sym]) * count  # the bank does not pay after all
        return events

    monkeypatch.setattr(shares, "sell", generous_sell)
    state = play(start(overrides={"turn": "cat"}), "cat: sell TP")
    found = GAME.invariants(state)
    assert [v.rule for v in found] == ["1870.end.bank"]
    assert "money was made or lost" in str(found[0])


def test_a_share_from_nothing_is_reported_with_its_rule(monkeypatch):
    """A planted bug: buying a share from the Treasury gives it to the player but leaves it there too."""
    original = shares.buy

    def copying_buy(state, name, sym, count, source):
        events = original(state, name, sym, count, source)
        state.corporations[sym].treasury += count if source == "treasury" else 0
        return events

    monkeypatch.setattr(shares, "buy", copying_buy)
    state = play(start(), "ann: buy TP")
    assert [(v.rule, v.message.split(":")[0]) for v in GAME.invariants(state)] == [
        ("1870.shares.certificates", "TP has ten shares, but they count 11")]


def test_each_law_names_what_is_wrong():
    state = start()
    broken = copy.deepcopy(state)
    broken.players["ann"].shares["TP"] = 9        # more TP than exist; ann outholds TP's president
    broken.privates["GRSC"].owner = "zed"         # an owner nobody is
    broken.net.charter["SP"].append(40)           # a station token from nowhere
    broken.trains_sold["3"] = 0                   # SP's 3-train never sold
    rules = sorted(v.rule for v in GAME.invariants(broken))
    assert rules == ["1870.private.list", "1870.route.station", "1870.shares.certificates",
                     "1870.shares.presidency", "1870.train.buy"]
    assert view(state) == view(start())           # the original is untouched


@pytest.mark.parametrize("bad, where", [
    ({"passes": 4}, "passes"),
    ({"this_turn": {"laid": True}}, "this_turn.laid"),
    ({"this_turn": {"sold": [{"corporation": "TP", "count": 1}]}}, "this_turn.sold.0.count"),
    ({"this_turn": {"protected_by": "bob"}}, "this_turn.protected_by"),
    ({"offer": {"kind": "gift", "to": "bob", "item": "GRSC"}}, "offer.kind"),
    ({"offer": {"kind": "private", "by": "bob", "to": "cat", "item": "MRBC"}}, "offer.by"),
    ({"must_par": "ann"}, "must_par"),
    ({"auction": {"bidding": ["ann", "bob"]}}, "auction"),
    ({"market": {"H2": ["TP"]}}, "market.H2"),
    ({"still_to_operate": ["SP"]}, "still_to_operate"),
    ({"round": "operating", "still_to_operate": ["ATSF"]}, "still_to_operate"),
    ({"round": "over", "turn": "ann"}, "turn"),
    ({"connection_run": {"corporation": "TP", "token": "maybe"}}, "connection_run.token"),
    ({"connected": {"SP": {"token": "place", "dividend": "half"}}}, "connected.SP.dividend"),
    ({"connected": {"TP": {"token": "place", "dividend": "paid", "routes": [{"train": "4"}]}}}, "connected.TP.routes.0"),
    ({"connected": {"TP": {"token": "place", "dividend": "paid", "routes": ["J5-J7"]}}}, "connected.TP.routes.0"),
    ({"privates": {"GSC": {"owner": "dan", "bids": {"ann": 90}}}}, "privates.GSC.bids"),
    ({"bank": -5}, "bank"),
])
def test_a_position_key_given_wrong_is_refused_at_its_key(bad, where):
    from rulewright.game import InputError
    with pytest.raises(InputError) as error:
        start(bad)
    assert error.value.where == where, error.value
