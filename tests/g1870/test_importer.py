"""The 18xx.games importer for 1870: which actions the platform keeps in effect after undo and
redo, how players and certificates are named, how actions read in the book's notation, and that
the converted moves of the four public records are moves the engine accepts."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml

from rulewright.play.record import read
from rulewright.play.replay import replay as replay_record
from hypothesis import given, settings
from hypothesis import strategies as st

from rulewright.game import InputError, Rng
from rulewright.problems import ExampleProblem
from engine.games.g1870.importer import IMPORTER, census, effective_actions, main
from tests.g1870.helpers import GAME

RECORDS = Path(__file__).resolve().parents[2].parent / "shared" / "reference" / "1870-records"
NAMES = sorted(RECORDS.glob("*.json")) if RECORDS.is_dir() else []
ANN, BOB, CAT = 11, 22, 33


def act(i, kind, entity, **fields):
    entity_type = fields.pop("entity_type", "player" if isinstance(entity, int) else "corporation")
    return {"id": i, "type": kind, "entity": entity, "entity_type": entity_type, **fields}


def export(tmp_path: Path, actions: list[dict], players=(ANN, BOB), result=None, name="game.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps({
        "id": 7, "players": [{"id": p, "name": f"Player {i + 1}"} for i, p in enumerate(players)],
        "settings": {"optional_rules": []}, "actions": actions, "game_end_reason": "manually_ended",
        "result": result or {str(p): 1000 + i for i, p in enumerate(players)}}))
    return path


def moves(text: str) -> list[str]:
    return [f"{actor}: {what}" for move in yaml.safe_load(text)["moves"] for actor, what in move.items()]


def replay(text: str):
    """Play a converted record with Rulewright's own replay (the one evaluator): every move must be
    accepted and read back as the text it was written as (the hand-made records' final results are
    made up, so their checkpoint is not held here). Returns the final state and the moves played."""
    outcome = replay_record(read("converted.yaml", text), keep_states=True)
    assert outcome.result.stopped is None, outcome.report()
    for step in outcome.result.run.steps:
        assert step.action.notation() == step.text, f"move {step.index} ({step}) reads back as " \
                                                    f"'{step.action.notation()}'"
    return outcome.result.run.after, outcome.played


# ---------------------------------------------------------------- undo and redo


def ids(actions):
    return [a["id"] for a in effective_actions(actions)]


def test_undo_takes_back_the_latest_action_in_effect_and_redo_puts_it_back():
    a = [act(1, "pass", ANN), act(2, "pass", BOB), act(3, "undo", BOB), act(4, "undo", BOB)]
    assert ids(a) == []
    assert ids(a[:3]) == [1]
    assert ids(a + [act(5, "redo", BOB)]) == [1]  # the later undo is redone first: it took back action 1
    assert ids(a + [act(5, "redo", BOB), act(6, "redo", BOB)]) == [1, 2]


def test_undo_to_an_action_id_takes_back_everything_after_it():
    a = [act(i, "pass", ANN) for i in range(1, 5)] + [act(5, "undo", ANN, action_id=2)]
    assert ids(a) == [1, 2]
    assert ids(a + [act(6, "redo", ANN)]) == [1, 2, 3, 4]
    assert ids(a[:4] + [act(5, "undo", ANN, action_id=0)]) == []


def test_an_ordinary_action_forgets_what_could_be_redone():
    a = [act(1, "pass", ANN), act(2, "undo", ANN), act(3, "pass", BOB), act(4, "redo", ANN)]
    with pytest.raises(InputError, match="action 4 is a redo with nothing undone"):
        effective_actions(a)


def test_chat_messages_are_never_undone_nor_played():
    a = [act(1, "pass", ANN), act(2, "message", ANN, message="hi"), act(3, "undo", ANN)]
    assert ids(a) == []  # the undo went past the message to the pass
    with pytest.raises(InputError, match="undoes back to action 9"):
        effective_actions([act(1, "pass", ANN), act(2, "undo", ANN, action_id=9)])


@st.composite
def histories(draw):
    """Random sequences of actions, undos (of one action or back to an id) and redos."""
    out, next_id = [], 1
    for _ in range(draw(st.integers(1, 25))):
        kind = draw(st.sampled_from(["pass", "pass", "undo", "undo-to", "redo"]))
        if kind == "undo-to":
            earlier = [a["id"] for a in out if a["type"] == "pass"]
            out.append(act(next_id, "undo", ANN, action_id=draw(st.sampled_from([0, *earlier]))))
        else:
            out.append(act(next_id, kind, ANN))
        next_id += 1
    return out


def stack_model(actions):
    """The same rules told as a stack of actions in effect and a stack of undone groups."""
    live, redo = [], []
    for a in actions:
        if a["type"] == "undo" and "action_id" in a:
            keep = [x for x in live if x <= a["action_id"]]
            redo.append([x for x in live if x > a["action_id"]])
            live = keep
        elif a["type"] == "undo":
            redo.append(live[-1:])
            live = live[:-1]
        elif a["type"] == "redo":
            if not redo:
                return None
            live = sorted(live + redo.pop())
        else:
            live.append(a["id"])
            redo = []
    return live


@settings(max_examples=60, deadline=None)
@given(histories())
def test_effective_actions_agree_with_a_stack_of_undone_groups(actions):
    expected = stack_model(actions)
    if expected is None:
        with pytest.raises(InputError):
            effective_actions(actions)
    else:
        assert ids(actions) == expected


# ---------------------------------------------------------------- names and notation


def handmade(tmp_path):
    """A two-player game through the auction (with a bid-off and an undo and redo), two stock
    rounds (with a protected sale, and a sale whose president the platform did not ask) and an
    operating round of train purchases, to the first tile."""
    a = [
        act(1, "bid", ANN, company="GRSC", price=20), act(2, "bid", BOB, company="MRBC", price=40),
        act(3, "bid", ANN, company="SLSF", price=150), act(4, "bid", BOB, company="SLSF", price=155),
        act(5, "undo", BOB), act(6, "redo", BOB),
        act(7, "bid", ANN, company="SCC", price=50), act(8, "bid", BOB, company="GSC", price=80),
        act(9, "bid", ANN, company="SLSF", price=160), act(10, "pass", BOB),
        act(11, "par", ANN, corporation="SLSF", share_price="100,0,6"), act(12, "bid", ANN, company="MKT", price=160),
        act(13, "par", BOB, corporation="MP", share_price="90,1,6"), act(14, "par", ANN, corporation="SP",
                                                                         share_price="76,3,6"),
        act(15, "undo", ANN, action_id=13), act(16, "par", ANN, corporation="SP", share_price="82,2,6"),
        act(17, "buy_shares", BOB, shares=["MP_1"]), act(18, "message", ANN, message="hi"),
        act(19, "buy_shares", ANN, shares=["SP_1"]), act(20, "buy_shares", BOB, shares=["MP_2"]),
        act(21, "buy_shares", ANN, shares=["SP_2"]), act(22, "buy_shares", BOB, shares=["MP_3"]),
        act(23, "buy_shares", ANN, shares=["SP_3"]), act(24, "buy_shares", BOB, shares=["MP_4"]),
        act(25, "buy_shares", ANN, shares=["SP_4"]), act(26, "buy_shares", BOB, shares=["SP_5"]),
        act(27, "pass", ANN), act(28, "buy_shares", BOB, shares=["SP_6"]), act(29, "pass", ANN),
        act(30, "pass", BOB),
        act(31, "pass", "SLSF"), act(32, "buy_train", "SLSF", train="2-0", price=80, variant="2"),
        act(33, "pass", "SLSF", auto_actions=[act(None, "destination_connection", "SLSF", corporations=[])]),
        act(34, "buy_train", "MP", train="2-1", price=80, variant="2"), act(35, "pass", "MP"),
        act(36, "buy_train", "SP", train="2-2", price=80, variant="2"), act(37, "pass", "SP"),
        act(38, "pass", ANN), act(39, "sell_shares", BOB, shares=["SP_5"]), act(40, "pass", BOB),
        act(41, "buy_shares", ANN, shares=["SP_5"]), act(42, "sell_shares", BOB, shares=["SP_6"]),
        act(43, "pass", BOB), act(44, "buy_shares", ANN, shares=["SLSF_1"]),
        act(45, "pass", BOB), act(46, "pass", ANN),
        act(47, "buy_tokens", "SLSF"), act(48, "pass", "SLSF"),
    ]
    return export(tmp_path, a, result={str(BOB): 900, str(ANN): 1000})


def test_a_handmade_game_converts_move_by_move_and_the_engine_accepts_every_move(tmp_path):
    text = IMPORTER.convert(handmade(tmp_path))
    assert moves(text) == [
        "ann: buy GRSC", "bob: buy MRBC", "ann: bid 150 on SLSF", "bob: bid 155 on SLSF", "ann: buy SCC",
        "bob: buy GSC", "ann: bid 160 on SLSF", "bob: pass", "ann: par SLSF 100", "ann: buy MKT",
        "bob: par MP 90", "ann: par SP 82", "bob: buy MP", "ann: buy SP", "bob: buy MP", "ann: buy SP",
        "bob: buy MP", "ann: buy SP", "bob: buy MP", "ann: buy SP", "bob: buy SP", "ann: pass", "bob: buy SP",
        "ann: pass", "bob: pass",
        "SLSF: buy train", "SLSF: done", "MP: buy train", "MP: done", "SP: buy train", "SP: done",
        "ann: pass", "bob: sell SP", "bob: done", "ann: protect SP", "bob: sell SP", "bob: done",
        "ann: decline SP", "ann: buy SLSF", "bob: pass", "ann: pass"]
    record = yaml.safe_load(text)
    assert record["record"]["stopped"].startswith("action 47 (buy_tokens): the book has no notation")
    assert record["expect"] == {"players.ann.worth": 1000, "players.bob.worth": 900, "game_over": False}
    assert "# action 38" in text and "(the platform did not ask: could not protect)" in text
    state, played = replay(text)
    view = GAME.view(state)
    assert (view["round"], view["turn"]) == ("OR 2.1", "SLSF")  # where the platform's action 47 is made
    assert view["players"]["ann"]["shares"] == {"SLSF": 3, "MKT": 1, "SP": 7}


def test_players_are_named_in_seat_order_by_id_or_by_name(tmp_path):
    path = tmp_path / "named.json"
    path.write_text(json.dumps({
        "players": [{"name": "Zed"}, {"name": "Amy"}, {"name": "Bo"}], "actions": [
            act(1, "bid", "Zed", company="GRSC", price=20, entity_type="player"),
            act(2, "bid", "Amy", company="MRBC", price=40, entity_type="player")],
        "result": {"Bo": 700, "Zed": 690, "Amy": 650}}))
    text = IMPORTER.convert(path)
    assert "#   ann = 'Zed'\n#   bob = 'Amy'\n#   cat = 'Bo'\n" in text
    assert moves(text) == ["ann: buy GRSC", "bob: buy MRBC"]
    assert yaml.safe_load(text)["expect"] == {"players.ann.worth": 690, "players.bob.worth": 650,
                                              "players.cat.worth": 700, "game_over": False}
    assert yaml.safe_load(text)["setup"]["players"] == {n: {"cash": 700} for n in ("ann", "bob", "cat")}


def test_a_player_the_platform_passed_for_says_pass(tmp_path):
    a = [act(i + 1, "bid", p, company=c, price=price) for i, (p, c, price) in enumerate(
        [(ANN, "GRSC", 20), (BOB, "MRBC", 40), (CAT, "SCC", 50), (ANN, "GSC", 80), (BOB, "SLSF", 140)])]
    a += [act(6, "par", BOB, corporation="SLSF", share_price="68,5,6"), act(7, "bid", CAT, company="MKT", price=160),
          act(8, "par", ANN, corporation="SP", share_price="100,0,6"),
          act(9, "par", CAT, corporation="TP", share_price="68,5,6")]
    text = IMPORTER.convert(export(tmp_path, a, players=(ANN, BOB, CAT)))
    assert moves(text)[-3:] == ["ann: par SP 100", "bob: pass", "cat: par TP 68"]
    assert re.search(r"bob: pass +# before action 9: the platform passed for bob, who could do nothing", text)
    replay(text)


def test_when_all_pass_the_first_private_gets_cheaper_until_the_next_player_must_take_it(tmp_path):
    a = [act(i + 1, "pass", (ANN, BOB)[i % 2]) for i in range(8)] + [act(9, "bid", BOB, company="MRBC", price=40)]
    text = IMPORTER.convert(export(tmp_path, a))
    assert moves(text) == ["ann: pass", "bob: pass"] * 4 + ["bob: buy MRBC"]
    view = GAME.view(replay(text)[0])
    assert (view["privates"]["GRSC"]["owner"], view["players"]["ann"]["cash"]) == ("ann", 1050)


def test_certificates_bought_back_from_the_market_say_so(tmp_path):
    """The notation of single actions, each read back by the engine's parser."""
    from engine.games.g1870.importer import Translator
    t = Translator(["ann", "bob"], {str(ANN): "ann", str(BOB): "bob"}, unsold=[])
    t.presidents["SP"] = "ann"
    t.certs.update({"SP_0": "ann", "SP_3": "bob", "SP_4": "bob"})
    said = [t.moves(act(1, "sell_shares", BOB, shares=["SP_3", "SP_4"]))[0],
            t.moves(act(2, "pass", BOB))[0],
            t.moves(act(3, "pass", ANN))[0],
            t.moves(act(4, "buy_shares", ANN, shares=["SP_3", "SP_4"]))[0]]
    assert [m.text for m in said] == ["sell 2 SP", "done", "decline SP", "buy 2 SP from market"]
    state = GAME.new_state({"players": ["ann", "bob"]}, GAME.resolve_settings({}), Rng(0))
    for m in said:
        assert GAME.parse_action(state, m.actor, m.text).notation() == m.text


