"""A game record: one game played move by move, in the words an example uses.

A record is a YAML file::

    record:                       # optional: about the record (title, source, stopped)
      title: A game at the Tuesday playtest
      source: typed in from the score sheet
    game: muck-and-brass          # the game, as examples write 'game:'
    settings: {plurality_ties: true}   # optional: the game's documented settings
    seed: 4                       # optional: seeds the game's randomness
    draws: [3, 5]                 # optional: random results stated outright
    setup: {preset: demo}         # optional: the starting position, as an example's setup
    moves:                        # the moves, exactly as an example's 'do:' items
      - ann: expand LMR Liverpool-Manchester
      - expect: {companies.LMR.income: 4}    # a checkpoint after the move above
      - bob: expand GWR London-Birmingham
    expect: {bank: 231}           # optional: a checkpoint after the last move

It is read into a ``Scenario`` (the moves become its ``do:``), so the one evaluator plays it;
``record.stopped`` is what an importer writes when it could not convert the rest of another
program's record.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import yaml

from rulewright.book import source
from rulewright.game import did_you_mean
from rulewright.play.cut import scalar
from rulewright.problems import ExampleProblem, Where
from rulewright.scenario import Scenario, is_check_item
from rulewright.scenario.parsing import check_setup_and_chance, check_steps
from rulewright.scenario.vocabulary import show

RECORD_KEYS = ("record", "game", "settings", "seed", "draws", "setup", "moves", "expect")
ABOUT_KEYS = ("title", "source", "stopped")


@dataclass
class Record:
    """A record read from ``path``: its scenario (moves as ``do:``) and what it says about itself."""

    path: str
    scenario: Scenario
    about: dict
    text: str
    unchecked: dict = field(default_factory=dict)  # the final expect of a record that stops short

    @property
    def moves(self) -> list:
        return self.scenario.data.get("do") or []

    def move_count(self) -> int:
        return sum(1 for item in self.moves if not is_check_item(item))

    def checkpoint_count(self) -> int:
        return sum(1 for item in self.moves if is_check_item(item)) + (1 if self.scenario.expect else 0)

    @property
    def stopped(self) -> str | None:
        return self.about.get("stopped")

    def comment_at(self, line: int) -> str:
        """The comment ending the record's ``line`` (1-based), e.g. an importer's ``action 17``."""
        lines = self.text.splitlines()
        text = lines[line - 1] if 0 < line <= len(lines) else ""
        return text.partition(" #")[2].strip() if " #" in text else ""


def read(path: str | Path, text: str | None = None) -> Record:
    """Read a record file, or raise ``ExampleProblem`` at the line to fix."""
    path = str(path)
    if text is None:
        try:
            text, encoding = source.read_text(path, sig=True)
        except FileNotFoundError:
            raise ExampleProblem(Where(path, 1), "There is no such record file. Check the name and the folder.") \
                from None
        if encoding is not None:
            raise encoding
    where = Where(path, 1)
    data, lines = source.load(text, where, "record")
    if not isinstance(data, dict):
        raise ExampleProblem(where, "A record is a mapping with at least 'game:' and 'moves:', e.g. 'game: "
                                    "my-game', then 'moves:' with one '- ann: <move>' a line ('rulewright play' "
                                    "saves one).")
    for key in data:
        if key not in RECORD_KEYS:
            hint = " A record's moves go under 'moves:' (an example's 'do:')." if key == "do" else ""
            raise ExampleProblem(where.at(lines.line(key)), f"The key {key!r} is not part of a record.{hint} "
                                 f"{did_you_mean(key, RECORD_KEYS)}")
    for key in ("game", "moves"):
        if key not in data:
            raise ExampleProblem(where, f"The record has no '{key}:' section. A record needs 'game:' (which game "
                                        "it is) and 'moves:' (the moves, one per line).")
    about = data.get("record") or {}
    if not isinstance(about, dict):
        raise ExampleProblem(where.at(lines.line("record")), "'record:' is a mapping about the record: its "
                             "'title:', 'source:' and, from an importer, 'stopped:'.")
    for key in about:
        if key not in ABOUT_KEYS:
            raise ExampleProblem(where.at(lines.line("record", key)), f"'record:' has no {key!r}. "
                                 f"{did_you_mean(key, ABOUT_KEYS)} It has: {', '.join(ABOUT_KEYS)}.")
    if not isinstance(data["moves"], list):
        raise ExampleProblem(where.at(lines.line("moves")), "'moves:' must be a list of moves, one per line, each "
                             "starting with '- ' (e.g. '- ann: expand LMR Liverpool-Manchester').")
    body = {("do" if key == "moves" else key): value for key, value in data.items() if key != "record"}
    body.setdefault("expect", {})
    unchecked = {}
    if about.get("stopped") and body["expect"]:  # the result of the whole game: the moves stop short of it
        unchecked, body["expect"] = body["expect"], {}
    if not isinstance(body["expect"], dict):
        raise ExampleProblem(where.at(lines.line("expect")), "'expect:' is a mapping of things to check after the "
                             f"last move, e.g. 'expect: {{bank: 231}}'; here it is {show(body['expect'])}.")
    # Line numbers are kept by path: the moves' lines answer for the scenario's 'do:'.
    for place, line in list(lines.lines.items()):
        if place[:1] == ("moves",):
            lines.lines[("do",) + place[1:]] = line
    scenario = Scenario(id=Path(path).stem, title=str(about.get("title") or Path(path).name), where=where,
                        rules=[], diagram=None, diagram_options=frozenset(), data=body, lines=lines, positions={})
    _check(scenario)
    return Record(path, scenario, about, text, unchecked)


def _check(s: Scenario) -> None:
    """The checks of an example's body that a record shares (an empty 'expect:' is allowed here)."""
    data = s.data
    check_setup_and_chance(s, data)
    if "from" in (data.get("setup") or {}):
        raise s.problem("A record cannot start from a shared position of a book ('from:'); write its setup out, "
                        "starting from a preset if you like.", "setup", "from")
    check_steps(s, data["do"])


def write(game, *, setup: dict, moves: list[tuple[str | None, str]], settings: dict | None = None, seed: int = 0,
          draws: list | None = None, title: str = "", source: str = "", expect: dict | None = None,
          notes: list[str] | None = None) -> str:
    """A record's YAML text: the settings that differ from the game's defaults, the chance, the
    setup and one line per move (``notes``, when given, end each move's line as a comment)."""
    about = {key: value for key, value in (("title", title), ("source", source)) if value}
    data: dict = {"record": about} if about else {}
    data["game"] = game.name
    changed = {k: v for k, v in (settings or {}).items() if k in game.settings and v != game.settings[k].default}
    if changed:
        data["settings"] = changed
    if seed:
        data["seed"] = seed
    if draws:
        data["draws"] = list(draws)
    data["setup"] = setup
    text = yaml.safe_dump(data, sort_keys=False, default_flow_style=None, allow_unicode=True, width=110)
    lines = []
    for index, (actor, move) in enumerate(moves):
        line = f"  - {scalar(actor)}: {scalar(move)}" if actor else f"  - {scalar(move)}"
        if notes and index < len(notes) and notes[index]:
            line += f"  # {notes[index]}"
        lines.append(line)
    text += "moves:\n" + "\n".join(lines) + "\n" if lines else "moves: []\n"
    if expect:
        text += yaml.safe_dump({"expect": expect}, sort_keys=False, default_flow_style=None, allow_unicode=True,
                               width=110)
    return text
