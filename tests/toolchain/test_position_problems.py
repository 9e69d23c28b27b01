"""A shared position's own problem is said at the position, once: by its own test under pytest (as
``rulewright check`` and the build say it), while the examples starting from it are skipped naming it;
a run that does not test the position's page fails those examples with its problem, never passing."""
from __future__ import annotations

import sys

import pytest

from tests.toolchain.test_parity import Case, _run, each_channel, messages, project_with

POSITION = ("# Positions\n\n```{position} Two heaps left\n:name: two-heaps\n\ngame: demo\nsetup:\n  preset: standard\n"
            "{slip}```\n")
FROM = ("# From it\n\n```{example} From two heaps\n:id: from-two-heaps\n:rules: demo.take.limit\n\ngame: demo\n"
        "setup: {from: two-heaps}\ndo:\n  - ann: take 1 from middle\nexpect:\n  heaps.middle: 2\n```\n")
SLIPS = {  # the slip in the position, the line it is said at, and its words
    "a tab in its YAML": ("\theaps: {left: 0}\n", 9, "The position is not valid YAML: this line has a tab"),
    "a setup its game cannot take": ("  heapz: {left: 0}\n", 9, "'heapz' is not part of the setup of Demo"),
}


def pytest_on(project, *pages):
    done = _run(project, sys.executable, "-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider", "-n", "0",
                "--rootdir", str(project), *pages)
    return done.returncode, done.stdout + done.stderr


@pytest.fixture(scope="module", params=sorted(SLIPS))
def project(request, tmp_path_factory):
    slip, line, words = SLIPS[request.param]
    case = Case(request.param, {"rulebook/positions.md": POSITION.replace("{slip}", slip),
                                "rulebook/from-it.md": FROM}, ("rulebook/positions.md", line), words)
    return project_with([case], tmp_path_factory.mktemp("position")), case


def test_every_channel_says_it_once_at_the_position_and_counts_the_example_as_stopped_by_it(project):
    project, case = project
    said = each_channel(project)
    for channel in ("pytest", "check", "sphinx"):
        found = messages(channel, said[channel])
        assert [m for m in found.get(case.at, []) if case.words in m], (channel, said[channel][-3000:])
        elsewhere = [(at, m) for at, ms in found.items() for m in ms if at != case.at and "two-heaps" in m]
        assert not elsewhere, (channel, elsewhere)  # no "there is no shared position called 'two-heaps'"
        assert "Known:" not in said[channel] and "Traceback" not in said[channel]
    assert "1 of " in said["check"] and "could not be played because of it" in said["check"], said["check"]
    assert "1 example could not be played because of the problem above" in said["sphinx"], said["sphinx"]
    code, output = pytest_on(project, "rulebook")
    assert code == 1 and "the shared position it starts from has a problem: see rulebook/positions.md, line " \
        f"{case.at[1]}" in output, output[-3000:]


def test_a_run_without_the_position_s_page_fails_the_example_with_its_problem(project):
    project, case = project
    code, output = pytest_on(project, "rulebook/from-it.md")
    assert code == 1 and "1 failed" in output, output[-3000:]
    assert f"rulebook/positions.md, line {case.at[1]}: {case.words}" in output, output[-3000:]
