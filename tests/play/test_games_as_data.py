"""Each game of the book kept as data, as issue 18 asks: a long random game saved as a record
replays (with checkpoints along the way), examples cut at 20 random positions hold when pasted into
a scratch page, and a scripted ``rulewright play`` session saves an example that holds."""
import random

import pytest

from rulewright.game import step
from rulewright.play import cut, fuzz
from rulewright.play.record import read, write
from rulewright.play.replay import replay
from rulewright.play.session import Session
from rulewright.book.registry import get_game
from rulewright.scenario import evaluate
from rulewright.scenario.changes import places
from tests.play.test_records import example_from

GAMES = ["muck-and-brass", "bus", "powerup", "1870", "hush"]
LONG = 200


def longest_game(name: str, seeds=range(1, 7)):
    game = get_game(name)
    preset = next(iter(game.presets))
    start = fuzz.Start(game, game.resolve_settings({}), {"preset": preset})
    seed, moves = max(((s, fuzz.random_game(start, s, LONG + 50)) for s in seeds), key=lambda pair: len(pair[1]))
    return game, start, seed, moves


def with_checkpoints(game, start, seed, moves, every=25):
    """The record's text with a checkpoint of three places of the position every ``every`` moves."""
    chooser = random.Random(seed)
    state, lines = start.state(seed), []
    text = write(game, setup=start.setup, moves=moves, seed=seed)
    head, _, body = text.partition("moves:\n")
    for number, line in enumerate(body.splitlines(), start=1):
        lines.append(line)
        actor, text_ = moves[number - 1]
        state = step(game, state, game.parse_action(state, actor, text_)).state
        if number % every == 0:
            known = [(p, v) for p, v in places(game.view(state)).items()
                     if not any("." in str(part) for part in p) and not isinstance(v, (dict, list))]
            picked = dict(chooser.sample(known, min(3, len(known))))
            checks = ", ".join(f"{'.'.join(map(str, p))}: {cut.scalar(v)}" for p, v in picked.items())
            lines.append(f"  - expect: {{{checks}}}")
    return head + "moves:\n" + "\n".join(lines) + "\n", state


@pytest.mark.parametrize("name", GAMES)
def test_a_long_random_game_kept_as_a_record_replays_and_examples_cut_from_it_hold(name):
    game, start, seed, moves = longest_game(name)
    text, final = with_checkpoints(game, start, seed, moves)
    assert len(moves) >= LONG or game.is_over(final), "a game shorter than 200 moves must have ended"
    record = read(f"{name}.yaml", text)
    outcome = replay(record, keep_states=True)
    assert outcome.ok, outcome.report()
    assert outcome.played == len(moves) and record.checkpoint_count() == len(moves) // 25
    chooser = random.Random(name)
    for at in sorted(chooser.sample(range(len(moves)), min(20, len(moves)))):
        text = cut.cut(outcome.record, outcome.result, at, chooser.randint(1, 3))
        result = evaluate(example_from(text))
        assert result.ok, text + "\n" + result.report()


@pytest.mark.parametrize("name", GAMES)
def test_a_scripted_play_session_saves_an_example_that_holds(name, tmp_path):
    game = get_game(name)
    session = Session(game, game.resolve_settings({}), {"preset": next(iter(game.presets))}, seed=2)
    chooser = random.Random(name)
    for _ in range(6):
        legal = session.legal()
        if not legal:
            break
        assert session.handle(str(chooser.randint(1, len(legal)))).startswith("  ")
    assert session.handle(f"save example {tmp_path / 'cut.md'} 2").startswith("Wrote the example")
    assert evaluate(example_from((tmp_path / "cut.md").read_text())).ok


@pytest.mark.parametrize("name", GAMES)
def test_random_play_keeps_every_law_and_a_failure_reads_as_an_example(name):
    """The games' laws, dead ends, listed moves and written positions, checked by ``rulewright
    fuzz`` itself (Hypothesis choosing the moves and chance): a failure is printed as the example
    that shows it."""
    game = get_game(name)
    start = fuzz.Start(game, game.resolve_settings({}), {"preset": next(iter(game.presets))})
    findings, played = fuzz.fuzz(start, games=3, moves=60, seed=GAMES.index(name))
    assert not findings, fuzz.report(start, findings, seed=GAMES.index(name))
    assert played > 0
