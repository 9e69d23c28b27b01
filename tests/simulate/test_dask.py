"""The same seed gives the same figures on one worker, on a local Dask cluster of two workers, and on
a Dask cluster started as a user starts one (``dask scheduler``, ``dask worker``)."""
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from rulewright.cli import main

pytest.importorskip("scipy")
pytest.importorskip("distributed", reason="Dask (distributed) is the optional extra rulewright[simulate]")

ROOT = Path(__file__).resolve().parents[2]
ARGS = ["simulate", "duel", "--games", "60", "--seed", "7", "--agents", "greedy,random", "--json", "-"]


def figures(capsys, *extra) -> dict:
    assert main(ARGS + list(extra)) == 0
    return json.loads(capsys.readouterr().out)


def test_two_local_workers_give_the_figures_of_one(capsys):
    one = figures(capsys)
    assert one["figures"]["games"] == 60 and one["figures"]["seats"]
    assert figures(capsys, "--workers", "2") == one


def test_a_cluster_started_with_dasks_own_commands_gives_the_figures_of_one(capsys, tmp_path):
    one = figures(capsys)
    address_file = tmp_path / "scheduler.json"
    dask = str(Path(sys.executable).with_name("dask"))
    env = {**os.environ, "PYTHONPATH": str(ROOT)}  # the workers import this repository's test game
    started = [subprocess.Popen([dask, "scheduler", "--no-dashboard", "--host", "127.0.0.1", "--port", "0",
                                 "--scheduler-file", str(address_file)], cwd=ROOT, env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)]
    try:
        deadline = time.monotonic() + 60
        while not address_file.exists() and time.monotonic() < deadline:
            time.sleep(0.2)
        assert address_file.exists(), "the Dask scheduler did not start within a minute"
        address = json.loads(address_file.read_text())["address"]
        started.append(subprocess.Popen([dask, "worker", address, "--nworkers", "2", "--nthreads", "1",
                                         "--no-dashboard"], cwd=ROOT, env=env,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        from distributed import Client

        with Client(address, timeout="30s") as client:
            client.wait_for_workers(2, timeout=60)
        assert figures(capsys, "--scheduler", address) == one
    finally:
        for process in reversed(started):
            process.terminate()
        for process in started:
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()


def test_the_local_clusters_workers_play_without_dasks_profiler():
    """Dask's worker samples the playing thread's stack every 10 ms and checks its event loop every
    20 ms; over a run of games that cost about a tenth of a core (benchmarks/simulate.py). The local
    cluster's workers, started in their own processes, run with both slowed or off."""
    import dask
    from distributed import Client

    from rulewright.play import runner

    with runner.local_cluster(2) as cluster, Client(cluster) as client:
        found = client.run(lambda: {key: dask.config.get(key) for key in runner.QUIET_CLUSTER})
    assert len(found) == 2
    for settings in found.values():
        assert settings["distributed.worker.profile.enabled"] is False
        assert settings["distributed.admin.tick.interval"] == "1s"
    assert dask.config.get("distributed.worker.profile.enabled") is True  # this process's own is left as it was


def test_an_unreachable_scheduler_is_said_plainly(monkeypatch):
    from rulewright.play import runner

    monkeypatch.setattr(runner, "CONNECT_TIMEOUT", "2s")
    with pytest.raises(SystemExit) as stopped:
        main(["simulate", "duel", "--games", "2", "--scheduler", "tcp://127.0.0.1:9"])
    assert "Cannot reach the Dask scheduler tcp://127.0.0.1:9" in str(stopped.value)
