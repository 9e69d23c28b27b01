"""Speed figures for the toolchain and the engines: `make bench` (or `python benchmarks/run.py`).

It prints figures and their ratio to the targets below; it asserts nothing and is not a test.
Targets (on the 2-core reference machine):
- every rulebook example evaluated in well under the time a designer waits for `make test`
  (target: 10 s for the whole book, single process);
- the evaluator adds little to the engine: playing an example through evaluate() costs at most
  3 times playing the same moves on the engine directly (parsing YAML and copying states);
- random legal play, as the property tests do it, runs at least 200 moves a second per game;
- `make rulebook` builds both editions (player's and designer's, HTML and PDF, side by side) in
  less wall time than one edition took before there were two: the book of commit 19a1c6c, whose
  `make rulebook` (one edition, HTML then PDF) took 57 s on the day the target was set. A shared
  2-core machine's speed drifts (the same old build took 68 to 85 s here on 2026-11-23), so the
  bench builds that old book again, right before today's, and prints the ratio of the two (the
  target is a ratio below 1);
  each edition's time alone is reported too. Left out with `--no-rulebook` (the builds take
  minutes); `--no-baseline` leaves out the old book.
- a game record replays (`rulewright replay`: read, every move played, every checkpoint held) at
  least 2,000 moves a second for Bus and powerUp and 300 for 1870 and Muck & Brass, on one core;
  `rulewright example --at` (replaying the record to the position, then cutting) answers in under
  a second; the 893-action 18xx.games record of 1870 (../shared/reference/1870-records/) converts
  and replays to its final values in under 5 s (`python benchmarks/run.py --record-only` alone);
- `make test` draws and renders every example's diagrams as the book build does: at most 50 ms
  a diagram, so a book of a few hundred diagrams adds seconds, not minutes;
- 1870's exact best routes (`hexroutes.best_routes`, from the map to the routes: the track's graph
  built, every route listed, the best set found) on every position where a corporation ran its
  trains in the four 18xx.games records (`../shared/reference/1870-records/`, left out when that
  folder is missing): under 1 s each, median under 100 ms;
- the whole printed 1870 map drawn (its DOT written and rendered with the book's Graphviz): under
  0.5 s (`python benchmarks/run.py --map-only` alone);
- the HTML build costs little more than plain Sphinx + MyST building the same pages with the
  examples as plain code blocks (and the API reference page as the autodoc directives the book's
  directive expands to, built by the same autodoc): a full build at most 2x, an incremental build after editing one
  page at most 2x the plain incremental build (figures printed as ratios); the PDF build after the
  HTML one plays no example again (one evaluation per example per build, shared by the builders);
- simulated play (benchmarks/simulate.py, about three minutes; alone with `--simulate-only`): random
  games a second for every book game (where random play cannot finish one, the games that hit the
  move limit), the searching agents' decisions a second (the slow games trimmed, as their lines
  say), 1,000 random games of Hush within a minute, `rulewright simulate` on two workers at least
  1.7x one;
- the designer's daily loop (benchmarks/daily.py): `make rulebook` with nothing changed under 2 s,
  a one-page prose edit of a 25-page book rebuilt in under 8 s, `make serve` showing a prose edit
  within 1 s and an engine edit within 2 s.
"""
from __future__ import annotations

import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rulewright.game import Rng, step  # noqa: E402
from rulewright.book.diagrams import dot_program, draw_all  # noqa: E402
from rulewright.book.registry import game_names, get_game  # noqa: E402
from rulewright.book import scanner  # noqa: E402
from rulewright.problems import ExampleProblem  # noqa: E402
from rulewright.scenario import evaluate, start  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
BUILD_RATIO_TARGET = 2.0
BOOK_TARGET_S = 10.0
OVERHEAD_TARGET = 3.0
MOVES_TARGET = 200.0
REBUILD_TARGET_S = 57.0
BASELINE = "19a1c6c"  # the last commit with one edition: the build the rulebook target compares with
DIAGRAM_TARGET_MS = 50.0
ROUTES_WORST_TARGET_S = 1.0
WHOLE_MAP_TARGET_S = 0.5  # issue 21: drawing a full-map diagram
ROUTES_MEDIAN_TARGET_MS = 100.0
RECORDS_1870 = ROOT.parent / "shared" / "reference" / "1870-records"


