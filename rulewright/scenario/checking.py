"""Checking an example: play it (once per seed) and hold each ``expect`` block against what
happened: the refusal, the events, and every path into the game's view. Also what an example
names (rules, paths, events), for the whole-book checks."""
from __future__ import annotations

import difflib
from collections.abc import Collection
from typing import Any

from rulewright.game import Event, Game, Refusal, Violation, did_you_mean, is_hidden
from rulewright.book import phrases
from rulewright.problems import ExampleProblem, Where, display_path, rule_hint
from rulewright.scenario.timelimit import doing, limited
from rulewright.scenario.comparing import ON_HIDDEN, compare, flatten, is_comparison, resolve, unseen
from rulewright.scenario.parsing import Scenario, is_check_item
from rulewright.scenario.playing import _player_names, engine_errors, play
from rulewright.scenario.results import Check, Result, Run
from rulewright.scenario.vocabulary import OPTION, SPECIAL_EXPECT, show

def evaluate(s: Scenario, known_rules: Collection[str] | None = None, fast: bool = False) -> Result:
    """Play the example and compare every expectation. ``known_rules``, when given, is the set of
    rule IDs the book declares: naming any other is a problem. ``fast`` plays on one state (see
    ``play``): for long records, whose failures are then played again in full. With ``seeds:``
    the example is played once per seed and the first seed it fails with is reported."""
    problems = unknown_rules(s, known_rules) if known_rules is not None else []
    if problems:
        raise problems[0]
    with limited(s.where):  # an engine that loops or crawls is named and stopped (rulewright.scenario.timelimit)
        return _evaluate(s, fast)


def _evaluate(s: Scenario, fast: bool = False) -> Result:
    if "seeds" not in s.data:
        return _evaluate_once(s, s.seeds[0], fast)
    seeds, runs = s.seeds, []
    for seed in seeds:
        result = _evaluate_once(s, seed)
        result.seeds = seeds
        if not result.ok:
            return result
        runs.append(result.run)
    result.others = runs[:-1]  # (what the book tells of play is the last game; these say what varied)
    return result


def _evaluate_once(s: Scenario, seed: int, fast: bool = False) -> Result:
    run, stopped = play(s, seed, fast)
    doing(f"checking what the example expects{_seed_note(s, seed)}")
    checks: list[Check] = []
    for point in run.checkpoints:
        after = point.after.index if point.after else 0
        block = s.data["do"][point.index]["expect"]
        found = _check_block(s, run, ("do", point.index, "expect"), block, point.state, point.events,
                             point.refusal, after)
        if point.after is not None:
            point.after.checks.extend(found)
        checks.extend(found)
    if stopped:
        return Result(s, run, checks, stopped)
    refusal = run.refusal if s.refused_rule else None
    checks.extend(_check_block(s, run, ("expect",), s.expect, run.after, run.events, refusal, None))
    return Result(s, run, checks)


def _seed_note(s: Scenario, seed: int) -> str:
    return f" (seed {seed})" if "seeds" in s.data else ""


def _check_block(s: Scenario, run: Run, at: tuple, expect: dict, state: Any, events: list[Event],
                 refusal: Refusal | None, step_index: int | None) -> list[Check]:
    """The checks of one ``expect`` mapping against ``state``, the ``events`` that led to it and
    the ``refusal`` of the move it follows."""
    checks: list[Check] = []
    if "refused" in expect:
        checks.append(_check_refusal(s, run, at, expect["refused"], refusal, step_index))
    if "events" in expect:
        checks.extend(_check_events(s, run.game, at, expect["events"], events, step_index))
    if "invariants" in expect:
        checks.append(_check_laws(s, run.game, at, expect["invariants"], state, step_index))
    viewer = _viewer(s, run.game, state, at, expect)
    wanted = flatten({k: v for k, v in expect.items() if k not in SPECIAL_EXPECT})
    if not wanted:
        return checks  # only refusals, events or invariants: the view (which may cost) is not needed
    with engine_errors(s, *at):
        view = run.game.view(state) if viewer is None else run.game.view_for(state, viewer)
    for path, yaml_path, expected in wanted:
        line = s.lines.line(*at, *yaml_path)
        actual = resolve(s, view, path, line, run.game, viewer)
        if is_hidden(actual) and not (is_comparison(expected) and len(expected) == 1 and set(expected) <= ON_HIDDEN):
            raise unseen(s, path, len(path), line, viewer)
        ok, note = compare(s, expected, actual, ".".join(map(str, path)), run.game, line)
        checks.append(Check(".".join(map(str, path)), line, expected, actual, ok, note, step_index,
                            yaml_path=at + yaml_path, viewer=viewer))
    return checks


