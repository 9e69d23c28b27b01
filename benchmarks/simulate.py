"""Speed figures of simulated play (`rulewright simulate`), part of `make bench`, or alone:
`python benchmarks/simulate.py` (`--no-workers` leaves out the one-worker-against-two runs,
`--workers-only` runs only them). It takes about three minutes on the 2-core reference machine.

What it measures, each figure with CPU time beside wall time (on a shared machine wall time drifts,
CPU time less; the machine's load is printed beside the worker figures):
- random games a second for every book game, played as `rulewright simulate` plays them (the game's
  first preset, the move limit of 1,000): each game for about RANDOM_BUDGET_S, at least MIN_GAMES
  games. Where random play cannot finish a game (1870, Muck & Brass) it says so, with the limit and
  how many games hit it;
- the searching agents' decisions a second, from the game's first preset, OpenSpiel's MCTS
  (`mcts`) on every book game and its information-set search (`ismcts`) on Hush: six decisions of
  100 simulations each, except where a decision takes far longer (Bus, Muck & Brass and 1870, whose
  moves are slow to list); those are trimmed to fewer decisions or simulations, and the line says
  what was measured;
- a first balance answer: 1,000 random games of Hush, in this process;
- `rulewright simulate` on one worker and on two (a local Dask cluster), the same run and seed,
  as a designer runs it (the command's own process, its start-up included), twice each in the order
  one, two, two, one: the speed-up, the CPU time of both (the command's and its workers'), the share
  of the cores each had, whether the JSON is the same, and how much of the two workers' extra CPU time
  is starting them (a run of two games).

Targets (on the 2-core reference machine):
- MCTS and ISMCTS at least 5 decisions a second (100 simulations each) on Heaps and Hush; the
  longer games have no target (their moves are slower);
- 1,000 random games of Hush within a minute;
- two workers at least 1.7 times as fast as one (wall time).
"""
from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rulewright.book import config, registry  # noqa: E402
from rulewright.game import Rng  # noqa: E402
from rulewright.play import runner, simulate  # noqa: E402
from rulewright.scenario.playing import set_up  # noqa: E402

DECISIONS_TARGET = 5.0       # decisions a second, 100 simulations each, on Heaps and Hush
BALANCE_TARGET_S = 60.0      # 1,000 random games of Hush
SPEEDUP_TARGET = 1.7         # two workers against one
GAMES = ("rulewright-demo", "hush", "powerup", "bus", "muck-and-brass", "1870")
MOVE_LIMIT = 1000            # rulewright simulate's default
RANDOM_BUDGET_S = 3.0        # each game's random games are played for about this long
MIN_GAMES = 3
SIMULATIONS = 100            # the searching agents' default a decision
# (game, agent, decisions, simulations a decision): the slow games trimmed, as their lines say
SEARCHES = [("rulewright-demo", "mcts", 6, 100), ("hush", "mcts", 6, 100), ("hush", "ismcts", 6, 100),
            ("powerup", "mcts", 6, 100), ("bus", "mcts", 2, 100), ("muck-and-brass", "mcts", 2, 10),
            ("1870", "mcts", 2, 10)]
WORKERS_RUN = ("bus", 600)   # the run played on one worker and on two: long enough that starting two workers
#                              (several seconds on a loaded machine) does not decide the figure alone


def clocks():
    return time.perf_counter(), time.process_time()


def since(wall: float, cpu: float) -> tuple[float, float]:
    return time.perf_counter() - wall, time.process_time() - cpu


def verdict(met: bool) -> str:
    return "target met" if met else "TARGET MISSED"


