"""The whole path a designer takes, end to end: build Rulewright's wheel, install it with pip in a
fresh environment outside this repository (pip finds the wheel through PIP_FIND_LINKS, as it
would on the package index; the dependencies come from the index or pip's cache), make a new
project with `rulewright new`, then run that project's own `make test` and `make rulebook` (both
editions, HTML and PDF).

It takes a minute or two, mostly pip installing Sphinx and friends into two environments; it is
marked ``slow`` so a local run can skip it with ``-m "not slow"``. CI runs it.
"""
import os
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

from tests.player_html import ids_a_reader_meets, reader_text

REPO = Path(__file__).resolve().parent.parent
SHIPPED = ["rulewright/game/interface.py", "rulewright/sphinx/static/rulewright.css", "rulewright/scaffold/editions.mk",
           "rulewright/scaffold/template/Makefile.tmpl", "rulewright/scaffold/template/dot-ci/run.tmpl",
           "rulewright/scaffold/template/@@PACKAGE@@/presets.yaml.tmpl",
           "rulewright/scaffold/template/dot-github/workflows/rulebook.yml.tmpl",
           "rulewright/scaffold/template/dot-gitlab-ci.yml.tmpl", "rulewright/scaffold/template/dot-pre-commit-config.yaml.tmpl"]


# Files under rulewright/ that are deliberately not shipped, each with the reason. Everything else the
# repository tracks there is part of the package and must be in the wheel and the sdist.
NOT_SHIPPED: dict[str, str] = {}


def tracked_package_files() -> list[str]:
    """Every file under rulewright/ the repository holds: git's list where there is a clone, the
    folder itself (less caches) in a source tree without one."""
    listed = subprocess.run(["git", "-C", str(REPO), "ls-files", "-z", "rulewright"], capture_output=True, text=True)
    if listed.returncode == 0 and listed.stdout:
        names = listed.stdout.strip("\0").split("\0")
    else:
        names = [path.relative_to(REPO).as_posix() for path in (REPO / "rulewright").rglob("*")
                 if path.is_file() and "__pycache__" not in path.parts]
    return sorted(name for name in names if not name.endswith(".pyc") and (REPO / name).exists())


def package_source(folder: Path) -> Path:
    """A copy of what a release is built from: the package's tracked files, pyproject.toml, README.md."""
    for name in tracked_package_files() + ["pyproject.toml", "README.md"]:
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(REPO / name, folder / name)
    return folder


def designer_env() -> dict[str, str]:
    """The designer's shell: nothing of this repository's environment, nor of a `make` this runs under."""
    return {k: v for k, v in os.environ.items()
            if k not in ("PYTHONPATH", "VIRTUAL_ENV", "RULEWRIGHT_STRICT", "MAKEFLAGS", "MFLAGS", "MAKELEVEL")}


def test_the_wheel_and_the_sdist_hold_every_file_of_the_package(tmp_path):
    """What pip installs is what the tests ran: the wheel and the sdist, built as a release is, hold
    every file tracked under rulewright/ (templates, styles, scripts, data), and nothing else of the
    package. A new kind of file the package data does not list fails here, naming it."""
    env = designer_env()
    files = tracked_package_files()
    assert "rulewright/sphinx/static/rulewright.js" in files and "rulewright/__init__.py" in files
    source = package_source(tmp_path / "source")
    dist = tmp_path / "dist"
    sh([sys.executable, "-m", "build", "--sdist", "--wheel", "--outdir", dist, source], tmp_path, env)
    wheel, = dist.glob("rulewright-*.whl")
    sdist, = dist.glob("rulewright-*.tar.gz")
    in_wheel = {name for name in zipfile.ZipFile(wheel).namelist() if name.startswith("rulewright/")}
    with tarfile.open(sdist) as archive:
        top = archive.getnames()[0].split("/")[0]
        in_sdist = {name.removeprefix(top + "/") for name in archive.getnames()
                    if name.startswith(f"{top}/rulewright/") and archive.getmember(name).isfile()}
    expected = {name for name in files if name not in NOT_SHIPPED}
    assert set(NOT_SHIPPED) <= set(files), f"NOT_SHIPPED names files the package no longer has: {set(NOT_SHIPPED) - set(files)}"
    assert not expected - in_wheel, f"the wheel leaves out {sorted(expected - in_wheel)}: list them in pyproject's package-data"
    assert not expected - in_sdist, f"the sdist leaves out {sorted(expected - in_sdist)}: list them in pyproject's package-data"
    assert not in_wheel - set(files), f"the wheel holds files the repository does not: {sorted(in_wheel - set(files))}"


