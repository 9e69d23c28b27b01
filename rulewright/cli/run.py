"""``rulewright run ID``: play one example (or every example of a rule) step by step."""
from __future__ import annotations

import yaml

from rulewright.book import scanner
from rulewright.store.cache import evaluate
from rulewright.cli.select import selected
from rulewright.problems import ExampleProblem
from rulewright.book import config
from rulewright.game import implements
from rulewright.play.cut import plain
from rulewright.scenario import failure_text, seed_range, show, verdict
from rulewright.scenario.changes import changes_text
from rulewright.scenario.playing import _player_names

NAME = "run"
HELP = "play one example, or every example that shows a rule"


def add_arguments(parser) -> None:
    parser.add_argument("example_id", metavar="ID", help="an example ID or a rule ID")
    parser.add_argument("--changes", action="store_true", help="list every part of the state the moves changed")
    parser.add_argument("--as", dest="viewer", metavar="PLAYER",
                        help="show the position after the moves as PLAYER sees it (hidden things marked hidden)")
    parser.add_argument("--position", action="store_true",
                        help="show the position the example starts from, before its first move (as a setup, "
                             "ready to paste, where the game writes its positions so)")


def run(args) -> int:
    status = 0
    for decl in selected([args.example_id]):
        status |= _run_one(decl, args.changes, getattr(args, "viewer", None), getattr(args, "position", False))
    return status


def _run_one(decl, changes: bool, viewer: str | None = None, position: bool = False) -> int:
    try:
        result = evaluate(decl.parse(), known_rules=scanner.declared_rules())
    except ExampleProblem as problem:
        print(problem)
        return 1
    if position:
        print(_starts_from(decl.id, result, viewer))
    for step in result.run.steps:
        outcome = (f"refused by {step.refusal.rule}: {step.refusal.reason}" if step.refusal
                   else "not played: the engine does not read it" if step.action is None  # (a pending example's)
                   else "; ".join(map(str, step.events)) or "played, nothing to tell")
        print(f"  {step.index}. {step} -> {outcome}")
        for check in step.checks:
            print(f"       {'ok' if check.ok else 'FAILS'}: {check.key} {show(check.expected)}")
    if changes:
        print(changes_text(result))
    if viewer is not None:
        print(_seen_by(result, viewer))
    outcome = verdict(result, config.current().pending == "error")
    if outcome == "pending":  # as `make test` and `rulewright check` count it: not a failure
        print(result.pending_note() + " What it does now:\n" + result.report())
        return 0
    if result.ok:
        seeds = f", for each of the seeds {seed_range(result.seeds)}" if result.seeds else ""
        print(f"{decl.id}: holds ({len(result.checks)} expectation{'' if len(result.checks) == 1 else 's'}{seeds})."
              + (f"\n{result.pending_note()}" if outcome == "ready" else ""))
        return 0
    print(failure_text(result, config.current().pending == "error"))
    return 1


def _starts_from(example_id: str, result, viewer: str | None) -> str:
    """The position the example starts from, before its first move: as a setup the game writes
    (``Game.setup_of``), ready to paste under ``setup:``; else (or ``--as``) the game's view of it."""
    game, state = result.run.game, result.run.before
    if state is None:
        return f"{example_id}: its position could not be set up, so there is none to show."
    if viewer is None and implements(game, "setup_of"):
        said = yaml.safe_dump({"setup": plain(game.setup_of(state))}, sort_keys=False, default_flow_style=None,
                              width=100, allow_unicode=True)
        head = f"The position {example_id} starts from, as a setup (paste it into an example to start there):"
    else:
        names = _player_names(game, state)
        if viewer is not None and names and viewer not in names:
            return f"'{viewer}' is not a player of this example; the players are: {', '.join(names)}."
        shown = game.view(state) if viewer is None else game.view_for(state, viewer)
        said = yaml.safe_dump(plain(shown), sort_keys=False, default_flow_style=None, width=100, allow_unicode=True)
        head = (f"The position {example_id} starts from" + (f", as {viewer} sees it (a hidden value shows as "
                                                            "'hidden: <how many>')" if viewer else "") + ":")
    return head + "\n" + "\n".join("  " + line for line in said.rstrip().splitlines())


def _seen_by(result, viewer: str) -> str:
    """The position after the moves as ``viewer`` knows it (``Game.view_for``), as YAML."""
    game, state = result.run.game, result.run.after
    names = _player_names(game, state)
    if names and viewer not in names:
        return f"'{viewer}' is not a player of this example; the players are: {', '.join(names)}."
    seen = yaml.safe_dump(game.view_for(state, viewer), sort_keys=False, default_flow_style=None, width=100)
    return f"What {viewer} sees after the moves (a hidden value shows as 'hidden: <how many>'):\n" + \
        "\n".join("  " + line for line in seen.rstrip().splitlines())
