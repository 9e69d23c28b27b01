"""The designer's daily loop, timed (issue 23, item 9), each figure printed with its target and ratio:

- ``make rulebook`` with nothing changed (target 2 s), beside the same build with the no-change
  check left out (``make editions``, what ``make rulebook`` did before), in the same run;
- a one-page prose edit of a 25-page book rebuilt, both editions, HTML and PDF (target 8 s);
- ``make serve`` on a small book: a prose edit shown (target 1 s) and an engine edit shown
  (target 2 s), from the save to the rewritten page on disk.
"""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import book25  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"
NO_CHANGE_TARGET_S = 2.0
EDIT_TARGET_S = 8.0
SERVE_PROSE_TARGET_S = 1.0
SERVE_ENGINE_TARGET_S = 2.0


def make(root: Path, *targets: str) -> float:
    """``make TARGETS`` in ``root`` with this repository's environment, which is taken as it is (-o):
    the book's project is not installed into it (its game's name would then be taken for good)."""
    began = time.perf_counter()
    subprocess.run(["make", "-s", "-C", str(root), f"VENV={VENV}", "-o", f"{VENV}/.installed", *targets], check=True,
                   capture_output=True)
    return time.perf_counter() - began


def report(what: str, seconds: float, target: float, extra: str = "") -> None:
    print(f"{what}: {seconds:.2f} s (target under {target:.0f} s, ratio {seconds / target:.2f}){extra}")


def bench_no_change(root: Path, name: str) -> None:
    """``root``'s book must have been built by ``make rulebook`` just before."""
    make(root, "rulebook")  # anything left to do is done here, untimed
    quick = min(make(root, "rulebook") for _ in range(3))
    slow = make(root, "editions")
    make(root, "rulebook")  # the outputs ``editions`` rewrote are noted again
    report(f"make rulebook, nothing changed, {name}", quick, NO_CHANGE_TARGET_S,
           f"; every Sphinx process started anyway (make editions): {slow:.1f} s, {slow / quick:.0f}x")


def bench_book25(where: Path) -> None:
    book25.make(where)
    clean = make(where, "rulebook")
    chapters = len(list((where / "rulebook").glob("chapter-*.md")))
    print(f"{book25.PAGES}-page book (rulewright new and {chapters} chapters), make rulebook from clean: {clean:.1f} s")
    bench_no_change(where, "25-page book")
    book25.edit_prose(where)
    report("25-page book, one page's prose edited, make rulebook (both editions, HTML and PDF)",
           make(where, "rulebook"), EDIT_TARGET_S)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _until(predicate, limit: float = 120.0) -> float:
    """Seconds until ``predicate()`` holds (polled every 20 ms)."""
    began = time.perf_counter()
    while not predicate():
        if time.perf_counter() - began > limit:
            raise TimeoutError("the preview did not show the change")
        time.sleep(0.02)
    return time.perf_counter() - began


def bench_serve(where: Path) -> None:
    """``rulewright serve`` on the starter project of ``rulewright new`` (six pages)."""
    subprocess.run([sys.executable, "-m", "rulewright.cli", "new", str(where), "--game", "smallgame"], check=True,
                   capture_output=True)
    page, out = where / "rulebook" / "rules.md", where / "_build" / "html" / "rules.html"
    engine = where / "smallgame" / "game.py"
    log = open(where / "serve.log", "w")
    server = subprocess.Popen([sys.executable, "-m", "rulewright.cli", "serve", "--port", str(_free_port())],
                              cwd=where, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        _until(lambda: out.is_file() and "verified" in out.read_text(encoding="utf-8"))
        time.sleep(3)  # the first build settled
        prose = []
        for n in range(3):
            marker = f"A sentence saved in the preview, number {n}."
            page.write_text(page.read_text(encoding="utf-8") + f"\n{marker}\n", encoding="utf-8")
            prose.append(_until(lambda: marker in out.read_text(encoding="utf-8")))
            time.sleep(1)
        engines = []
        for n in range(2):
            before = out.stat().st_mtime_ns
            engine.write_text(engine.read_text(encoding="utf-8") + f"\n# an engine edit, number {n}\n",
                              encoding="utf-8")
            engines.append(_until(lambda: out.stat().st_mtime_ns != before))
            time.sleep(1)
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(20)
        log.close()
    report("make serve, small book, a prose edit shown (median of 3)", sorted(prose)[1], SERVE_PROSE_TARGET_S)
    report("make serve, small book, an engine edit shown (slower of 2)", max(engines), SERVE_ENGINE_TARGET_S)


def main(own_book_built: bool = False) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        bench_book25(Path(tmp) / "book25")
        bench_serve(Path(tmp) / "small")
    if own_book_built:
        bench_no_change(ROOT, "this repository's book")


if __name__ == "__main__":
    main(own_book_built="--own" in sys.argv)
