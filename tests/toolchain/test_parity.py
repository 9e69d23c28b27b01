"""One mistake, one message, in every channel: each case below is a designer's mistake in one of the
files a book reads (a page, a game record, a glossary, a phrase file), written into a project
``rulewright new`` makes. The three channels a designer meets (pytest with Rulewright's plugin,
``rulewright check`` and the strict Sphinx build) each run once over all the cases, and each must
say every case's problem at the same file and line in the same words, with no traceback.

The cases are this test's own (not copies of ``tests/malformed/``): each is a kind of mistake that
slipped through at least one channel before.
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

from rulewright import scaffold
from rulewright.book.scanner import EDITION_NAME
from rulewright.checks.book import RENAMED_KEPT
from rulewright.checks.phrase_names import CHECK as PHRASE_NAMES
from rulewright.checks.records import CHECK as RECORDS
from rulewright.checks.words import DESIGNER_ONLY, TERM_TWICE

REPO = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Case:
    kind: str
    files: dict  # path in the project -> text (str) or bytes
    at: tuple[str, int]  # the file (in the project) and line the message names
    words: str  # words the message must say (its fix)
    # The check that finds it, when that check is newer than the first release: a book at a check level
    # below the check's gets it as advice in every channel (tests/toolchain/test_levels.py), never a failure.
    check: str | None = None
    line_of: str = ""  # with line 0 in ``at``: the words on the line meant (the file's first line that has them)


def record(body: str) -> str:
    return "game: demo\nsetup: {preset: standard}\n" + body


CASES = [
    # A file the check never read: the book's game records.
    Case("a record cut short", {"rulebook/records/cut-short.yaml": record(
        "moves:\n  - ann: take 2 from left\n  - bob: take 1 fr")},
        ("rulebook/records/cut-short.yaml", 5), "'take 1 fr' is not a move of Demo", RECORDS),
    Case("a move pasted twice in a record", {"rulebook/records/pasted-twice.yaml": record(
        "moves:\n  - ann: take 1 from middle\n  - bob: take 3 from right\n  - bob: take 3 from right\n")},
        ("rulebook/records/pasted-twice.yaml", 6), "Move 3 of 3, 'bob: take 3 from right', was refused by rule "
                                                   "demo.turn.order", RECORDS),
    Case("a record's checkpoint on a path the game does not have", {"rulebook/records/no-such-path.yaml": record(
        "moves:\n  - ann: take 1 from middle\n  - expect: {heaps.midle: 3}\n")},
        ("rulebook/records/no-such-path.yaml", 5), "heaps has no 'midle'. Did you mean 'middle'?", RECORDS),
    Case("an example's do: in a record", {"rulebook/records/do-not-moves.yaml": record(
        "do:\n  - ann: take 1 from middle\n")},
        ("rulebook/records/do-not-moves.yaml", 3), "A record's moves go under 'moves:'", RECORDS),
    Case("a record's seed written as a word", {"rulebook/records/seed-word.yaml":
                                              "game: demo\nseed: seven\nsetup: {preset: standard}\n"
                                              "moves:\n  - ann: take 1 from middle\n"},
         ("rulebook/records/seed-word.yaml", 2), "'seed:' must be a whole number, e.g. 'seed: 4'", RECORDS),
    Case("a record's checkpoint that does not hold", {"rulebook/records/miscounted.yaml": record(
        "moves:\n  - ann: take 2 from right\n  - expect: {counters: 9}\n  - bob: take 1 from left\n")},
        ("rulebook/records/miscounted.yaml", 5), "The checkpoint after move 1 of 2 does not hold: counters was "
                                                 "expected to be 9, but it is 10.", RECORDS),
    Case("a record outside a records folder, with its game misspelt", {"rulebook/play/tuesday.yaml":
                                                                      "game: dmeo\nmoves:\n  - ann: take 1 from middle\n"},
         ("rulebook/play/tuesday.yaml", 1), "dmeo", RECORDS),
    # A crash of the whole tool: a file saved in another encoding than UTF-8.
    Case("a page saved as Latin-1", {"rulebook/latin.md": "# Notes\n\nA word from the caf\xe9.\n".encode("latin-1")},
         ("rulebook/latin.md", 3), "This file is not UTF-8 text: column 20 of this line holds a byte UTF-8 cannot "
                                   "read (the byte 0xE9, which reads as 'é'"),
    Case("a record saved as Latin-1", {"rulebook/records/latin.yaml": record(
        "moves:\n  - ann: take 1 from middle  # caf\xe9\n").encode("latin-1")},
        ("rulebook/records/latin.yaml", 4), "Save the file as UTF-8 in your editor", RECORDS),
    # Silent everywhere, or in one or two channels.
    Case("a ':formerly:' naming a rule the book still has", {"rulebook/renamed.md": (
        "# Counting\n\n```{rule} demo.take.count\n:title: How many\n:formerly: demo.take.limit\n"
        "Take 1, 2 or 3 counters.\n```\n\n```{example} One counter\n:id: parity-take-count\n"
        ":rules: demo.take.count\n\ngame: demo\nsetup: {preset: standard}\ndo:\n  - ann: take 1 from left\n"
        "expect:\n  heaps.left: 2\n```\n")},
        ("rulebook/renamed.md", 5), "The rule demo.take.count says it was formerly demo.take.limit", RENAMED_KEPT),
    Case("a page's front matter naming an edition that does not exist", {"rulebook/notes.md": (
        "---\nedition: designers\n---\n# Notes for the designer\n\nHeaps and counters.\n")},
        ("rulebook/notes.md", 2), "'edition: designers' names no edition of the book"
                                  ": there are two, 'player' and 'designer'. Did you mean 'edition: designer'?", EDITION_NAME),
    Case("a shared position no example uses", {"rulebook/positions.md": (
        "# Positions\n\n```{position} Two heaps left\n:name: parity-two-heaps\n\ngame: demo\nsetup:\n"
        "  preset: standard\n  heaps: {left: 0}\n```\n")},
        ("rulebook/positions.md", 3), "The position 'parity-two-heaps' is used by no example"),
    # A number typed in the rule text beside a word the game's phrases know, which the game's data file contradicts.
    Case("a figure typed in the rules that the game's data contradicts", {
        "demo/limits.yaml": "take:\n  most_counters: 3\n",
        "rulebook/figures.md": "# Figures\n\nOn your turn you may take at most 4 counters.\n"},
        ("rulebook/figures.md", 3), "The text says 4 counters, but the game's data gives take.most_counters = 3 "
                                    "(limits.yaml): write {value}`limits.yaml:take.most_counters`"),
    Case("a phrase for a state path the game does not have",
         {"demo/phrases.yaml": lambda text: text.replace("paths:\n", "paths:\n  heaps.midle: the middle heap\n")},
         ("demo/phrases.yaml", 0), "The phrase for 'heaps.midle' is for a path Demo does not have: heaps has no "
                                   "'midle' in any position the book shows", PHRASE_NAMES, "heaps.midle"),
    Case("words for a preset the game does not have",
         {"demo/phrases.yaml": lambda text: text.replace("presets:", "presets:\n  standrad: three heaps", 1)},
         ("demo/phrases.yaml", 0), "The words for the preset 'standrad' are for a preset Demo does not have. Did "
                                   "you mean 'standard'?", PHRASE_NAMES, "standrad:"),
    # A glossary's own mistakes, at its lines (also when pytest runs on one page of its chapter: test below).
    Case("a glossary 'see:' naming a term the glossary does not have",
         {"rulebook/glossary.yaml": lambda text: text.replace("    avoid: [pile]\n", "    avoid: [pile]\n    see: [countr]\n", 1)},
         ("rulebook/glossary.yaml", 0), "The term 'heap' says see 'countr', which is not in this glossary. Did you mean "
                                        "'counter'?", None, "see: [countr]"),
    Case("a glossary term defined twice, in another case",
         {"rulebook/glossary.yaml": lambda text: text + "  Heap:\n    definition: A pile of counters.\n"},
         ("rulebook/glossary.yaml", 0), "'Heap' is defined twice in this glossary: it is also the term 'heap'",
         TERM_TWICE, "Heap:"),
    Case("a glossary term written twice", {
        "rulebook/variant/glossary.yaml": "game: demo\nterms:\n  token:\n    definition: A marker on a heap.\n"
                                          "  token:\n    definition: A marker again.\n",
        "rulebook/variant/notes.md": "# A variant\n\nEach token marks a heap.\n"},
         ("rulebook/variant/glossary.yaml", 5), "The key 'token' appears twice here (first on line 3)"),
    # What only the designer's edition has, led to from a page the player's edition prints.
    Case("a player's page linking to a rule only the designer's edition has", {
        "rulebook/secret.md": "---\nedition: designer\n---\n# For designers\n\n```{rule} demo.secret.tally\n"
                              ":title: Keeping count\nThe designer counts every counter taken.\n```\n\n"
                              "```{example} Counting\n:id: parity-secret-tally\n:rules: demo.secret.tally\n\n"
                              "game: demo\nsetup: {preset: standard}\ndo:\n  - ann: take 1 from left\nexpect:\n"
                              "  counters: 11\n```\n",
        "rulebook/tips.md": "# Tips\n\nCount as you go (see {ruleref}`demo.secret.tally`).\n"},
         ("rulebook/tips.md", 3), "{ruleref}`demo.secret.tally` leads to a rule only the designer's edition has "
                                  "(rulebook/secret.md, line 6, on a page whose front matter says 'edition: designer')",
         DESIGNER_ONLY),
    Case("a player's page linking to a page only the designer's edition has", {
        "rulebook/more-tips.md": "# More tips\n\nWhy the rules are as they are: {doc}`secret`.\n"},
         ("rulebook/more-tips.md", 3), "{doc}`secret` leads to a page only the designer's edition has "
                                       "(rulebook/secret.md, on a page whose front matter says 'edition: designer')",
         DESIGNER_ONLY),
    Case("a 'changes-since' naming a version the repository does not have",
         {"pyproject.toml": lambda text: text.replace('rulebook = "rulebook"\n',
                                                      'rulebook = "rulebook"\nchanges-since = "v9.9"\n')},
         ("pyproject.toml", 0), "'changes-since = \"v9.9\"': There is no revision 'v9.9'"),
]

CHANNELS = ("pytest", "check", "sphinx")

# A designer's word in a page's own prose, which only the player's edition refuses: pytest and check
# say it before any build, as the player's build does (the designer's build prints it, rightly).
PLAYER_WORDS_CASE = Case("the test's language in a player's page", {
    "rulebook/luck.md": "# Luck\n\nThe heaps are dealt the same way\nfor every random seed, so no player is favoured.\n"},
    ("rulebook/luck.md", 4), "The player's edition would print 'random seed', the test's language.", "player-words")


def _run(project: Path, *command: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(project), str(REPO)]), "RULEWRIGHT_STRICT": "1"}
    env.pop("PYTEST_XDIST_WORKER", None)
    env.pop("PYTEST_ADDOPTS", None)
    return subprocess.run(command, cwd=project, env=env, capture_output=True, text=True, timeout=600)


def project_with(cases, folder: Path, level: str | None = None) -> Path:
    """A project ``rulewright new`` makes in ``folder``, with each case's files written into it (at
    check level ``level``, when given: what a book written for an older release says)."""
    project = folder / "demo"
    scaffold.create(project, scaffold.Names("Demo", "demo"))
    if level is not None:
        from rulewright.cli.upgrade import write_level

        write_level(project / "pyproject.toml", level)
    pages = []
    subprocess.run(["git", "init", "-q"], cwd=project, check=True)  # (a version to compare with is a git revision)
    for case in cases:
        for name, text in case.files.items():
            path = project / name
            path.parent.mkdir(parents=True, exist_ok=True)
            if callable(text):  # a change to a file the project has
                text = text(path.read_text(encoding="utf-8"))
            path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
            if name.endswith(".md"):
                pages.append(Path(name).relative_to("rulebook").with_suffix("").as_posix())
    index = project / "rulebook" / "index.md"
    index.write_text(index.read_text(encoding="utf-8") + "\n```{toctree}\n:hidden:\n" + "\n".join(pages)
                     + "\n```\n", encoding="utf-8")
    return project


def each_channel(project: Path) -> dict[str, str]:
    """What each channel says of the project (its output), by channel, with its exit code ("check
    exit") and the project's folder."""
    bin_dir = Path(sys.executable).parent
    commands = {
        "pytest": (sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "0", "--rootdir",
                   str(project), "rulebook", "tests/test_rulebook.py"),
        "check": (str(bin_dir / "rulewright"), "check"),
        "sphinx": (str(bin_dir / "sphinx-build"), "-q", "-N", "-W", "--keep-going", "-c", ".", "-b", "html", "rulebook",
                   "_build/html"),
    }
    said = {"project": str(project)}
    for channel, command in commands.items():
        done = _run(project, *command)
        said[channel], said[f"{channel} exit"] = done.stdout + done.stderr, done.returncode
    return said


@pytest.fixture(scope="module")
def said(tmp_path_factory) -> dict[str, str]:
    return each_channel(project_with([*CASES, PLAYER_WORDS_CASE], tmp_path_factory.mktemp("parity")))


PLACE = {  # how each channel names a place: "rulebook/x.md, line 3: ..." or "/abs/rulebook/x.md:3: WARNING: ..."
    "pytest": re.compile(r"^(?P<file>\S+?), line (?P<line>\d+)(?:, example [\w-]+)?: (?P<message>.*)$"),
    "check": re.compile(r"^(?P<file>\S+?), line (?P<line>\d+)(?:, example [\w-]+)?: (?P<message>.*)$"),
    "sphinx": re.compile(r"^(?P<file>\S+?):(?P<line>\d+): (?:WARNING|ERROR): (?P<message>.*?)(?: \[[\w.-]+\])?$"),
}


def messages(channel: str, output: str) -> dict[tuple[str, int], list[str]]:
    """The messages of one channel's output, by the place (file in the project, line) each names."""
    found: dict[tuple[str, int], list[str]] = {}
    for text in output.splitlines():
        match = PLACE[channel].match(text.strip())
        if match:
            file = match["file"]
            file = file.split("/demo/", 1)[1] if file.startswith("/") and "/demo/" in file else file  # (in the project)
            found.setdefault((file, int(match["line"])), []).append(match["message"].strip())
    return found


def located(case: Case, project: Path) -> Case:
    """``case`` with the line it names: a case written with line 0 names the first line of its file
    (in ``project``) that has its ``line_of`` (or the words before an '=' of its words)."""
    if case.at[1]:
        return case
    named = case.line_of or case.words.split("=")[0].strip("' ")
    return replace(case, at=(case.at[0], _line_of(project / case.at[0], named)))


def project_of(said) -> Path:
    return Path(said["project"])


def test_no_channel_shows_a_traceback(said):
    for channel in CHANNELS:
        assert "Traceback" not in said[channel] and "itself failed" not in said[channel], said[channel][-3000:]


@pytest.mark.parametrize("case", CASES, ids=[case.kind for case in CASES])
def test_every_channel_says_the_mistake_at_its_line_in_the_same_words(case, said):
    case = located(case, project_of(said))
    seen = {}
    for channel in CHANNELS:
        at_place = [m for m in messages(channel, said[channel]).get(case.at, []) if case.words in m]
        assert at_place, (f"{channel} does not say '{case.words}' at {case.at[0]}, line {case.at[1]}:\n"
                          + "\n".join(line for line in said[channel].splitlines() if case.at[0] in line))
        seen[channel] = at_place[0]
    assert len(set(seen.values())) == 1, f"the channels say it differently: {seen}"


GLOSSARY_CASES = [case for case in CASES if any(name.endswith("glossary.yaml") for name in case.files)]


def test_pytest_on_one_page_says_the_mistakes_of_the_glossaries_it_is_held_to(said):
    """``pytest rulebook/variant/notes.md``: the page's chapter glossary and the book's are tested
    with it (the words the page is held to), each mistake at its own line, as the whole run says it."""
    project = project_of(said)
    done = _run(project, sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "0",
                "--rootdir", str(project), "rulebook/variant/notes.md")
    output = done.stdout + done.stderr
    assert done.returncode == 1 and "Traceback" not in output, output[-3000:]
    found = messages("pytest", output)
    assert len(GLOSSARY_CASES) == 3
    for case in GLOSSARY_CASES:
        at = located(case, project).at
        assert any(case.words in message for message in found.get(at, [])), (case.kind, output[-3000:])
    assert re.search(r"2 failed", output), output[-1500:]  # (the two glossaries; the page itself holds)


def _line_of(path: Path, words: str) -> int:
    return next(n for n, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if words in text)


def test_the_player_s_edition_says_a_link_to_the_designer_s_alone_at_its_line_and_nothing_else(said):
    """The player's edition leaves the designer's pages out: a reference to them is said as in the
    other channels, at its line, and not also as a reference to nothing (Sphinx's or Rulewright's)."""
    project = project_of(said)
    done = _run(project, str(Path(sys.executable).parent / "sphinx-build"), "-q", "-N", "--keep-going", "-c", ".",
                "-t", "player", "-b", "dummy", "rulebook", "_build/player")
    output = done.stdout + done.stderr
    found = messages("sphinx", output)
    for case in CASES:
        if case.check == DESIGNER_ONLY:
            assert any(case.words in message for message in found.get(case.at, [])), (case.kind, output[-3000:])
            assert len(found[case.at]) == 1, found[case.at]  # (said once: no "unknown document", no "not declared")
    assert "demo.secret.tally` refers to a rule the book does not declare" not in output


def test_a_designer_s_word_in_a_page_s_prose_is_said_by_pytest_and_check_as_the_player_s_build_says_it(said):
    """Before, only the player's build said it: ``make test`` and ``rulewright check`` were green."""
    project = project_of(said)
    done = _run(project, str(Path(sys.executable).parent / "sphinx-build"), "-q", "-N", "--keep-going", "-c", ".",
                "-t", "player", "-b", "dummy", "rulebook", "_build/player-words")
    case = PLAYER_WORDS_CASE
    seen = {}
    for channel, output in (("pytest", said["pytest"]), ("check", said["check"]), ("sphinx", done.stdout + done.stderr)):
        at_place = [m for m in messages(channel, output).get(case.at, []) if case.words in m]
        assert at_place, (channel, [line for line in output.splitlines() if "luck.md" in line])
        seen[channel] = at_place[0]
    assert len(set(seen.values())) == 1, f"the channels say it differently: {seen}"
    assert not [m for m in messages("sphinx", said["sphinx"]).get(case.at, [])]  # (the designer's edition prints it)
