"""The four 18xx.games records' map, checked by the replay (the one evaluator): the importer
writes every tile lay, station token and route of a record in the book's notation, and the engine
plays them; every route is checked on the map and its revenue computed from it (a checkpoint
after each dividend holds the engine's revenue to the record's), and a record whose route or
revenue was altered is refused at that action, by the record's action id.

The records are reference material outside the product (``../shared/reference/1870-records/``):
without that folder these tests are skipped and say why."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from engine.games.g1870 import hexroutes, hexruns, routes
from engine.games.g1870.importer import IMPORTER, effective_actions, route_hexes, run_positions
from rulewright.cli import main
from rulewright.play.record import read
from rulewright.play.replay import replay

RECORDS = Path(__file__).resolve().parents[2].parent / "shared" / "reference" / "1870-records"
FILES = sorted(RECORDS.glob("*.json")) if RECORDS.is_dir() else []
needs_records = pytest.mark.skipif(not FILES, reason=f"the 18xx.games records are not here ({RECORDS})")
SMALL = next((p for p in FILES if p.name.startswith("34110")), None)


@pytest.fixture(scope="module")
def replays():
    return {path.name: replay(read(path.name, IMPORTER.convert(path)), keep_states=True) for path in FILES}


def in_effect(path: Path) -> list[dict]:
    return effective_actions(json.loads(path.read_text())["actions"])


@needs_records
def test_every_lay_token_and_route_of_the_records_is_accepted_and_every_revenue_is_the_records(replays):
    totals = {"lay": 0, "token": 0, "run": 0}
    for path in FILES:
        outcome, effective = replays[path.name], in_effect(path)
        assert outcome.ok, outcome.report()
        tally = outcome.tally()
        assert tally["lay"] == sum(a["type"] == "lay_tile" for a in effective), path.name
        assert tally["token"] == sum(a["type"] == "place_token" for a in effective), path.name
        assert tally["run"] == sum(len(a["routes"]) for a in effective if a["type"] == "run_routes"), path.name
        revenues = [c for c in outcome.result.checks if re.match(r"events: (paid-out|withheld|half-paid|connection-)",
                                                                   c.key) and "revenue" in c.key]
        # a checkpoint after each dividend, one for each time the record ran routes
        assert len(revenues) == sum(a["type"] == "run_routes" for a in effective), path.name
        assert all(c.ok for c in revenues), path.name
        for key in totals:
            totals[key] += tally[key]
    assert totals == {"lay": 365, "token": 30, "run": 375}


@needs_records
def test_the_best_routes_earn_at_least_what_the_players_ran(replays):
    """The platform's route finder is a heuristic and players may run less; ``best_routes`` is exact,
    so it never finds less than a recorded run, and its routes pass the route check."""
    for outcome in replays.values():
        positions = run_positions(outcome.result.run.steps)
        assert positions
        for state, sym, recorded in positions[::9]:
            trains = state.corporations[sym].trains
            best, chosen = routes.best_on_map(state, sym, trains)
            assert best >= recorded
            ran = []
            for train, path in chosen:
                routes.check(state, sym, train, tuple(path.split("-")), ran)
                ran.append(tuple(path.split("-")))
            assert sum(routes.value(state, sym, p) for p in ran) == best


def altered(path: Path, change, folder: Path) -> tuple[str, int, int]:
    """The record converted after ``change`` to a route run in the middle of the game: the text,
    the run's action id and the dividend's."""
    record = json.loads(path.read_text())
    effective = [a["id"] for a in effective_actions(record["actions"])]
    runs = [a for a in record["actions"] if a["type"] == "run_routes" and a["id"] in effective]
    target = runs[len(runs) // 2]
    change(target)
    copy = folder / path.name
    copy.write_text(json.dumps(record))
    return IMPORTER.convert(copy), target["id"], effective[effective.index(target["id"]) + 1]


@needs_records
def test_an_altered_revenue_is_reported_at_its_action_with_both_figures(tmp_path):
    def more(action):
        action["routes"][0]["revenue"] += 10
    text, run_id, dividend_id = altered(SMALL, more, tmp_path)
    outcome = replay(read(SMALL.name, text))
    check = outcome.first_failing_check()
    assert not outcome.ok and check is not None
    assert outcome.record.comment_at(check.line).startswith(f"action {dividend_id} ")
    assert f"action {run_id}" in outcome.record.comment_at(check.line)
    recorded = next(iter(check.expected.values()))["revenue"]
    engine = int(re.search(r"revenue (\d+)", str(check.actual))[1])
    assert recorded == engine + 10
    assert f"line {check.line} (action {dividend_id}" in outcome.report()


@needs_records
def test_an_altered_route_is_refused_at_its_action(tmp_path):
    def shorter(action):  # the route one hex shorter at its end
        route = action["routes"][0]
        route["connections"][-1] = route["connections"][-1][:-1] or route["connections"][-1]
        if len(route["connections"][-1]) < 2:
            route["connections"][-1] = route["connections"][-1] * 2
    text, run_id, _ = altered(SMALL, shorter, tmp_path)
    outcome = replay(read(SMALL.name, text))
    refused = outcome.refused()
    assert refused is not None and refused.refusal.rule.startswith("1870.route.")
    assert re.match(rf"action {run_id}\b", outcome.record.comment_at(refused.line))


@needs_records
def test_a_tile_laid_out_of_reach_is_refused_at_its_action(tmp_path):
    record = json.loads(SMALL.read_text())
    effective = {a["id"] for a in effective_actions(record["actions"])}
    lay = next(a for a in record["actions"] if a["type"] == "lay_tile" and a["id"] in effective)
    lay["hex"] = "O14"  # the far south coast, nowhere near the first corporation's home
    (tmp_path / SMALL.name).write_text(json.dumps(record))
    outcome = replay(read(SMALL.name, IMPORTER.convert(tmp_path / SMALL.name)))
    refused = outcome.refused()
    assert refused is not None and re.match(rf"action {lay['id']}\b", outcome.record.comment_at(refused.line))


@needs_records
def test_where_the_platform_found_a_connection_the_engine_does_not(replays):
    """34110's last connection: after SLSF's turn (action 220) the platform found MP connected, but
    MP's longest train, a 4-train, cannot count the five stops from St. Louis (C18) to Dallas (J5);
    the platform's check does not count St. Louis. The game ended before the run, and the record
    leaves it out (its header says so)."""
    outcome = replays[SMALL.name]
    state = outcome.result.run.after
    assert max(routes.train_length(t) for t in state.corporations["MP"].trains) == 4
    assert hexruns.joining_path(state, "MP") is None
    g, ctx = hexroutes.graph(state.track), hexroutes.context(state, "MP")
    five = [r for r in hexroutes.all_routes(g, ctx, 5) if hexruns.joins("MP", r.hexes)]
    assert five and all(len(r.stops) == 5 for r in five)
    assert "# The platform found MP connected to its destination at action 220" in outcome.record.text


@needs_records
def test_the_command_line_says_how_many_moves_of_each_kind_it_accepted(capsys):
    assert main(["replay", "--from", "18xx.games", str(SMALL)]) == 0
    out = capsys.readouterr().out
    assert re.search(r"Moves accepted, by their first word: .*\b35 lay\b.*\b27 run\b", out), out
    assert "3 token" in out


def test_a_route_is_rebuilt_from_stretches_in_either_direction():
    assert route_hexes([["E12", "D11", "C10", "B11"]]) == ["E12", "D11", "C10", "B11"]
    assert route_hexes([["B11", "C12"], ["E12", "D11", "C12"]]) == ["B11", "C12", "D11", "E12"]
    assert route_hexes([["C12", "B11"], ["C12", "D11"]]) == ["B11", "C12", "D11"]
    assert route_hexes([["A1", "A3"], ["B4", "B6"]]) == ["A1", "A3", "B4", "B6"]  # not joined: the engine refuses
    assert route_hexes([]) == []