def timed(fn, repeat=3):
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def playable(examples):
    """The examples that can be played at all (a malformed one is `make test`'s business)."""
    out = []
    for decl in examples:
        try:
            scenario = decl.parse()
            evaluate(scenario)
        except ExampleProblem as problem:
            print(f"  (left out: {problem})")
            continue
        out.append(scenario)
    return out


def bench_book():
    examples = scanner.scan().examples
    scenarios = playable(examples)
    parse_s = timed(lambda: [d.parse() for d in examples if d.id in {s.id for s in scenarios}])
    eval_s = timed(lambda: [evaluate(s) for s in scenarios])
    per = [timed(lambda s=s: evaluate(s), repeat=1) for s in scenarios]
    print(f"rulebook: {len(scenarios)} examples")
    print(f"  parse all:     {parse_s * 1000:8.1f} ms")
    print(f"  evaluate all:  {eval_s * 1000:8.1f} ms   ({len(scenarios) / eval_s:,.0f} examples/s; "
          f"target {BOOK_TARGET_S:.0f} s, ratio {eval_s / BOOK_TARGET_S:.3f})")
    if per:
        slow = sorted(zip(per, scenarios), key=lambda p: -p[0])[:3]
        print(f"  median example {statistics.median(per) * 1000:.2f} ms; slowest: "
              + ", ".join(f"{s.id} {t * 1000:.1f} ms" for t, s in slow))
    return scenarios


def bench_overhead(scenarios):
    """evaluate() against the same moves played on the engine directly."""
    ratios = []
    for s in scenarios:
        game = get_game(s.game_name)
        items = [(None, i) if isinstance(i, str) else next(iter(i.items())) for i in s.data.get("do") or []
                 if not (isinstance(i, dict) and "expect" in i)]

        def raw():
            state = start(s)[2]  # the same setting up (presets, shared positions) as evaluate()
            for actor, text in items:
                try:
                    state = step(game, state, game.parse_action(state, actor, str(text))).state
                except Exception:
                    break
            game.view(state)

        ratios.append(timed(lambda: evaluate(s)) / max(timed(raw), 1e-9))
    if ratios:
        med = statistics.median(ratios)
        print(f"evaluator overhead: median {med:.2f}x the raw engine (target <= {OVERHEAD_TARGET:.0f}x, "
              f"ratio {med / OVERHEAD_TARGET:.2f})")


def bench_diagrams(scenarios):
    """Drawing (the game's DOT) and rendering (Graphviz to SVG) every diagram, as `make test` does."""
    results = [r for r in (evaluate(s) for s in scenarios) if r.ok and r.scenario.diagram]
    start = time.perf_counter()
    drawn = sum(len(draw_all(r)) for r in results)
    elapsed = time.perf_counter() - start
    if drawn:
        each = elapsed / drawn * 1000
        print(f"diagrams: {drawn} drawn and rendered with {Path(dot_program()).name} in {elapsed:.2f} s = "
              f"{each:.0f} ms each (target {DIAGRAM_TARGET_MS:.0f} ms, ratio {each / DIAGRAM_TARGET_MS:.2f})")


def bench_random_play(name, preset, moves=300, seed=1):
    game = get_game(name)
    if preset not in game.presets:
        return
    rng = Rng(seed)
    state = game.new_state(game.presets[preset], game.resolve_settings({}), Rng(seed))
    done = 0
    start = time.perf_counter()
    while done < moves:
        legal = game.legal_actions(state)
        if not legal:
            break
        state = step(game, state, rng.choice(legal)).state
        done += 1
    elapsed = time.perf_counter() - start
    rate = done / elapsed if elapsed else float("inf")
    print(f"random legal play, {name} ({preset}): {done} moves in {elapsed * 1000:.0f} ms = {rate:,.0f} moves/s "
          f"(target {MOVES_TARGET:.0f}, ratio {rate / MOVES_TARGET:.1f})")


