"""The malformed corpus: pages written with the mistakes designers make, each of which must fail
with a plain message at its exact line, the same way under pytest, ``rulewright check`` and the
Sphinx build, and never with a traceback.

Each page in ``tests/malformed/`` starts with a comment saying where the mistake is and words the
message must contain (the fix)::

    % expect line 12: Add a line with ```

A chapter's files in a folder of their own are cases too: a ``glossary.yaml`` whose mistake is its
own starts with ``# expect line N: words``; a page that only stands beside such a file starts with
``% support:``. Mistakes in ``pyproject.toml`` itself are tried in small projects of their own
(``PROJECT_CASES``).

The pages are copied into a throwaway project beside this book's own pages (so they can cite its
rule IDs and play its games), and each tool runs once over the whole corpus.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
CORPUS = Path(__file__).resolve().parent / "malformed"
EXPECT = re.compile(r"^[%#] expect line (\d+): (.+)$")


@dataclass(frozen=True)
class Case:
    name: str  # the file, from the corpus folder: "tab-indent.md", "glossary-broken/glossary.yaml"
    line: int
    words: str


def cases() -> list[Case]:
    out = []
    for path in sorted(p for p in CORPUS.rglob("*") if p.suffix in (".md", ".yaml")):
        first = path.read_text(encoding="utf-8").splitlines()[0]
        if first.startswith("% support:") or (path.suffix == ".yaml" and not first.startswith("# expect")):
            continue
        match = EXPECT.match(first)
        assert match, f"{path.name} does not start with '% expect line N: words'"
        out.append(Case(path.relative_to(CORPUS).as_posix(), int(match.group(1)), match.group(2).strip()))
    return out


CASES = cases()

CONF = """
extensions = ["myst_parser", "rulewright.sphinx"]
myst_enable_extensions = ["colon_fence", "deflist"]
source_suffix = {".md": "markdown"}
root_doc = "index"
suppress_warnings = ["toc.not_included"]
"""


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    """A project whose book is this repository's rulebook plus the corpus in book/malformed."""
    root = tmp_path_factory.mktemp("corpus")
    pyproject = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    games = pyproject[pyproject.index("[tool.rulewright.games]"):].split("\n\n")[0]
    games += '\nslow = "tests.slow_game:GAME"'  # its view never ends: the time limit must stop it
    games += '\nbroken = "tests.broken_game:GAME"'  # a bug in its code: a failure of code, said plainly
    level = re.search(r"(?m)^check-level = .*$", pyproject)[0]  # held to every check, as this book is
    (root / "pyproject.toml").write_text(f'[tool.rulewright]\nrulebook = "book"\nstrict = true\npython-blocks = "refuse"\n'
                                         f'{level}\n\n{games}\n', encoding="utf-8")
    shutil.copytree(REPO / "rulebook", root / "book")
    shutil.copytree(CORPUS, root / "book" / "malformed")
    (root / "book" / "malformed" / "index.md").write_text("# Corpus\n", encoding="utf-8")
    (root / "conf.py").write_text(CONF, encoding="utf-8")
    # the whole-book checks as a project's own tests run them (`make test` runs them beside the pages)
    (root / "tests").mkdir()
    shutil.copy(REPO / "rulewright" / "scaffold" / "template" / "tests" / "test_rulebook.py.tmpl",
                root / "tests" / "test_rulebook.py")
    return root


def _run(project: Path, *command: str) -> subprocess.CompletedProcess:
    # (NO_COLOR: under CI=true Sphinx colours its warnings, and the channels' words are compared as text)
    env = {**os.environ, "PYTHONPATH": str(REPO), "RULEWRIGHT_STRICT": "1", "RULEWRIGHT_TIME_LIMIT": "2", "NO_COLOR": "1"}
    return subprocess.run(command, cwd=project, env=env, capture_output=True, text=True, timeout=600)


@pytest.fixture(scope="module")
def outputs(project) -> dict[str, str]:
    bin_dir = Path(sys.executable).parent
    pytest_run = _run(project, sys.executable, "-m", "pytest", "book/malformed", "tests", "-p", "no:cacheprovider",
                      "-p", "no:doctest", "-q", "-n", "0", "--rootdir", str(project))
    check_run = _run(project, str(bin_dir / "rulewright"), "check")
    # `rulewright run <id>` for every example in the corpus, in one process (as many runs of the command)
    ids = sorted({m for path in CORPUS.rglob("*.md") for m in re.findall(r"^[:]?id: *(\S+)",
                                                                        path.read_text(encoding="utf-8"), re.M)})
    script = ("import sys\nfrom rulewright import cli\nfor example_id in sys.argv[1:]:\n"
              "    print('$ rulewright run', example_id, flush=True)\n"
              "    try:\n        cli.main(['run', example_id])\n"
              "    except SystemExit as stop:\n        print(stop, flush=True)\n")
    run_runs = _run(project, sys.executable, "-c", script, *ids)
    sphinx_run = _run(project, str(bin_dir / "sphinx-build"), "-q", "-b", "html", "-c", str(project),
                      str(project / "book" / "malformed"), str(project / "_build"))
    return {"pytest": pytest_run.stdout + pytest_run.stderr, "check": check_run.stdout + check_run.stderr,
            "cli": check_run.stdout + check_run.stderr + run_runs.stdout + run_runs.stderr,
            "sphinx": sphinx_run.stdout + sphinx_run.stderr}


