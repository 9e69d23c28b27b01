"""A designer's own project: settings read from pyproject.toml with the right line, games found
through the registry with messages that say where to register them, and `rulewright new`."""
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from rulewright import cli, scaffold
from rulewright.book import config
from rulewright.book import registry
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
    accented = scaffold.Names("Café Crème & Co", scaffold.game_name_from("Café Crème & Co"))
    assert (accented.game, accented.prefix) == ("cafe-creme-co", "cafecremeco")


def test_new_says_how_to_go_into_a_folder_whose_name_has_a_space(tmp_path, capsys):
    folder = tmp_path / "My Game"
    assert cli.main(["new", str(folder), "--title", "My Game"]) == 0
    assert f"cd '{folder}'" in capsys.readouterr().out


def test_the_new_project_s_property_tests_set_no_deadline():
    """A busy machine may take seconds over one example: that fails no test of the game."""
    for kind in ("template",):  # (one for both kinds of project: it plays any game)
        text = (Path(scaffold.__file__).parent / kind / "tests" / "test_game.py.tmpl").read_text()
        assert "@settings(" in text and "deadline=" in text
        assert all("deadline=None" in line for line in text.splitlines() if line.startswith("@settings("))


def passes_its_own_tests_and_checks(folder, passed: str, sound: str) -> None:
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"], cwd=folder,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert passed in done.stdout.splitlines()[-1]
    checked = subprocess.run([sys.executable, "-m", "rulewright.cli", "check"], cwd=folder, capture_output=True,
                             text=True, timeout=300)
    assert f"The rulebook is sound: {sound}." in checked.stdout, checked.stdout + checked.stderr


def test_a_new_project_passes_its_own_tests_and_checks(tmp_path, capsys):
    folder = tmp_path / "race"
    assert cli.main(["new", str(folder), "--title", 'The "Quick" Race', "--game", "quick-race"]) == 0
    assert "make test" in capsys.readouterr().out
    assert (folder / ".ci" / "run").stat().st_mode & 0o111
    assert not list(folder.rglob("*.tmpl")) and "@@" not in "".join(
        p.read_text(encoding="utf-8") for p in folder.rglob("*") if p.is_file())
    passes_its_own_tests_and_checks(folder, "18 passed", "7 rules, 12 examples")  # (its glossary and position tests too)


def test_a_new_project_s_game_has_plain_words_for_every_path_and_event_its_book_uses(tmp_path, monkeypatch):
    """The player's edition of a new project reads "the left heap", not "heaps.left": its game ships
    a phrases.yaml, and the whole-book checks (which name any path or event without words) pass."""
    from rulewright.checks import book as checks
    from rulewright.book import config
    from rulewright.book import phrases
    from rulewright.book import registry

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


def test_new_asks_for_the_names_and_the_kind_of_game_on_a_terminal(tmp_path, monkeypatch, capsys):
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    answers = iter(["Moon Base!", "", "x", "b"])  # a title, the suggested short name, a blank game (asked twice)
    monkeypatch.setattr("builtins.input", lambda prompt: next(answers))
    assert cli.main(["new", str(tmp_path / "p")]) == 0
    assert '"moon-base" = "moon_base:GAME"' in (tmp_path / "p" / "pyproject.toml").read_text(encoding="utf-8")
    assert "a blank game" in capsys.readouterr().out
    assert "pass" in (tmp_path / "p" / "moon_base" / "game.py").read_text(encoding="utf-8")


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
    # (the six builds, each edition's HTML and PDF, are run by rulewright.sphinx.both: tests/toolchain/test_both.py)
    # (the Makefiles differ: this repository's includes editions.mk, a new project's holds its text)
    builds = {where: [re.sub(r" --file \S+", "", line) for line in make_dry_run(where, "rulebook")
                      if "rulewright.sphinx.both" in line or "rulewright.store.built" in line]
              for where in (REPO, folder)}
    assert builds[REPO] == builds[folder]
    text = "\n".join(builds[folder])
    assert 0 <= text.find("rulewright.store.built check") < text.find("rulewright.sphinx.both _build rulebook -- "
                                                                      "-q -W --keep-going -c ."), text
    for where in (folder, REPO):
        assert any(line.endswith("bin/rulewright serve --edition designer --port 8000")
                   for line in make_dry_run(where, "serve"))
    assert any(line.endswith("bin/rulewright serve --edition player --port 8001")
               for line in make_dry_run(folder, "serve", "EDITION=player", "PORT=8001"))


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
    # the notation (how examples are written) is for designers too: the player's edition has the rules
    assert sorted(page.name for page in (folder / "rulebook").glob("*.md") if page_edition(page)) == [
        "api-reference.md", "authoring.md", "notation.md"]
    conf = (folder / "conf.py").read_text(encoding="utf-8")
    assert 'simplepdf_file_name = f"race-{EDITION}s-edition.pdf"' in conf


