"""The book's own records replay, and the page that shows them says what the commands print."""
from pathlib import Path

import pytest

from rulewright.play.record import read
from rulewright.play.replay import replay

ROOT = Path(__file__).resolve().parents[2]
RECORDS = sorted((ROOT / "rulebook" / "records").glob("*.yaml"))


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_the_books_records_replay(path):
    from rulewright.checks.records import record_files, record_problems

    assert path in record_files(ROOT / "rulebook")  # so `rulewright check`, the build and pytest play it too
    found = record_problems(path)
    if found:  # said as every channel says it, at its line, not as a traceback
        pytest.fail("\n".join(map(str, found)), pytrace=False)
    outcome = replay(read(path))
    assert outcome.ok, outcome.report()
    assert outcome.played == outcome.record.move_count() > 0


def test_the_page_quotes_what_replay_prints():
    page = (ROOT / "rulebook" / "from-play.md").read_text(encoding="utf-8")
    path = ROOT / "rulebook" / "records" / "muck-and-brass-sample.yaml"
    said = replay(read(path.relative_to(ROOT))).report()
    assert said in page


def test_the_page_shows_the_example_the_command_cuts():
    from rulewright.play import cut

    page = (ROOT / "rulebook" / "from-play.md").read_text(encoding="utf-8")
    outcome = replay(read(Path("rulebook/records/muck-and-brass-sample.yaml")), keep_states=True)
    assert cut.cut(outcome.record, outcome.result, 9) in page
