"""The engine's tricky corners, beyond what the rulebook's examples show."""
import pytest

from rulewright.game import InputError, Refusal
from engine.games.g1870 import holdings
from tests.g1870.helpers import GAME, play, start, view


def test_a_pending_sale_counts_at_its_new_price_for_the_certificate_limit():
    state = start({"corporations": {"SP": {"cell": "E5", "par": 68}}, "turn": "bob"})
    before = holdings.certificates(state, "bob")
    state = play(state, "bob: sell SP")
    # SP will drop from E5 into the yellow zone: bob's remaining SP share no longer counts.
    assert holdings.certificates(state, "bob") == before - 2


def test_every_sale_of_one_turn_waits_in_the_order_made():
    state = start({"turn": "cat"})
    state = play(state, "cat: sell SP", "cat: sell TP", "cat: done")
    assert view(state)["waiting"] == ["ann: protect or decline SP (1 sold by cat)"]
    state = play(state, "ann: decline SP")
    assert view(state)["turn"] == "bob"            # TP's president answers next
    state = play(state, "bob: protect TP")
    assert view(state)["turn"] == "cat"            # play goes on after bob, the last protector
    assert view(state)["corporations"]["SP"]["cell"] == "H3"
    assert view(state)["corporations"]["TP"]["cell"] == "G4"


def test_nothing_happens_before_the_president_answers():
    """Found by independent checks: buying from the market while the
    president's answer was pending, then protecting, sold the same share twice (market -1)."""
    state = play(start({"turn": "cat"}), "cat: sell TP", "cat: done")
    with pytest.raises(Refusal) as refused:
        play(state, "bob: buy TP from market")
    assert refused.value.rule == "1870.protect.offer"
    state = play(state, "bob: protect TP")
    assert state.corporations["TP"].market == 0


def test_two_sales_of_the_same_corporation_in_a_turn_are_one_sale():
    state = play(start({"turn": "bob"}), "bob: sell SP", "bob: sell SP", "bob: done")
    assert view(state)["waiting"] == ["ann: protect or decline SP (2 sold by bob)"]


def test_priority_goes_to_the_player_after_the_last_to_act():
    state = play(start(), "ann: pass", "bob: buy SP", "cat: pass", "dan: pass", "ann: pass", "bob: pass")
    assert view(state)["priority"] == "cat"
    assert view(state)["round"] == "OR 2.1"


def test_three_bidders_bid_a_private_up_lowest_bid_first():
    state = start(preset="new-game")
    state = play(state, "ann: bid 45 on MRBC", "bob: bid 50 on MRBC", "cat: bid 60 on MRBC", "dan: buy GRSC")
    assert view(state)["turn"] == "ann"             # the lowest bid acts first
    state = play(state, "ann: pass")
    assert view(state)["turn"] == "bob"
    with pytest.raises(Refusal, match="at least \\$65"):
        play(state, "bob: bid 60 on MRBC")
    state = play(state, "bob: bid 65 on MRBC", "cat: pass")
    assert view(state)["privates"]["MRBC"]["owner"] == "bob"
    assert [view(state)["players"][p]["cash"] for p in ("ann", "bob", "cat")] == [525, 460, 525]
    assert view(state)["turn"] == "ann"             # play resumes after dan, who bought the GRSC


def test_closing_a_corporation_lowers_the_certificate_limit_and_frees_its_cell():
    state = start({"round": "operating", "turn": "TP", "corporations": {"TP": {"cell": "A8", "par": 76}}})
    assert view(state)["cert_limit"] == 16
    state = play(state, "TP: withhold 0")
    assert view(state)["cert_limit"] == 14
    assert "A9" not in view(state)["market"] and "TP" not in view(state)["operating_order"]


@pytest.mark.parametrize("text,fragment", [
    ("purchase SP", "must start with one of"),
    ("buy XX", "no corporation or private company called 'XX'"),
    ("sell two SP", "not in an order the game knows"),
    ("par SP ninety", "whole number"),
    ("redeem SP from zed", "no player called 'zed'"),
    ("sell SP 2", "Did you mean 'sell 2 SP'"),
    ("par SP at $90", "Did you mean 'par SP 90'"),
    ("bid 45 SCC", "Did you mean 'bid 45 on SCC'"),
    ("buy SP 3", "Did you mean 'buy 3 SP from market'"),
])
def test_bad_notation_is_an_input_error_that_says_what_is_wrong(text, fragment):
    with pytest.raises(InputError, match=fragment):
        GAME.parse_action(start(), "ann", text)


def test_unknown_actor_and_setup_keys_are_input_errors():
    with pytest.raises(InputError, match="no player or corporation called 'zed'"):
        GAME.parse_action(start(), "zed", "pass")
    with pytest.raises(InputError, match="has no key 'cahs'"):
        start({"players": {"ann": {"cahs": 5}}})
    with pytest.raises(InputError, match="not a cell"):
        start({"corporations": {"SP": {"cell": "Z1"}}})
    with pytest.raises(InputError, match="only 10 shares"):
        start({"players": {"ann": {"shares": {"SP": 9}}}})


def test_a_closed_corporation_can_be_set_up_directly():
    state = start({"corporations": {"TP": {"closed": True}}})
    tp = view(state)["corporations"]["TP"]
    assert (tp["closed"], tp["president"], tp["cash"], tp["market"]) == (True, None, 0, 0)
    assert all("TP" not in p.shares for p in state.players.values())
    assert "TP" not in view(state)["operating_order"]
    with pytest.raises(InputError, match="'closed' says whether the corporation has closed") as error:
        start({"corporations": {"TP": {"closed": "yes"}}})
    assert error.value.where == "corporations.TP.closed"