def _mentions(output: str, case: Case) -> bool:
    """Some message about the page names the line and says the words. A message starts at a
    line naming the page and runs until a line naming another page."""
    lines = output.splitlines()
    line_mark = re.compile(rf"(\bline {case.line}\b|\.(md|yaml|toml):{case.line}:)")
    words = " ".join(case.words.split())
    for start, text in enumerate(lines):
        if case.name not in text:
            continue
        block = [text]
        for more in lines[start + 1:]:
            if ".md" in more or more.startswith("$ "):
                break
            block.append(more)
        message = " ".join(" ".join(block).split())
        if line_mark.search(message) and words in message:
            return True
    return False


TOOLS = ("pytest", "check", "cli", "sphinx")  # "cli" is check and run together; check alone must name each too


def test_the_corpus_covers_every_game_and_the_toolchain():
    text = " ".join(p.read_text(encoding="utf-8") for p in CORPUS.glob("*.md"))
    assert len(CASES) >= 60, len(CASES)
    for game in ("muck-and-brass", "bus", "powerup", "1870"):
        assert f"game: {game}\n" in text, game


def test_every_mistake_is_named_at_its_line_with_the_fix_by_every_tool_without_a_traceback(outputs):
    """One test over the whole corpus, so that each tool runs once (on one xdist worker)."""
    missing = [f"{tool}: {case.name}, line {case.line}: '{case.words}'\n    "
               + "\n    ".join(l for l in outputs[tool].splitlines() if case.name in l)[:1500]
               for case in CASES for tool in TOOLS if not _mentions(outputs[tool], case)]
    tracebacks = [tool for tool in TOOLS if "Traceback" in outputs[tool]]
    assert not missing and not tracebacks, (
        f"{len(missing)} of {len(CASES) * len(TOOLS)} expected messages missing:\n" + "\n".join(missing)
        + "".join(f"\n{tool} shows a traceback:\n{outputs[tool][-4000:]}" for tool in tracebacks))


# Mistakes in pyproject.toml: each in a project of its own (the first stops every tool at once).
PROJECT_CASES = {
    "a misspelt key": ('[tool.rulewright]\nrulebook = "book"\nstrcit = true\n', 3,
                       "'strcit' is not a Rulewright setting in [tool.rulewright]. Did you mean 'strict'?"),
    "a game entry no page plays that cannot be loaded": (
        '[tool.rulewright]\nrulebook = "book"\n\n[tool.rulewright.games]\nbus = "engine.games.bus:GAME"\n'
        'old-game = "old_game_gone:GAME"\n', 6, "'old_game_gone:GAME'"),
}
PAGE = """# One page

```{example} A bus example that holds
:id: one-bus-example

game: bus
setup:
  players:
    red: {line: 13-14, buses: 3}
    blue: {line: 20-24, buses: 1}
  spaces: [blue, red]
expect:
  most_buses: 3
```
"""


@pytest.mark.parametrize("case", PROJECT_CASES)
def test_a_mistake_in_pyproject_fails_in_every_tool_at_its_line_without_a_traceback(case, tmp_path):
    pyproject, line, words = PROJECT_CASES[case]
    (tmp_path / "pyproject.toml").write_text(pyproject, encoding="utf-8")
    (tmp_path / "conf.py").write_text(CONF, encoding="utf-8")
    (tmp_path / "book").mkdir()
    (tmp_path / "book" / "index.md").write_text(PAGE, encoding="utf-8")
    bin_dir = Path(sys.executable).parent
    runs = {"pytest": _run(tmp_path, sys.executable, "-m", "pytest", "book", "-p", "no:cacheprovider", "-q", "-n", "0",
                           "--rootdir", str(tmp_path)),
            "check": _run(tmp_path, str(bin_dir / "rulewright"), "check"),
            "sphinx": _run(tmp_path, str(bin_dir / "sphinx-build"), "-q", "-b", "html", "-c", str(tmp_path),
                           str(tmp_path / "book"), str(tmp_path / "_build"))}
    for tool, run in runs.items():
        output = run.stdout + run.stderr
        said = " ".join(output.split())
        assert re.search(rf"pyproject\.toml(, line |:){line}\b", said) and words in said, f"{tool}:\n{output}"
        assert "Traceback" not in output and "report" not in output.lower().split("pyproject")[0], f"{tool}:\n{output}"
        assert said.count(words) == 1, f"{tool} says it more than once:\n{output}"
    assert runs["pytest"].returncode != 0 and runs["check"].returncode != 0


