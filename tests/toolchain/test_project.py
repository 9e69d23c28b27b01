"""A designer's own project: settings read from pyproject.toml with the right line, games found
through the registry with messages that say where to register them, and `rulewright new`."""
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from rulewright import cli, config, registry, scaffold
from rulewright.game import Game, InputError
from rulewright.problems import ExampleProblem
from rulewright.sphinx.editions import page_edition

REPO = Path(__file__).resolve().parents[2]


def project(tmp_path, text):
    (tmp_path / "pyproject.toml").write_text(textwrap.dedent(text), encoding="utf-8")
    return config.load(tmp_path)


def test_a_bad_setting_is_reported_at_its_line_in_the_rulewright_table(tmp_path):
    with pytest.raises(ExampleProblem) as problem:
        project(tmp_path, """\
            [tool.other]
            strict = "yes"

            [tool.rulewright]
            rulebook = "book"
            strict = "yes"
            """)
    assert str(problem.value).endswith("pyproject.toml, line 6: 'strict' in [tool.rulewright] must be true or false, "
                                       "not 'yes'.")


def test_a_misspelt_setting_gets_a_suggestion(tmp_path):
    with pytest.raises(ExampleProblem, match="'rulebok' is not a Rulewright setting.*Did you mean 'rulebook'"):
        project(tmp_path, '[tool.rulewright]\nrulebok = "book"\n')


def test_the_project_table_registers_games_and_unknown_names_say_where_to_register(tmp_path, monkeypatch):
    found = project(tmp_path, """\
        [tool.rulewright]
        rulebook = "book"

        [tool.rulewright.games]
        toy = "tests.toolchain.toy_game:GAME"
        """)
    monkeypatch.setattr(config, "_current", found)
    assert found.rulebook == tmp_path / "book"
    assert registry.get_game("toy").title == "Toy"
    with pytest.raises(InputError) as error:
        registry.get_game("tyo")
    assert "There is no game called 'tyo'. Did you mean 'toy'?" in error.value.message
    assert "[tool.rulewright.games]" in error.value.message and "pyproject.toml" in error.value.message


def test_a_game_that_cannot_be_imported_is_named_with_its_registration(tmp_path, monkeypatch):
    monkeypatch.setattr(config, "_current", project(tmp_path, """\
        [tool.rulewright.games]
        gone = "no_such_package:GAME"
        """))
    with pytest.raises(InputError) as error:
        registry.get_game("gone")
    assert error.value.message.startswith("The game 'gone' is registered as 'no_such_package:GAME' in ")
    assert "under [tool.rulewright.games], but it cannot be loaded: ModuleNotFoundError" in error.value.message


def test_version(capsys):
    with pytest.raises(SystemExit):
        cli.main(["--version"])
    assert capsys.readouterr().out.strip() == f"rulewright {scaffold.rulewright_version()}"


def test_new_refuses_a_folder_that_is_not_empty(tmp_path, capsys):
    (tmp_path / "notes.txt").write_text("mine", encoding="utf-8")
    assert cli.main(["new", str(tmp_path), "--title", "Race"]) == 1
    assert "is not empty, and rulewright new never overwrites anything" in capsys.readouterr().err
    assert [p.name for p in tmp_path.iterdir()] == ["notes.txt"]


@pytest.mark.parametrize("game, complaint", [("Dragon Race", "cannot be a game name"), ("os", "already taken")])
def test_new_refuses_a_game_name_that_cannot_work(tmp_path, capsys, game, complaint):
    assert cli.main(["new", str(tmp_path / "p"), "--game", game]) == 1
    assert complaint in capsys.readouterr().err
    assert not (tmp_path / "p").exists()


def test_new_makes_names_from_the_title():
    names = scaffold.Names("Dragon's Race!", scaffold.game_name_from("Dragon's Race!"))
    assert (names.game, names.package, names.class_name, names.prefix) == (
        "dragons-race", "dragons_race", "DragonsRace", "dragonsrace")
    assert scaffold.Names("Game", "game").class_name == "GameRules"


def test_a_new_project_passes_its_own_tests_and_checks(tmp_path, capsys):
    folder = tmp_path / "race"
    assert cli.main(["new", str(folder), "--title", 'The "Quick" Race', "--game", "quick-race"]) == 0
    assert "make test" in capsys.readouterr().out
    assert (folder / ".ci" / "run").stat().st_mode & 0o111
    assert not list(folder.rglob("*.tmpl")) and "@@" not in "".join(
        p.read_text(encoding="utf-8") for p in folder.rglob("*") if p.is_file())
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"], cwd=folder,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "18 passed" in done.stdout.splitlines()[-1]
    checked = subprocess.run([sys.executable, "-m", "rulewright.cli", "check"], cwd=folder, capture_output=True,
                             text=True, timeout=300)
    assert "The rulebook is sound: 4 rules, 10 examples." in checked.stdout, checked.stdout + checked.stderr


