"""The diesel variant (setting ``diesels``, rules 1870.train.diesel and 1870.train.trade-in): random
play from phase 5 keeps money and trains whole, and every D-train purchase, with or without a
trade-in, does what the rules say to the corporation, the bank's pool and the other trains."""
from hypothesis import given, settings
from hypothesis import strategies as st

from rulewright.game import InputError, Refusal, step
from engine.games.g1870 import data, operating
from tests.g1870.helpers import GAME, play, start
from tests.g1870.test_property import RULES, check_invariants, total_cash

KINDS = ["4", "5", "6"]


def phase_five(draw):
    """A diesel game in the operating round of phase 5: SP, TP and the SLSF with random trains of
    4 to 6 (at most two each) and random cash, the 6-trains partly sold."""
    corps = {sym: {"trains": draw(st.lists(st.sampled_from(KINDS), max_size=2)),
                   "cash": draw(st.integers(0, 2000))} for sym in ("SP", "TP", "SLSF")}
    for kind in KINDS:  # no more of a kind than the bank has: the extra ones dropped, SP's first
        while sum(c["trains"].count(kind) for c in corps.values()) > operating.spec(kind)["count"]:
            next(c for c in corps.values() if kind in c["trains"])["trains"].remove(kind)
    setup = {"round": "operating", "phase": 5, "corporations": corps,
             "privates": {p: "closed" for p in ("GRSC", "MRBC", "SCC", "GSC", "SLSF", "MKT")}}
    if sum(c["trains"].count("6") for c in corps.values()) < 3:
        setup["next_train"] = "6"
    return start(setup, diesels=True)


def counts(state) -> dict:
    out = {}
    for owner in [c.trains for c in state.corporations.values()] + [state.pool]:
        for train in owner:
            out[train] = out.get(train, 0) + 1
    return out


@settings(max_examples=30, deadline=None)
@given(st.data())
def test_random_diesel_play_keeps_money_and_trains_whole(data):
    state = phase_five(data.draw)
    cash = total_cash(state)
    check_invariants(state, cash)
    for _ in range(15):
        legal = GAME.legal_actions(state)
        if not legal:
            break
        act = data.draw(st.sampled_from(legal))
        assert GAME.parse_action(state, act.actor, act.notation()) == act
        before, corp_before = counts(state), state.corporations.get(act.actor)
        cash_before = corp_before.cash if corp_before else None
        trains_before = list(corp_before.trains) if corp_before else None
        before_pool = list(state.pool)
        phase_before = state.phase
        result = step(GAME, state, act)
        state = result.state
        check_invariants(state, cash)
        after = counts(state)
        if state.phase == 6:  # phase D: the 4-trains rusted, wherever they were
            assert "4" not in after
        for kind in ("5", "6"):  # never rust: only purchases from the bank add to them
            assert after.get(kind, 0) >= before.get(kind, 0)
        bought = [e.data for e in result.events if e.name == "train-bought" and e.data["train"] == "D"
                  and "from" not in e.data]
        if act.verb == "trade":  # $800 from the corporation alone; the train handed in waits in the pool
            corp = state.corporations[act.actor]
            assert bought[0]["price"] == 800 and cash_before - corp.cash == 800 and "D" in corp.trains
            kept = list(trains_before)
            kept.remove(act.other)
            rusted = kept.count("4") if phase_before == 5 else 0  # the first D rusts the 4s kept
            assert len(corp.trains) == len(trains_before) - rusted
            if not (phase_before == 5 and act.other == "4"):  # (a 4 handed in for the first D rusts)
                assert state.pool.count(act.other) == before_pool.count(act.other) + 1
        elif bought:
            assert bought[0]["price"] == 1100  # no discount without a trade-in


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_a_trade_in_is_accepted_exactly_when_the_rules_allow_it(data):
    state = phase_five(data.draw)
    sym = state.turn
    corp = state.corporations[sym]
    old = data.draw(st.sampled_from(["2", "3", *KINDS, "D"]))
    allowed = old in KINDS and old in corp.trains and corp.cash >= 800
    try:
        after = play(state, f"{sym}: trade {old} train for D train")
    except Refusal as refusal:
        assert not allowed and refusal.rule == "1870.train.trade-in" and refusal.rule in RULES
        return
    assert allowed
    got = after.corporations[sym]
    kept = list(corp.trains)
    kept.remove(old)
    rusted = kept.count("4")  # the first D-train rusts the 4-trains the corporation keeps
    assert got.cash == corp.cash - 800 and len(got.trains) == len(corp.trains) - rusted and "D" in got.trains
    assert after.phase == 6 and "4" not in counts(after)


def test_the_diesel_table_differs_from_the_printed_one_only_where_the_variant_says():
    printed, diesel = data.trains(), data.trains(diesels=True)
    assert [t["name"] for t in diesel] == ["2", "3", "4", "5", "6", "D"]
    assert [t["name"] for t in printed][-3:] == ["8", "10", "12"]
    assert {t["name"]: t.get("rusts_on") for t in diesel} == {"2": "4", "3": "6", "4": "D", "5": None, "6": None,
                                                               "D": None}
    same = ("price", "count", "phase", "limit", "rounds")
    assert [{k: t[k] for k in same} for t in printed[:5]] == [{k: t[k] for k in same} for t in diesel[:5]]


def test_a_d_train_is_an_input_error_in_the_printed_game_and_counts_every_stop_in_the_variant():
    state = start({"round": "operating", "phase": 5, "next_train": "6"})
    try:
        play(state, "SP: buy D train")
    except InputError as error:
        assert "setting 'diesels'" in str(error)
    else:
        raise AssertionError("the printed game sold a D-train")
    from engine.games.g1870 import routes
    from engine.games.g1870 import track
    stops = sum(1 for h in track.board().hexes.values() if h.name)  # cities and red areas, towns aside
    assert routes.train_length("D") > 2 * stops and routes.train_length("12") == 12
    assert operating.spec("D")["price"] == 1100


def test_phase_d_is_named_so_in_positions_events_and_refusals_and_a_setup_names_it():
    """The variant's sixth phase is phase D (the D-train's ``phase_name`` in the data): the view, the
    position written back, the event and a refusal say D; a setup may write D (or 6, as before)."""
    before = start({"round": "operating", "phase": 5, "next_train": "6",
                    "corporations": {"SP": {"trains": ["5"], "cash": 1200}}}, diesels=True)
    result = step(GAME, before, GAME.parse_action(before, "SP", "buy D train"))
    assert GAME.view(result.state)["phase"] == "D"
    assert GAME.setup_of(result.state)["phase"] == "D"
    assert {"phase": "D"} in [event.data for event in result.events if event.name == "phase-changed"]
    for written in ("D", "d", 6):
        assert start({"phase": written}, diesels=True).phase == 6
    assert GAME.view(start({"phase": 6}))["phase"] == 6  # the printed game's sixth phase keeps its number


def test_phase_d_without_the_variant_says_which_setting_it_needs():
    try:
        start({"phase": "D"})
    except InputError as error:
        assert "diesel variant" in str(error) and "settings: {diesels: true}" in str(error), error
        assert "1, 2, 3, 4, 5, 6, 7 and 8" in str(error), error
    else:
        raise AssertionError("phase D was read in the printed game")
    try:
        start({"phase": "E"}, diesels=True)
    except InputError as error:
        assert "1, 2, 3, 4, 5 and D" in str(error) and "diesel" not in str(error), error
    else:
        raise AssertionError("an unknown phase name was read")