def test_a_bare_project_passes_its_own_tests_and_checks_without_the_starter_s_rules(tmp_path, capsys):
    folder = tmp_path / "floes"
    assert cli.main(["new", str(folder), "--bare", "--title", "Ice Floes", "--game", "ice-floes"]) == 0
    assert "a blank game" in capsys.readouterr().out
    drawer = (folder / "ice_floes" / "diagram.py").read_text(encoding="utf-8")  # a drawer of its own, to start from
    assert "the players in the order they sit" in drawer and "heap" not in drawer
    assert "@@" not in "".join(p.read_text(encoding="utf-8") for p in folder.rglob("*") if p.is_file())
    # Nothing but the blank game's own files names its rule or example; the guide's live examples and
    # references are the demo game's, which ships with Rulewright.
    for path in folder.rglob("*"):
        if path.is_file() and path.name not in ("rules.md", "notation.md", "game.py", "authoring.md"):
            text = path.read_text(encoding="utf-8")
            assert "icefloes.turn.order" not in text and "ice-floes-turn-order" not in text, path
    from rulewright.checks import words
    guide = folder / "rulebook" / "authoring.md"
    live = [(p.kind, p.name) for p in words.page_pieces(guide)
            if (p.kind, p.name) in (("directive", "example"), ("role", "ruleref"), ("role", "exampleref"))]
    assert ("directive", "example") in live and "icefloes." not in "".join(
        line for line in guide.read_text(encoding="utf-8").splitlines() if line.startswith((":rules:", "game:")))
    assert "take.limit" not in (folder / "tests" / "test_game.py").read_text(encoding="utf-8")
    game = (folder / "ice_floes" / "game.py").read_text(encoding="utf-8")
    assert game.index("check_action(self, state, action)") < game.index("raise Refusal(")
    passes_its_own_tests_and_checks(folder, "10 passed", "4 rules, 5 examples")  # (its glossary and position tests too)


def test_replacing_the_starter_s_rules_names_every_page_that_still_names_them(tmp_path, monkeypatch):
    """The starter's chapters replaced by the blank game's (same game name): the authoring guide
    plays the demo game, so it names nothing that is gone; a page of the designer's that still names
    the starter's rules and examples (in a command, in a quoted {ruleref}) is named at those lines
    by `rulewright check`."""
    from rulewright.checks import book as checks

    starter, blank = tmp_path / "starter", tmp_path / "blank"
    scaffold.create(starter, scaffold.Names("Swap", "swap"))
    scaffold.create(blank, scaffold.Names("Swap", "swap"), bare=True)
    for relative in ("swap/game.py", "swap/phrases.yaml", "swap/presets.yaml", "swap/__init__.py",
                     "rulebook/rules.md", "rulebook/notation.md", "rulebook/quick-reference.md"):
        (starter / relative).write_text((blank / relative).read_text(encoding="utf-8"), encoding="utf-8")
    (starter / "swap" / "diagram.py").unlink()
    notes = ["---", "edition: designer", "---", "", "# Notes", "",
             "To see the first turn: `.venv/bin/rulewright run swap-first-turn`.", "",
             "Write ``{ruleref}`swap.take.limit` `` to name the rule.", ""]
    (starter / "rulebook" / "notes.md").write_text("\n".join(notes), encoding="utf-8")
    monkeypatch.syspath_prepend(str(starter))
    monkeypatch.chdir(starter)
    monkeypatch.setattr(config, "_current", config.load(starter))
    problems = [p for p in checks.check(starter / "rulebook") if "reads as a rule ID" in p.message
                or "which the book does not have (was it renamed" in p.message]
    lines = {(Path(p.where.path).name, p.where.line) for p in problems}
    assert lines == {("notes.md", 7), ("notes.md", 9)}, problems
    assert any("'swap.take.limit' reads as a rule ID, but the book declares no such rule" in p.message
               for p in problems), problems