# ---------------------------------------------------------------- one outcome policy, in every channel

from rulewright.store.outcome import HEADINGS, Kind, group  # noqa: E402

# The kind each of these examples must come to (rulewright.store.outcome), in every channel: one of each
# kind that is not played as written, and one that holds for contrast.
KINDS = {
    "undeclared-rule.md": Kind.UNDECLARED,  # a rule ID with a typo: not played, said once at ':rules:'
    "engine-bug.md": Kind.INTERNAL,  # a bug in the game's code: said plainly at the example, never a traceback
    "unknown-game.md": Kind.BROKEN,  # a mistake of the example's own, found in play
    "position-tab.md": Kind.STOPPED,  # stopped by its shared position's problem, said once at the position
}
def _heading(words: str) -> re.Pattern:
    """A heading of ``HEADINGS`` as a pattern, whatever its count."""
    pattern = re.escape(words)
    for field, said in ((r"\{n\}", r"\d+"), (r"\{s\}", "s?"), (r"\{do\}", "(?:does|do)"),
                        (r"\{are\}", "(?:is|are)"), (r"\{s1\}", "s?")):
        pattern = pattern.replace(field, said)
    return re.compile(pattern + "$")


HEADING = {name: _heading(words) for name, words in HEADINGS.items()}
LISTED = re.compile(r"^  (?P<file>\S+):(?P<line>\d+)  (?P<id>\S+)")
STOPPED = re.compile(r"^(?P<n>\d+) examples? (?:and \d+ shared positions? )?could not be (?:played|set up) because "
                     r"of the problem above\.$")


def listed(output: str) -> dict:
    """What a channel's closing list says of the corpus's examples: each example listed, by (file in
    the corpus, the example's line), with its group; and how many a problem said elsewhere stopped."""
    found, heading, stopped = {}, None, None
    for text in output.splitlines():
        named = next((name for name, pattern in HEADING.items() if pattern.match(text)), None)
        if named is not None:
            heading = named
            continue
        match = LISTED.match(text)
        if match and heading is not None:
            if "/malformed/" in match["file"]:
                found[(match["file"].split("/malformed/", 1)[1], int(match["line"]))] = heading
            continue
        heading = None
        match = STOPPED.match(text)
        if match:
            stopped = int(match["n"])
    return {"listed": found, "stopped": stopped}


def _example_line(name: str) -> int:
    lines = (CORPUS / name).read_text(encoding="utf-8").splitlines()
    return next(n for n, text in enumerate(lines, 1) if text.startswith("```{example}"))


CHANNELS = ("pytest", "check", "sphinx")


def test_every_example_comes_to_the_same_kind_in_every_channel(outputs):
    """pytest, ``rulewright check`` and the strict build each end with the one list
    (``rulewright.store.outcome.listing``): every example of the corpus is in the same group in all
    three (could not be played, does not hold, pending, now holds; or stopped by a problem said at its
    own place, counted), and the examples of each kind are where the kind belongs."""
    said = {channel: listed(outputs[channel]) for channel in CHANNELS}
    for channel in CHANNELS:
        assert said[channel]["listed"], f"{channel} lists no example of the corpus:\n{outputs[channel][-3000:]}"
    assert said["pytest"]["listed"] == said["check"]["listed"] == said["sphinx"]["listed"], {
        channel: sorted(set(said[channel]["listed"].items()) ^ set(said["check"]["listed"].items()))
        for channel in CHANNELS}
    for name, kind in KINDS.items():
        place = (name, _example_line(name))
        for channel in CHANNELS:
            assert said[channel]["listed"].get(place) == group(kind), (channel, name, kind, said[channel]["listed"])
    stopped = {channel: said[channel]["stopped"] for channel in CHANNELS}
    assert len(set(stopped.values())) == 1 and stopped["check"], stopped


WORDS_OF = {  # how each channel opens a message at a place
    "pytest": r"{file}, line {line}, example [\w-]+: ",
    "check": r"{file}, line {line}, example [\w-]+: ",
    "sphinx": r"{file}:{line}: (?:WARNING|ERROR): (?:example [\w-]+: )?",
}


