"""The ``rulewright`` command, for designers working on the rulebook: one small module per command,
each with ``NAME``, ``HELP``, ``add_arguments(parser)`` and ``run(args)``, listed in ``COMMANDS``.

    rulewright check                  the whole-book checks, then every example played
    rulewright check <page>...        the whole-book checks, then the examples on these pages (pre-commit)
    rulewright run <example-id>       play one example and say whether it holds, step by step
    rulewright run <rule-id>          play every example that shows the rule
    rulewright run <id> --changes     also list every part of the state the moves changed
    rulewright accept <id>... | --failing [--dry-run]
                                      rewrite failing examples' expected values to what the engine did
    rulewright diagram <example-id> [-o file.png|file.svg] [--when before|after]
    rulewright list                   every example and shared position with its file and line
    rulewright coverage [--rules] [--json file]   which engine code no example reaches
    rulewright replay <record> [--from FORMAT]    play a game record to its end, checking its checkpoints
    rulewright example <record> --at N [--moves K] [--id ID --title T]
                                      an example cut out of a record: the position after N moves, the next K
    rulewright play <game> [--preset P | --from <record> --at N] [--as PLAYER [--others AGENT] | --hot-seat]
                                      play interactively (as one player sees it); save the game as a record or an example
    rulewright fuzz <game> [--games N --moves M --seed S]
                                      random legal play checked against the game's invariants
    rulewright simulate <game> [--games N --agents A,B --compare NAME=VALUE --workers K]
                                      many games by agents: each seat's wins, game length, moves used
    rulewright rename OLD NEW [--dry-run]
                                      give a rule a new ID in every page, example, link and refusal that names it
    rulewright changes OLD [NEW] [--json FILE] [--check]
                                      what changed between two versions, rule by rule, and its effect on play
    rulewright serve [--port 8000]    live preview: serve the book and rebuild it on every save
    rulewright print [--edition player]
                                      the print files (make print): a PDF/X-4 interior and its cover
    rulewright new <folder> [--title T] [--game NAME] [--bare]
                                      a new rulebook project with a starter game (or a blank one)
    rulewright remove-starter         put a blank game in place of the starter game's files you have not changed
    rulewright ci                     add the CI workflows (GitHub, GitLab) and a pre-commit hook to this project
    rulewright upgrade [--to LEVEL] [--dry-run]
                                      raise the book's check level: what the newer checks are for, and what they find
    rulewright --version
"""
from __future__ import annotations

import argparse
import io
import os
import sys

from rulewright.book import config
from rulewright.checks import coverage as engine_coverage
from rulewright.cli import (accept, changes, check, ci, diagram, example, fuzz, listing, new, play, press, remove_starter,
                            rename, replay, run, serve, simulate, upgrade)
from rulewright.cli.serve import serve_command
from rulewright.problems import INTERNAL_FAILURE, ExampleProblem, internal_failure
from rulewright.scaffold import rulewright_version
from rulewright.scenario.changes import changes_text

__all__ = ["COMMANDS", "changes_text", "main", "serve_command"]


class _Coverage:
    """``rulewright coverage``: its module is the measurement itself."""

    NAME = "coverage"
    HELP = ("play every example under coverage: which engine lines and refusals no example reaches, and what "
            "each rule's examples exercise")

    @staticmethod
    def add_arguments(parser) -> None:
        engine_coverage.add_arguments(parser)

    @staticmethod
    def run(args) -> int:
        return engine_coverage.run(args)


COMMANDS = (new, remove_starter, ci, check, run, accept, rename, diagram, listing, _Coverage, replay, example, play, fuzz,
            simulate, changes, serve, upgrade, press)
OUTSIDE_A_PROJECT = ("new", "replay", "example", "play", "fuzz", "simulate")  # these read a record or a game, not the book


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="rulewright", description="Check and explore the rulebook.")
    parser.add_argument("--version", action="version", version=f"rulewright {rulewright_version()}")
    sub = parser.add_subparsers(dest="command", required=True)
    for command in COMMANDS:
        command.add_arguments(sub.add_parser(command.NAME, help=command.HELP))
        sub.choices[command.NAME].set_defaults(func=command.run)
    args = parser.parse_args(argv)
    try:
        if args.command not in OUTSIDE_A_PROJECT:
            _require_rulebook()
        return args.func(args)
    except ExampleProblem as problem:  # e.g. a pyproject.toml Rulewright cannot read
        print(problem)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the reader stopped reading (`rulewright coverage | head`): nothing went wrong
        _stop_writing()
        return 0
    except Exception as error:  # no traceback reaches a designer: one paragraph, once
        print(internal_failure(error, f"running 'rulewright {args.command}'"), file=sys.stderr)
        return INTERNAL_FAILURE


def _stop_writing() -> None:
    """Send what is left of the output nowhere, so that Python's last flush of it at exit does not
    report the closed pipe a second time."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
        pass  # not a real file (a test's captured output): nothing will be flushed to the pipe


def _require_rulebook() -> None:
    """Run outside a project, every command would find no examples and say only that; say why."""
    project = config.current()
    if not project.rulebook.is_dir():
        raise SystemExit(f"There is no rulebook here: the folder {project.rulebook} does not exist. Run rulewright "
                         "in your project's folder (the one holding its pyproject.toml), or name the book's folder "
                         "with rulebook = \"...\" under [tool.rulewright] in pyproject.toml.")


if __name__ == "__main__":
    sys.exit(main())