def test_a_mention_of_another_project_s_example_or_a_file_name_is_not_stale(tmp_path):
    from rulewright.checks import book as checks

    page = tmp_path / "page.md"
    page.write_text("Run `rulewright run dragon-race-first-turn` in that project, or open `game.take.py`.\n\n"
                    "```sh\nrulewright run game.take.limit\npytest -k game-turn\nrulewright diagram game-gone\n```\n",
                    encoding="utf-8")
    problems = checks.stale_mentions(tmp_path, {"game.take.limit": None}, {"game-turn"})
    assert [(p.where.line, p.message.split(" names")[0]) for p in problems] == [
        (6, "'rulewright diagram game-gone'")]


def test_a_cards_project_passes_its_own_tests_and_checks_on_the_card_kits(tmp_path, capsys):
    """``rulewright new --template cards``: a trick-taking game with bidding and trumps, built on the
    card kits, whose every rule has its example, whose hands are hidden from the other players, and
    which passes its own tests and checks from the first minute."""
    folder = tmp_path / "tricks"
    assert cli.main(["new", str(folder), "--template", "cards", "--title", "Trick Shot", "--game", "trick-shot"]) == 0
    assert "a trick-taking game on the card kits" in capsys.readouterr().out
    assert "@@" not in "".join(p.read_text(encoding="utf-8") for p in folder.rglob("*") if p.is_file())
    game = (folder / "trick_shot" / "game.py").read_text(encoding="utf-8")
    assert "from rulewright.game import" in game and "cards.check_follow(" in game and "turns.Phases" in game
    assert "heap" not in game and "deck:" in (folder / "trick_shot" / "cards.yaml").read_text(encoding="utf-8")
    guide = (folder / "rulebook" / "authoring.md").read_text(encoding="utf-8")
    assert "card kits" in guide and "Your game starts blank" not in guide
    passes_its_own_tests_and_checks(folder, "23 passed", "13 rules, 16 examples")  # (its glossary and positions too)
    hidden = subprocess.run([sys.executable, "-c", "from trick_shot import GAME\nfrom rulewright.game import Rng\n"
                             "s = GAME.new_state({'players': ['ann', 'bob']}, {}, Rng(1))\n"
                             "seen = GAME.view_for(s, 'ann')['players']\n"
                             "print(seen['ann']['hand'] == s.hands['ann'], seen['bob']['hand'])"],
                            cwd=folder, capture_output=True, text=True, timeout=120)
    assert hidden.stdout.split() == ["True", "{'hidden':", "5}"], hidden.stdout + hidden.stderr


def test_a_worker_placement_project_passes_its_own_tests_and_checks_on_the_kits(tmp_path, capsys):
    """``rulewright new --template worker-placement``: a worker-placement game with upkeep on the
    spaces, goods, tracks and turns kits, its board as data and the numbers its rules state printed
    from that data, whose every rule has its example and which passes its own tests and checks."""
    folder = tmp_path / "harvest"
    assert cli.main(["new", str(folder), "--template", "worker-placement", "--title", "Harvest Moon",
                     "--game", "harvest-moon"]) == 0
    said = capsys.readouterr().out
    assert "a worker-placement game on the kits" in said and "harvest_moon/board.yaml" in said, said
    assert "@@" not in "".join(p.read_text(encoding="utf-8") for p in folder.rglob("*") if p.is_file())
    game = (folder / "harvest_moon" / "game.py").read_text(encoding="utf-8")
    assert "spaces.Spaces.read(" in game and "goods.pay(" in game and "tracks.RoundTrack" in game
    assert "heap" not in game and "spaces:" in (folder / "harvest_moon" / "board.yaml").read_text(encoding="utf-8")
    rules = (folder / "rulebook" / "rules.md").read_text(encoding="utf-8")
    assert "{value}`board.yaml:upkeep.food`" in rules
    guide = (folder / "rulebook" / "authoring.md").read_text(encoding="utf-8")
    assert "worker-placement game with upkeep" in guide and "card kits" not in guide
    passes_its_own_tests_and_checks(folder, "23 passed", "13 rules, 17 examples")  # (its glossary too)


