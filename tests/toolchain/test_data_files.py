"""A game's data files (``rulewright.game.data_file``): a mistake in one, such as a tab in a new
project's ``presets.yaml``, is one problem, named at the file's line with the fix, by
``rulewright check``, by ``make test`` and by the book's build; what follows from it (every example
of the game failing, its rules shown by no example, the player's edition quoting the message) is
not said besides."""
import os
import pickle
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from rulewright import scaffold
from rulewright.book import config, registry
from rulewright.checks import project
from rulewright.game import DataFileError, InputError, data_file
from rulewright.problems import ExampleProblem, Where

TAB = "# Named starting positions.\nstandard:\n\tplayers: [ann, bob]\n"  # line 3 has the tab
SPACES = "Use spaces instead of the tab"


@pytest.mark.skipif(not getattr(__import__("yaml"), "__with_libyaml__", False), reason="PyYAML without LibYAML")
def test_a_data_file_is_read_by_libyaml_and_its_mistake_said_as_the_python_reader_says_it(tmp_path, monkeypatch):
    """LibYAML reads a good file (the pure-Python reader is not run); a mistake is said in the words
    the pure-Python reader gives it, which the messages are written for."""
    import yaml

    python_reads = []
    monkeypatch.setattr(yaml, "safe_load", lambda text, _load=yaml.safe_load: python_reads.append(text) or _load(text))
    (tmp_path / "good.yaml").write_text("standard:\n  players: [ann, bob]\n  cash: 1_000\n  on: yes\n")
    assert data_file(tmp_path, "good.yaml") == {"standard": {"players": ["ann", "bob"], "cash": 1000, True: True}}
    assert python_reads == []
    (tmp_path / "tab.yaml").write_text(TAB)
    with pytest.raises(DataFileError, match=SPACES):
        data_file(tmp_path, "tab.yaml")
    assert python_reads == [TAB]


def test_a_data_file_is_read_as_yaml_and_a_mistake_is_named_at_its_line_with_the_fix(tmp_path):
    (tmp_path / "good.yaml").write_text("standard:\n  players: [ann, bob]\n  cash: 1_000\n")
    assert data_file(tmp_path, "good.yaml") == {"standard": {"players": ["ann", "bob"], "cash": 1000}}
    for text, line, words in ((TAB, 3, SPACES),  # (a data file may hold any character: names, sentences)
                              ("a: [1, 2\nb: 3\n", 1, "brackets are closed"),
                              ("standard:\n  players: [ann, bob]\n cash: 3\n", 3, "does not line up"),
                              ("names: “Ann’s”\nx: [1,\ny: 2\n", 2, "brackets are closed")):
        (tmp_path / "bad.yaml").write_text(text)
        with pytest.raises(DataFileError) as error:
            data_file(tmp_path, "bad.yaml")
        assert (error.value.path, error.value.line) == (str(tmp_path / "bad.yaml"), line)
        assert words in error.value.reason and "data file" in error.value.reason
        assert error.value.message == f"{tmp_path / 'bad.yaml'}, line {line}: {error.value.reason}"
        assert "unicode string" not in error.value.message and "Error" not in error.value.message
        assert isinstance(error.value, InputError)  # met in play, it is said at the example's line too
        assert str(pickle.loads(pickle.dumps(error.value))) == str(error.value)
    with pytest.raises(DataFileError, match=r"missing\.yaml: The game reads this data file, but there is no such "
                                            r"file\. Create it, or correct the name 'missing\.yaml'"):
        data_file(tmp_path, "missing.yaml")