def bench_random(name: str) -> None:
    """Random games of ``name`` as `rulewright simulate` plays them, for about RANDOM_BUDGET_S."""
    game = registry.get_game(name)
    job = simulate.make_job(game, game.resolve_settings({}), next(iter(game.presets)), "random", MOVE_LIMIT, 1)
    simulate.load_game(job)
    played = []
    wall, cpu = clocks()
    while len(played) < MIN_GAMES or time.perf_counter() - wall < RANDOM_BUDGET_S:
        played.append(simulate.play_game(job, len(played)))
    wall, cpu = since(wall, cpu)
    moves = sum(g.moves for g in played)
    stopped = sum(g.stopped for g in played)
    ended = sum(g.over for g in played)
    line = (f"random games, {name}: {len(played)} games ({moves:,} moves) in {wall:.1f} s wall, {cpu:.1f} s CPU = "
            f"{len(played) / wall:,.1f} games/s ({len(played) / cpu:,.1f} a CPU second), {moves / wall:,.0f} moves/s; "
            f"{ended} ended by the rules")
    if stopped:
        line += f", {stopped} stopped at the move limit of {MOVE_LIMIT:,}"
    if stopped == len(played):
        line += (f" (random play finished no game of {game.title} within the limit; each of these is "
                 f"{MOVE_LIMIT:,} moves of an unfinished game)")
    print(line)


def bench_decisions(name: str, kind: str, decisions: int = 6, simulations: int = SIMULATIONS, seed: int = 1) -> None:
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
    wall, cpu = since(wall, cpu)
    rate = made / wall if wall else float("inf")
    line = (f"{kind} decisions, {name}: {made} decisions of {simulations} simulations in {wall:.1f} s wall, "
            f"{cpu:.1f} s CPU = {rate:.2f} decisions/s ({made / cpu if cpu else float('inf'):.2f} a CPU second)")
    if name in ("rulewright-demo", "hush"):
        line += f" (target {DECISIONS_TARGET:.0f}, ratio {rate / DECISIONS_TARGET:.2f}: {verdict(rate >= DECISIONS_TARGET)})"
    elif decisions < 6 or simulations < SIMULATIONS:
        a_decision = wall / made * SIMULATIONS / simulations if made else float("nan")
        line += (f" (trimmed from 6 decisions of {SIMULATIONS} simulations: its moves are slow to list; a decision "
                 f"of {SIMULATIONS} simulations would take about {a_decision:.0f} s, estimated as "
                 f"{SIMULATIONS // simulations} times this one; no target)" if simulations < SIMULATIONS else
                 " (trimmed from 6 decisions: its moves are slow to list; no target)")
    print(line)


def bench_balance(games: int = 1000) -> None:
    """The first balance answer a designer asks for: 1,000 random games of Hush, in this process."""
    game = registry.get_game("hush")
    job = simulate.make_job(game, game.resolve_settings({}), "two", "random", MOVE_LIMIT, 1)
    wall, cpu = clocks()
    played = runner.run(job, games)
    wall, cpu = since(wall, cpu)
    print(f"first balance answer, hush: {len(played):,} random games in {wall:.1f} s wall, {cpu:.1f} s CPU = "
          f"{len(played) / wall:,.0f} games/s (target {BALANCE_TARGET_S:.0f} s for 1,000, ratio "
          f"{wall / BALANCE_TARGET_S:.2f}: {verdict(wall <= BALANCE_TARGET_S)})")


def _command(game: str, games: int, workers: int, out: Path) -> dict:
    """`rulewright simulate` run as a designer runs it: its wall time, the CPU time of the command
    and of every process it started (its Dask workers, once they have ended), its JSON, and the
    machine's load average as it began and ended."""
    command = [str(Path(sys.executable).with_name("rulewright")), "simulate", game, "--games", str(games), "--seed",
               "1", "--workers", str(workers), "--json", str(out)]
    load = os.getloadavg()[0]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    wall = time.perf_counter()
    subprocess.run(command, check=True, cwd=ROOT, capture_output=True)
    wall = time.perf_counter() - wall
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return {"wall": wall, "cpu": cpu, "json": out.read_text(), "load": (load, os.getloadavg()[0])}


def _runs(runs: list[dict]) -> str:
    return ", ".join(f"{r['wall']:.1f} s wall, {r['cpu']:.1f} s CPU (load {r['load'][0]:.1f} to {r['load'][1]:.1f})"
                     for r in runs)