def test_a_board_project_passes_its_own_tests_and_checks_on_the_kits(tmp_path, capsys):
    """``rulewright new --template board``: a game of claiming squares on the squares kit's board,
    with the turns and tracks kits, its board, home squares, water, squares' points and rounds as data
    (``map.yaml``: the worker-placement game's data file is ``board.yaml``), the numbers its rules state
    printed from that data, a diagram of the board, and every rule with its example."""
    folder = tmp_path / "grab"
    assert cli.main(["new", str(folder), "--template", "board", "--title", "Land Grab", "--game", "land-grab"]) == 0
    said = capsys.readouterr().out
    assert "a board game on the square-board kit" in said and "land_grab/map.yaml" in said, said
    assert "@@" not in "".join(p.read_text(encoding="utf-8") for p in folder.rglob("*") if p.is_file())
    package = folder / "land_grab"
    game = (package / "game.py").read_text(encoding="utf-8")
    assert "squares.Grid.read(" in game and "tracks.RoundTrack" in game and "turns.Seating" in game
    assert "squares.draw_board(" in (package / "diagram.py").read_text(encoding="utf-8")
    assert not (package / "board.yaml").exists() and "board:" in (package / "map.yaml").read_text(encoding="utf-8")
    rules = (folder / "rulebook" / "rules.md").read_text(encoding="utf-8")
    assert "{value}`map.yaml:rounds.last`" in rules and ":diagram: after" in rules
    # The home squares and the water are printed from map.yaml, never typed beside it.
    assert all(f"{{value}}`map.yaml:homes.{seat}`" in rules for seat in range(4)) and "{value}`map.yaml:water`" in rules
    assert "the second\nE5" not in rules and "C3 is water" not in rules
    guide = (folder / "rulebook" / "authoring.md").read_text(encoding="utf-8")
    assert "claiming squares on a board" in guide and "worker-placement game with upkeep" not in guide
    passes_its_own_tests_and_checks(folder, "22 passed", "11 rules, 16 examples")  # (its glossary too)


def test_every_template_word_names_a_kind_of_project():
    """A template's lines kept for a kind of project (``@@IF word@@``) whose word no template keeps
    would vanish from every project: each word is one a template names."""
    from importlib import resources

    words = set().union(*(made.words for made in scaffold.TEMPLATES.values()))
    root = resources.files(scaffold.__name__)
    used = {(path.name, m.group(1)) for folder in {f for made in scaffold.TEMPLATES.values() for f in made.folders}
            for path in Path(str(root.joinpath(folder))).rglob("*.tmpl")
            for m in scaffold.CONDITION.finditer(path.read_text(encoding="utf-8"))}
    assert {word for _, word in used} <= words, sorted(used)
    assert {"workers", "cards", "board", "blank", "starter"} <= {word for _, word in used}


def test_bare_and_template_name_one_game_to_start_from(tmp_path, capsys):
    for flags in (["--bare", "--template", "cards"], ["--starter", "--template", "cards"], ["--bare", "--starter"]):
        assert cli.main(["new", str(tmp_path / "x"), *flags, "--title", "X", "--game", "xx"]) == 1
        said = capsys.readouterr().err
        assert "name different games to start from: give one" in said and flags[0] in said, said
        assert not (tmp_path / "x").exists()
    assert cli.main(["new", str(tmp_path / "y"), "--starter", "--template", "starter", "--title", "Y", "--game", "yy"]) == 0
    assert "the starter game" in capsys.readouterr().out


@pytest.mark.parametrize("answer, kind, data", [("c", "a trick-taking game on the card kits", "cards.yaml"),
                                                ("w", "a worker-placement game on the kits", "board.yaml"),
                                                ("x\nworker-placement", "a worker-placement game", "board.yaml"),
                                                ("workers", "a worker-placement game", "board.yaml"),
                                                ("card", "a trick-taking game", "cards.yaml"),
                                                ("g", "a board game on the square-board kit", "map.yaml"),
                                                ("board", "a board game", "map.yaml")])
