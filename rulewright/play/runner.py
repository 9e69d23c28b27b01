"""Where the games of a run are played: in this process, or as Dask tasks.

``run(job, games, workers=1, scheduler=None, progress=None)`` plays games ``0 .. games-1`` of
``job`` and returns their figures in game order. One worker plays them here, in a row. More
workers start a Dask ``LocalCluster`` on this machine (one process a worker, one thread each);
``scheduler`` names an existing Dask cluster instead (``tcp://host:8786``, a scheduler and workers
started with Dask's own ``dask scheduler`` and ``dask worker`` commands). Games are sent in batches;
each game's seed depends on the run's seed and its number only (``simulate.game_seed``), so the
figures are the same however the games are split.

Dask (the ``distributed`` package) is an optional extra: ``pip install 'rulewright[simulate]'``.
"""
from __future__ import annotations

from typing import Callable

from rulewright.play.simulate import GameFigures, Job, play_games
from rulewright.store import cache

CONNECT_TIMEOUT = "20s"  # how long to wait for a named scheduler before saying it cannot be reached
# The local cluster's own bookkeeping, slowed for a run of games (measured by benchmarks/simulate.py's
# workers' breakdown): each worker's statistical profiler (a sample of the playing thread's stack every
# 10 ms, taking the interpreter lock from it), the event loops' health tick (every 20 ms in the
# scheduler, each nanny and each worker) and the system and memory monitors. With Dask's defaults the
# cluster spent about a tenth of a core on them for as long as it ran; games are long tasks that
# nobody watches on a dashboard. A cluster named by --scheduler keeps its own configuration.
QUIET_CLUSTER = {"distributed.worker.profile.enabled": False, "distributed.admin.tick.interval": "1s",
                 "distributed.admin.system-monitor.interval": "5s",
                 "distributed.worker.memory.monitor-interval": "1s"}


def _batches(games: int, size: int) -> list[range]:
    return [range(start, min(games, start + size)) for start in range(0, games, size)]


def run(job: Job, games: int, workers: int = 1, scheduler: str | None = None,
        progress: Callable[[int], None] | None = None, batch: int | None = None) -> list[GameFigures]:
    """The figures of games ``0 .. games-1`` of ``job``, in game order."""
    if workers <= 1 and not scheduler:
        done: list[GameFigures] = []
        for chunk in _batches(games, batch or 50):
            done += play_games(job, chunk)
            if progress:
                progress(len(done))
        return done
    return _on_dask(job, games, workers, scheduler, progress, batch)


def played(job: Job, games: int) -> list[GameFigures]:
    """The figures of games ``0 .. games-1`` of ``job``, played here once and kept in the store
    (``rulewright.store.cache``): the same job (game, settings, setup, agents, seed, move limit) and
    number of games on the same game code and data, and the same toolchain, are not played again.
    The book's balance claims and its readings' effects are read from these."""
    content = cache.canonical_json({"job": {k: (str(v) if k == "agents" else v) for k, v in job.__dict__.items()
                                            if k not in ("root", "target")},
                                    "agents": [str(a) for a in job.agents], "games": games,
                                    "game": cache.game_fingerprint(job.game)})
    return cache.kept("simulated-games", content, lambda: run(job, games))


def _on_dask(job: Job, games: int, workers: int, scheduler: str | None, progress, batch: int | None):
    try:
        from distributed import Client, as_completed  # noqa: PLC0415 - optional extra [simulate]
    except ImportError:
        raise SystemExit("Playing on several workers needs Dask: pip install 'rulewright[simulate]' "
                         "(or play on one worker: --workers 1).") from None
    cluster = None
    try:
        if scheduler:
            client = Client(scheduler, timeout=CONNECT_TIMEOUT)
        else:
            cluster = local_cluster(workers)
            client = Client(cluster)
    except (OSError, TimeoutError) as error:
        raise SystemExit(f"Cannot reach the Dask scheduler {scheduler or 'on this machine'}: {error}. Start one "
                         "with 'dask scheduler' and its workers with 'dask worker ADDRESS', then give its address "
                         "to --scheduler.") from None
    try:
        # about sixteen batches a worker (at most 50 games each): a worker that is done while another
        # plays its last batch waits for it, and with four batches a worker that wait was a few per
        # cent of a run's wall time; a batch's own cost (a message each way) is small beside its games
        size = batch or max(1, min(50, -(-games // (16 * max(1, workers)))))
        futures = client.map(play_games, [job] * len(_batches(games, size)), _batches(games, size), pure=False)
        found: list[GameFigures] = []
        for future in as_completed(futures):
            found += future.result()
            if progress:
                progress(len(found))
        return sorted(found, key=lambda g: g.index)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def local_cluster(workers: int):
    """A Dask cluster on this machine: ``workers`` processes of one thread each, with its bookkeeping
    slowed (``QUIET_CLUSTER``; the nannies hand this configuration to the worker processes they
    start)."""
    import dask  # noqa: PLC0415 - optional extra [simulate]
    from distributed import LocalCluster  # noqa: PLC0415 - optional extra [simulate]

    with dask.config.set(QUIET_CLUSTER):
        return LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None)