@pytest.mark.parametrize("name", ["undeclared-rule.md", "engine-bug.md"])
def test_a_rule_not_declared_and_a_failure_of_code_are_said_once_in_the_same_words(outputs, name):
    """The kinds the channels used to tell apart: the same message, once, at the same line, in each."""
    case = next(case for case in CASES if case.name == name)
    messages = {}
    for channel in CHANNELS:
        pattern = re.compile(WORDS_OF[channel].format(file=re.escape(f"malformed/{name}"), line=case.line)
                             + r"(?P<words>.*)$")
        found = [match["words"].strip() for text in outputs[channel].splitlines()
                 if (match := pattern.search(text))]
        found = [words for words in found if case.words in words]
        assert len(found) == 1, (channel, found, [t for t in outputs[channel].splitlines() if name in t])
        messages[channel] = re.sub(r" \[[\w.]+\]$", "", found[0])
    assert len(set(messages.values())) == 1, messages
    assert "Traceback" not in messages["check"] and "File \"" not in messages["check"]


# ---------------------------------------------------------------- the same problems, in every channel

OPENS = {  # how each channel opens a message about a file of the corpus (pytest: an example's test, or
    # the whole-book test's list, indented)
    "pytest": re.compile(r"^ *\S*/malformed/(?P<file>\S+?), line (?P<line>\d+)(?:, example [\w-]+)?: (?P<words>.*)$"),
    "check": re.compile(r"^\S*/malformed/(?P<file>\S+?), line (?P<line>\d+)(?:, example [\w-]+)?: (?P<words>.*)$"),
    "sphinx": re.compile(r"^\S*/malformed/(?P<file>\S+?):(?P<line>\d+): (?:WARNING|ERROR): (?:example [\w-]+: )?"
                         r"(?P<words>.*)$"),
}
SPHINX_OWN = re.compile(r" \[(?!rulewright\.)[\w.]+\]$")  # a warning of Sphinx or MyST, not a problem of the book


def problems_said(channel: str, output: str) -> set[tuple[str, int, str]]:
    """Each problem ``channel`` says about a file of the corpus: (the file, from the corpus folder;
    its line; its words, one line, without the build's '[rulewright.…]' tag)."""
    found: list[list] = []
    current = None
    for text in output.splitlines():
        match = OPENS[channel].match(text)
        if match:
            current = [match["file"], int(match["line"]), match["words"]]
            found.append(current)
        elif current is not None and text.startswith("  ") and not LISTED.match(text):
            current[2] += " " + text.strip()  # (a report's further lines: what did not turn out as expected)
        else:
            current = None
    return {(file, line, re.sub(r" \[rulewright\.[\w.-]+\]$", "", " ".join(words.split())))
            for file, line, words in found if not (channel == "sphinx" and SPHINX_OWN.search(words))
            and not words.startswith(PLAYER_WORDS)}


# The corpus's pages talk about the mistakes they hold ("a seed", "a rule ID"), which the player's
# edition refuses: pytest and check say so, and so would the player's build, but the build here is
# the designer's edition. tests/toolchain/test_parity.py holds the three channels to the same words
# for them, with the player's build.
PLAYER_WORDS = "The player's edition would print "


def test_every_case_gets_the_same_problems_in_every_channel(outputs):
    """The parity of the three channels over the whole corpus: for every file of it, pytest (the
    pages' tests and the whole-book test, as ``make test`` runs them), ``rulewright check`` and the
    strict build say the same problems, each at the same line in the same words; and each says the
    case's own mistake, so a channel that skips a kind fails here."""
    said = {channel: problems_said(channel, outputs[channel]) for channel in CHANNELS}
    files = sorted({file for found in said.values() for file, _, _ in found} | {case.name for case in CASES})
    differ = []
    for file in files:
        by = {channel: {(line, words) for f, line, words in said[channel] if f == file} for channel in CHANNELS}
        every = set.intersection(*by.values())
        for line, words in sorted(set.union(*by.values()) - every):
            differ.append(f"{file}, line {line}: only {' and '.join(c for c in CHANNELS if (line, words) in by[c])} "
                          f"say: {words[:300]}")
    for case in CASES:
        for channel in CHANNELS:
            if not any(f == case.name and case.words in words  # (at its line, or a report naming it: "(line 16)")
                       and (line == case.line or re.search(rf"\bline {case.line}\b", words))
                       for f, line, words in said[channel]):
                differ.append(f"{case.name}, line {case.line}: {channel} does not say '{case.words}'")
    assert not differ, f"{len(differ)} differences between the channels:\n" + "\n".join(differ)