def _viewer(s: Scenario, game: Game, state: Any, at: tuple, expect: dict) -> str | None:
    """Whose view the block reads: its own ``as:``, else the example's ``:as:``, else the whole
    truth (``None``). A player the game does not have is reported at the line naming them."""
    if "as" in expect:
        if not isinstance(expect["as"], str) or not expect["as"].strip():
            raise s.problem("'as:' names the one player whose view this check reads, e.g. 'as: ann'.", *at, "as")
        if len(expect) == 1:
            raise s.problem(f"This check says whose view it reads ('as: {expect['as']}') but checks nothing; add "
                            "what that player sees, e.g. 'players.bob.hand: {length: 1}'.", *at, "as")
        viewer, place = expect["as"].strip(), (*at, "as")
    elif s.viewer is not None:
        viewer, place = s.viewer, (OPTION, "as")
    else:
        return None
    names = _player_names(game, state)
    if names and viewer not in names:
        raise s.problem(f"'{viewer}' is not a player of this example, so there is no view as {viewer}. "
                        f"{did_you_mean(viewer, names)} The players are: {', '.join(names)}.", *place)
    return viewer


def _check_refusal(s: Scenario, run: Run, at: tuple, wanted: str, refusal: Refusal | None,
                   step_index: int | None) -> Check:
    line = s.lines.line(*at, "refused")
    move = run.steps[step_index - 1] if step_index else run.steps[-1]
    which = f"step {move.index}" if step_index else "the last action"
    if refusal is None:
        return Check("refused", line, wanted, None, False, f"{which}, '{move}', was accepted", step_index)
    if refusal.rule != wanted:
        return Check("refused", line, wanted, refusal.rule, False,
                     f"it was refused by rule {refusal.rule} instead: {refusal.reason}", step_index)
    return Check("refused", line, wanted, refusal.rule, True, refusal.reason, step_index)


def broken_laws(game: Game, state: Any) -> list[Violation]:
    """What does not hold in ``state`` of what must hold in every position: the game's own
    ``invariants`` (each in words, with its rule), and, where the game says whether it is over, that
    somebody can act while it is not (a position where nobody can is a dead end the rules forgot)."""
    broken = [v if isinstance(v, Violation) else Violation(str(v)) for v in game.invariants(state) or ()]
    if game.is_over(state) is False and not game.legal_actions(state):
        broken.append(Violation("the game is not over, yet nobody has a legal action: a dead end the rules do "
                                "not cover"))
    return broken


def _check_laws(s: Scenario, game: Game, at: tuple, wanted: Any, state: Any, step_index: int | None) -> Check:
    line = s.lines.line(*at, "invariants")
    if wanted != "hold":
        raise s.problem(f"'invariants:' can only say 'hold' (every law of the game holds here: "
                        f"'invariants: hold'); here it says {show(wanted)}.", *at, "invariants")
    with engine_errors(s, *at):
        broken = broken_laws(game, state)
    return Check("invariants", line, "hold", [str(v) for v in broken], not broken,
                 "it does not: " + "; ".join(map(str, broken)) if broken else "", step_index)


def _check_events(s: Scenario, game: Game, at: tuple, wanted: Any, happened: list[Event],
                  step_index: int | None) -> list[Check]:
    """Each wanted event, a name or ``{name: {detail: value}}``, must match an event that
    happened; two wanted alike need two such events."""
    listed = isinstance(wanted, list)
    wanted = wanted if listed else [wanted]
    used: set[int] = set()
    checks = []
    names = ", ".join(e.name for e in happened) or "none"
    for index, item in enumerate(wanted):
        line = s.lines.line(*at, "events", index)
        name, details = _event_wanted(s, item, at, index)
        same_name = [i for i, e in enumerate(happened) if e.name == name]
        for event_index in same_name:
            for detail in details:
                if detail not in happened[event_index].data:
                    raise s.problem(f"'{name}' events have no detail {detail!r}. "
                                    f"{did_you_mean(detail, happened[event_index].data)} Its details are: "
                                    f"{', '.join(happened[event_index].data) or 'none'}.",
                                    *at, "events", index, name, detail)
        fitting = [i for i in same_name if all(
            compare(s, value, happened[i].data[detail], f"events.{name}.{detail}", game, line)[0]
            for detail, value in details.items())]
        match = next((i for i in fitting if i not in used), None)
        key, expected = _event_key(name, details), name if not details else {name: details}
        written = (*at, "events", index) if listed else (*at, "events")  # (where accept rewrites it)
        if match is not None:
            used.add(match)
            checks.append(Check(key, line, expected, str(happened[match]), True, "", step_index,
                                yaml_path=written, event=happened[match]))
        elif not same_name:
            unknown = not_in_catalogue(game, name)
            if unknown is not None:  # a misspelt name: one problem, at its line, not also "did not happen"
                raise s.problem(unknown, *at, "events", index)
            close = difflib.get_close_matches(name, sorted({e.name for e in happened}), n=1, cutoff=0.8)
            checks.append(Check(key, line, expected, [e.name for e in happened], False,
                                f"the events were {names}" + (f". Did you mean {close[0]!r}?" if close else ""),
                                step_index, yaml_path=written))
        else:
            others = "; ".join(str(happened[i]) for i in same_name)
            spare = "" if not fitting else " (an event that matches is already matched by " \
                                                               "an earlier line; each line needs its own event)"
            checks.append(Check(key, line, expected, others, False,
                                f"no '{name}' event had those details: the '{name}' events were {others}{spare}",
                                step_index, yaml_path=written))
    return checks


