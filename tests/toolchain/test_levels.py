"""Check levels (rulewright/checks/levels.py): a check added after the release a book was written
for gives advice in every channel (make test's pytest, rulewright check, the strict book build),
never a failure, until `rulewright upgrade` raises the book's level; then it counts.

The book here is a project made by `rulewright new`, with its level taken out (as a project made
before levels existed has none) and its phrase file missing words the newer checks ask for."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rulewright.checks import levels
from rulewright.cli.upgrade import write_level


def run(args: list[str], cwd: Path, **env) -> subprocess.CompletedProcess:
    environment = {**os.environ, "CI": "1", "PYTHONDONTWRITEBYTECODE": "1", **env}
    environment.pop("PYTEST_XDIST_WORKER", None)
    environment.pop("PYTEST_ADDOPTS", None)
    return subprocess.run([sys.executable, *args], cwd=cwd, env=environment, capture_output=True, text=True,
                          timeout=600)


@pytest.fixture(scope="module")
def older_book(tmp_path_factory) -> Path:
    """A new project taken back to a book without a level, whose phrases lack the words for one
    preset ('endgame', check phrase-words) and for its moves (check move-words)."""
    folder = tmp_path_factory.mktemp("levels") / "older"
    made = run(["-m", "rulewright.cli", "new", str(folder), "--title", "Older Game"], folder.parent)
    assert made.returncode == 0, made.stdout + made.stderr
    pyproject = folder / "pyproject.toml"
    text = pyproject.read_text()
    assert f'check-level = "{levels.CURRENT}"' in text  # what `rulewright new` writes: today's level
    pyproject.write_text(re.sub(r"(?m)^check-level = .*\n", "", text))
    said = folder / "older_game" / "phrases.yaml"
    text = said.read_text()
    text = re.sub(r'(?m)^  endgame: .*\n', "", text)
    text = re.sub(r'(?m)^  "take \{count\} from \{heap\}": .*$', '  "pass": "{actor} passes."', text)
    said.write_text(text)
    return folder


def test_an_older_book_gets_advice_from_rulewright_check_and_passes(older_book):
    done = run(["-m", "rulewright.cli", "check"], older_book)
    assert done.returncode == 0, done.stdout + done.stderr
    out = done.stdout
    assert "Advice: this book is written for check level 0.1" in out
    assert "Check 'phrase-words' (new at level 0.3)" in out and "Check 'move-words' (new at level 0.5)" in out
    assert re.search(r"rulebook/rules\.md, line \d+, example \S+: The book has no words for the preset 'endgame'", out)
    assert out.count("no words for the preset 'endgame'") == 5  # each place once
    assert "The rulebook is sound" in out and "6 pieces of advice from checks newer than the book's level 0.1" in out


def test_an_older_book_gets_advice_from_pytest_and_passes(older_book):
    done = run(["-m", "pytest", "-q", "-p", "no:xdist", "-p", "no:cacheprovider"], older_book)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.count("CheckAdvice: Advice from the check 'phrase-words'") == 5, done.stdout
    assert "CheckAdvice: Advice from the check 'move-words'" in done.stdout
    assert re.search(r"passed, 6 warnings", done.stdout), done.stdout


def test_an_older_book_gets_advice_from_the_strict_build_and_builds(older_book, tmp_path):
    done = run(["-m", "sphinx", "-q", "-W", "--keep-going", "-c", ".", "-t", "player", "-b", "dummy", "rulebook",
                str(tmp_path / "out")], older_book, RULEWRIGHT_STRICT="1")
    assert done.returncode == 0, done.stderr
    assert "WARNING" not in done.stderr, done.stderr
    assert "Advice: this book is written for check level 0.1" in done.stderr
    assert re.search(r"\d+ pieces of advice from checks newer than the book's level 0\.1", done.stderr), done.stderr
    assert "no words for the preset 'endgame'" in done.stderr and "no words for the move" in done.stderr
    # the moves without words in the same words as `rulewright check` says them: once a kind, not once a move
    checked = run(["-m", "rulewright.cli", "check"], older_book).stdout
    moves = [re.findall(r"The book has no words for the moves? .*", said) for said in (checked, done.stderr)]
    assert moves[0] and moves[0] == moves[1], moves


def test_upgrade_says_what_each_newer_check_is_for_raises_the_level_and_then_they_count(older_book, tmp_path):
    book = tmp_path / "book"
    shutil.copytree(older_book, book)
    dry = run(["-m", "rulewright.cli", "upgrade", "--dry-run"], book)
    assert dry.returncode == 0 and "check-level" not in (book / "pyproject.toml").read_text(), dry.stdout
    done = run(["-m", "rulewright.cli", "upgrade"], book)
    assert done.returncode == 0, done.stdout + done.stderr
    for name, check in levels.CHECKS.items():
        if levels.key(check.level) > levels.key(levels.OLDEST):
            assert f"'{name}' (level {check.level}): {check.why}." in done.stdout
    assert re.search(r"\[phrase-words\] rulebook/rules\.md, line \d+, example", done.stdout), done.stdout
    assert f'check-level = "{levels.CURRENT}"' in (book / "pyproject.toml").read_text()
    assert run(["-m", "rulewright.cli", "upgrade"], book).stdout.startswith(
        f"The book is at check level {levels.CURRENT} already")
    checked = run(["-m", "rulewright.cli", "check"], book)
    assert checked.returncode == 1 and "Advice" not in checked.stdout
    assert "The book has no words for the preset 'endgame'" in checked.stdout


def test_writing_the_level_keeps_every_other_line(tmp_path):
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text('[project]\nname = "x"\n\n[tool.rulewright]  # ours\nrulebook = "book"\n\n'
                         '[tool.rulewright.games]\ng = "g:GAME"\n')
    assert write_level(pyproject, "0.3") == 5
    assert pyproject.read_text() == ('[project]\nname = "x"\n\n[tool.rulewright]  # ours\ncheck-level = "0.3"\n'
                                     'rulebook = "book"\n\n[tool.rulewright.games]\ng = "g:GAME"\n')
    assert write_level(pyproject, "0.5") == 5 and pyproject.read_text().count("check-level") == 1
    bare = tmp_path / "bare.toml"
    bare.write_text('[project]\nname = "x"')
    write_level(bare, "0.5")
    assert bare.read_text() == '[project]\nname = "x"\n\n[tool.rulewright]\ncheck-level = "0.5"\n'


def test_a_level_this_release_does_not_know_is_named_at_its_line(tmp_path):
    from rulewright.book import config
    from rulewright.problems import ExampleProblem

    (tmp_path / "pyproject.toml").write_text('[tool.rulewright]\nrulebook = "rulebook"\ncheck-level = "9.9"\n')
    with pytest.raises(ExampleProblem) as raised:
        config.load(tmp_path)
    assert raised.value.where.line == 3 and "'0.1'" in raised.value.message and "pip install -U" in raised.value.message


def test_every_check_registered_is_at_a_known_level_and_the_issue_s_checks_are_newer_than_the_oldest():
    from rulewright.checks.book import MOVE_WORDS, PHRASE_WORDS
    from rulewright.testing.sybil_parser import CONTRAST

    assert levels.CURRENT == levels.LEVELS[-1] and list(levels.LEVELS) == sorted(levels.LEVELS, key=levels.key)
    for name, check in levels.CHECKS.items():
        assert check.level in levels.LEVELS and check.why and not check.why.endswith("."), name
    for name in (MOVE_WORDS, PHRASE_WORDS, CONTRAST):
        assert levels.key(levels.CHECKS[name].level) > levels.key(levels.OLDEST), name
    assert levels.is_advice(MOVE_WORDS, "0.4") and not levels.is_advice(MOVE_WORDS, "0.5")
    assert not levels.is_advice("a-check-of-the-first-release", "0.1")  # (an unregistered check always counts)


def test_a_faint_diagram_label_is_advice_below_its_level(monkeypatch, recwarn):
    from types import SimpleNamespace

    from rulewright.problems import Where
    from rulewright.testing import sybil_parser

    faint = ('<svg xmlns="http://www.w3.org/2000/svg"><polygon fill="white" points="0,0 0,-90 90,-90 90,0"/>'
             '<text x="10" y="-40" font-size="12" fill="#bbbbbb">pale</text></svg>')
    result = SimpleNamespace(scenario=SimpleNamespace(where=Where("rules.md", 12, "ex")))
    monkeypatch.setattr(levels, "project_level", lambda: "0.1")
    sybil_parser._check_legibility(result, [faint])
    advice = [w for w in recwarn.list if issubclass(w.category, levels.CheckAdvice)]
    assert len(advice) == 1 and "'diagram-contrast'" in str(advice[0].message) and advice[0].lineno == 12
    assert "'pale'" in str(advice[0].message)
    assert not [w for w in recwarn.list if "contrast" in str(w.message) and w not in advice]
    recwarn.clear()
    monkeypatch.setattr(levels, "project_level", lambda: levels.CURRENT)
    sybil_parser._check_legibility(result, [faint])
    assert not [w for w in recwarn.list if issubclass(w.category, levels.CheckAdvice)]
    assert any("contrast" in str(w.message) for w in recwarn.list)


# The checks this release added over the files a book reads (tests/toolchain/test_parity.py's cases
# that name their check): each is advice for a book written for an older release, in every channel
# alike, at its file and line, and the book stays green; at the check's own level each fails
# (test_parity runs the same cases in a book at today's level).
PARITY_ADVICE = [case for case in __import__("tests.toolchain.test_parity", fromlist=["CASES"]).CASES if case.check]
OLDER = "0.4"


@pytest.fixture(scope="module")
def advised(tmp_path_factory) -> dict:
    from tests.toolchain import test_parity

    return test_parity.each_channel(test_parity.project_with(PARITY_ADVICE, tmp_path_factory.mktemp("advised"),
                                                             level=OLDER))


ADVICE_PLACE = {  # how each channel says a piece of advice at its place
    "pytest": re.compile(r"^(?P<file>\S+?):(?P<line>\d+): CheckAdvice: Advice from the check '(?P<check>[\w-]+)', "
                         r"new at level [\d.]+ \(this book is at check level [\d.]+, so it does not fail\): "
                         r"(?P<message>.*)$"),
    "check": re.compile(r"^(?P<file>\S+?), line (?P<line>\d+)(?:, example [\w-]+)?: (?P<message>.*)$"),
    "sphinx": re.compile(r"^(?P<file>\S+?), line (?P<line>\d+)(?:, example [\w-]+)?: (?P<message>.*)$"),
}


def advice_of(channel: str, output: str) -> dict[tuple[str, int], list[str]]:
    """The advice a channel gave, by its place (file in the project, line): in check's and the build's
    list under its head, in pytest's warnings."""
    if channel != "pytest":
        head = f"Advice: this book is written for check level {OLDER}"
        assert head in output, output[-3000:]
        output = output[output.index(head):]
    found: dict[tuple[str, int], list[str]] = {}
    for text in output.splitlines():
        match = ADVICE_PLACE[channel].match(text.strip())
        if match:
            file = match["file"]
            file = file.split("/demo/", 1)[1] if file.startswith("/") and "/demo/" in file else file  # (in the project)
            found.setdefault((file, int(match["line"])), []).append(match["message"].strip())
    return found