def test_a_new_project_s_game_has_plain_words_for_every_path_and_event_its_book_uses(tmp_path, monkeypatch):
    """The player's edition of a new project reads "the left heap", not "heaps.left": its game ships
    a phrases.yaml, and the whole-book checks (which name any path or event without words) pass."""
    from rulewright import checks, config, phrases, registry

    folder = tmp_path / "heap"
    assert cli.main(["new", str(folder), "--title", "Heap", "--game", "heap"]) == 0
    monkeypatch.syspath_prepend(str(folder))
    monkeypatch.chdir(folder)
    project = config.load(folder)
    monkeypatch.setattr(config, "_current", project)  # restored after the test
    words = phrases.for_game(registry.get_game("heap"))
    assert words.path("heaps.left") == "the left heap"
    assert set(words.events) == {"took", "game-over"}
    assert checks.check(project.rulebook) == []


def test_this_book_s_games_load_through_the_public_registry():
    book = config.load(Path(__file__).parent)
    assert set(book.games) == {"muck-and-brass", "bus", "powerup", "1870", "hush"}
    for name in book.games:
        game = registry.get_game(name)
        assert isinstance(game, Game) and game.name == name and game.diagram is not None


def test_new_without_names_takes_them_from_the_folder_when_nobody_can_answer(tmp_path, monkeypatch):
    monkeypatch.setattr("sys.stdin.isatty", lambda: False)
    assert cli.main(["new", str(tmp_path / "sky-pirates")]) == 0
    text = (tmp_path / "sky-pirates" / "pyproject.toml").read_text(encoding="utf-8")
    assert '"sky-pirates" = "sky_pirates:GAME"' in text
    assert "project = 'Sky Pirates'" in (tmp_path / "sky-pirates" / "conf.py").read_text(encoding="utf-8")


def test_new_asks_for_the_names_on_a_terminal(tmp_path, monkeypatch):
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    answers = iter(["Moon Base!", ""])  # a title, then the suggested short name
    monkeypatch.setattr("builtins.input", lambda prompt: next(answers))
    assert cli.main(["new", str(tmp_path / "p")]) == 0
    assert '"moon-base" = "moon_base:GAME"' in (tmp_path / "p" / "pyproject.toml").read_text(encoding="utf-8")


def make_dry_run(folder, target, *variables) -> list[str]:
    """The commands `make -n target` would run in ``folder`` (sub-makes are followed, nothing runs)."""
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    done = subprocess.run(["make", "-n", "--no-print-directory", target, *variables], cwd=folder, capture_output=True, text=True,
                          env=env, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout.splitlines()


def test_a_new_project_builds_both_editions_exactly_as_this_repository_does(tmp_path):
    folder = tmp_path / "race"
    scaffold.create(folder, scaffold.Names("Race", "race"))
    builds = {where: sorted(line for line in make_dry_run(where, "rulebook") if "sphinx-build" in line)
              for where in (REPO, folder)}
    assert builds[REPO] == builds[folder]
    for edition in ("player", "designer"):
        for builder, out in (("html", "html"), ("simplepdf", "pdf")):
            assert sum(f"-t {edition} -d _build/{edition}/doctrees -b {builder} rulebook _build/{edition}/{out}" in line
                       for line in builds[folder]) == 1, (edition, builder, builds[folder])
    assert any(line.endswith("bin/rulewright serve --edition designer") for line in make_dry_run(folder, "serve"))
    assert any(line.endswith("bin/rulewright serve --edition designer") for line in make_dry_run(REPO, "serve"))
    assert any(line.endswith("bin/rulewright serve --edition player")
               for line in make_dry_run(folder, "serve", "EDITION=player"))


def test_a_new_project_s_readme_and_guide_name_the_two_editions(tmp_path):
    folder = tmp_path / "race"
    scaffold.create(folder, scaffold.Names("Race", "race"))
    readme = (folder / "README.md").read_text(encoding="utf-8")
    commands, _, after = readme.partition("```\n\n")
    assert "make rulebook" in commands and "make test" in commands
    assert after.startswith("While writing, `make serve` gives a live preview")
    guide = folder / "rulebook" / "authoring.md"
    for text in (readme, guide.read_text(encoding="utf-8")):
        for edition in ("player", "designer"):
            assert f"_build/{edition}/html/index.html" in text and f"_build/{edition}/pdf/race-{edition}s-edition.pdf" in text
    assert page_edition(guide) == "designer"
    assert sorted(page.name for page in (folder / "rulebook").glob("*.md") if page_edition(page)) == ["api-reference.md", "authoring.md"]
    conf = (folder / "conf.py").read_text(encoding="utf-8")
    assert 'simplepdf_file_name = f"race-{EDITION}s-edition.pdf"' in conf
