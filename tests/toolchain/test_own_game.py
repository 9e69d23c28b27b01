"""A designer's own game in place of the starter: the starter steps aside. A project made by
`rulewright new` gets a different small game (tests/toolchain/own_game: Countdown, which shares no
rule, move or word with the starter's heaps), its engine and its rules page written by the
designer, then the one documented step `rulewright remove-starter`; its own tests and
`rulewright check` are green, and no page the designer did not write needed changing."""
import subprocess
import sys
from pathlib import Path

import pytest

from rulewright import cli, scaffold

OWN_GAME = Path(__file__).parent / "own_game"


def write_own_game(folder: Path, names: scaffold.Names) -> None:
    """What the designer writes: the game's package (replacing the starter's files) and rules.md."""
    package = folder / names.package
    for name in ("game.py", "presets.yaml", "phrases.yaml", "__init__.py"):
        text = (OWN_GAME / name).read_text(encoding="utf-8")
        for placeholder, value in (("@@GAME@@", names.game), ("@@PREFIX@@", names.prefix),
                                   ("@@PACKAGE@@", names.package)):
            text = text.replace(placeholder, value)
        (package / name).write_text(text, encoding="utf-8")
    rules = (OWN_GAME / "rules.md").read_text(encoding="utf-8")
    (folder / "rulebook" / "rules.md").write_text(
        rules.replace("@@GAME@@", names.game).replace("@@PREFIX@@", names.prefix), encoding="utf-8")


def run_in(folder, *command):
    return subprocess.run([sys.executable, *command], cwd=folder, capture_output=True, text=True, timeout=300)