def test_the_checks_over_a_book_s_files_are_registered_at_this_release():
    assert {case.check for case in PARITY_ADVICE} == {"game-records", "edition-name", "formerly-still-declared",
                                                          "phrase-names", "term-twice", "designer-only-links"}
    for name in {case.check for case in PARITY_ADVICE}:
        assert levels.CHECKS[name].level == levels.CURRENT and not levels.is_advice(name, levels.CURRENT)
        assert levels.is_advice(name, OLDER)


def test_a_book_at_an_older_level_with_those_mistakes_stays_green_in_every_channel(advised):
    for channel in ("pytest", "check", "sphinx"):
        assert advised[f"{channel} exit"] == 0, f"{channel} fails the book:\n" + advised[channel][-4000:]
        assert "Traceback" not in advised[channel] and "itself failed" not in advised[channel], advised[channel]
    assert re.search(rf"passed, {len(PARITY_ADVICE)} warnings", advised["pytest"]), advised["pytest"][-2000:]
    assert f"{len(PARITY_ADVICE)} pieces of advice from checks newer than the book's level {OLDER}" in advised["check"]
    assert f"{len(PARITY_ADVICE)} pieces of advice from checks newer than the book's level {OLDER}" in advised["sphinx"]
    assert "WARNING" not in advised["sphinx"], advised["sphinx"]