def test_a_sale_waiting_for_protection_can_be_set_up_directly():
    played = play(start({"turn": "cat"}), "cat: sell TP", "cat: done")
    set_up = start({"players": {"cat": {"shares": {"SP": 1, "TP": 1}}}, "corporations": {"TP": {"market": 1}},
                    "protection": [{"corporation": "TP", "sold_by": "cat"}]})
    assert view(set_up)["waiting"] == view(played)["waiting"] == ["bob: protect or decline TP (1 sold by cat)"]
    assert set_up.players["cat"].sold_this_round == played.players["cat"].sold_this_round == {"TP"}
    after = [view(play(s, "bob: decline TP")) for s in (set_up, played)]
    assert after[0]["corporations"]["TP"]["cell"] == after[1]["corporations"]["TP"]["cell"]
    assert after[0]["turn"] == after[1]["turn"]
    for bad, where in [({"protection": [{"corporation": "TP", "sold_by": "bob"}]}, "protection.0.sold_by"),
                       ({"protection": [{"corporation": "TP", "sold_by": "cat"}]}, "protection.0.count"),
                       ({"protection": [{"corporation": "TP", "sold_by": "cat", "cuont": 1}]}, "protection.0.cuont"),
                       ({"corporations": {"TP": {"market": 1}}, "turn": "dan",
                         "protection": [{"corporation": "TP", "sold_by": "cat"}]}, "turn")]:
        with pytest.raises(InputError) as error:
            start(bad)
        assert error.value.where == where


def test_a_refused_action_names_its_rule_and_changes_nothing():
    state = start()
    with pytest.raises(Refusal) as refusal:
        play(state, "ann: buy 2 TP")
    assert refusal.value.rule == "1870.buy.one-per-turn"
    assert view(state)["players"]["ann"]["cash"] == 300


def test_setting_the_slsf_par_is_not_the_turn_players_purchase():
    """The SLSF's par, owed by the SLSF private's buyer, is not the purchase of whoever's turn it is
    (rule 1870.buy.one-per-turn): ann may still start a corporation after dan sets it."""
    state = start({"players": ["ann", "bob", "cat", "dan"], "stock_round": 1, "privates": {"SLSF": "dan"},
                   "must_par": "dan", "turn": "ann"}, preset=None)
    state = play(state, "dan: par SLSF 68", "ann: par SP 90")
    assert view(state)["players"]["ann"]["president_of"] == ["SP"]
    assert view(state)["turn"] == "bob"


def test_a_private_already_sold_takes_no_bids():
    """dan's bid on the GRSC after cat has bought it was accepted and tied up dan's cash for good
    (rule 1870.auction.bid)."""
    state = play(start(preset="new-game"), "ann: bid 45 on MRBC", "bob: bid 55 on SCC", "cat: buy GRSC")
    assert view(state)["privates"]["GRSC"]["owner"] == "cat"
    with pytest.raises(Refusal) as refusal:
        play(state, "dan: bid 25 on GRSC")
    assert refusal.value.rule == "1870.auction.bid"
    assert not any(a.verb == "bid" and a.item == "GRSC" for a in GAME.legal_actions(state))


def test_a_corporation_s_shares_are_the_data_s(monkeypatch):
    """How many shares a corporation has is data (``shares_per_corporation`` in
    ``data/tables.yaml``, which the book prints): a setup placing more is refused, the Treasury holds
    the rest, and a floated corporation is paid that many times its par."""
    from engine.games.g1870 import data

    assert data.shares_per_corporation() == 10
    ten = view(start({"corporations": {"SP": {"par": 90, "market": 1}}}))["corporations"]["SP"]["treasury"]
    monkeypatch.setattr(data, "shares_per_corporation", lambda: 8)
    assert view(start({"corporations": {"SP": {"par": 90, "market": 1}}}))["corporations"]["SP"]["treasury"] == ten - 2
    with pytest.raises(InputError, match="has only 8 shares"):
        start({"corporations": {"SP": {"par": 90, "market": 1 + ten - 2 + 1}}})


@pytest.fixture
def tables(monkeypatch):
    """1870's data/tables.yaml as the engine reads it, changed for one test: the rule figures the
    book prints with {value} are the engine's too, written once."""
    from engine.games.g1870 import data

    changed = dict(data.tables())
    monkeypatch.setattr(data, "tables", lambda: changed)
    return changed


def test_half_a_payout_is_kept_rounded_down_to_the_data_s_step(tables):
    """SP pays half of $140: it keeps $70 with a step of $10 (7 a share paid out), $60 with $20 (8)."""
    state = play(start({"round": "operating"}), "SP: half 140")
    assert view(state)["players"]["bob"]["cash"] == 300 + 2 * 7
    tables["half_payout_step"] = 20
    state = play(start({"round": "operating"}), "SP: half 140")
    assert view(state)["players"]["bob"]["cash"] == 300 + 2 * 8


def test_the_least_sale_price_and_the_reissue_cap_are_the_data_s(tables):
    from engine.games.g1870 import market, privates, redemption

    state = start()
    owned = next(sym for sym, one in state.privates.items() if one.owner in state.players and not one.closed)
    owner = state.privates[owned].owner
    buyer = next(name for name in state.players if name != owner)
    privates.offer_check(state, owner, owned, buyer, 1)  # (refused by nothing: $1 is enough)
    tables["least_sale_price"] = 5
    with pytest.raises(Refusal, match=r"at least \$5"):
        privates.offer_check(state, owner, owned, buyer, 4)
    state = start({"corporations": {"SP": {"cell": "T1"}}}, max_reissue_200=True)
    assert redemption.reissue_price(state, "SP") == 200
    tables["max_reissue_par"] = 250
    assert redemption.reissue_price(state, "SP") == 250 == market.top_row_nearest(250)