FUZZ_RATIO_TARGET = 1.5  # Hypothesis's choosing costs at most half as much again per move


def bench_fuzz(name, preset, games=8, moves=60, seed=1):
    """``rulewright fuzz``'s moves per CPU second with Hypothesis choosing the moves and chance,
    against the same play and checks with a seeded chooser (what fuzz did before Hypothesis), both
    measured here, now, in CPU time."""
    import random

    from rulewright.play import fuzz

    game = get_game(name)
    start = fuzz.Start(game, game.resolve_settings({}), {"preset": preset})

    def plain():
        played = 0
        for number in range(games):
            chooser = random.Random(seed + number)
            _, count = fuzz._play_one(start, start.state(seed + number), chooser.choice, moves, True)
            played += count
        return [], played

    rates = {}
    for label, run in (("Hypothesis", lambda: fuzz.fuzz(start, games, moves, seed)), ("seeded", plain)):
        cpu, wall = time.process_time(), time.perf_counter()
        findings, played = run()
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        rates[label] = (played / cpu if cpu else float("inf"), played, cpu, wall, len(findings))
    (fast, *_), (slow, played, cpu, wall, found) = rates["seeded"], rates["Hypothesis"]
    print(f"fuzz, {name} ({preset}): {played} moves in {cpu:.2f} s CPU ({wall:.2f} s wall) = {slow:,.0f} moves per CPU s "
          f"with Hypothesis, {fast:,.0f} seeded; cost per move {fast / slow:.2f}x (target at most "
          f"{FUZZ_RATIO_TARGET}x){f'; {found} finding(s)' if found else ''}")


REPLAY_TARGETS = {"bus": 2000.0, "powerup": 2000.0, "1870": 300.0, "muck-and-brass": 300.0}
CUT_TARGET_S = 1.0


