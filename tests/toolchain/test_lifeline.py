"""Helper processes end with the process that forked them, however it is stopped (``lifeline``).

The small tests fork a helper from a stand-in parent and kill the parent; the last one stops a real
two-edition build (``rulewright.sphinx.both``) part-way, with SIGTERM and with SIGKILL, and looks
for any of its processes a few seconds later.
"""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not hasattr(os, "fork") or not Path("/proc").is_dir(),
                                reason="forked helpers and /proc are this test's subject: this platform has neither")

ROOT = Path(__file__).resolve().parents[2]

# A stand-in for a build: forks one helper (tied or not), says the helper's process ID, then waits.
PARENT = textwrap.dedent("""
    import os, sys, threading, time
    from rulewright.runtime import lifeline
    how = sys.argv[1]

    def fork():
        parent = lifeline.forker()
        pid = os.fork()
        if pid == 0:
            if how == "watching":
                lifeline.tie_to(parent[0], from_main_thread=False)
            elif how != "untied":
                lifeline.tie_to(*parent)
            time.sleep(60)
            os._exit(0)
        print(pid, flush=True)

    if how == "from a thread":  # the thread that forks ends at once; the process goes on
        thread = threading.Thread(target=fork)
        thread.start()
        thread.join()
    else:
        fork()
    time.sleep(60)
""")


def alive(pid: int) -> bool:
    """Whether ``pid`` is a running process (a zombie, ended but not yet reaped, is not)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError, IndexError):
        return False
    return state not in ("Z", "X")


def gone_within(pids, seconds: float) -> set[int]:
    """Those of ``pids`` still running after ``seconds`` (as soon as none is, the empty set)."""
    deadline = time.monotonic() + seconds
    left = set(pids)
    while left and time.monotonic() < deadline:
        left = {pid for pid in left if alive(pid)}
        time.sleep(0.1)
    return {pid for pid in left if alive(pid)}


def helper_of(how: str) -> tuple[subprocess.Popen, int]:
    parent = subprocess.Popen([sys.executable, "-c", PARENT, how], stdout=subprocess.PIPE, text=True, cwd=ROOT)
    return parent, int(parent.stdout.readline())


@pytest.mark.parametrize("how", ["kernel", "watching", "from a thread"])
def test_a_tied_helper_ends_when_its_parent_is_killed(how):
    parent, helper = helper_of(how)
    time.sleep(0.5)  # (a fork by a thread that has ended must not end with that thread)
    assert alive(helper), "the helper ended before its parent did"
    parent.kill()
    parent.wait()
    assert not gone_within([helper], 5), f"the helper tied by {how!r} outlived its parent"


def test_an_untied_helper_outlives_its_parent():
    """What the ties are for, and proof the tests above can fail: an untied fork goes on."""
    parent, helper = helper_of("untied")
    try:
        parent.kill()
        parent.wait()
        assert gone_within([helper], 1.5) == {helper}
    finally:
        os.kill(helper, signal.SIGKILL)


def descendants(pid: int) -> set[int]:
    """The processes under ``pid`` now (its children, theirs, ...)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(ppid, []).append(int(entry.name))
    found, todo = set(), [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.add(child)
            todo.append(child)
    return found


def pythons(pids) -> set[int]:
    """Those of ``pids`` that are Python processes: the builds' forks and their helpers (the
    compilers and linkers a library may run for a moment are not what this test is about)."""
    found = set()
    for pid in pids:
        try:
            if Path(f"/proc/{pid}/comm").read_text().startswith("python"):
                found.add(pid)
        except OSError:
            pass
    return found


@pytest.mark.slow
@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGKILL], ids=["SIGTERM", "SIGKILL"])
def test_a_build_stopped_midway_leaves_no_process(tmp_path, stop):
    build = subprocess.Popen([sys.executable, "-m", "rulewright.sphinx.both", str(tmp_path / "_build"), "rulebook",
                              "--", "-q", "-c", "."], cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    seen: set[int] = set()
    try:
        # Both editions' readings are forks of the warm process, and each forks its measuring
        # process and its drawing processes: wait for the build to have helpers of its own. (The
        # fourth comes some 20 s in on an idle machine; under a load of 10 or more on two cores it
        # took over 120 s, the wait this test first had: the wait is long, and ends once they are there.)
        deadline = time.monotonic() + 600
        while len(seen) < 4 and time.monotonic() < deadline and build.poll() is None:
            seen |= pythons(descendants(build.pid))
            time.sleep(0.05)
        ended = build.poll()
        assert len(seen) >= 4, (f"the build ended (exit {ended}) before it had helpers: {sorted(seen)}" if ended is not None
                                else f"the build had no more than these helpers in 600 s: {sorted(seen)}")
        seen |= pythons(descendants(build.pid))
        build.send_signal(stop)
        build.wait(timeout=30)
        left = gone_within(seen, 5)
        assert not left, f"after {stop.name}, {len(left)} of the build's {len(seen)} processes still run"
    finally:
        build.kill()
        for pid in seen:
            if alive(pid):
                os.kill(pid, signal.SIGKILL)
