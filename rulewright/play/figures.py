"""The figures of a simulated run, and of two runs side by side, with scipy's statistics.

``summarize(games)`` turns the ``GameFigures`` of a run into what a designer asks: how often each
seat wins (with a 95% interval, Wilson's, from ``scipy.stats.binomtest``), whether a seat is
favoured (a chi-square test of the seats' wins against equal shares), whether the first player has
an advantage (an exact binomial test against one in N), shared wins, games stopped at the move
limit, the length of games as a distribution, the winner's margin, and how often each kind of
move and each event came up (and which events of the game's catalogue never did), and each rule
the engine cited in play (and which of the rules it can cite it never did).

``compare(a, b)`` sets two runs' figures side by side: each difference with its p-value and the
test that gave it (Fisher's exact test for shares of games, the Mann-Whitney U test for lengths).
A difference is called significant below ``ALPHA``.

The figures depend only on the games, never on the order they arrive in, so a run split over
workers gives the same figures as one played in a row.
"""
from __future__ import annotations

import statistics
from collections import Counter

ALPHA = 0.05


def _stats():
    try:
        from scipy import stats  # noqa: PLC0415 - optional extra [simulate]
    except ImportError:  # pragma: no cover - said plainly by the command
        raise SystemExit("Simulated play needs scipy for its statistics: pip install 'rulewright[simulate]'.") from None
    return stats


def interval(successes: int, trials: int) -> tuple[float, float]:
    """The 95% interval of a share (Wilson's score interval)."""
    if trials == 0:
        return (0.0, 1.0)
    ci = _stats().binomtest(successes, trials).proportion_ci(confidence_level=0.95, method="wilson")
    return (round(float(ci.low), 4), round(float(ci.high), 4))


def distribution(values: list[float]) -> dict:
    """Least, quartiles, most and mean of ``values`` (empty: all ``None``)."""
    if not values:
        return {"least": None, "quarter": None, "median": None, "three_quarters": None, "most": None, "mean": None}
    ordered = sorted(values)
    quartiles = statistics.quantiles(ordered, n=4, method="inclusive") if len(ordered) > 1 else [ordered[0]] * 3
    return {"least": ordered[0], "quarter": quartiles[0], "median": quartiles[1], "three_quarters": quartiles[2],
            "most": ordered[-1], "mean": round(statistics.fmean(ordered), 2)}


def summarize(games: list, catalogue: list[str] | tuple = (), citable: list[str] | tuple = ()) -> dict:
    """The figures of a run (``games``: ``GameFigures``, in any order). ``catalogue``: the events
    the game can report (its phrases' events), so those that never came up are listed; ``citable``:
    the rule IDs the game's engine can cite (its refusal sites), so those never cited are listed."""
    games = sorted(games, key=lambda g: g.index)
    n = len(games)
    seats = next((g.seats for g in games if g.seats), [])
    ranked = [g for g in games if g.places]
    decided = [g for g in ranked if len(g.winners()) == 1]
    shared = [g for g in ranked if len(g.winners()) > 1]
    figures: dict = {
        "games": n,
        "over": sum(g.over for g in games),
        "stopped": sum(g.stopped for g in games),
        "stuck": sum(g.stuck for g in games),
        "ranked": len(ranked),
        "shared_wins": len(shared),
        "length": distribution([g.moves for g in games]),
        "finished_length": distribution([g.moves for g in games if g.over]),
        "turns": distribution([g.turns for g in games]),
        "seats": [],
    }
    wins = Counter(g.winners()[0] for g in decided)
    for number, player in enumerate(seats, start=1):
        won = wins.get(player, 0)
        low, high = interval(won, len(ranked))
        figures["seats"].append({"seat": number, "player": player, "wins": won,
                                 "share": round(won / len(ranked), 4) if ranked else None, "low": low, "high": high})
    if seats and decided:
        stats = _stats()
        counts = [wins.get(player, 0) for player in seats]
        if len(seats) > 1:
            test = stats.chisquare(counts)
            figures["seat_balance"] = {"test": "chi-square test of each seat's wins against equal shares",
                                       "p": _p(test.pvalue), "significant": bool(test.pvalue < ALPHA)}
        first = stats.binomtest(counts[0], len(decided), 1 / len(seats))
        figures["first_player"] = {"wins": counts[0], "decided": len(decided), "expected": round(1 / len(seats), 4),
                                   "share": round(counts[0] / len(decided), 4),
                                   "test": f"exact binomial test against 1 in {len(seats)}",
                                   "p": _p(first.pvalue), "significant": bool(first.pvalue < ALPHA)}
    margins = []
    for g in ranked:
        if g.scores and len(g.winners()) == 1 and len(g.scores) > 1:
            best = g.scores[g.winners()[0]]
            others = [v for p, v in g.scores.items() if p != g.winners()[0]]
            margins.append(best - max(others))
    figures["margin"] = distribution(margins)
    kinds: Counter = Counter()
    events: Counter = Counter()
    kind_games: Counter = Counter()
    event_games: Counter = Counter()
    for g in games:
        kinds.update(g.kinds)
        events.update(g.events)
        kind_games.update(g.kinds.keys())
        event_games.update(g.events.keys())
    figures["moves"] = {k: {"times": kinds[k], "games": kind_games[k]} for k in sorted(kinds)}
    figures["events"] = {e: {"times": events[e], "games": event_games[e]} for e in sorted(events)}
    figures["never"] = [e for e in catalogue if e not in events]
    rules: Counter = Counter()
    rule_games: Counter = Counter()
    for g in games:
        rules.update(g.rules)
        rule_games.update(g.rules.keys())
    figures["rules"] = {r: {"times": rules[r], "games": rule_games[r]} for r in sorted(rules)}
    figures["rules_never"] = sorted(set(citable) - set(rules))
    return figures