def unlinked_assets(html: Path) -> list[str]:
    """The local scripts and stylesheets the built pages link that are not in the build."""
    missing = []
    for page in html.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        for link in re.findall(r'<script[^>]*\ssrc="([^"]+)"|<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"', text):
            target = (link[0] or link[1]).split("?")[0]
            if target and "://" not in target and not (page.parent / target).is_file():
                missing.append(f"{page.relative_to(html)} links {target}")
    return missing


def run(command, cwd, env, timeout=600, input=None) -> subprocess.CompletedProcess:
    """A command as a designer types it, in ``cwd``: its exit code and what it printed."""
    return subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout, input=input)


def sh(command, cwd, env, timeout=600, input=None):
    done = run(command, cwd, env, timeout, input)
    assert done.returncode == 0, f"{' '.join(map(str, command))} failed in {cwd}:\n{done.stdout[-4000:]}\n{done.stderr[-4000:]}"
    return done.stdout


@pytest.mark.slow
def test_a_designer_installs_the_wheel_and_starts_a_rulebook(tmp_path_factory):
    work = tmp_path_factory.mktemp("designer")
    assert not work.is_relative_to(REPO)
    env = designer_env()

    # Build the wheel from a copy of the sources, so the build leaves nothing in this repository.
    source = work / "source"
    shutil.copytree(REPO / "rulewright", source / "rulewright", ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(REPO / name, source / name)
    dist = work / "dist"
    sh([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", dist, source], work, env)
    wheel, = dist.glob("rulewright-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert all(path in names for path in SHIPPED), sorted(set(SHIPPED) - set(names))
    assert not any(name.startswith(("engine/", "tests/", "rulebook/")) for name in names)

    # A designer's machine: a fresh environment, Rulewright from "the index" (here: find-links).
    plain_env = dict(env)
    env["PIP_FIND_LINKS"] = " ".join(filter(None, [str(dist), env.get("PIP_FIND_LINKS")]))
    designer = work / "venv"
    sh([sys.executable, "-m", "venv", designer], work, env)
    sh([designer / "bin" / "pip", "install", "--quiet", "rulewright"], work, env)
    installed = sh([designer / "bin" / "python", "-c", "import rulewright; print(rulewright.__file__)"], work, env)
    assert Path(installed.strip()).is_relative_to(designer)
    assert sh([designer / "bin" / "rulewright", "--version"], work, env).startswith("rulewright ")

    sh([designer / "bin" / "rulewright", "new", "heaps", "--title", "Heaps of Fun", "--game", "heaps"], work, env)
    project = work / "heaps"
    # CI comes with the project: workflows for GitHub and GitLab that their hosts' schemas accept
    # (check-jsonschema's vendored copies, from this repository's environment) and the pre-commit hook.
    for name, schema in ((".github/workflows/rulebook.yml", "vendor.github-workflows"), (".gitlab-ci.yml", "vendor.gitlab-ci")):
        assert "make rulebook" in (project / name).read_text(encoding="utf-8")
        sh([sys.executable, "-m", "check_jsonschema", "--builtin-schema", schema, project / name], work, env)
    assert "entry: .venv/bin/rulewright check" in (project / ".pre-commit-config.yaml").read_text(encoding="utf-8")
    tested = sh(["make", "test"], project, env)
    assert "18 passed in" in tested, tested  # (the glossary and the shared position are tests too)

    # A number changed in the prose only: a lead-in the next example contradicts fails make test and
    # make check at its line, naming the game's value (rulewright/checks/lead_in.py).
    rules_page = project / "rulebook" / "rules.md"
    kept = rules_page.read_text(encoding="utf-8")
    lead = "A setup can also state a game in progress, or a finished one:"
    assert kept.count(lead) == 1
    rules_page.write_text(kept.replace(lead, "Here Ann has taken 3 counters.\n\n" + lead), encoding="utf-8")
    at = f"rulebook/rules.md, line {kept[:kept.index(lead)].count(chr(10)) + 1}: This sentence, just before the example"
    for target in ("check", "test"):
        slipped = run(["make", target], project, env)
        assert slipped.returncode != 0 and at in slipped.stdout and "the counters Ann has taken is 1" in slipped.stdout, \
            slipped.stdout[-3000:]
    # A setup key the game's phrases have no words for (check setup-words): the player's edition would
    # print it by the engine's name, so `make check` says it at its line, with the words to add.
    assert kept.count("setup:\n  preset: standard\n") == 1
    rules_page.write_text(kept.replace("setup:\n  preset: standard\n", "setup:\n  preset: standard\n  players: [ann, bob]\n"),
                          encoding="utf-8")
    at = f"rulebook/rules.md, line {kept[:kept.index('setup:' + chr(10) + '  preset: standard')].count(chr(10)) + 3}"
    slipped = run(["make", "check"], project, env)
    assert slipped.returncode != 0 and at in slipped.stdout and "no words for the setup key 'players'" in slipped.stdout, \
        slipped.stdout[-3000:]
    # A designer's word in the prose of a page the player's edition prints (check player-words): `make
    # check` says it at its line in the player's build's words, before any build.
    rules_page.write_text(kept.replace(lead, "Every random seed deals the same heaps.\n\n" + lead), encoding="utf-8")
    at = f"rulebook/rules.md, line {kept[:kept.index(lead)].count(chr(10)) + 1}: The player's edition would print 'random seed'"
    slipped = run(["make", "check"], project, env)
    assert slipped.returncode != 0 and at in slipped.stdout, slipped.stdout[-3000:]
    # A number changed on one side only (check typed-figures), in the project made from the wheel: the
    # rule text and a table say other numbers than the game's data file; `make check` and `make test`
    # fail at the changed line, naming the game's value (tests/toolchain/test_typed_figures.py reads
    # the same page in a project made from the sources, slip by slip).
    from tests.toolchain.test_typed_figures import DATA, PAGE, SLIPS

    (project / "heaps" / "limits.yaml").write_text(DATA, encoding="utf-8")
    for slip in ("rule text", "a table"):
        old, new, value = SLIPS[slip]
        changed = kept + PAGE.replace(old, new)
        rules_page.write_text(changed, encoding="utf-8")
        at = f"rulebook/rules.md, line {changed[:changed.index(new)].count(chr(10)) + 1}: The text says "
        for target in ("check", "test"):
            slipped = run(["make", target], project, env)
            said = [line for line in slipped.stdout.splitlines() if at in line] if target == "check" else [slipped.stdout]
            assert slipped.returncode != 0 and said and at in said[0] and value in said[0] and "limits.yaml" in said[0], \
                (slip, target, slipped.stdout[-3000:])
    rules_page.write_text(kept + PAGE, encoding="utf-8")  # the same numbers as the data: checked, and sound
    assert "The rulebook is sound" in sh(["make", "check"], project, env)
    (project / "heaps" / "limits.yaml").unlink()
    rules_page.write_text(kept, encoding="utf-8")
    built = sh(["make", "rulebook"], project, env)
    assert "Player's edition:   _build/player/html/index.html   _build/player/pdf/heaps-players-edition.pdf" in built
    for edition in ("player", "designer"):
        assert (project / "_build" / edition / "pdf" / f"heaps-{edition}s-edition.pdf").stat().st_size > 10_000
    # Every script and stylesheet a pip-installed book's pages link is there (the wheel once left out
    # rulewright.js, and the diagrams stopped opening on click).
    for edition in ("player", "designer"):
        html = project / "_build" / edition / "html"
        assert not unlinked_assets(html), unlinked_assets(html)
        assert "_static/rulewright.js" in (html / "rules.html").read_text(encoding="utf-8")
    page = (project / "_build" / "designer" / "html" / "rules.html").read_text(encoding="utf-8")
    assert page.count("✓ verified") == 8 and "✗ FAILS" not in page
    assert page.count("<svg") + page.count(".svg") >= 3  # the three examples with diagrams are drawn
    assert (project / "_build" / "designer" / "html" / "authoring.html").exists()

    # The player's edition: the same rules and examples, no example IDs anywhere a reader could see
    # them (text, tooltips, the pages' sources), no verification marks, no authoring guide.
    ids = re.findall(r"^:id: (\S+)$", (project / "rulebook" / "rules.md").read_text(encoding="utf-8"), re.M)
    assert len(ids) == 8
    player = project / "_build" / "player" / "html"
    rules = (player / "rules.html").read_text(encoding="utf-8")
    assert not (player / "authoring.html").exists()
    assert re.sub(r"<[^>]+>", "", rules).count("Example A-") == 8 and "✓ verified" not in rules
    assert not ids_a_reader_meets(player, ids)

    # Play as data on the starter game: a scripted `rulewright play` saves a record and an example,
    # `replay` plays the record, `example --at` cuts an example that holds in the project's book,
    # and `fuzz` finds nothing wrong with the starter's laws.
    tool = str(project / ".venv" / "bin" / "rulewright")
    script = "1\n2\n1\nsave record game.yaml\nsave example played.md 2\nquit\n"
    played = run([tool, "play", "heaps"], project, env, timeout=120, input=script)
    assert played.returncode == 0 and "Wrote the example to played.md." in played.stdout, played.stdout + played.stderr
    # After every move the legal moves are listed again, numbered anew, and a number means the list shown.
    assert ("  Ann takes 1 from the left heap.\nLegal moves:\n    1. bob: take 1 from left\n    2. bob: take 2 from left\n"
            in played.stdout and "move 2> 2\n  Bob takes 2 from the left heap.\n" in played.stdout), played.stdout
    assert sh([tool, "replay", "game.yaml"], project, env).strip() == "game.yaml: 3 moves played, no checkpoints to check."
    cut = sh([tool, "example", "game.yaml", "--at", "1", "--moves", "2", "--id", "cut-from-play"], project, env)
    page = project / "rulebook" / "rules.md"
    page.write_text(page.read_text(encoding="utf-8") + "\n" + cut, encoding="utf-8")
    assert "cut-from-play: holds" in sh([tool, "run", "cut-from-play"], project, env)
    assert "every law held" in sh([tool, "fuzz", "heaps", "--games", "3", "--moves", "40"], project, env)
    counted = sh([tool, "fuzz", "heaps", "--games", "1", "--moves", "1"], project, env)
    assert "Playing 1 random game of Heaps" in counted and "1 game, 1 move: every law held" in counted, counted

    # `accept --failing` after the engine changed: expected events rewritten (a detail, an event that
    # no longer happens), values in layouts of the designer's own, and the one value it cannot rewrite
    # named at its line with why (tests/toolchain/test_accept_whole_job.py, from the sources).
    from tests.toolchain.test_accept_whole_job import PAGE as ACCEPTING

    index = project / "rulebook" / "index.md"
    kept_index = index.read_text(encoding="utf-8")
    index.write_text(kept_index.replace("\nrules\n", "\nrules\naccepting\n", 1), encoding="utf-8")
    accepting = project / "rulebook" / "accepting.md"
    accepting.write_text(ACCEPTING, encoding="utf-8")
    done = run([tool, "accept", "--failing"], project, env)
    said, text = done.stdout + done.stderr, accepting.read_text(encoding="utf-8")
    assert done.returncode == 1 and "Traceback" not in said, said
    assert "  events: [{took: {count: 2, heap: last}}, game-over]\n" in text and "  - expect: {events: [took]}\n" in text
    assert "heaps-no-end: accepted after step 1, events: no longer expects 'game-over'" in said, said
    assert "  heaps.middle:   2    # aligned\n  next:           bob\n" in text, text
    line = ACCEPTING.splitlines().index("  heaps: {left: 3,") + 1
    assert f"rulebook/accepting.md, line {line}: not accepted: " in said and "a value spread over several lines" in said
    checked = run([tool, "check"], project, env).stdout
    assert "1 example of the rulebook does not hold:" in checked and re.search(r"1 of \d+ examples does not hold", checked)
    every = said + checked + counted  # counts agree with their nouns in every message
    assert not re.search(r"\b1 (examples|problems|moves|games|findings)\b", every), every
    accepting.unlink()
    index.write_text(kept_index, encoding="utf-8")

    # The live preview: `make serve` runs `rulewright serve` (not started here: it serves until stopped).
    assert sh(["make", "-n", "serve"], project, env).strip().endswith(
        ".venv/bin/rulewright serve --edition designer --port 8000")

    # A blank game instead of the starter (`new --bare`), installed as its README says while Rulewright
    # is not on the package index: `make test RULEWRIGHT=<the wheel>`, with no find-links for it.
    sh([designer / "bin" / "rulewright", "new", "floes", "--bare", "--title", "Ice Floes"], work, env)
    bare = work / "floes"
    assert f"make test RULEWRIGHT=/path/to/{wheel.name}" in (bare / "README.md").read_text(encoding="utf-8")
    tested = sh(["make", "test", f"RULEWRIGHT={wheel}"], bare, plain_env)
    assert "10 passed in" in tested, tested  # (its glossary and shared position too)
    assert "The rulebook is sound: 4 rules, 5 examples." in sh(["make", "check"], bare, plain_env)
    # Both editions' HTML: the player's edition fails its build on any designer's word a bare page
    # would print, such as a designers-only page missing its `edition: designer`.
    built = sh(["make", "html"], bare, plain_env)
    for edition in ("player", "designer"):
        assert f"HTML, {edition} edition: _build/{edition}/html/index.html" in built
    page = (bare / "_build" / "designer" / "html" / "rules.html").read_text(encoding="utf-8")
    assert page.count("✓ verified") == 1 and "✗ FAILS" not in page
    player = bare / "_build" / "player" / "html"
    rules = (player / "rules.html").read_text(encoding="utf-8")
    ids = re.findall(r"^:id: (\S+)$", (bare / "rulebook" / "rules.md").read_text(encoding="utf-8"), re.M)
    assert ids == ["ice-floes-turn-order"]
    assert "✓ verified" not in rules and not ids_a_reader_meets(player, ids)
    for designers_only in ("authoring", "notation", "api-reference"):
        assert not (player / f"{designers_only}.html").exists(), designers_only
        assert (bare / "_build" / "designer" / "html" / f"{designers_only}.html").exists(), designers_only

    a_card_game_keeps_its_hands_hidden_and_its_revisions_tied(designer / "bin", work, env)

    # The starter steps aside for the designer's own game: a different small game's engine and rules
    # page written over the starter's, then the one step `remove-starter`; the book is green with no
    # other page changed (tests/toolchain/test_own_game.py, from the sources).
    from rulewright import scaffold
    from tests.toolchain.test_own_game import write_own_game

    sh([designer / "bin" / "rulewright", "new", "countdown", "--title", "Countdown", "--game", "countdown"], work, env)
    own = work / "countdown"
    write_own_game(own, scaffold.Names("Countdown", "countdown"))
    said = sh([designer / "bin" / "rulewright", "remove-starter"], own, env)
    assert "Wrote the blank game's rulebook/notation.md" in said and "  countdown/game.py" in said, said
    tested = sh(["make", "test"], own, env)
    assert " passed in" in tested.splitlines()[-1] and "failed" not in tested.splitlines()[-1], tested
    assert "The rulebook is sound: 5 rules, 8 examples." in sh(["make", "check"], own, env)


ADDED = """
```{position} Clubs turned up instead
:name: tricks-clubs-trumps

game: tricks
setup: {from: tricks-two-cards-each, trump: 9C}
```

```{example} A trick drawn after its first card
:id: tricks-drawn-after-one
:rules: tricks.trick.win
:diagram: after 1

game: tricks
setup: {from: tricks-clubs-trumps}
do:
  - ann: play KS
  - bob: play AS
expect:
  players.bob.tricks: 1
  trumps: C
```

```{example} A bonus for a clean sweep
:id: tricks-bonus-planned
:rules: tricks.end.score
:status: pending

game: tricks
setup:
  players: {ann: {hand: [KS], bid: 0}, bob: {hand: [AS], bid: 1}}
  deck: []
  trump: QH
  phase: playing
do:
  - ann: play KS
  - bob: play AS
expect:
  players.bob.score: 16
```

```{example} A trick won, and said once
:id: tricks-won-once
:rules: tricks.trick.win

game: tricks
setup: {from: tricks-clubs-trumps}
do:
  - ann: play KS
  - bob: play AS
expect:
  events: [card-played, trick-won]
```
"""


def a_card_game_keeps_its_hands_hidden_and_its_revisions_tied(bin_: Path, work: Path, env: dict) -> None:
    """A hidden-hand card game made from the wheel (`new --template cards`), driven as a designer drives
    it (issue 41): hands hidden in the player's edition and in `play --as` and `--hot-seat`; a scoring
    change that `changes` ties to the reworded rule and `accept --failing` writes into the example; a
    rule renamed with `rename`; a player seated twice in a preset said at the preset's line."""
    tool = str(bin_ / "rulewright")
    sh([tool, "new", "tricks", "--template", "cards", "--title", "Tricks"], work, env)
    project = work / "tricks"
    assert sh([tool, "check"], project, env).rstrip().endswith("Every example holds.")

    # Hands: each player sees only their own, at the table and in the player's edition.
    seen = sh([tool, "play", "tricks", "--as", "bob"], project, env | {"PYTHONUNBUFFERED": "1"}, input="position\nquit\n")
    assert "ann's hand: 5 unseen" in seen and re.search(r"bob's hand: \w+, \w+, \w+, \w+ and \w+", seen), seen
    seated = sh([tool, "play", "tricks", "--hot-seat"], project, env, input="1\n\nposition\nquit\n")
    assert "Pass the screen to bob" in seated and "ann's hand: 5 unseen" in seated.split("Pass the screen")[1], seated
    # An example of a rule still being decided (`:status: pending`) is reported, not failed, and the
    # player's edition leaves it out; a position that starts from another, and a diagram of the
    # position after a named move (`:diagram: after 1`).
    rules = project / "rulebook" / "rules.md"
    first_draft = rules.read_text(encoding="utf-8")
    rules.write_text(first_draft + ADDED, encoding="utf-8")
    pending = sh([tool, "check"], project, env)
    assert "Every example holds but 1 marked pending." in pending and "tricks-bonus-planned" in pending, pending
    for edition in ("player", "designer"):
        sh([bin_ / "sphinx-build", "-q", "-W", "-c", ".", "-t", edition, "-b", "html", "-d",
            f"_build/{edition}/doctrees", "rulebook", f"_build/{edition}/html"], project, env)
    player, designer = (reader_text((project / "_build" / edition / "html" / "rules.html").read_text(encoding="utf-8"))
                        for edition in ("player", "designer"))
    assert "Bob’s hand 1 unseen" in player and "Bob’s hand AS (hidden: only bob sees it)" in designer
    assert "A bonus for a clean sweep" in designer and "A bonus for a clean sweep" not in player
    assert "The hand is over: Ann and Bob score most." in player  # (a tie: the verb agrees, issue 40)
    # A card played to a trick is seen by all, though the same move wins the trick and clears it away;
    # a card refused is told from the seat of the example's point of view (`:as:`).
    assert "Ann plays the KS. Bob plays the AS. Bob wins the trick." in player and "cannot see" not in player, player
    # An event the example expects is said once, in the play beside its move, not again in what happened.
    won = player.split("A trick won, and said once", 1)[1].split("Example ", 1)[0]
    assert won.count("Bob wins the trick.") == 1 and "As the play says." in won, won

    for edition in (player, designer):
        assert "A trick drawn after its first card: the position after move 1" in edition
    assert "Starts from the position “Clubs turned up instead”" in player
    assert "Starts from the shared position ‘tricks-two-cards-each’ , changed as below The trump card 9C" in designer
    rules.write_text(first_draft, encoding="utf-8")
    # The position an example starts from (a shared one here), as a setup to paste (`run --position`);
    # a thousands separator in a flow mapping is explained at its line.
    started = sh([tool, "run", "--position", "tricks-trick-suit-led"], project, env)
    assert "as a setup (paste it into an example to start there)" in started and "hand: [AS, 9H]" in started, started
    rules.write_text(first_draft.replace("bob: {hand: [AS], bid: 1}}", "bob: {hand: [AS], bid: 1,000}}", 1),
                     encoding="utf-8")
    comma = run([tool, "check"], project, env, timeout=300).stdout
    assert "'1,000' is written with a thousands separator" in comma and "Write the number without it: 1000" in comma, comma
    rules.write_text(first_draft, encoding="utf-8")

    # A revision: the score changes in the engine; `changes` says it is undocumented until the rule
    # says so, then ties it to the rule; `accept --failing` writes the new values into the example.
    git = ["git", "-c", "user.name=A Designer", "-c", "user.email=designer@example.org"]
    sh(git + ["init", "-q"], project, env)
    sh(git + ["add", "-A"], project, env)
    sh(git + ["commit", "-q", "-m", "The first draft"], project, env)
    engine = project / "tricks" / "game.py"
    code, text = engine.read_text(encoding="utf-8"), rules.read_text(encoding="utf-8")
    assert code.count("return 10 + state.bids") == 1 and text.count("bid scores 10") == 1
    engine.write_text(code.replace("return 10 + state.bids", "return 5 + state.bids"), encoding="utf-8")
    changed = run([tool, "changes", "HEAD"], project, env, timeout=300)
    assert "players.bob.score: 11 before, 6 now" in changed.stdout and "UNDOCUMENTED" in changed.stdout, changed.stdout
    rules.write_text(text.replace("bid scores 10", "bid scores 5"), encoding="utf-8")
    changed = sh([tool, "changes", "HEAD"], project, env)
    assert "UNDOCUMENTED" not in changed and "documented by the text of rule tricks.end.score" in changed, changed
    assert str(work) not in changed and "/tmp" not in changed, changed  # (no temporary folder of its own either)
    failing = run([tool, "check"], project, env, timeout=300)
    assert failing.returncode == 1 and "expected 11, but it is 6" in failing.stdout, failing.stdout
    assert "tricks-score: accepted players.bob.score: 11 -> 6; players.ann.score: 10 -> 5" in \
        sh([tool, "accept", "--failing"], project, env)
    assert sh([tool, "check"], project, env).rstrip().endswith("Every example holds.")

    # A rule renamed: its heading, the examples' :rules:, the engine's docstrings and a :formerly: line.
    renamed = sh([tool, "rename", "tricks.end.score", "tricks.end.points"], project, env)
    assert "Renamed tricks.end.score to tricks.end.points" in renamed, renamed
    text = rules.read_text(encoding="utf-8")
    assert ":formerly: tricks.end.score" in text and "tricks.end.score " not in text.replace(":formerly: tricks.end.score", "")
    assert "tricks.end.points" in engine.read_text(encoding="utf-8")
    assert sh([tool, "check"], project, env).rstrip().endswith("Every example holds.")

    # A player seated twice by a preset is said at the preset's line, once, not as a card dealt twice.
    presets = project / "tricks" / "presets.yaml"
    kept = presets.read_text(encoding="utf-8")
    presets.write_text(kept.replace("  players: [ann, bob]\n", "  players: [ann, bob, ann]\n", 1), encoding="utf-8")
    line = kept.splitlines().index("  players: [ann, bob]") + 1
    twice = run([tool, "check"], project, env, timeout=300).stdout
    assert "'players' lists ann twice" in twice and f"tricks/presets.yaml, line {line}" in twice, twice
    assert "There is only one" not in twice, twice
    presets.write_text(kept, encoding="utf-8")

    # A deal that deals a card twice is said in the deal's words at its line; a word where the game's
    # data file wants a number is said at that file's line, not as a failure of every example.
    text = rules.read_text(encoding="utf-8")
    assert text.count("  players.ann.hand: [AS, 9H]\n") == 1
    rules.write_text(text.replace("  players.ann.hand: [AS, 9H]\n", "  players.ann.hand: [AS, AS]\n"), encoding="utf-8")
    line = text.splitlines().index("  players.ann.hand: [AS, 9H]") + 1
    dealt = run([tool, "check"], project, env, timeout=300).stdout
    assert (f"rulebook/rules.md, line {line}, example tricks-deal-trumps: There is only one AS, but this deal deals 2."
            in dealt), dealt
    rules.write_text(text, encoding="utf-8")
    data = project / "tricks" / "cards.yaml"
    kept = data.read_text(encoding="utf-8")
    line = next(n for n, written in enumerate(kept.splitlines(), start=1) if written.startswith("hand: 5"))
    for old, new, said in (("\nhand: 5", "\nhand: five", "'hand' is five, but the number of cards dealt to each player"),
                           ("most: 4}", "most: four}", "'most' is four, but the largest number of players")):
        data.write_text(kept.replace(old, new, 1), encoding="utf-8")
        wrong = run([tool, "check"], project, env, timeout=300).stdout
        at = line if "hand" in old else line + 1
        assert f"tricks/cards.yaml, line {at}: {said}" in wrong and "itself failed" not in wrong, wrong
    data.write_text(kept, encoding="utf-8")

    # A record cut into an example (`example --at`): by default it expects what the moves' players
    # changed and says how many other places it left out; `--all` expects every one
    # (tests/play/test_cut_by_actors.py, from the sources).
    from tests.play.test_cut_by_actors import RECORD

    (project / "rulebook" / "records").mkdir()
    (project / "rulebook" / "records" / "one-trick.yaml").write_text(RECORD.replace("game: trick\n", "game: tricks\n"),
                                                                      encoding="utf-8")
    mine = sh([tool, "example", "rulebook/records/one-trick.yaml", "--at", "1"], project, env)
    assert "It expects what bob changed; 2 other changed places are left out (--all writes every one)." in mine, mine
    assert "players.ann.tricks" not in mine.split("expect:")[1] and "played: [AS, KS]" in mine, mine
    everything = sh([tool, "example", "rulebook/records/one-trick.yaml", "--at", "1", "--all"], project, env)
    assert "players.ann.tricks: 1" in everything.split("expect:")[1], everything