def bench_workers() -> None:
    """The same run of `rulewright simulate` on one worker and on two, twice each in the order one,
    two, two, one (the machine's load drifts; so ordered, a drift falls on both alike); then a run of
    two games on each, whose time is nearly all the start-up of the command and its workers."""
    game, games = WORKERS_RUN
    runs: dict[int, list[dict]] = {1: [], 2: []}
    with tempfile.TemporaryDirectory() as tmp:
        for workers in (1, 2, 2, 1):
            runs[workers].append(_command(game, games, workers, Path(tmp) / f"{workers}-{len(runs[workers])}.json"))
        start_one = _command(game, 2, 1, Path(tmp) / "s1.json")
        start_two = _command(game, 2, 2, Path(tmp) / "s2.json")
    one_wall, two_wall = (sum(r["wall"] for r in runs[w]) for w in (1, 2))
    one_cpu, two_cpu = (sum(r["cpu"] for r in runs[w]) / 2 for w in (1, 2))
    speedup = one_wall / two_wall
    # on a machine other work shares, the two workers get the cores only as far as the others leave
    # them: the wall figure says what this machine gave, not what two workers can do. The CPU figure
    # drifts far less: on two free cores, two workers would at best play their CPU time in half of it
    cpu_bound = one_cpu / (two_cpu / 2)
    same = all(json.loads(r["json"]) == json.loads(runs[1][0]["json"]) for r in runs[1] + runs[2])
    share_one, share_two = (sum(r["cpu"] for r in runs[w]) / sum(r["wall"] for r in runs[w]) for w in (1, 2))
    print(f"rulewright simulate {game} --games {games} --seed 1, run on one worker, two, two, one: one worker "
          f"{_runs(runs[1])}; two workers {_runs(runs[2])} = {speedup:.2f}x by wall time (target {SPEEDUP_TARGET}x, "
          f"ratio {speedup / SPEEDUP_TARGET:.2f}: {verdict(speedup >= SPEEDUP_TARGET)}); the same JSON: "
          f"{'yes' if same else 'NO'}; {os.cpu_count()} cores")
    print(f"  by CPU time: one worker had {share_one:.0%} of a core, two {share_two:.0%} between them (what the "
          f"machine's other work left: {'less than' if share_two < 2 * share_one * 0.9 else 'about'} twice one's "
          f"share); two workers spent {two_cpu / one_cpu:.2f} times the CPU time of one, so on two free cores they "
          f"would be at most {cpu_bound:.2f}x ({verdict(cpu_bound >= SPEEDUP_TARGET)} on CPU time)")
    extra, starting = two_cpu - one_cpu, start_two["cpu"] - start_one["cpu"]
    print(f"  starting: the same command for 2 games takes {start_one['wall']:.1f} s wall, {start_one['cpu']:.1f} s "
          f"CPU on one worker, {start_two['wall']:.1f} s wall, {start_two['cpu']:.1f} s CPU on two (load "
          f"{start_two['load'][0]:.1f}): of the {extra:.1f} s CPU two workers spend beyond one, {starting:.1f} s is "
          "starting the local Dask cluster (each worker process imports Python, Dask and the rulewright command "
          f"anew) and {extra - starting:.1f} s the rest (Dask's messages and bookkeeping while the games run, and "
          "the games themselves playing a little slower beside each other)")


def main(workers: bool = True) -> None:
    config.load(ROOT).activate()
    began = time.perf_counter()
    if "--workers-only" in sys.argv:
        bench_workers()
        return
    for name in GAMES:
        bench_random(name)
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        print("simulated play: OpenSpiel is not installed (pip install 'rulewright[simulate]'); no agent figures.")
    else:
        for name, kind, decisions, simulations in SEARCHES:
            bench_decisions(name, kind, decisions, simulations)
    bench_balance()
    if workers:
        bench_workers()
    print(f"(simulated play's figures took {time.perf_counter() - began:.0f} s)")


if __name__ == "__main__":
    main(workers="--no-workers" not in sys.argv)