def _p(value: float) -> float:
    return float(f"{float(value):.4g}")


def is_share(row: dict) -> bool:
    """Whether a row of ``compare`` is a share of games (a seat's wins, shared wins, games stopped)
    rather than a length."""
    return "wins" in row["figure"] or "stopped" in row["figure"]


def shown(row: dict) -> tuple[str, str, str]:
    """A row of ``compare`` as a designer reads it: its two figures and their difference, shares as
    percentages and their difference in percentage points, lengths as numbers."""
    def num(value) -> str:
        return f"{value:g}" if isinstance(value, float) else str(value)

    if is_share(row):
        return (f"{100 * row['a']:.1f}%", f"{100 * row['b']:.1f}%", f"{100 * row['difference']:+.1f} points")
    return num(row["a"]), num(row["b"]), ("+" if row["difference"] > 0 else "") + num(row["difference"])


def compare(a_games: list, b_games: list) -> list[dict]:
    """Each figure of run A beside run B: the difference, its p-value and the test named."""
    stats = _stats()
    a, b = summarize(a_games), summarize(b_games)
    rows: list[dict] = []

    def shares(name: str, a_hits: int, a_of: int, b_hits: int, b_of: int) -> None:
        if not a_of or not b_of:
            return
        p = stats.fisher_exact([[a_hits, a_of - a_hits], [b_hits, b_of - b_hits]]).pvalue
        rows.append({"figure": name, "a": round(a_hits / a_of, 4), "b": round(b_hits / b_of, 4),
                     "difference": round(b_hits / b_of - a_hits / a_of, 4), "p": _p(p),
                     "test": "Fisher's exact test", "significant": bool(p < ALPHA)})

    for sa, sb in zip(a["seats"], b["seats"]):
        shares(f"seat {sa['seat']} ({sa['player']}) wins", sa["wins"], a["ranked"], sb["wins"], b["ranked"])
    shares("shared wins", a["shared_wins"], a["ranked"], b["shared_wins"], b["ranked"])
    shares("games stopped at the move limit", a["stopped"], a["games"], b["stopped"], b["games"])
    for name, key in (("moves a game", "moves"), ("turns a game", "turns")):
        xs = [getattr(g, key) for g in a_games]
        ys = [getattr(g, key) for g in b_games]
        if xs and ys:
            test = stats.mannwhitneyu(xs, ys) if set(xs) != set(ys) or len(set(xs)) > 1 else None
            p = float(test.pvalue) if test is not None else 1.0
            rows.append({"figure": f"{name} (median)", "a": statistics.median(xs), "b": statistics.median(ys),
                         "difference": statistics.median(ys) - statistics.median(xs), "p": _p(p),
                         "test": "Mann-Whitney U test", "significant": bool(p < ALPHA)})
    return rows
