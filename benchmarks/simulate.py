"""Speed figures of simulated play (`rulewright simulate`), part of `make bench`, or alone:
`python benchmarks/simulate.py` (`--no-workers` leaves out the two-worker run).

Targets (on the 2-core reference machine):
- the searching agents make a decision fast enough that a few dozen games of a short book game
  take about a minute: OpenSpiel's MCTS (`mcts`, 100 simulations a move) at least 5 decisions a
  second on Heaps and Hush, its information-set search (`ismcts`, 100 simulations) at least 5 a
  second on Hush; the longer games are reported, with no target (their moves are slower);
- a first balance answer, 1,000 random games of Hush, within a minute;
- two workers play a run at least 1.7 times as fast as one (wall time).
Each figure gives CPU time beside wall time: on a shared machine wall time drifts, CPU time less.
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rulewright.book import config, registry  # noqa: E402
from rulewright.game import Rng  # noqa: E402
from rulewright.play import runner, simulate  # noqa: E402
from rulewright.scenario.playing import set_up  # noqa: E402

DECISIONS_TARGET = 5.0       # decisions a second, 100 simulations each, on Heaps and Hush
BALANCE_TARGET_S = 60.0      # 1,000 random games of Hush
SPEEDUP_TARGET = 1.7         # two workers against one
SEARCHES = [("rulewright-demo", "mcts"), ("hush", "mcts"), ("hush", "ismcts"), ("powerup", "mcts"),
            ("bus", "mcts"), ("muck-and-brass", "mcts"), ("1870", "mcts")]


def clocks():
    return time.perf_counter(), time.process_time()


def bench_decisions(name: str, kind: str, decisions: int = 6, simulations: int = 100, seed: int = 1) -> None:
    """How many moves an agent decides a second, from the game's first preset, playing its own
    moves for every seat (each decision searched with ``simulations`` simulations)."""
    from rulewright.play.openspiel import Searcher

    game = registry.get_game(name)
    settings = game.resolve_settings({})
    state = set_up(game, {"preset": next(iter(game.presets))}, settings, Rng(seed))
    searcher = Searcher(kind, game, settings, state, seed, simulations)
    made = 0
    wall, cpu = clocks()
    while made < decisions and not game.is_over(state):
        legal = game.legal_actions(state)
        if not legal:
            break
        action = searcher.choose(state, legal)
        game.apply(state, action)
        game.settle(state)
        made += 1
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    rate = made / wall if wall else float("inf")
    target = f" (target {DECISIONS_TARGET:.0f}, ratio {rate / DECISIONS_TARGET:.1f})" \
        if name in ("rulewright-demo", "hush") else ""
    print(f"{kind} decisions, {name}: {made} decisions of {simulations} simulations in {wall:.1f} s wall, "
          f"{cpu:.1f} s CPU = {rate:.1f} decisions/s{target}")


def bench_balance(games: int = 1000) -> None:
    """The first balance answer a designer asks for: 1,000 random games of Hush, in this process."""
    game = registry.get_game("hush")
    job = simulate.make_job(game, game.resolve_settings({}), "two", "random", 1000, 1)
    wall, cpu = clocks()
    played = runner.run(job, games)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(f"random games, hush: {len(played)} games in {wall:.1f} s wall, {cpu:.1f} s CPU = "
          f"{len(played) / wall:,.0f} games/s (target {BALANCE_TARGET_S:.0f} s for 1,000, ratio "
          f"{wall / BALANCE_TARGET_S:.2f})")


def bench_workers(games: int = 400) -> None:
    """The same run of powerUp's random games on one worker and on two (a local Dask cluster, its
    start-up included, as a designer's run pays it)."""
    game = registry.get_game("powerup")
    job = simulate.make_job(game, game.resolve_settings({}), "demo", "random", 1000, 1)
    times = {}
    for workers in (1, 2):
        wall = time.perf_counter()
        runner.run(job, games, workers)
        times[workers] = time.perf_counter() - wall
    speedup = times[1] / times[2]
    print(f"random games, powerup, {games} games: one worker {times[1]:.1f} s, two workers {times[2]:.1f} s wall "
          f"= {speedup:.2f}x (target {SPEEDUP_TARGET}x, ratio {speedup / SPEEDUP_TARGET:.2f})")


def main(workers: bool = True) -> None:
    config.load(Path(__file__).resolve().parents[1]).activate()
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        print("simulated play: OpenSpiel is not installed (pip install 'rulewright[simulate]'); no agent figures.")
    else:
        for name, kind in SEARCHES:
            bench_decisions(name, kind)
    bench_balance()
    if workers:
        bench_workers()


if __name__ == "__main__":
    main(workers="--no-workers" not in sys.argv)
