"""The page of examples cut from real games (rulebook/1870-market/from-real-games.md) stays true to
the record it names: each example's moves are the record's moves at the move number it states, the
action numbers its ``# Cut from`` line names are the platform's actions of those moves (the title,
which the player's edition prints, names none), and every expectation the page
kept holds in the real position (the example is cut afresh from the record with the cutting tool,
and the page's expectations are checked against that full cut, not the page's shortened setup).
Skipped, saying why, when the shared records are not beside the project."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from engine.games.g1870.importer import IMPORTER
from rulewright.play import cut
from rulewright.play.record import read
from rulewright.play.replay import replay
from rulewright.problems import Where
from rulewright.scenario import evaluate, failure_text, parse

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "rulebook" / "1870-market" / "from-real-games.md"
RECORDS = ROOT.parent / "shared" / "reference" / "1870-records"
CUT = re.compile(r"# Cut from (?P<record>[\w.-]+)\.yaml: the position after move (?P<at>\d+), then "
                 r"moves? (?P<first>\d+)(?: to (?P<last>\d+))?(?: \((?P<source>game \d+, [^)]*)\))?\.")
SOURCE_ACTIONS = re.compile(r"actions? (?P<first>\d+)(?: to (?P<last>\d+))?$")


def examples(text: str) -> list[tuple[str, str, int, str, dict]]:
    """Each example of the page: its title, its ID, the line of its body, its body, and that body read."""
    found, lines = [], text.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("```{example}"):
            end = lines.index("```", i + 1)
            body = [b for b in lines[i + 1:end] if not b.startswith(":")]
            example_id = next(b.removeprefix(":id:").strip() for b in lines[i + 1:end] if b.startswith(":id:"))
            found.append((line.removeprefix("```{example}").strip(), example_id, i + 2, "\n".join(body),
                          yaml.safe_load("\n".join(body))))
    return found


EXAMPLES = examples(PAGE.read_text(encoding="utf-8"))


def test_the_page_has_its_seven_real_examples_from_all_four_records():
    assert len(EXAMPLES) >= 7
    assert len({CUT.search(body)["record"] for _, _, _, body, _ in EXAMPLES if CUT.search(body)}) >= 4
    assert all(CUT.search(body) for _, _, _, body, _ in EXAMPLES), "each example names the record move it is cut from"


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """Each record the page cuts from, converted from the platform's JSON and replayed."""
    names = {CUT.search(body)["record"] for _, _, _, body, _ in EXAMPLES}
    missing = [n for n in names if not (RECORDS / f"{n}.json").is_file()]
    if missing:
        pytest.skip(f"the shared 1870 records are not here ({RECORDS}): cannot check {', '.join(missing)}")
    out = {}
    for name in names:
        path = tmp_path_factory.mktemp("records") / f"{name}.yaml"
        path.write_text(IMPORTER.convert(RECORDS / f"{name}.json"), encoding="utf-8")
        outcome = replay(read(path), keep_states=True)
        assert outcome.ok, outcome.report()
        out[name] = (path, outcome)
    return out


@pytest.mark.parametrize("title,example_id,line,body,data", EXAMPLES, ids=[e[1] for e in EXAMPLES])
def test_an_example_is_the_records_move_and_what_it_expects_is_so(played, title, example_id, line, body, data):
    where = CUT.search(body)
    path, outcome = played[where["record"]]
    at, first = int(where["at"]), int(where["first"])
    last = int(where["last"] or first)
    assert first == at + 1, f"line {line}: a cut after move {at} starts with move {at + 1}"
    count = last - at

    # The moves: the record's, as the record writes them, with the platform's action numbers.
    moves = [line for line in path.read_text(encoding="utf-8").splitlines() if line.startswith("  - ")
             and not line.startswith("  - expect:")][at:last]
    record_moves = [yaml.safe_load(m.split("#")[0].strip()[2:]) for m in moves]
    assert data["do"] == record_moves, f"line {line}: the example's moves are not moves {first} to {last}"
    actions = [int(re.search(r"# (?:before )?action (\d+)", m)[1]) for m in moves]
    named = SOURCE_ACTIONS.search(where["source"] or "")
    assert named, f"line {line}: the '# Cut from' line names no game and action: {where[0]}"
    assert int(named["first"]) == actions[0] and int(named["last"] or named["first"]) == actions[-1], \
        f"line {line}: the '# Cut from' line names actions {named['first']} to {named['last'] or named['first']}, " \
        f"the record's moves are actions {actions}"

    # The expectations: each holds after those moves in the real position, cut afresh from the record.
    full = cut.cut(outcome.record, outcome.result, at, count)
    full_body = [b for b in full.splitlines()[1:-1] if not b.startswith(":")]
    real = yaml.safe_load("\n".join(full_body))
    assert real["do"] == data["do"]
    real["expect"] = data["expect"]
    scenario = parse(yaml.safe_dump(real, sort_keys=False), Where(str(PAGE.relative_to(ROOT)), line),
                     options={"id": example_id})
    result = evaluate(scenario)
    assert result.ok, failure_text(result)
    assert set(data["expect"]) - {"events"}, f"line {line}: the example expects nothing about the position"
