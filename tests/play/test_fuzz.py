"""Random play finds what the rules forgot, shrinks it, keeps it as a record and prints it as a
failing example that names the rule."""
import re

import pytest

from rulewright.cli import main
from rulewright.play import fuzz
from rulewright.play.record import read
from rulewright.play.replay import replay
from rulewright.book.registry import get_game
from rulewright.game import Setting
from rulewright.scenario import evaluate
from tests.play.race import Race, Rest
from tests.play.test_records import example_from


def start(**settings):
    game = get_game("race")
    return fuzz.Start(game, game.resolve_settings(settings), {"preset": "start"})


def test_a_sound_game_gives_no_finding(capsys):
    assert main(["fuzz", "race", "--games", "3", "--moves", "60"]) == 0
    assert "3 games" in capsys.readouterr().out


def test_money_from_nothing_is_found_shrunk_and_printed_as_a_failing_example_at_its_rule(tmp_path, capsys):
    assert main(["fuzz", "race", "--games", "4", "--setting", "leaky=true", "--out", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "Finding 1: the bank and the players hold $21 between them, but the game began with $20 (rule race.coins)." \
        in out
    example = example_from(out[out.index("```{example}") - 4:])
    assert example.rules == ["race.coins"] and example.expect == {"invariants": "hold"}
    result = evaluate(example)
    failing = [c for c in result.checks if not c.ok]
    assert len(failing) == 1 and "(rule race.coins)" in failing[0].note
    kept = sorted(tmp_path.glob("*.yaml"))
    assert len(kept) == 1
    again = replay(read(kept[0]))
    assert not again.ok and "race.coins" in again.report()


def test_the_shrunk_sequence_is_no_longer_than_the_one_found_and_still_fails():
    found, total = fuzz.fuzz(start(leaky=True), games=3, moves=200)
    assert found and total > 0
    for finding in found:
        assert len(finding.failure.moves) <= finding.found_after
        again, _ = fuzz.replays_to(start(leaky=True), finding.seed, finding.failure.moves, draws=finding.failure.draws)
        assert again is not None and again.same_kind(finding.failure)


def test_a_move_listed_as_legal_but_refused_is_found(monkeypatch):
    listed = Race.legal_actions
    monkeypatch.setattr(Race, "legal_actions", lambda self, state: listed(self, state) + (
        [Rest(state.players[(state.turn + 1) % 2])] if state.squares[state.players[0]] >= 8 else []))
    found, _ = fuzz.fuzz(start(), games=2, moves=100)
    assert found[0].failure.kind == "refused" and found[0].failure.rule == "race.turn"


def test_a_dead_end_is_found(monkeypatch):
    listed = Race.legal_actions
    monkeypatch.setattr(Race, "legal_actions",
                        lambda self, state: [] if max(state.squares.values()) >= 12 else listed(self, state))
    found, _ = fuzz.fuzz(start(), games=2, moves=100)
    assert found and "dead end" in found[0].failure.message


@pytest.mark.parametrize("words, message", [
    (["fuzz", "rase"], "There is no game called 'rase'"),
    (["fuzz", "race", "--preset", "strat"], "Race has no preset 'strat'. Did you mean 'start'?"),
    (["fuzz", "race", "--setting", "leaky"], "write it as NAME=VALUE"),
    (["fuzz", "race", "--setting", "leeky=true"], "Race has no setting 'leeky'"),
])
def test_bad_words_get_a_plain_message(words, message):
    with pytest.raises(SystemExit) as stop:
        main(words)
    assert message in str(stop.value)


def test_a_position_that_does_not_read_back_is_found(monkeypatch):
    written = Race.setup_of
    monkeypatch.setattr(Race, "setup_of", lambda self, state: {k: v for k, v in written(self, state).items()
                                                               if k != "cash"})
    found, _ = fuzz.fuzz(start(), games=3, moves=100)
    assert found and found[0].failure.kind == "position"
    assert "the view differs: cash." in found[0].failure.message
    assert "Cut an example at the last move" in fuzz.report(start(), found)


def test_money_from_nothing_planted_in_a_copy_of_a_book_game_is_found_at_its_rule(monkeypatch):
    """Issue 18's proof: Muck & Brass with its bank paid but the treasury never charged."""
    from engine.games.muck_and_brass import expand

    def pay_without_charging(state, company, price, markers):
        state.bank += price
        if company.markers is not None:
            company.markers -= markers

    monkeypatch.setattr(expand, "_pay", pay_without_charging)
    game = get_game("muck-and-brass")
    begin = fuzz.Start(game, game.resolve_settings({}), {"preset": "demo"})
    found, _ = fuzz.fuzz(begin, games=2, moves=30)
    assert found and found[0].failure.rule == "mb.expand.cost"
    assert len(found[0].failure.moves) == 1  # shrunk to the one Expand that shows it
    text = fuzz.report(begin, found)
    example = example_from(text[text.index("```{example}") - 4:])
    assert example.rules == ["mb.expand.cost"]
    failing = [c for c in evaluate(example).checks if not c.ok]
    assert len(failing) == 1 and failing[0].key == "invariants" and "(rule mb.expand.cost)" in failing[0].note


class LitRace(Race):
    """The race with a setting whose choices are the words 'on' and 'off'."""

    settings = {**Race.settings, "lights": Setting("on", "Whether the lights are on.", ("on", "off"))}


LIT = LitRace()


def test_a_setting_s_word_needs_no_quotes_on_the_command_line():
    """The shell takes the quotes away: `--setting lights=off` (typed 'off' or not) is the choice
    'off', not YAML's false; a value that is no choice is still read as YAML."""
    from types import SimpleNamespace

    from rulewright.book.registry import register
    from rulewright.cli.choose import game_settings_preset

    register("race-lit", "tests.play.test_fuzz:LIT")
    args = SimpleNamespace(game="race-lit", setting=["lights=off", "leaky=true"], preset=None)
    _, settings, _ = game_settings_preset(args)
    assert settings["lights"] == "off" and settings["leaky"] is True


def test_the_same_seed_finds_the_same_and_the_failing_choices_are_kept_in_the_build_folder(tmp_path, capsys):
    """Hypothesis plays: --seed gives the same games, and the choices that failed are kept under
    --out (its example database) and tried first by the next run, which finds the failure at once."""
    words = ["fuzz", "race", "--games", "4", "--setting", "leaky=true", "--seed", "7"]
    assert main(words + ["--out", str(tmp_path / "one")]) == 1
    first = capsys.readouterr().out
    assert main(words + ["--out", str(tmp_path / "two")]) == 1
    assert capsys.readouterr().out.replace("/two/", "/one/") == first
    kept = [p for p in (tmp_path / "one" / "choices").rglob("*") if p.is_file()]
    assert kept, "no failing choices were kept"
    shrunk = re.search(r"shrunk to (\d+) move", first).group(1)
    assert main(words[:-1] + ["8", "--out", str(tmp_path / "one")]) == 1  # another seed: the kept failure first,
    assert f"Found after {shrunk} move" in (out := capsys.readouterr().out) and "of game 1 (seed 8)" in out  # already shrunk


def test_chance_is_drawn_by_hypothesis_and_shrunk_with_the_moves():
    """The race's dice are Hypothesis's draws: the failure's record states them, and replaying its
    moves with them gives the same failure (no seed needed)."""
    found, _ = fuzz.fuzz(start(leaky=True), games=4, moves=200, seed=3)
    failure = found[0].failure
    assert failure.draws, "the dice the failing game threw are stated"
    again, _ = fuzz.replays_to(start(leaky=True), 12345, failure.moves, draws=failure.draws)
    assert again is not None and again.same_kind(failure)