def test_treasury_and_operating_actions_read_in_the_books_words():
    from engine.games.g1870.importer import Translator, Untranslatable
    t = Translator(["ann", "bob"], {str(ANN): "ann", str(BOB): "bob"}, unsold=[])
    t.presidents["SP"] = "ann"
    t.owners["GRSC"] = "bob"
    t.certs.update({"SP_0": "ann", "SP_3": "bob", "SP_4": "market"})
    said = t.moves(act(1, "buy_shares", "SP", shares=["SP_4"]))  # SP redeems from the market
    said += t.moves(act(2, "buy_shares", "SP", shares=["SP_3"]))  # ... and from bob (the platform let bob pass)
    said += t.moves(act(3, "sell_shares", "SP", shares=["SP_3", "SP_4"]))
    t.upcoming = act(6, "pass", "SP")
    said += t.moves(act(4, "buy_train", "SP", train="2-0", price=80, variant="2"))
    said += t.moves(act(5, "buy_company", "SP", company="GRSC", price=30))
    said += t.moves(act(6, "pass", "SP"))  # the same corporation acts next: a step skipped, no move
    t.upcoming = act(8, "pass", ANN)
    said += t.moves(act(7, "pass", "SP"))
    said += t.moves(act(8, "choose", "SP", choice="Charter"))
    t.presidents["TP"] = "bob"
    t.upcoming = None
    said += t.moves(act(9, "buy_train", "TP", train="2-0", price=1))  # from SP, whose president is ann
    said += t.moves(act(10, "discard_train", "TP", train="2-0"))
    said += t.moves(act(11, "buy_train", "SP", train="2-0", price=80))  # from the pool
    t.owners["SCC"] = "SP"
    said += t.moves(act(12, "assign", "SCC", entity_type="company", target="B11"))
    said += t.moves(act(13, "run_routes", "SP", routes=[
        {"train": "2-0", "revenue": 50, "connections": [["B11", "C12"], ["E12", "D11", "C12"]]},
        {"train": "3-1", "revenue": 40, "connections": [["C12", "B11"], ["C12", "D11"]]}]))
    said += t.moves({**act(14, "dividend", "SP"), "kind": "withhold"})
    said += t.moves(act(15, "destination_connection", "SP", corporations=["TP"]))
    assert [f"{m.actor}: {m.text}" for m in said] == [
        "ann: redeem SP", "bob: pass", "ann: redeem SP from bob", "bob: accept", "bob: pass", "ann: reissue SP",
        "SP: buy train",
        "SP: buy GRSC from bob for 30", "SP: done", "SP: keep destination token",
        "SP: done", "TP: buy 2 train from SP for 1", "ann: accept", "TP: discard 2 train", "TP: done",
        "SP: buy 2 train from pool", "SP: assign SCC to B11", "SP: run 2 B11-C12-D11-E12", "SP: run 3 B11-C12-D11",
        "SP: withhold", "expect: {events: [{withheld: {corporation: SP, revenue: 90}}]}", "SP: done",
        "expect: {events: [{connection-due: {corporations: {contains: [TP]}}}]}"]
    assert "action 13" in said[-3].note  # the checkpoint names the action whose routes the record valued
    state = GAME.new_state({"players": ["ann", "bob"]}, GAME.resolve_settings({}), Rng(0))
    for m in said:
        if m.actor == "expect":
            continue
        assert GAME.parse_action(state, m.actor, m.text).notation() == m.text
    assert [m.text for m in t.moves(act(18, "bankrupt", "SP"))] == ["go bankrupt"]
    with pytest.raises(Untranslatable, match="1870 has no variants"):
        t.moves(act(16, "buy_train", "SP", train="3-1", price=1, variant="D"))
    with pytest.raises(Untranslatable, match="a tile the record never laid"):
        t.moves(act(17, "place_token", "SP", city="57-9-0"))


