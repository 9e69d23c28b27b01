"""The four 18xx.games records' map, checked by the engine (``trackcheck``): every tile lay, every
station token and every route is accepted, each route's revenue is rebuilt from the map and equals
the record's, and a record whose route or revenue was altered is refused at that action.

What the check takes from the record itself rather than from a ledger (see ``trackcheck``'s
docstring): the phase (from the trains bought), when each home token goes down (the corporation's
first action in an operating round), who owns the bridge, cattle and port companies (their
purchases and ``assign`` actions), and the destination token (``choose`` of ``Map``). Cash is not
checked here.

The records are reference material outside the product (``../shared/reference/1870-records/``):
without that folder these tests are skipped and say why."""
import copy
import json
from pathlib import Path

import pytest

from engine.games.g1870 import hexroutes, trackcheck
from engine.games.g1870.importer import effective_actions

RECORDS = Path(__file__).resolve().parents[2].parent / "shared" / "reference" / "1870-records"
FILES = sorted(RECORDS.glob("*.json")) if RECORDS.is_dir() else []
needs_records = pytest.mark.skipif(not FILES, reason=f"the 18xx.games records are not here ({RECORDS})")


@pytest.fixture(scope="module")
def tallies():
    return {path.name: trackcheck.check_file(path, keep_positions=True) for path in FILES}


@needs_records
def test_every_lay_token_and_route_of_the_records_is_accepted_with_its_revenue(tallies):
    for name, tally in tallies.items():
        record = json.loads((RECORDS / name).read_text())
        effective = effective_actions(record["actions"])
        assert tally.lays == sum(a["type"] == "lay_tile" for a in effective), name
        assert tally.tokens == sum(a["type"] == "place_token" for a in effective), name
        assert tally.routes == sum(len(a["routes"]) for a in effective if a["type"] == "run_routes"), name
        assert tally.revenue == sum(r["revenue"] for a in effective if a["type"] == "run_routes" for r in a["routes"])
    assert sum(t.routes for t in tallies.values()) == 375  # the routes in effect in the four records
    assert sum(t.lays for t in tallies.values()) == 365


@needs_records
def test_the_best_routes_earn_at_least_what_the_players_ran(tallies):
    """The platform's route finder is a heuristic and players may run less; ``best_routes`` is exact,
    so it never finds less than a recorded run, and its routes pass the route check."""
    for tally in tallies.values():
        for track, ctx, distances, recorded in tally.positions[::7]:
            g = hexroutes.graph(track)
            best, chosen = hexroutes.best_routes(g, ctx, distances)
            assert best >= recorded
            used = 0
            for index, route in chosen:
                again = hexroutes.read(g, route.hexes)
                hexroutes.check(g, again, ctx, distances[index], used)
                used |= again.mask
            assert sum(hexroutes.revenue(g, r, ctx) for _, r in chosen) == best


def altered(path: Path, change) -> dict:
    record = json.loads(path.read_text())
    effective = {a["id"] for a in effective_actions(record["actions"])}
    runs = [a for a in record["actions"] if a["type"] == "run_routes" and a["id"] in effective]
    target = runs[len(runs) // 2]
    change(target)
    return record, target["id"]


@needs_records
@pytest.mark.parametrize("how", ["revenue", "route"])
def test_an_altered_route_or_revenue_is_refused_at_its_action(how):
    path = next(p for p in FILES if p.name.startswith("34110"))

    def change(action):
        route = action["routes"][0]
        if how == "revenue":
            route["revenue"] += 10
        else:  # run the route on: one hex more at its end, or one fewer
            route["connections"][-1] = route["connections"][-1][:-1] or route["connections"][-1]
            if len(route["connections"][-1]) < 2:
                route["connections"][-1] = route["connections"][-1] * 2

    record, action_id = altered(path, change)
    with pytest.raises(trackcheck.RecordRefused) as refused:
        trackcheck.Replay(record, path.name).run()
    assert refused.value.action_id == action_id
    assert refused.value.rule.startswith("1870.route.")


@needs_records
def test_a_tile_laid_out_of_reach_is_refused_at_its_action():
    path = next(p for p in FILES if p.name.startswith("34110"))
    record = json.loads(path.read_text())
    effective = {a["id"] for a in effective_actions(record["actions"])}
    lay = next(a for a in record["actions"] if a["type"] == "lay_tile" and a["id"] in effective)
    lay["hex"] = "O14"  # the far south coast, nowhere near the first corporation's home
    with pytest.raises(trackcheck.RecordRefused) as refused:
        trackcheck.Replay(record, path.name).run()
    assert refused.value.action_id == lay["id"]


def test_the_command_line_reports_each_record(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    assert trackcheck.main([str(bad)]) == 1
    assert "is not JSON" in capsys.readouterr().out
    if FILES:
        assert trackcheck.main([str(FILES[0])]) == 0
        assert "routes" in capsys.readouterr().out


def test_a_route_is_rebuilt_from_stretches_in_either_direction():
    assert trackcheck.chain([["E12", "D11", "C10", "B11"]], "r", 1) == ("E12", "D11", "C10", "B11")
    assert trackcheck.chain([["B11", "C12"], ["E12", "D11", "C12"]], "r", 1) == ("B11", "C12", "D11", "E12")
    assert trackcheck.chain([["C12", "B11"], ["C12", "D11"]], "r", 1) == ("B11", "C12", "D11")