@pytest.mark.parametrize("case", PARITY_ADVICE, ids=[case.kind for case in PARITY_ADVICE])
def test_each_is_advice_at_its_line_in_the_same_words_in_every_channel(case, advised):
    from tests.toolchain.test_parity import located

    case = located(case, Path(advised["project"]))
    seen = {}
    for channel in ("pytest", "check", "sphinx"):
        at_place = [m for m in advice_of(channel, advised[channel]).get(case.at, []) if case.words in m]
        assert at_place, (f"{channel} does not advise '{case.words}' at {case.at[0]}, line {case.at[1]}:\n"
                          + "\n".join(line for line in advised[channel].splitlines() if case.at[0] in line))
        seen[channel] = at_place[0].removesuffix(levels.afterword())
    assert len(set(seen.values())) == 1, f"the channels say it differently: {seen}"
    assert f"Check '{case.check}' (new at level {levels.CURRENT})" in advised["check"]


def test_the_authoring_guide_lists_every_check_registered_at_its_level():
    guide = (Path(__file__).resolve().parents[2] / "rulebook" / "authoring.md").read_text(encoding="utf-8")
    listed = dict(re.findall(r"(?m)^\| `([\w-]+)` \| ([\d.]+) \|", guide))
    assert listed == {name: check.level for name, check in levels.CHECKS.items()}