def toy_project(tmp_path, monkeypatch, presets: str, game_code: str | None = None):
    """A project with one game, 'ferry', whose presets are read from its presets.yaml."""
    package = tmp_path / "ferry"
    package.mkdir()
    (package / "__init__.py").write_text(game_code or textwrap.dedent("""\
        from rulewright.game import Game, data_file


        class Ferry(Game):
            name = "ferry"
            presets = data_file(__package__, "presets.yaml")

            def new_state(self, setup, settings, rng):
                return dict(setup)

            def view(self, state):
                return dict(state)


        GAME = Ferry()
        """))
    (package / "presets.yaml").write_text(presets)
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "ferry"\n\n'
                                             '[tool.rulewright.games]\nferry = "ferry:GAME"\n')
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.chdir(tmp_path)
    monkeypatch.delitem(sys.modules, "ferry", raising=False)
    monkeypatch.setattr(config, "_current", config.load(tmp_path))
    monkeypatch.setattr(registry, "_failed", {})
    monkeypatch.setattr(registry, "_loaded", {})


def test_a_game_whose_data_file_has_a_tab_is_one_problem_at_that_line(tmp_path, monkeypatch):
    toy_project(tmp_path, monkeypatch, TAB)
    with pytest.raises(registry.GameNotLoaded) as error:
        registry.get_game("ferry")
    assert error.value.place == Where(str(tmp_path / "ferry" / "presets.yaml"), 3)
    said = str(error.value)
    assert said.startswith("ferry/presets.yaml, line 3: This data file is not valid YAML: this line has a tab")
    assert SPACES in said and "the game 'ferry' cannot be loaded" in said
    assert [str(p) for p in project.project_problems()] == [said]
    # Every example that plays the game meets that same problem, wherever it is.
    met = ExampleProblem(Where("rulebook/rules.md", 17, "ferry-turn-order"), error.value.message)
    assert str(met) == said and met.cause == error.value.place and met.where.line == 17
    assert str(pickle.loads(pickle.dumps(met))) == said
    # Loaded once: asked again, the game gives the same problem without running its code again.
    (tmp_path / "ferry" / "presets.yaml").write_text("standard: {players: [ann, bob]}\n")
    with pytest.raises(registry.GameNotLoaded):
        registry.get_game("ferry")
    assert registry.game_folder("ferry") == (tmp_path / "ferry").resolve()  # found without the game's code


def test_a_game_whose_own_code_fails_is_named_at_its_pyproject_line_without_library_paths(tmp_path, monkeypatch):
    toy_project(tmp_path, monkeypatch, TAB, game_code="import yaml\n\nPRESETS = yaml.safe_load(open(\n"
                                                      "    'ferry/presets.yaml').read())\n")
    with pytest.raises(registry.GameNotLoaded) as error:
        registry.get_game("ferry")
    said = str(error.value)
    assert said.startswith("pyproject.toml, line 5: The game 'ferry' is registered as 'ferry:GAME' in "
                           "pyproject.toml under [tool.rulewright.games], but it cannot be loaded: ScannerError: "
                           "while scanning for the next token (ferry/__init__.py, line 3). Correct the game's code "
                           "at that line."), said
    assert "\n" not in said and "site-packages" not in said and "unicode string" not in said
    assert [str(p) for p in project.project_problems()] == [said]


# ---- a new project's game with a tab in its presets, as a designer meets it ------------------------

MORE = """
```{{example}} Bob may not move first either ({n})
:id: ferry-turn-order-{n}
:rules: ferry.turn.order

game: ferry
setup: {{preset: standard}}
do:
  - bob: pass
expect:
  refused: ferry.turn.order
```
"""


@pytest.fixture(scope="module")
def tabbed(tmp_path_factory) -> Path:
    """A bare new project (game 'ferry') with four examples of its own (and the guide's four, on the demo
    game) and a tab in its presets.yaml."""
    folder = tmp_path_factory.mktemp("tab") / "mygame"
    scaffold.create(folder, scaffold.Names("Ferry", "ferry"), bare=True)
    rules = folder / "rulebook" / "rules.md"
    rules.write_text(rules.read_text(encoding="utf-8") + "".join(MORE.format(n=n) for n in range(3)), encoding="utf-8")
    presets = folder / "ferry" / "presets.yaml"
    presets.write_text(presets.read_text(encoding="utf-8").replace("\n  players:", "\n\tplayers:"), encoding="utf-8")
    return folder


def _line_of_tab(folder: Path) -> int:
    lines = (folder / "ferry" / "presets.yaml").read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, start=1) if "\t" in line)