def not_in_catalogue(game: Game, name: str) -> str | None:
    """Why ``name`` cannot be one of the game's events: its phrases (the event catalogue) do not list
    it. None when they do, or when the game keeps no catalogue (or one that cannot be read, which is
    said elsewhere)."""
    if getattr(game, "phrases", None) is None:
        return None
    try:
        said = phrases.for_game(game)
    except Exception:  # noqa: BLE001 - the phrase file's own problem is said once, at its line
        return None
    if name in said.events:
        return None
    return (f"The event {name!r} is not in the game's event catalogue ({display_path(said.source)}). "
            f"{did_you_mean(str(name), said.events)}").rstrip()


def _event_key(name: str, details: dict) -> str:
    return f"events: {name}" + (f" ({', '.join(f'{k} {show(v)}' for k, v in details.items())})" if details else "")


def written_checks(s: Scenario) -> list[Check]:
    """Every expectation as the example writes it, in the order written, compared with nothing
    (``actual`` None, not ``ok``): what a pending example expects, where the engine does not get
    there yet, for a book that prints the example as written."""
    do = s.data.get("do") or []
    return [check for at, block in s.expect_blocks()  # a check between moves follows the moves before it
            for check in _written_block(s, at, block, sum(not is_check_item(item) for item in do[:at[1]])
                                        if at[0] == "do" else None)]


def _written_block(s: Scenario, at: tuple, expect: dict, step_index: int | None) -> list[Check]:
    checks = []
    if "refused" in expect:
        checks.append(Check("refused", s.lines.line(*at, "refused"), expect["refused"], None, False, "", step_index))
    wanted = expect.get("events") or []
    for index, item in enumerate(wanted if isinstance(wanted, list) else [wanted]):
        name, details = _event_wanted(s, item, at, index)
        checks.append(Check(_event_key(name, details), s.lines.line(*at, "events", index),
                            name if not details else {name: details}, None, False, "", step_index))
    if "invariants" in expect:
        checks.append(Check("invariants", s.lines.line(*at, "invariants"), "hold", None, False, "", step_index))
    viewer = str(expect["as"]).strip() if "as" in expect else s.viewer
    for path, yaml_path, expected in flatten({k: v for k, v in expect.items() if k not in SPECIAL_EXPECT}):
        checks.append(Check(".".join(map(str, path)), s.lines.line(*at, *yaml_path), expected, None, False, "",
                            step_index, yaml_path=at + yaml_path, viewer=viewer))
    return checks


def _event_wanted(s: Scenario, item: Any, at: tuple, index: int) -> tuple[str, dict]:
    if isinstance(item, str):
        return item, {}
    if isinstance(item, dict) and len(item) == 1:
        (name, details), = item.items()
        if isinstance(details, dict) and details:
            return str(name), details
    raise s.problem("Each item under 'events:' is an event name (e.g. 'link-built') or an event with details "
                    "to check (e.g. '{link-built: {income: 3}}').", *at, "events", index)


def unknown_rules(s: Scenario, known: Collection[str]) -> list[ExampleProblem]:
    """A problem for each rule ID the example names that the book does not declare, at its line."""
    return [undeclared_rule(rule, where, known) for rule, where in rule_places(s) if rule not in known]


def rule_places(s: Scenario) -> list[tuple[str, Where]]:
    """Each rule ID the example names, with where it names it (a refused rule at its 'refused:')."""
    refused_at = {block.get("refused"): at for at, block in reversed(s.expect_blocks())}
    return [(rule, s.where.at(s.lines.line(*refused_at[rule], "refused") if rule in refused_at
                              else s.lines.line(OPTION, "rules")))
            for rule in s.named_rules()]


def undeclared_rule(rule: str, where: Where, known: Collection[str]) -> ExampleProblem:
    return ExampleProblem(where, f"The rule {rule!r} is not declared anywhere in the rulebook. "
                                 f"{rule_hint(rule, known)} Declare it with a rule directive, or fix the ID.")


def checked_paths(s: Scenario) -> list[tuple[str, int]]:
    """The state paths the example's ``expect`` blocks check (``companies.LMR.income``), with their lines."""
    return [(".".join(map(str, path)), s.lines.line(*at, *yaml_path))
            for at, block in s.expect_blocks()
            for path, yaml_path, _ in flatten({k: v for k, v in block.items() if k not in SPECIAL_EXPECT})]


def dealt_paths(s: Scenario) -> list[tuple[str, int]]:
    """The view paths the example's ``deal:`` deals to (``players.ann.hand``), with their lines:
    the book prints each with its path phrase."""
    deal = s.data.get("deal")
    return [(str(place), s.lines.line("deal", place)) for place in (deal if isinstance(deal, dict) else ())]


def expected_events(s: Scenario) -> list[tuple[str, int]]:
    """The event names the example's ``expect`` blocks ask for, with their lines."""
    out = []
    for at, block in s.expect_blocks():
        wanted = block.get("events") or []
        for index, item in enumerate(wanted if isinstance(wanted, list) else [wanted]):
            name = next(iter(item), "") if isinstance(item, dict) else item
            out.append((str(name), s.lines.line(*at, "events", index)))
    return out