def test_new_asked_at_a_terminal_starts_the_game_answered(tmp_path, monkeypatch, capsys, answer, kind, data):
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    answers = iter(["Card Night", "", *answer.split("\n")])
    monkeypatch.setattr("builtins.input", lambda prompt: next(answers))
    assert cli.main(["new", str(tmp_path / "p")]) == 0
    said = capsys.readouterr().out
    assert kind in said and (answer[0] != "x" or "Answer b (a blank game), s (the starter game), c (" in said), said
    assert (tmp_path / "p" / "card_night" / data).is_file()


@pytest.mark.parametrize("named, data", [("workers", "board.yaml"), ("card", "cards.yaml"), ("blank", None),
                                         ("grid", "map.yaml"), ("squares", "map.yaml")])
def test_new_takes_a_template_by_the_other_words_it_is_answered_by(tmp_path, monkeypatch, capsys, named, data):
    """--template takes the words a designer may answer the question by (``Template.aliases``):
    one table says them for both ways of asking."""
    monkeypatch.setattr("sys.stdin.isatty", lambda: False)
    assert cli.main(["new", str(tmp_path / "p"), "--template", named]) == 0
    said = capsys.readouterr().out
    assert scaffold.TEMPLATES[scaffold.template_named(named)].kind in said, said
    assert scaffold.template_named(named) != named
    assert data is None or (tmp_path / "p" / "p" / data).is_file()


def test_a_template_naming_a_line_its_file_lacks_is_refused():
    """A guide's ``@@LINE <start>@@`` (the line a quoted failure names, computed) must find its line."""
    assert scaffold._numbered("one\nat line @@LINE two@@\ntwo\n") == "one\nat line 3\ntwo\n"
    with pytest.raises(scaffold.ScaffoldError, match="'three'"):
        scaffold._numbered("one @@LINE three@@\n")


def test_a_game_named_as_the_demo_game_is_refused_and_demo_is_not(tmp_path, capsys):
    """The guide of every project declares the demo game's rules (rwdemo.…): a project whose own rule
    IDs would begin the same is refused before anything is written; 'demo' itself is free."""
    for game in ("rwdemo", "rw-demo", "rulewright-demo"):
        assert cli.main(["new", str(tmp_path / game), "--title", "X", "--game", game]) == 1
        assert "is taken by the demo game the authoring guide plays" in capsys.readouterr().err
        assert not (tmp_path / game).exists()
    scaffold.create(tmp_path / "demo", scaffold.Names("Demo", "demo"))

    def declared(page):
        return set(re.findall(r"^```\{rule\} (\S+)$", (tmp_path / "demo" / "rulebook" / page).read_text(encoding="utf-8"),
                              re.M))

    guide, own = declared("authoring.md"), declared("rules.md")
    assert guide and own and not guide & own, (guide, own)
    assert all(rule.startswith("rwdemo.") for rule in guide) and all(rule.startswith("demo.") for rule in own)


@pytest.mark.parametrize("template", [name for name in scaffold.TEMPLATES])
def test_every_template_s_book_builds_strictly_in_both_editions(tmp_path, template):
    """``make rulebook`` is strict in a new project: a template whose rules page says, for players,
    something meant for designers (a data file's name) fails its first build. Each template's pages
    are read as each edition reads them, with warnings as errors, as a new project's Makefile does."""
    folder = tmp_path / "book"
    scaffold.create(folder, scaffold.Names(title="Night Market", game="night-market"), template=template)
    for edition in ("player", "designer"):
        done = subprocess.run([sys.executable, "-m", "sphinx", "-q", "-W", "--keep-going", "-c", ".", "-t", edition,
                               "-b", "dummy", "-d", f"_build/{edition}/doctrees", "rulebook", f"_build/{edition}/read"],
                              cwd=folder, capture_output=True, text=True, timeout=600,
                              env={**os.environ, "RULEWRIGHT_STRICT": "1"})
        assert done.returncode == 0, f"{template}, {edition}'s edition:\n{done.stdout}{done.stderr}"