def bench_replay(name, moves=400, seeds=range(1, 9)):
    """Replay speed of the longest of a few random legal games, written as a record; and how long
    ``rulewright example --at`` takes at the middle of it."""
    from rulewright.play import cut, fuzz
    from rulewright.play.record import read, write
    from rulewright.play.replay import replay

    game = get_game(name)
    if not game.presets:
        return
    preset = next(iter(game.presets))
    start = fuzz.Start(game, game.resolve_settings({}), {"preset": preset})
    seed, played = max(((s, fuzz.random_game(start, s, moves)) for s in seeds), key=lambda pair: len(pair[1]))
    text = write(game, setup={"preset": preset}, moves=played, seed=seed)
    elapsed = timed(lambda: replay(read("bench.yaml", text)))
    rate = len(played) / elapsed
    target = REPLAY_TARGETS.get(name, 300.0)
    print(f"replay, {name}: a record of {len(played)} moves in {elapsed * 1000:.0f} ms = {rate:,.0f} moves/s "
          f"(target {target:,.0f}, ratio {rate / target:.1f})")

    def cut_middle():
        outcome = replay(read("bench.yaml", text), keep_states=True)
        cut.cut(outcome.record, outcome.result, len(played) // 2, 3)

    try:
        elapsed = timed(cut_middle)
    except cut.CannotCut as why:
        print(f"example --at, {name}: not measured: {why}")
        return
    print(f"example --at {len(played) // 2}, {name}: {elapsed * 1000:.0f} ms (target {CUT_TARGET_S:.0f} s, ratio "
          f"{CUT_TARGET_S / elapsed:.1f})")


def make_rulebook(root: Path, *targets: str) -> float:
    """Wall time of ``make`` in ``root`` from an empty ``_build``."""
    shutil.rmtree(root / "_build", ignore_errors=True)
    start = time.perf_counter()
    subprocess.run(["make", "-s", "-C", str(root), *targets], check=True, capture_output=True)
    return time.perf_counter() - start


def baseline_book() -> Path | None:
    """The book as it was at BASELINE (one edition), unpacked once from this repository's history
    with its own virtual environment, kept in the temporary folder for the next run."""
    where = Path(tempfile.gettempdir()) / f"rulewright-bench-{BASELINE}"
    if not (where / ".venv" / ".installed").is_file():
        shutil.rmtree(where, ignore_errors=True)
        where.mkdir(parents=True)
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", BASELINE], capture_output=True)
        if archive.returncode != 0:
            print(f"  (the single-edition book of {BASELINE} is not in this clone's history: "
                  f"{archive.stderr.decode().strip()}; fetch the full history to compare)")
            return None
        subprocess.run(["tar", "-x", "-C", str(where)], input=archive.stdout, check=True)
        print(f"  (installing the {BASELINE} book's virtual environment in {where}, once)")
        subprocess.run(["make", "-s", "-C", str(where), ".venv/.installed"], check=True, capture_output=True)
    return where


def bench_rulebook(baseline: bool = True):
    """Wall time of each edition's build (HTML then PDF) from clean, then of both side by side,
    right after the single-edition book of BASELINE on the same machine."""
    print("rulebook builds (from clean):")
    for edition in ("player", "designer"):
        print(f"  {edition}'s edition alone: {make_rulebook(ROOT, edition):6.1f} s")
    old = baseline_book() if baseline else None
    before = make_rulebook(old, "rulebook") if old else None
    both = make_rulebook(ROOT, "rulebook")
    print(f"  both editions (make rulebook): {both:6.1f} s")
    if before is not None:
        print(f"  one edition, the book of {BASELINE} (its make rulebook), built just before: {before:6.1f} s")
        print(f"  both editions against that one: ratio {both / before:.2f} (target below 1; that build "
              f"took {REBUILD_TARGET_S:.0f} s on the day the target was set, {before / REBUILD_TARGET_S:.2f}x "
              "that here today)")


PLAIN_CONF = """
extensions = ["myst_parser", "sphinx.ext.autodoc"]
myst_enable_extensions = ["colon_fence", "deflist"]
source_suffix = {".md": "markdown"}
root_doc = "index"
html_theme = "alabaster"
suppress_warnings = ["myst.directive_unknown", "myst.role_unknown", "myst.xref_missing", "toc.not_included"]
"""
# The baseline before 2026-11-27: no autodoc, so the API reference page was built empty.
PLAIN_CONF_NO_API = PLAIN_CONF.replace(', "sphinx.ext.autodoc"', "")


def plain_copy(source: Path, target: Path, api: bool = True) -> None:
    """The book as plain Sphinx + MyST would have it: every example (and shared position) becomes
    a plain YAML code block with the same text; the rest of the page is left as it is. ``api``: the
    API reference page holds the autodoc directives the book's ``{game-api-reference}`` expands to
    (``rulewright.sphinx.api_reference.markdown``), so that plain Sphinx builds the same reference
    with the same autodoc; without it, that page is built empty."""
    from rulewright.sphinx.api_reference import NAME, markdown

    shutil.copytree(source, target)
    fence = re.compile(r"^(`{3,}|~{3,})\{(example|position)\}.*?^\1[ \t]*$", re.MULTILINE | re.DOTALL)
    reference = re.compile(r"^(`{3,})\{" + NAME + r"\}.*?^\1[ \t]*$", re.MULTILINE | re.DOTALL)
    for page in target.rglob("*.md"):
        text = page.read_text(encoding="utf-8")
        text = fence.sub(lambda m: m.group(1) + "yaml\n" + _body(m.group(0)) + m.group(1), text)
        if api:
            text = reference.sub(lambda m: "\n".join(markdown()), text)
        page.write_text(text, encoding="utf-8")


def _body(block: str) -> str:
    lines = block.splitlines()[1:-1]
    return "".join(line + "\n" for line in lines if not line.startswith(":"))


def sphinx(source: Path, out: Path, conf: Path, builder: str = "html", cache: Path | None = None) -> float:
    env = {**os.environ, "RULEWRIGHT_STRICT": "0"}
    if cache is not None:
        env["RULEWRIGHT_CACHE"] = str(cache)
    began = time.perf_counter()
    subprocess.run([sys.executable, "-m", "sphinx", "-q", "-b", builder, "-c", str(conf), str(source), str(out)],
                   check=True, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - began


def edit_one_page(book: Path) -> None:
    page = book / "muck-and-brass" / "links.md"
    page.write_text(page.read_text(encoding="utf-8") + "\nOne more sentence, as a designer's edit.\n",
                    encoding="utf-8")


def project_copy(target: Path) -> Path:
    """This project as a build sees it, in ``target``: conf.py, pyproject.toml and a copy of the
    book (so that the bench may edit a page), the games' code linked; the book's folder."""
    target.mkdir()
    for name in ("conf.py", "pyproject.toml"):
        shutil.copy(ROOT / name, target / name)
    (target / "engine").symlink_to(ROOT / "engine", target_is_directory=True)
    shutil.copytree(ROOT / "rulebook", target / "rulebook")
    return target / "rulebook"


def _results(store: Path) -> int:
    """How many examples' results the store keeps (its other entries: pictures, font subsets...)."""
    return sum(1 for _ in (store / "results").glob("*.pickle"))


def bench_builds():
    """Full and incremental HTML builds, against plain Sphinx + MyST on the same pages, and the PDF.

    The designer's edition is built as ``make html-designer`` builds it: one Sphinx process
    (serial: no ``-j``, for either build), the project's conf.py, the book's own folder as the
    project's rulebook. "Full" is a clean build: no build folder and an empty store of results
    and pictures (``RULEWRIGHT_CACHE`` names a new folder), so every example is played and every
    diagram drawn in the timed build."""
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        plain, plain_conf, cache = tmp / "plain", tmp / "plain-conf", tmp / "cache"
        book = project_copy(tmp / "project")
        plain_copy(ROOT / "rulebook", plain)
        plain_copy(ROOT / "rulebook", tmp / "plain-no-api", api=False)
        plain_conf.mkdir()
        (plain_conf / "conf.py").write_text(PLAIN_CONF)
        (tmp / "plain-conf-no-api").mkdir()
        (tmp / "plain-conf-no-api" / "conf.py").write_text(PLAIN_CONF_NO_API)
        plain_no_api = sphinx(tmp / "plain-no-api", tmp / "plain-no-api-out", tmp / "plain-conf-no-api")
        plain_full = sphinx(plain, tmp / "plain-out", plain_conf)
        ours_full = sphinx(book, tmp / "html", book.parent, cache=cache)
        played = _results(cache)
        edit_one_page(book)
        edit_one_page(plain)
        plain_again = sphinx(plain, tmp / "plain-out", plain_conf)
        ours_again = sphinx(book, tmp / "html", book.parent, cache=cache)
        pdf = sphinx(book, tmp / "pdf", book.parent, "simplepdf", cache=cache)
        played_again = _results(cache) - played
    full, again = ours_full / plain_full, ours_again / plain_again
    print(f"HTML build, full: {ours_full:.1f} s against plain Sphinx + MyST {plain_full:.1f} s = {full:.2f}x "
          f"(target <= {BUILD_RATIO_TARGET:.0f}x, ratio {full / BUILD_RATIO_TARGET:.2f}; the plain build's API page "
          f"made by the same autodoc directives); against the plain build with that page empty (the bench's "
          f"baseline until 2026-11-27) {plain_no_api:.1f} s = {ours_full / plain_no_api:.2f}x")
    print(f"HTML build, incremental after editing one page: {ours_again:.1f} s against plain {plain_again:.1f} s "
          f"= {again:.2f}x (target <= {BUILD_RATIO_TARGET:.0f}x, ratio {again / BUILD_RATIO_TARGET:.2f})")
    print(f"PDF build after the HTML one: {pdf:.1f} s; examples played by the HTML build {played}, "
          f"played again by the incremental and PDF builds: {played_again}")


RECORD_BENCH = "1870_game_end_bank.json"  # the 893-action game of 1870 that broke the bank
RECORD_TARGET_S = 5.0


def bench_record():
    """A public 18xx.games record of 1870 (893 actions in effect) converted and replayed to its
    end, every player's final value checked, on one core (target: under 5 s)."""
    from rulewright.play import importers
    from rulewright.play.record import read
    from rulewright.play.replay import replay

    path = RECORDS_1870 / RECORD_BENCH
    if not path.is_file():
        print(f"replay of {RECORD_BENCH}: skipped, the shared 1870 records are not here ({RECORDS_1870})")
        return
    outcome = None

    def convert_and_replay():
        nonlocal outcome
        outcome = replay(read(RECORD_BENCH, importers.convert("18xx.games", str(path))))

    elapsed = timed(convert_and_replay, repeat=1)
    state = "to its end, every final value equal to the record's" if outcome.ok else "NOT to its end"
    print(f"replay of {RECORD_BENCH} (18xx.games): {outcome.played} moves played {state}, in {elapsed:.2f} s "
          f"(target {RECORD_TARGET_S:.0f} s, ratio {RECORD_TARGET_S / elapsed:.1f})")


def bench_1870_routes():
    """Best routes on the positions where the records' corporations ran their trains (each record
    converted and replayed, its states kept), timed from the track itself."""
    from engine.games.g1870 import hexroutes, routes
    from engine.games.g1870.importer import IMPORTER, run_positions
    from rulewright.play.record import read
    from rulewright.play.replay import replay

    files = sorted(RECORDS_1870.glob("*.json")) if RECORDS_1870.is_dir() else []
    if not files:
        print(f"1870 best routes: skipped, the records are not here ({RECORDS_1870})")
        return
    times, worse = [], 0
    for path in files:
        steps = replay(read(path.name, IMPORTER.convert(path)), keep_states=True).result.run.steps
        for state, sym, recorded in run_positions(steps):
            distances = [routes.train_length(t) for t in state.corporations[sym].trains]
            ctx = hexroutes.context(state, sym)
            hexroutes._graph.cache_clear()  # time the graph's building too
            started = time.perf_counter()
            best, _ = hexroutes.best_routes(hexroutes.graph(state.track), ctx, distances)
            times.append(time.perf_counter() - started)
            worse += best < recorded
    times.sort()
    median, worst = statistics.median(times), times[-1]
    print(f"1870 best routes: {len(times)} positions from {len(files)} records, median {median * 1000:.1f} ms "
          f"(target {ROUTES_MEDIAN_TARGET_MS:.0f} ms, ratio {median * 1000 / ROUTES_MEDIAN_TARGET_MS:.2f}), "
          f"worst {worst * 1000:.0f} ms (target {ROUTES_WORST_TARGET_S:.0f} s, ratio "
          f"{worst / ROUTES_WORST_TARGET_S:.2f}); below the players' own routes: {worse}")


def bench_1870_whole_map():
    """The whole printed 1870 map drawn: DOT written, then rendered with the book's Graphviz."""
    from engine.games.g1870 import map_picture
    from rulewright.book.diagrams import render

    elapsed = timed(lambda: render(map_picture.draw(), "the whole 1870 map"))
    print(f"1870 whole-map diagram: {elapsed:.2f} s (target {WHOLE_MAP_TARGET_S} s, ratio "
          f"{elapsed / WHOLE_MAP_TARGET_S:.2f})")


def main():
    if "--map-only" in sys.argv:
        bench_1870_whole_map()
        return
    if "--record-only" in sys.argv:
        bench_record()
        return
    if "--routes-only" in sys.argv:
        bench_1870_routes()
        return
    if "--simulate-only" in sys.argv:
        import simulate as simulated

        simulated.main()
        return
    if "--builds-only" not in sys.argv:
        run_engines()
    bench_builds()
    if "--no-rulebook" not in sys.argv:
        bench_rulebook(baseline="--no-baseline" not in sys.argv)
    import daily  # the designer's daily loop: no-change build, one-page edit, the live preview
    import simulate as simulated  # simulated play: the agents' decisions, random games, two workers

    simulated.main()

    daily.main(own_book_built="--no-rulebook" not in sys.argv)


def run_engines():
    bench_record()
    scenarios = bench_book()
    bench_overhead(scenarios)
    bench_diagrams(scenarios)
    for name in game_names():
        game = get_game(name)
        for preset in list(game.presets)[:1]:
            bench_random_play(name, preset)
            bench_fuzz(name, preset)
        bench_replay(name)
    bench_1870_routes()
    bench_1870_whole_map()


if __name__ == "__main__":
    main()