def test_a_designer_s_own_game_takes_the_starter_s_place_in_one_step(tmp_path, capsys, monkeypatch):
    folder = tmp_path / "countdown"
    names = scaffold.Names("Countdown", "countdown")
    assert cli.main(["new", str(folder), "--title", names.title, "--game", names.game, "--starter"]) == 0
    capsys.readouterr()
    engine_tests = (folder / "tests" / "test_game.py").read_text(encoding="utf-8")
    write_own_game(folder, names)

    before = run_in(folder, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist")
    assert before.returncode == 1  # the starter's pages still describe heaps: the step is needed
    failed = before.stdout.split("short test summary")[1]
    assert "notation.md" in failed and "authoring.md" not in failed and "test_game.py" not in failed, failed

    monkeypatch.chdir(folder)
    assert cli.main(["remove-starter"]) == 0
    said = capsys.readouterr().out
    assert "Wrote the blank game's rulebook/notation.md" in said
    assert "Left as you changed them" in said and "  countdown/game.py" in said and "  rulebook/rules.md" in said
    assert "(OWN_GAME" not in said and str(tmp_path) not in said  # paths as the designer sees them

    tested = run_in(folder, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist")
    assert tested.returncode == 0, tested.stdout + tested.stderr
    assert " passed" in tested.stdout.splitlines()[-1] and "failed" not in tested.stdout.splitlines()[-1]
    checked = run_in(folder, "-m", "rulewright.cli", "check")
    assert checked.returncode == 0 and "The rulebook is sound: 5 rules, 8 examples." in checked.stdout, \
        checked.stdout + checked.stderr
    # the engine's tests were never touched: they play whatever game the project has (and the guide's
    # examples held before the step, above: they play the demo game)
    assert (folder / "tests" / "test_game.py").read_text(encoding="utf-8") == engine_tests
    # and the designer's own files are as they wrote them
    assert "Countdown" in (folder / "countdown" / "game.py").read_text(encoding="utf-8")
    assert "countdown-two-calls" in (folder / "rulebook" / "rules.md").read_text(encoding="utf-8")


def test_remove_starter_on_an_untouched_starter_project_gives_the_blank_project(tmp_path):
    names = scaffold.Names("Sky Pirates", "sky-pirates")
    scaffold.create(tmp_path / "starter", names)
    scaffold.create(tmp_path / "bare", names, bare=True)
    done = scaffold.remove_starter(tmp_path / "starter")
    assert done.names == names and not done.changed and done.replaced

    def files(root):
        return {p.relative_to(root): p.read_bytes() for p in root.rglob("*") if p.is_file()}

    assert files(tmp_path / "starter") == files(tmp_path / "bare")
    again = scaffold.remove_starter(tmp_path / "starter")
    assert not again.replaced and not again.removed and not again.changed


@pytest.mark.parametrize("template, title, data", [("cards", "Trick Shot", "cards.yaml"),
                                                   ("board", "Land Grab", "map.yaml")])
def test_remove_starter_on_an_untouched_cards_or_board_project_gives_the_blank_project(tmp_path, template, title,
                                                                                      data):
    """The card game of `rulewright new --template cards`, and the board game of `--template board`,
    step aside too: their files become the blank game's, and their data file (the deck, the map),
    which the blank game has none of, goes."""
    names = scaffold.Names(title, scaffold.game_name_from(title))
    scaffold.create(tmp_path / template, names, template=template)
    scaffold.create(tmp_path / "bare", names, bare=True)
    done = scaffold.remove_starter(tmp_path / template)
    assert done.template == template and done.names == names and not done.changed and not done.still_named
    assert tmp_path / template / names.package / data in done.removed

    def files(root):
        return {p.relative_to(root): p.read_bytes() for p in root.rglob("*") if p.is_file()}

    assert files(tmp_path / template) == files(tmp_path / "bare")


def test_remove_starter_keeps_a_deck_file_the_designer_s_game_still_reads(tmp_path, capsys, monkeypatch):
    names = scaffold.Names("Trick Shot", "trick-shot")
    folder = tmp_path / "cards"
    scaffold.create(folder, names, template="cards")
    game = folder / "trick_shot" / "game.py"
    game.write_text(game.read_text(encoding="utf-8") + "\n# my own rule of trumps\n", encoding="utf-8")
    rules = folder / "rulebook" / "rules.md"
    rules.write_text(rules.read_text(encoding="utf-8") + "\nMy own note.\n", encoding="utf-8")
    monkeypatch.chdir(folder)
    assert cli.main(["remove-starter"]) == 0
    said = capsys.readouterr().out
    assert (folder / "trick_shot" / "cards.yaml").is_file()
    assert "Kept, as your game's code names them" in said and "  trick_shot/cards.yaml" in said, said
    assert "not the card game" in said and "  trick_shot/game.py" in said and "  rulebook/rules.md" in said, said
    assert "Wrote the blank game's rulebook/notation.md" in said
    assert "my own rule of trumps" in game.read_text(encoding="utf-8")


def test_remove_starter_outside_a_project_says_why(tmp_path, capsys, monkeypatch):
    (tmp_path / "pyproject.toml").write_text("[tool.rulewright]\n", encoding="utf-8")
    (tmp_path / "rulebook").mkdir()
    monkeypatch.chdir(tmp_path)
    assert cli.main(["remove-starter"]) == 1
    assert "is not a project made by rulewright new: it has no conf.py" in capsys.readouterr().out


def test_the_guide_quotes_the_failure_its_first_example_would_really_give(tmp_path):
    """The authoring guide shows what `make test` says when its first example expects 3 counters
    in the left heap: in every kind of project, that is what Rulewright says, line for line."""
    for template in ("starter", "bare", "cards"):
        folder = tmp_path / template
        scaffold.create(folder, scaffold.Names("Quoted Guide", "quoted-guide"), template=template)
        guide = folder / "rulebook" / "authoring.md"
        text = guide.read_text(encoding="utf-8")
        quoted = text.split("Had the first example above expected 3 counters")[1].split("```text\n")[1].split("```")[0]
        guide.write_text(text.replace("\n  heaps.left: 2\n", "\n  heaps.left: 3\n", 1), encoding="utf-8")
        said = run_in(folder, "-m", "rulewright.cli", "run", "guide-two-turns").stdout
        assert quoted.strip() in said, (quoted, said)


def test_remove_starter_on_an_untouched_worker_placement_project_gives_the_blank_project(tmp_path, capsys,
                                                                                          monkeypatch):
    """The worker-placement game of `rulewright new --template worker-placement` steps aside as the
    card game does: its files become the blank game's and its board file goes; a rules page the
    designer changed is kept, named as not the worker-placement game."""
    names = scaffold.Names("Harvest Moon", "harvest-moon")
    scaffold.create(tmp_path / "workers", names, template="worker-placement")
    scaffold.create(tmp_path / "bare", names, bare=True)
    done = scaffold.remove_starter(tmp_path / "workers")
    assert done.template == "worker-placement" and not done.changed and not done.still_named
    assert tmp_path / "workers" / "harvest_moon" / "board.yaml" in done.removed

    def files(root):
        return {p.relative_to(root): p.read_bytes() for p in root.rglob("*") if p.is_file()}

    assert files(tmp_path / "workers") == files(tmp_path / "bare")
    folder = tmp_path / "mine"
    scaffold.create(folder, names, template="worker-placement")
    rules = folder / "rulebook" / "rules.md"
    rules.write_text(rules.read_text(encoding="utf-8") + "\nMy own note.\n", encoding="utf-8")
    monkeypatch.chdir(folder)
    assert cli.main(["remove-starter"]) == 0
    said = capsys.readouterr().out
    assert "not the worker-placement game" in said and "  rulebook/rules.md" in said, said
    assert not (folder / "harvest_moon" / "board.yaml").exists()


@pytest.mark.parametrize("template", [made.name for made in scaffold.TEMPLATES.values() if made.data])
def test_a_project_whose_every_file_is_changed_is_known_by_its_data_file(tmp_path, template):
    """Where the designer has changed every file of the game, remove-starter knows which template made
    the project by its data file alone: each template's is its own, so a worker-placement project
    made before there was a board template (its board.yaml) is still read as one, and a board
    project (map.yaml) is not taken for one."""
    names = scaffold.Names("Night Market", "night-market")
    folder = tmp_path / template
    scaffold.create(folder, names, template=template)
    bare = scaffold.rendered(names, "bare")
    for relative, text in scaffold.rendered(names, template).items():
        if bare.get(relative) != text:
            path = folder.joinpath(*relative)
            path.write_text(text + "\n# changed by the designer\n", encoding="utf-8")
    done = scaffold.remove_starter(folder)
    assert done.template == template and not done.replaced and not done.removed, done

