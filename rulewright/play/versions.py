"""The games of a run played on another version of the project: a git revision, unpacked as
``rulewright changes`` unpacks one (``rulewright.history.versions``).

``play_at(job, revision, games, workers, scheduler)`` plays games ``0 .. games-1`` of ``job`` (the
same seeds, agents and move limit) on the game as that revision has it: its code, data and
settings. A game's code is imported once a process, so the revision's games are played in a
Python process of their own (``python -m rulewright.play.versions``), started away from both
projects so that the toolchain is the one running this, as ``rulewright changes`` starts its own.
The settings of the run are played where the revision knows them; those it does not know are
returned, so the report can say so.
"""
from __future__ import annotations

import dataclasses
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from rulewright.book import config, registry
from rulewright.game import InputError
from rulewright.history import versions
from rulewright.play import runner
from rulewright.play.simulate import AgentSpec, GameFigures, Job


class VersionRunError(Exception):
    """The revision's games could not be played: the message says why, in a designer's words."""


def play_at(job: Job, revision: str, games: int, workers: int = 1,
            scheduler: str | None = None) -> tuple[str, dict, list[GameFigures]]:
    """The revision as the designer reads it (``abc1234 (v1: the subject)``), the settings of the
    run it does not know, and the figures of its games."""
    project = config.current()
    try:
        repository = versions.git_root(project.root)
        folder = versions.unpack(repository, revision)
    except versions.VersionError as error:
        raise VersionRunError(str(error)) from None
    try:
        root = versions.project_in(folder, project.root, repository)
        asked = {"job": {**dataclasses.asdict(job), "root": str(root)}, "games": games, "workers": workers,
                 "scheduler": scheduler}
        neutral = Path(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))).parent
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "RULEWRIGHT_CACHE")}
        env["PYTHONPATH"] = str(neutral)
        done = subprocess.run([sys.executable, "-m", "rulewright.play.versions"], input=json.dumps(asked),
                              capture_output=True, text=True, cwd=str(neutral), env=env)
        if done.returncode != 0:
            said = done.stdout.strip() or done.stderr.strip()[-3000:]
            raise VersionRunError(f"The games could not be played on {revision}: {said}")
        found = json.loads(done.stdout)
        return (versions.describe(repository, revision), found["unknown"],
                [GameFigures(**figures) for figures in found["games"]])
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _play(asked: dict) -> dict:
    """In the revision's own process: its project activated, the run played on its game."""
    fields = asked["job"]
    config.load(fields["root"]).activate()
    try:
        game = registry.get_game(fields["game"])
        known = {k: v for k, v in fields["settings"].items() if k in game.settings}
        unknown = {k: v for k, v in fields["settings"].items() if k not in game.settings}
        settings = game.resolve_settings(known)
        preset = fields["setup"].get("preset")
        if preset is not None and preset not in game.presets:
            raise InputError(f"{game.title} has no preset {preset!r} in that version.")
        job = Job(**{**fields, "settings": settings, "target": registry.known()[game.name],
                     "agents": tuple(AgentSpec(a["base"], tuple(a["without"]), a["budget"]) for a in fields["agents"])})
        games = runner.run(job, asked["games"], asked["workers"], asked["scheduler"])
    except InputError as error:
        raise SystemExit(error.message) from None
    return {"unknown": unknown, "games": [g.as_dict() for g in games]}


if __name__ == "__main__":
    try:
        print(json.dumps(_play(json.loads(sys.stdin.read()))))
    except SystemExit as stop:
        print(stop.code if isinstance(stop.code, str) else "")
        sys.exit(2)