def _run(folder: Path, *command: str, **env) -> subprocess.CompletedProcess:
    return subprocess.run(command, cwd=folder, capture_output=True, text=True, timeout=600,
                          env={**os.environ, "RULEWRIGHT_CACHE": "off", **env})


def test_check_says_the_tab_once_at_its_line(tabbed):
    done = _run(tabbed, sys.executable, "-m", "rulewright.cli", "check")
    out = done.stdout + done.stderr
    assert done.returncode == 1, out
    problems = [line for line in out.splitlines() if re.match(r"\S+, line \d+", line)]
    assert problems == [f"ferry/presets.yaml, line {_line_of_tab(tabbed)}: This data file is not valid YAML: this "
                        f"line has a tab, and YAML indents with spaces only. {SPACES} (an editor can be set to type "
                        "spaces). Until it is fixed, the game 'ferry' cannot be loaded, and none of its examples "
                        "can be played."], out
    assert "Traceback" not in out and "pyproject.toml" not in out
    assert out.rstrip().endswith("1 problem found: see above, and 4 of 8 examples could not be played because of it."), out


def test_make_test_says_the_tab_once_without_a_traceback(tabbed):
    done = _run(tabbed, sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider")
    out = done.stdout + done.stderr
    assert done.returncode == 1, out
    assert out.count(f"ferry/presets.yaml, line {_line_of_tab(tabbed)}: This data file is not valid YAML") == 1, out
    assert out.count(SPACES) == 1, out
    for noise in ("Traceback", "DataFileError", "ERROR", "error during collection", "failed", "site-packages"):
        assert noise not in out, f"{noise!r} in:\n{out}"
    assert re.search(r"\d+ skipped, 1 game not loaded in [\d.]+s", out.rstrip().splitlines()[-1]), out  # not a pass


def _read(folder: Path, edition: str, said: list | None = None, **env) -> list[str]:
    """The warnings of reading one edition of the book (Sphinx's dummy builder, strict), as
    ``make rulebook`` reads it (all it printed, in ``said`` when given)."""
    done = _run(folder, sys.executable, "-m", "sphinx", "-q", "-N", "-W", "--keep-going", "-t", edition, "-b", "dummy",
                "-c", str(folder), str(folder / "rulebook"), str(folder / "_build" / edition),
                RULEWRIGHT_STRICT="1", **env)
    warnings = [line for line in done.stderr.splitlines() if ": WARNING: " in line]
    if said is not None:
        said.append(done.stderr)
    assert (done.returncode != 0) == bool(warnings), done.stderr  # a warning fails the build
    return warnings


def test_the_build_says_the_tab_at_its_line_and_not_what_follows_from_it(tabbed):
    designer = _read(tabbed, "designer")  # (the designer's reading says the book's problems)
    at_the_tab = [w for w in designer if w.startswith(f"{tabbed / 'ferry' / 'presets.yaml'}:{_line_of_tab(tabbed)}: ")]
    assert len(at_the_tab) == 1 and SPACES in at_the_tab[0], designer
    assert not [w for w in designer if "has no example" in w], designer
    assert not [w for w in designer if "scanner.py" in w or "ScannerError" in w], designer
    # The player's reading says only what the player's edition would print wrongly: not the words of
    # the failing examples' report (a data file's name, a preset's), which its boxes quote.
    player = _read(tabbed, "player", RULEWRIGHT_REPORTED_BY="designer")
    assert not [w for w in player if "rules.md" in w or "presets" in w], player


def test_the_build_gives_one_warning_for_the_tab(tabbed):
    said = []
    designer = _read(tabbed, "designer", said)
    assert len(designer) == 1, "\n".join(designer)
    assert "4 examples could not be played because of the problem above." in said[0], said[0]
    assert "do not hold" not in said[0], said[0]


def test_a_shared_position_the_tab_keeps_from_being_set_up_is_counted_as_a_position(tabbed, tmp_path):
    """A position is not an example: the build says '4 examples and 1 shared position', as
    `rulewright check` counts the four examples alone."""
    folder = tmp_path / "mygame"
    shutil.copytree(tabbed, folder)
    rules = folder / "rulebook" / "rules.md"
    rules.write_text(rules.read_text(encoding="utf-8") + "\n```{position} The crossing\n:name: ferry-crossing\n\n"
                     "game: ferry\nsetup: {preset: standard}\n```\n\n```{example} From the crossing\n"
                     ":id: ferry-from-crossing\n:rules: ferry.turn.order\n\ngame: ferry\n"
                     "setup: {from: ferry-crossing}\ndo:\n  - bob: pass\nexpect:\n  refused: ferry.turn.order\n```\n",
                     encoding="utf-8")
    said = []
    _read(folder, "designer", said)
    assert "5 examples and 1 shared position could not be played because of the problem above." in said[0], said[0]


def test_a_glossary_bound_to_the_game_does_not_say_the_tab_again(tabbed, tmp_path):
    """A glossary term bound to the engine's view reads the game, which cannot be loaded: that is
    the one problem at the data file's line, not a second one at the glossary's first line."""
    folder = tmp_path / "mygame"
    shutil.copytree(tabbed, folder)
    (folder / "rulebook" / "glossary.yaml").write_text(
        "game: ferry\nterms:\n  ferry:\n    definition: The boat that crosses.\n    engine: {view: boats}\n",
        encoding="utf-8")
    done = _run(folder, sys.executable, "-m", "rulewright.cli", "check")
    out = done.stdout + done.stderr
    assert out.count("This data file is not valid YAML") == 1, out
    assert "glossary.yaml" not in out, out


def test_the_mended_data_file_has_its_examples_played_in_the_next_build(tabbed, tmp_path):
    """The pages of a game that could not be loaded depend on that game's files like any other
    page of its examples: once the tab is mended, the next build plays them (it kept saying the tab
    until the build folder was removed)."""
    folder = tmp_path / "mygame"
    shutil.copytree(tabbed, folder)

    def build() -> str:
        _run(folder, sys.executable, "-m", "sphinx", "-q", "-t", "designer", "-b", "html", "-c", str(folder),
             str(folder / "rulebook"), str(folder / "_build" / "designer" / "html"), RULEWRIGHT_STRICT="0",
             RULEWRIGHT_CACHE=str(folder / "_build" / "store"))
        return (folder / "_build" / "designer" / "html" / "rules.html").read_text(encoding="utf-8")

    assert "this line has a tab" in build()
    presets = folder / "ferry" / "presets.yaml"
    presets.write_text(presets.read_text(encoding="utf-8").replace("\t", "  "), encoding="utf-8")
    page = build()
    assert "this line has a tab" not in page and page.count("✓ verified") == 4, page


def test_a_mistake_in_the_phrase_file_is_one_warning_in_every_build(tmp_path):
    """An unquoted 'off:' in phrases.yaml: each reading of the book says it once, at its line, in
    every build while it is there (not only the first); the pages that then print engine words
    ('standard' for the preset) are not said besides."""
    folder = tmp_path / "mygame"
    scaffold.create(folder, scaffold.Names("Ferry", "ferry"), bare=True)
    game = folder / "ferry" / "game.py"
    text = game.read_text(encoding="utf-8").replace("from rulewright.game import (", "from rulewright.game import (Setting, ")
    game.write_text(text.replace("    settings = {}\n", '    settings = {"lights": Setting("on", "Whether the lights '
                                 'are on.", ("on", "off"))}\n'), encoding="utf-8")
    with open(folder / "ferry" / "phrases.yaml", "a", encoding="utf-8") as phrases_file:
        phrases_file.write('settings:\n  lights:\n    "on": "the lights are on"\n    off: "the lights are off"\n')
    for edition in ("designer", "player", "player"):  # the last: a second build, nothing changed
        warnings = _read(folder, edition)
        assert len(warnings) == 1, warnings
        assert "phrases.yaml:" in warnings[0] and "YAML reads off as true or false" in warnings[0], warnings