# ---------------------------------------------------------------- bad input and the census


def test_bad_files_are_named_with_the_fix(tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text('{"players": [\n  oops')
    with pytest.raises(InputError, match=r"broken.json, line 2: is not JSON .*unchanged"):
        IMPORTER.convert(broken)
    with pytest.raises(InputError, match="cannot be read"):
        IMPORTER.convert(tmp_path / "missing.json")
    damaged = export(tmp_path, [act(1, "par", ANN, corporation="SP", share_price="ninety")], name="damaged.json")
    with pytest.raises(InputError, match=r"damaged.json: action 1 \(par\) is not written as the platform"):
        IMPORTER.convert(damaged)
    typeless = export(tmp_path, [{"id": 1, "entity": ANN}], name="typeless.json")
    with pytest.raises(InputError, match="action number 1 has no 'type' or 'id'"):
        IMPORTER.convert(typeless)
    other = tmp_path / "other.json"
    other.write_text('{"moves": []}')
    with pytest.raises(InputError, match="needs 'players' and 'actions' lists"):
        IMPORTER.convert(other)


def test_census_counts_types_and_names_the_first_action_not_converted(tmp_path, capsys):
    path = handmade(tmp_path)
    report = census(path)
    assert "48 actions, 43 in effect after undo/redo" in report
    assert "buy_shares 12" in report and "destination_connection 1" in report
    assert "converted: 41 of 43 actions in effect, as 41 moves (0 of them automatic, 0 passes" in report
    assert "first not converted: action 47 (buy_tokens)" in report
    assert "types with no notation yet: buy_tokens 1" in report
    assert main(["--census", str(path)]) == 0 and "game.json" in capsys.readouterr().out
    assert main([]) == 2 and "usage" in capsys.readouterr().err
    assert main(["--census", str(tmp_path / "none.json")]) == 1


# ---------------------------------------------------------------- the four public records

needs_records = pytest.mark.skipif(not NAMES, reason=f"the shared 1870 records are not here ({RECORDS})")
# Three of the records mark each undone action with 'skip' (1870_game_end_bank.json does not).
MARKED = [p for p in NAMES if any(a.get("skip") for a in json.loads(p.read_text())["actions"])]


@needs_records
@pytest.mark.parametrize("path", MARKED, ids=lambda p: p.name)
def test_undone_actions_are_the_ones_the_platform_marked_skipped(path):
    """The records that mark each undone action with 'skip': the rules above find the same."""
    actions = json.loads(path.read_text())["actions"]
    marked = [a["id"] for a in actions if not a.get("skip") and a["type"] not in ("undo", "redo", "message")]
    assert ids(actions) == marked


@needs_records
@pytest.mark.parametrize("path", NAMES, ids=lambda p: p.name)
def test_a_public_record_converts_whole_to_a_valid_record(path):
    text = IMPORTER.convert(path)
    record = yaml.safe_load(text)
    assert set(record) <= {"record", "game", "settings", "seed", "draws", "setup", "moves", "expect"}
    assert record["game"] == "1870" and GAME.resolve_settings(record["settings"])
    assert "stopped" not in record["record"], record["record"]["stopped"]
    lines = [line for line in text.splitlines() if line.startswith("  - ")]
    assert len(lines) == len(record["moves"]) > 100
    assert all(re.search(r"  # (before )?action \d+", line) for line in lines)
    result = json.loads(path.read_text())["result"]
    over = record["expect"].pop("game_over")
    assert over == (json.loads(path.read_text())["game_end_reason"] == "bank")
    assert sorted(record["expect"].values()) == sorted(int(v) for v in result.values())
    assert all(re.fullmatch(r"players\.(ann|bob|cat|dan)\.worth", k) for k in record["expect"])


# How far each public record replays on the engine today: None when it plays to its end with every
# player's final value equal to the record's; otherwise the platform's action id of the first move
# the engine refuses. A record that stops is NOT a pass of the replay: this table only pins how far
# it gets, so that a change that makes it stop earlier fails.
REACHES = {
    "1644327587-Mississippi-river-madness.json": None,
    "34110.json": None,
    "40469-white-to-yellow-price-protect-allowed.json": None,
    "1870_game_end_bank.json": None,
}


@needs_records
@pytest.mark.parametrize("path", NAMES, ids=lambda p: p.name)
def test_a_public_record_replays_to_its_exact_final_values_or_as_far_as_pinned(path):
    text = IMPORTER.convert(path)
    stops_at = REACHES[path.name]
    try:
        outcome = replay_record(read(path.name, text))
    except ExampleProblem as problem:  # a move the engine cannot read
        line = int(re.search(r", line (\d+):", str(problem)).group(1))
        assert stops_at is not None and re.search(rf"# action {stops_at}\b", text.splitlines()[line - 1]), problem
        return
    if stops_at is None:
        assert outcome.ok, outcome.report()
        finals = [c for c in outcome.result.checks if c.step is None]
        assert len(finals) == len(json.loads(path.read_text())["result"]) + 1 and all(c.ok for c in finals)
        return
    refused = outcome.refused()
    assert not outcome.ok and refused is not None, outcome.report()
    comment = outcome.record.comment_at(refused.line)
    assert re.match(rf"action {stops_at}\b", comment), outcome.report()


def test_the_platforms_turn_ends_connection_runs_forced_sales_and_repeated_buys_read_in_the_books_words():
    """What the platform does by itself, written as the book's moves: a turn it ended (nothing
    left to do) ends with 'done'; a connection it found is a checkpoint (the engine must find it
    too, at that moment), and the run's own actions
    follow without reopening a turn; a president's sale for a train is an operating-round sale,
    and a president the platform did not ask about it declines; single buys from the market in
    one turn are one 'buy N ... from market', ended with 'done'."""
    from engine.games.g1870.importer import Translator
    t = Translator(["ann", "bob"], {str(ANN): "ann", str(BOB): "bob"}, unsold=[])
    t.presidents.update({"SP": "ann", "TP": "bob"})
    t.certs.update({"SP_0": "ann", "TP_0": "bob", "TP_3": "ann", "SP_4": "market", "SP_5": "market"})

    def say(*actions):
        out = []
        for i, a in enumerate(actions):
            t.following = list(actions[i + 1:])
            t.upcoming = t.following[0] if t.following else None
            out += [f"{m.actor}: {m.text}" for m in t.moves(a)]
            out += [f"{m.actor}: {m.text}" for b in a.get("auto_actions") or [] for m in t.moves(b)]
        return out

    connect = act(None, "destination_connection", "SP", corporations=["SP"])
    assert say(act(1, "lay_tile", "SP", hex="E12", tile="57-0", rotation=2),
               act(2, "lay_tile", "TP", hex="F13", tile="9-0", rotation=0, auto_actions=[connect]),
               act(3, "choose", "SP", choice="Map"),
               act(4, "run_routes", "SP", routes=[{"train": "4-0", "revenue": 120, "connections": [["E12", "F13"]]}]),
               {**act(5, "dividend", "SP"), "kind": "payout"}) == [
        "SP: lay 57 on E12 rotated 2", "SP: done", "TP: lay 9 on F13", "TP: done",
        "expect: {events: [{connection-due: {corporations: {contains: [SP]}}}]}",
        "SP: place destination token", "SP: run 4 E12-F13", "SP: pay",
        "expect: {events: [{connection-paid: {corporation: SP, revenue: 120}}]}"]
    t.turn_open = "SP"  # a turn in which ann raises cash for SP's train, and bob is not asked about it
    t.certs["TP_4"] = "ann"
    assert say(act(9, "sell_shares", ANN, shares=["TP_4"]), act(10, "buy_train", "SP", train="3-1", price=180),
               act(11, "pass", "SP")) == ["ann: sell TP", "SP: buy train", "bob: decline TP", "SP: done"]
    assert say(act(12, "buy_shares", ANN, shares=["SP_4"]), act(13, "buy_shares", ANN, shares=["SP_5"]),
               act(14, "pass", ANN)) == ["ann: buy 2 SP from market", "ann: done"]


def test_a_connection_run_the_games_end_cut_short_is_left_out_and_the_header_says_so():
    """The platform began a connection run, and the players ended the game before its dividend:
    the run changed nothing the final values count, so its moves and the check that began it are
    left out (the engine finds connections itself), and the record's header says where."""
    from engine.games.g1870.importer import conversion, to_yaml
    connect = act(None, "destination_connection", "SP", corporations=["SP"])
    record = {"players": [{"id": ANN, "name": "a"}, {"id": BOB, "name": "b"}], "actions": [
        act(1, "lay_tile", "TP", hex="F13", tile="9-0", rotation=0),
        act(2, "pass", "TP", auto_actions=[connect]),
        act(3, "choose", "SP", choice="Map"),
        act(4, "end_game", ANN, entity_type="player")]}
    conv = conversion(record)
    assert [f"{m.actor}: {m.text}" for m, _ in conv.moves] == ["TP: lay 9 on F13", "TP: done"]
    assert conv.unfinished == ["The platform found SP connected to its destination at action 2, and the game "
                               "ended before SP's connection run: the run's moves are left out."]
    assert "# The platform found SP connected" in to_yaml(record, conv, "game.json")
    finished = conversion({**record, "actions": record["actions"][:3] + [
        act(4, "run_routes", "SP", routes=[{"train": "2-0", "revenue": 30, "connections": [["E12", "F13"]]}]),
        {**act(5, "dividend", "SP"), "kind": "payout"}]})
    assert finished.unfinished == [] and [m.text for m, _ in finished.moves][2:] == [
        "{events: [{connection-due: {corporations: {contains: [SP]}}}]}", "place destination token",
        "run 2 E12-F13", "pay", "{events: [{connection-paid: {corporation: SP, revenue: 30}}]}"]


# ---------------------------------------------------------------- the certificate ledger


def ledger_translator(holdings: dict, presidents: dict, seats=("ann", "bob", "cat")):
    """A translator in a stock round (second or later) whose players hold ``holdings``: each
    player's certificates in the order they received them."""
    from engine.games.g1870.importer import Translator
    ids = {str(p): n for p, n in zip((ANN, BOB, CAT), seats)}
    t = Translator(list(seats), ids, unsold=[])
    for name, certs in holdings.items():
        for cert in certs:
            t.ledger.put(cert, name)
    t.presidents.update(presidents)
    return t


def test_a_sale_with_the_presidents_certificate_follows_the_platforms_certificates():
    """cat sells the president's certificate and four shares as five shares (a 'partial' bundle):
    the five certificates go to the market, bob (the new president) hands his first two shares
    to the market for the president's certificate, and the market gives cat back its first."""
    t = ledger_translator({"cat": ["MKT_0", "MKT_1", "MKT_2", "MKT_3", "MKT_4"],
                           "bob": ["MKT_6", "MKT_7", "MKT_8"]}, {"MKT": "cat"})
    said = t.moves(act(1, "sell_shares", CAT, shares=["MKT_1", "MKT_2", "MKT_3", "MKT_4", "MKT_0"], percent=50))
    assert [m.text for m in said] == ["sell 5 MKT"]
    assert t.presidents["MKT"] == "bob"
    assert t.ledger.holding("bob", "MKT") == ["MKT_8", "MKT_0"]
    assert t.ledger.holding("cat", "MKT") == ["MKT_1"]
    assert t.ledger.holding("market", "MKT") == ["MKT_2", "MKT_3", "MKT_4", "MKT_6", "MKT_7"]
    t.moves(act(2, "pass", CAT))
    assert [m.text for m in t.moves(act(3, "sell_shares", CAT, shares=["MKT_1"], percent=10))][-1] == "sell MKT"


def test_the_new_president_swaps_their_first_two_shares_in_the_order_received():
    """bob bought SP_5 before SP_2 and SP_3: those first two go to ann for the president's certificate."""
    t = ledger_translator({"ann": ["SP_0", "SP_1"], "bob": ["SP_5", "SP_2", "SP_3"]}, {"SP": "ann"})
    t.moves(act(1, "sell_shares", ANN, shares=["SP_1"], percent=10))
    assert t.presidents["SP"] == "bob"
    assert t.ledger.holding("ann", "SP") == ["SP_5", "SP_2"]
    assert t.ledger.holding("bob", "SP") == ["SP_3", "SP_0"]
    t.moves(act(2, "pass", ANN))
    t.moves(act(3, "pass", BOB))  # bob declines to protect
    assert [m.text for m in t.moves(act(4, "sell_shares", ANN, shares=["SP_5"], percent=10))][-1] == "sell SP"


def test_a_sale_is_written_in_shares_not_certificates():
    """The president's certificate is two shares: selling it with one more share is 'sell 3'."""
    t = ledger_translator({"ann": ["SP_0", "SP_1"], "bob": ["SP_2", "SP_3"]}, {"SP": "ann"})
    said = t.moves(act(1, "sell_shares", ANN, shares=["SP_1", "SP_0"], percent=30))
    assert [m.text for m in said] == ["sell 3 SP"]
    assert t.presidents["SP"] == "bob" and t.ledger.holding("bob", "SP") == ["SP_0"]
    assert t.ledger.holding("market", "SP") == ["SP_1", "SP_2", "SP_3"] and not t.ledger.holding("ann", "SP")


def test_a_sale_of_certificates_the_ledger_does_not_have_there_names_them_and_where_they_are():
    from engine.games.g1870.importer import Untranslatable
    t = ledger_translator({"ann": ["SP_0", "SP_1"], "bob": ["SP_2"]}, {"SP": "ann"})
    t.ledger.action = 5
    t.ledger.put("SP_3", "cat")
    with pytest.raises(Untranslatable, match=r"bob sells SP_3, which the certificate ledger has with cat "
                                             r"\(since action 5\)"):
        t.moves(act(6, "sell_shares", BOB, shares=["SP_3"], percent=10))


# ---------------------------------------------------------------- never another game in silence


def with_rules(tmp_path, rules, name="variant.json"):
    path = export(tmp_path, [act(1, "bid", ANN, company="GRSC", price=20)], name=name)
    data = json.loads(path.read_text())
    data["settings"]["optional_rules"] = rules
    path.write_text(json.dumps(data))
    return path


def test_a_record_played_with_a_variant_the_engine_does_not_play_is_not_converted_at_all(tmp_path):
    record = yaml.safe_load(IMPORTER.convert(with_rules(tmp_path, ["original_tiles", "finish_on_400",
                                                                   "station_wars", "diesels"])))
    stopped = record["record"]["stopped"]
    assert stopped.startswith("its settings, before action 1: the game was played with the optional rules "
                              "'original_tiles' (the original, more restrictive tile set")
    assert "'station_wars' (Station Marker Wars" in stopped
    assert "finish_on_400" not in stopped and "diesels" not in stopped  # played: the engine's settings
    assert "no move is converted" in stopped and record["moves"] == []
    outcome = replay_record(read("variant.yaml", IMPORTER.convert(with_rules(tmp_path, ["station_wars"]))))
    assert not outcome.ok and "the optional rule 'station_wars'" in outcome.report()


def test_an_optional_rule_the_importer_does_not_know_is_named(tmp_path):
    stopped = yaml.safe_load(IMPORTER.convert(with_rules(tmp_path, ["max_reissue_200", "moon_base"])))["record"]
    assert "'moon_base' (a rule the importer does not know)" in stopped["stopped"]
    assert "max_reissue_200" not in stopped["stopped"]


def test_the_optional_rules_the_engine_plays_become_its_settings(tmp_path):
    record = yaml.safe_load(IMPORTER.convert(with_rules(tmp_path, ["max_reissue_200", "can_protect_if_sold",
                                                                   "finish_on_400", "diesels"])))
    assert "stopped" not in record["record"] and moves(yaml.safe_dump(record)) == ["ann: buy GRSC"]
    assert record["settings"]["max_reissue_200"] is True and record["settings"]["can_protect_if_sold"] is True
    assert record["settings"]["finish_on_400"] is True and record["settings"]["diesels"] is True
    plain = yaml.safe_load(IMPORTER.convert(with_rules(tmp_path, [], name="plain.json")))
    assert plain["settings"]["max_reissue_200"] is False and plain["settings"]["finish_on_400"] is False
    assert plain["settings"]["diesels"] is False


def test_every_optional_rule_of_the_platform_is_played_or_refused_by_name():
    """The platform's 1870 optional rules (its G1870 Meta, read from the public repository):
    each is either one of the engine's settings or refused with words."""
    from engine.games.g1870.game import G1870
    from engine.games.g1870.importer import OPTIONAL_RULES, UNMODELLED_RULES
    platform = {"diesels", "finish_on_400", "original_rules", "station_wars", "original_tiles",
                "max_reissue_200", "can_protect_if_sold", "original_market"}
    assert set(OPTIONAL_RULES) | set(UNMODELLED_RULES) == platform
    assert not set(OPTIONAL_RULES) & set(UNMODELLED_RULES)
    assert set(OPTIONAL_RULES) <= set(G1870.settings)


def test_an_action_of_a_kind_the_importer_does_not_know_stops_the_conversion_named(tmp_path):
    a = [act(1, "bid", ANN, company="GRSC", price=20), act(2, "take_loan", BOB, loan=1)]
    record = yaml.safe_load(IMPORTER.convert(export(tmp_path, a)))
    assert record["record"]["stopped"].startswith("action 2 (take_loan): a 'take_loan' action, which is none of "
                                                  "the platform's 1870 actions the importer knows")
    assert moves(yaml.safe_dump(record)) == ["ann: buy GRSC"]


def test_the_designers_page_on_real_games_names_every_action_kind_and_optional_rule():
    from engine.games.g1870.importer import ACTIONS, OPTIONAL_RULES, UNMODELLED_RULES
    page = (Path(__file__).resolve().parents[2] / "rulebook" / "1870-market" / "from-real-games.md").read_text()
    missing = [k for k in [*ACTIONS, *OPTIONAL_RULES, *UNMODELLED_RULES] if f"`{k}`" not in page]
    assert not missing, f"from-real-games.md does not name {missing}"


# ---------------------------------------------------------------- turns as the platform ends them


def test_a_multi_share_buy_the_platform_ended_by_itself_is_followed_by_done():
    t = ledger_translator({"ann": ["MKT_0"]}, {"MKT": "ann"})
    for cert in ("MKT_5", "MKT_6", "MKT_7"):
        t.ledger.put(cert, "market")
    t.following = [act(2, "buy_shares", ANN, shares=["MKT_6"]), act(3, "buy_shares", ANN, shares=["MKT_7"]),
                   act(4, "pass", BOB)]
    said = t.moves(act(1, "buy_shares", ANN, shares=["MKT_5"]))
    assert [m.text for m in said] == ["buy 3 MKT from market", "done"]
    t = ledger_translator({"ann": ["MKT_0"]}, {"MKT": "ann"})
    for cert in ("MKT_4", "MKT_8"):
        t.ledger.put(cert, "market")
    t.following = [act(6, "buy_shares", ANN, shares=["MKT_4"]), act(7, "pass", ANN)]
    assert [m.text for m in t.moves(act(5, "buy_shares", ANN, shares=["MKT_8"]))] == ["buy 2 MKT from market"]
    assert [m.text for m in t.moves(act(7, "pass", ANN))] == ["done"]  # the buyer ended the turn


def test_a_pass_before_the_presidents_sale_for_a_train_does_not_end_the_turn():
    from engine.games.g1870.importer import Translator
    t = Translator(["ann", "bob"], {str(ANN): "ann", str(BOB): "bob"}, unsold=[])
    t.presidents["MKT"] = "bob"
    t.moves(act(1, "lay_tile", "MKT", hex="H5", tile="24-2", rotation=3))
    t.upcoming = act(3, "sell_shares", BOB, shares=["GMO_8"])
    t.following = [t.upcoming, act(4, "buy_train", "MKT", train="6-1", price=630)]
    assert t.moves(act(2, "pass", "MKT")) == [] and t.turn_open == "MKT"
    t.following = [act(5, "buy_train", "MKT", train="6-1", price=630), act(6, "pass", ANN)]
    t.certs["GMO_8"] = "bob"
    t.presidents["GMO"] = "ann"
    assert [m.text for m in t.moves(act(3, "sell_shares", BOB, shares=["GMO_8"], percent=10))] == ["sell GMO"]


# ---------------------------------------------------------------- a sale left waiting at the record's end

P1, P3, P4 = 3268, 5607, 2385  # the platform's ids of ann, cat and dan in game 40469


def game_40469_ending(tmp_path, last: list[dict], result: dict | None = None) -> Path:
    """The allowed-protection record of game 40469 up to cat's last stock turn, ended with ``last``."""
    record = json.loads((RECORDS / "40469-white-to-yellow-price-protect-allowed.json").read_text())
    record["actions"] = [a for a in record["actions"] if a["id"] < 909] + last
    if result:
        record["result"] = result
    path = tmp_path / "40469-ending.json"
    path.write_text(json.dumps(record))
    return path


@pytest.mark.skipif(not (RECORDS / "40469-white-to-yellow-price-protect-allowed.json").is_file(),
                    reason=f"the shared 1870 records are not here ({RECORDS})")
def test_a_sale_its_president_cannot_protect_left_at_the_records_end_is_declined_as_the_platform_did(tmp_path):
    """18xx.games' fixture 'price protect over cert limit fails' plays game 40469 with cat selling
    four FW, not three, in the last turn: dan, FW's president, would pass the certificate limit, so
    after ann declines SSW the platform declines FW for dan at once and the game is ended. Its final
    values (ann $2556, dan $2321) count FW's fall; the engine finds dan unable and declines too."""
    last = [act(909, "sell_shares", P3, shares=["FW_5", "FW_6", "FW_7", "FW_8"], percent=40),
            act(910, "buy_shares", P3, shares=["SLSF_7"], percent=10), act(911, "pass", P1),
            act(912, "end_game", P4)]
    path = game_40469_ending(tmp_path, last, {"5607": 4253, "3268": 2556, "5695": 2346, "2385": 2321})
    text = IMPORTER.convert(path)
    tail = [line for line in text.splitlines() if line.startswith("  - ")][-2:]
    assert tail[0].startswith("  - ann: decline SSW ") and tail[1].startswith("  - dan: decline FW "), tail
    assert "1870.protect.cert-room" in tail[1]
    outcome = replay_record(read(path.name, text))
    assert outcome.ok, outcome.report()
    finals = {c.key: c.actual for c in outcome.result.checks if c.step is None}
    assert finals["players.ann.worth"] == 2556 and finals["players.dan.worth"] == 2321, finals


@pytest.mark.skipif(not (RECORDS / "40469-white-to-yellow-price-protect-allowed.json").is_file(),
                    reason=f"the shared 1870 records are not here ({RECORDS})")
def test_a_sale_its_president_could_protect_still_waits_when_the_record_ends(tmp_path):
    """Cat sells three FW, which dan could protect: the game ended while the platform waited for
    dan's answer, so no decline is written for him and FW's price has not fallen."""
    last = [act(909, "sell_shares", P3, shares=["FW_5", "FW_6", "FW_7"], percent=30),
            act(910, "buy_shares", P3, shares=["SLSF_7"], percent=10), act(911, "pass", P1),
            act(912, "end_game", P4)]
    text = IMPORTER.convert(game_40469_ending(tmp_path, last))
    tail = [line for line in text.splitlines() if line.startswith("  - ")][-1]
    assert tail.startswith("  - ann: decline SSW "), tail


def test_the_port_companys_second_assign_on_its_open_port_is_the_closed_port():
    """The platform places the GSC's open port first; the same ability used again on that hex puts
    the closed port there (rule 1870.private.closed-port)."""
    from engine.games.g1870.importer import Translator
    t = Translator(["ann", "bob"], {str(ANN): "ann", str(BOB): "bob"}, unsold=[])
    t.owners["GSC"] = "TP"
    first = t.moves(act(1, "assign", "GSC", entity_type="company", target="N7"))
    t.turn_open = None
    second = t.moves(act(2, "assign", "GSC", entity_type="company", target="N7"))
    assert [m.text for m in first] == ["assign GSC to N7"]
    assert [m.text for m in second if m.actor == "TP"] == ["close port on N7"]


def test_the_port_companys_open_and_closed_port_in_one_turn_is_the_closed_port_placed_instead():
    """The platform lets the GSC's owner place the open port and at once use the ability again on
    that hex; the book writes the two as one move, the closed port placed instead of the open one
    (rule 1870.private.closed-port), so nothing is refused for the same turn."""
    from engine.games.g1870.importer import Translator
    t = Translator(["ann", "bob"], {str(ANN): "ann", str(BOB): "bob"}, unsold=[])
    t.owners["GSC"] = "TP"
    second = act(2, "assign", "GSC", entity_type="company", target="M20")
    t.following = [second]
    first = t.moves(act(1, "assign", "GSC", entity_type="company", target="M20"))
    t.following = []
    again = t.moves(second)
    assert [m.text for m in first if m.actor == "TP"] == ["close port on M20"]
    assert [m.text for m in again if m.actor == "TP"] == []


def test_a_d_train_is_bought_by_name_and_a_trade_in_is_written_with_the_train_handed_in():
    """The diesel variant's purchases (rules 1870.train.diesel and 1870.train.trade-in): the
    platform's exchange becomes a trade, the train handed in goes to the pool (a later purchase of
    it is from the pool), and a D-train from the depot is named, being sold beside the 6-trains."""
    from engine.games.g1870.importer import Translator
    t = Translator(["ann", "bob"], {str(ANN): "ann", str(BOB): "bob"}, unsold=[])
    t.trains["5-1"] = "TP"
    traded = t.buy_train("TP", act(1, "buy_train", "TP", train="D-0", price=800, variant="D", exchange="5-1"))
    bought = t.buy_train("SP", act(2, "buy_train", "SP", train="D-1", price=1100, variant="D"))
    used = t.buy_train("SP", act(3, "buy_train", "SP", train="5-1", price=450, variant="5"))
    assert [m.text for m in traded] == ["trade 5 train for D train"]
    assert [m.text for m in bought][0] == "buy D train"
    assert [m.text for m in used] == ["buy 5 train from pool"]
    ran = t.run_routes("TP", act(4, "run_routes", "TP", routes=[{"train": "D-0", "connections": [], "revenue": 0}]))
    assert ran[0].text.startswith("run D ")


# ---------------------------------------------------------------- records of other public games (issue 43)


def test_a_corporations_purchase_of_the_share_just_sold_is_a_redemption_not_its_presidents_protection():
    """Cat sells one ATSF share and buys one TP in the same turn; Ann, ATSF's president, could not
    protect it, so the platform declined it at once. On her turn ATSF buys that very certificate
    back from the market: a redemption, the corporation's purchase, never her protection. The book
    has her decline first (the platform did not ask) and then redeem."""
    t = ledger_translator({"ann": ["ATSF_0", "ATSF_1"], "cat": ["ATSF_4"]}, {"ATSF": "ann"})
    t.certs["TP_3"] = "treasury"
    t.following = [act(2, "buy_shares", CAT, shares=["TP_3"])]
    said = t.moves(act(1, "sell_shares", CAT, shares=["ATSF_4"], percent=10))
    t.following = [act(3, "buy_shares", "ATSF", shares=["ATSF_4"])]
    said += t.moves(act(2, "buy_shares", CAT, shares=["TP_3"]))
    t.following = []
    said += t.moves(act(3, "buy_shares", "ATSF", shares=["ATSF_4"]))
    assert [f"{m.actor}: {m.text}" for m in said] == ["cat: sell ATSF", "cat: buy TP", "ann: decline ATSF",
                                                      "ann: redeem ATSF"]
    assert t.ledger.holding("redeemed", "ATSF") == ["ATSF_4"]


def test_a_pass_the_game_was_ended_after_ends_the_turn_only_where_the_platform_ended_it():
    """The players end the game just after SSW has laid a tile and passed its token step, before
    its run: that pass ended a step, not the turn, so no 'done' is written (a 'done' would end the
    turn unrun, withholding nothing and moving SSW's price left, which the platform never did).
    A pass after which the platform checked destinations, as it does at the end of every turn,
    ended the turn, and is 'done' as before."""
    from engine.games.g1870.importer import Translator
    ended = act(9, "end_game", ANN, entity_type="player")
    for last, said in ((act(2, "pass", "SSW"), []),
                       (act(2, "pass", "SSW", auto_actions=[act(None, "destination_connection", "SSW",
                                                                corporations=[])]), ["SSW: done"])):
        t = Translator(["ann", "bob"], {str(ANN): "ann", str(BOB): "bob"}, unsold=[])
        t.moves(act(1, "lay_tile", "SSW", hex="G16", tile="9-4", rotation=3))
        t.upcoming, t.following = ended, [ended]
        assert [f"{m.actor}: {m.text}" for m in t.moves(last)] == said
        assert t.turn_open == (None if said else "SSW")


def test_a_connection_payout_reorders_the_turns_in_records_the_platform_played_so(tmp_path):
    """The platform began re-sorting the corporations still to operate after a connection payout on
    4 October 2023: a record finished before is replayed with the order kept for the round, one
    after (or one without times) with the order re-sorted."""
    from engine.games.g1870.importer import CONNECTION_REORDER_SINCE, settings_for

    def played(*times):
        return {"actions": [{**act(i, "pass", ANN), **({"created_at": t} if t is not None else {})}
                            for i, t in enumerate(times, 1)]}

    assert settings_for(played(CONNECTION_REORDER_SINCE - 86400, CONNECTION_REORDER_SINCE - 1))[
        "connection_reorder"] is False
    assert settings_for(played(CONNECTION_REORDER_SINCE - 86400, CONNECTION_REORDER_SINCE))["connection_reorder"]
    assert settings_for(played(None, None))["connection_reorder"]
    text = IMPORTER.convert(export(tmp_path, [{**act(1, "bid", ANN, company="GRSC", price=20),
                                               "created_at": CONNECTION_REORDER_SINCE - 3600}]))
    assert yaml.safe_load(text)["settings"]["connection_reorder"] is False


def test_a_redemption_that_opens_a_stock_round_is_the_presidents_turn():
    """GMO operates last and ends its turn; the stock round's first action is GMO buying back a share
    from the market, before any player has acted: Ann's redemption, not an operating-round action."""
    t = ledger_translator({"ann": ["GMO_0", "GMO_1"]}, {"GMO": "ann"})
    t.ledger.put("GMO_3", "market")
    t.moves(act(1, "lay_tile", "GMO", hex="L19", tile="9-2", rotation=1))
    t.upcoming = act(3, "buy_shares", "GMO", shares=["GMO_3"])
    t.following = [t.upcoming]
    closing = t.moves(act(2, "pass", "GMO", auto_actions=[act(None, "destination_connection", "GMO",
                                                                 corporations=[])]))
    t.following = []
    said = t.moves(act(3, "buy_shares", "GMO", shares=["GMO_3"]))
    assert [f"{m.actor}: {m.text}" for m in closing + said] == ["GMO: done", "ann: redeem GMO"]
    assert t.ledger.holding("redeemed", "GMO") == ["GMO_3"] and not t.operating
