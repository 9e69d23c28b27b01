"""The project's choices, read from ``[tool.rulewright]`` in its ``pyproject.toml``.

The pytest plugin, the Sphinx extension and the ``rulewright`` command all read them here, so
the three agree. A project without the table gets the defaults: the book in ``rulebook/`` beside
``pyproject.toml`` (or beside the working directory when there is no ``pyproject.toml``)::

    [tool.rulewright]
    rulebook = "rulebook"          # where the book's Markdown pages are
    strict = false                 # a failing example stops the build (CI turns it on)
    python-blocks = "refuse"       # or "allow": run ```python blocks in the book as doctests
    pending = "allow"              # or "error": an example marked ':status: pending' fails
    pending-for-players = "leave-out"  # what the player's edition does with an example marked pending:
                                   # "leave-out", "planned" (print it, marked planned) or "as-written" (print
                                   # it as any other); a book below check level 0.5 keeps "as-written"
    time-limit = 60                # seconds an example may run before it is stopped (0: no limit)
    changes-since = "v1.0"         # a git revision: the book gets a Changes page and change bars since it
    check-level = "0.5"            # the release whose checks the book is written for (rulewright.checks.levels);
                                   # checks added later give advice, not failures, until `rulewright upgrade`
    typed-figures = "check"        # numbers typed beside the game's words: "check" (a figure tied to the game's
                                   # data or an example that differs fails), "strict" (so does one tied to
                                   # nothing), "list" (none fails); `rulewright check --figures` lists them

    [tool.rulewright.games]        # games that live in this repository, not installed with pip
    my-game = "my_game:GAME"

    [tool.rulewright.importers]    # readers of other programs' game records (rulewright replay --from)
    "18xx.games" = "my_game.importer:IMPORTER"

    [tool.rulewright.front-matter] # the book's front matter ({front-matter}: rulewright.sphinx.front_matter)
    covers = "The whole game."     # what the book covers; credits, rights: who made it, who holds its rights

Games installed with pip register under the ``rulewright.games`` entry-point group instead
(see ``rulewright.book.registry``). The project's folder is put on ``sys.path``, as pytest does for a
rootdir, so ``my_game`` above is found without installing it.
"""
from __future__ import annotations

import os
import sys
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from rulewright.book.toml_lines import line_of as _line_of
from rulewright.names import did_you_mean
from rulewright.press.settings import from_table as print_settings
from rulewright.problems import ExampleProblem, Where
from rulewright.releases import LEVELS

PYTHON_BLOCKS = ("allow", "refuse")
PENDING = ("allow", "error")
PENDING_FOR_PLAYERS = ("leave-out", "planned", "as-written")
TYPED_FIGURES = ("check", "strict", "list")  # rulewright.checks.typed_figures
KNOWN_KEYS = ("rulebook", "strict", "python-blocks", "pending", "games", "player-notes", "importers")


@dataclass
class Project:
    """One rulebook project: where it is and what it chose."""

    root: Path
    rulebook: Path
    games: dict[str, str] = field(default_factory=dict)
    importers: dict[str, str] = field(default_factory=dict)
    strict: bool = False
    python_blocks: str = "allow"
    pending: str = "allow"
    player_notes: bool = False
    pyproject: Path | None = None
    changes_since: str = ""  # a git revision (rulewright.history.since); empty: no Changes page
    time_limit: float = 60.0  # seconds an example may run (rulewright.scenario.timelimit); 0: no limit
    check_level: str = ""  # the level of checks the book is written for (rulewright.checks.levels); "": the oldest
    typed_figures: str = "check"  # how strictly numbers typed in the text are held to the game (checks.typed_figures)
    pending_for_players: str = "as-written"  # what the player's edition does with a pending example (PENDING_FOR_PLAYERS)
    front_matter: dict = field(default_factory=dict)  # what the book covers, its credits and rights (FRONT_MATTER)

    def front_matter_part(self, part: str, project: str = "", author: str = "", copyright: str = "") -> str:
        """What the book says for ``part`` of its front matter ("covers", "credits" or "rights"), as
        Markdown: the setting in ``[tool.rulewright.front-matter]``, else said from ``conf.py``'s
        ``project``, ``author`` and ``copyright`` (a book made before the setting existed keeps
        printing what it did). The one source of these words for the front matter
        (``rulewright.sphinx.front_matter``), the cover and the print files (``rulewright print``);
        empty when neither says anything."""
        if self.front_matter.get(part):
            return self.front_matter[part]
        copyright = str(copyright or "").strip()
        return {"covers": f"This book holds the rules of {project}." if project else "",
                "credits": f"This book is the work of {author}." if author else "",
                "rights": f"© {copyright.rstrip('.')}." if copyright else ""}[part]

    def leaves_out(self, pending: bool) -> bool:
        """Whether the player's edition leaves out an example (``pending``: one marked ``:status:
        pending``, whether or not it holds by now), under ``pending-for-players = "leave-out"``."""
        return pending and self.pending_for_players == "leave-out"

    def marks_planned(self, pending: bool) -> bool:
        """Whether the player's edition prints an example marked as planned."""
        return pending and self.pending_for_players == "planned"

    def activate(self) -> "Project":
        """Make this the project the evaluator and the registry work for, and let its own game
        packages be imported."""
        global _current
        _current = self
        root = str(self.root)
        if root not in sys.path:
            sys.path.insert(0, root)
        return self


_current: Project | None = None


def find_pyproject(start: Path) -> Path | None:
    """The nearest ``pyproject.toml`` at or above ``start`` that has a ``[tool.rulewright]`` table,
    else the nearest one at all."""
    start = start.resolve()
    nearest = None
    for folder in (start, *start.parents):
        candidate = folder / "pyproject.toml"
        if candidate.is_file():
            nearest = nearest or candidate
            try:
                if "rulewright" in tomllib.loads(candidate.read_text(encoding="utf-8")).get("tool", {}):
                    return candidate
            except (tomllib.TOMLDecodeError, OSError):
                return candidate  # load() reports it
    return nearest


def load(start: Path | str | None = None) -> Project:
    """The project that ``start`` (a folder, default the working directory) belongs to."""
    start = Path(start or os.getcwd())
    pyproject = find_pyproject(start if start.is_dir() else start.parent)
    if pyproject is None:
        root = start if start.is_dir() else start.parent
        return Project(root=root.resolve(), rulebook=(root / "rulebook").resolve())
    try:
        table = tomllib.loads(pyproject.read_text(encoding="utf-8")).get("tool", {}).get("rulewright", {})
    except tomllib.TOMLDecodeError as error:
        raise ExampleProblem(Where(str(pyproject), getattr(error, "lineno", 1) or 1),
                             f"pyproject.toml is not valid TOML ({error}). Fix it; Rulewright reads its "
                             "settings from the [tool.rulewright] table there.") from None
    return _from_table(pyproject, table)


KNOWN_KEYS += ("time-limit",)  # seconds an example may run (rulewright.scenario.timelimit)
KNOWN_KEYS += ("changes-since",)  # the version the Changes page and change bars compare with (rulewright.history)
KNOWN_KEYS += ("check-level",)  # the release whose checks the book is written for (rulewright.checks.levels)
KNOWN_KEYS += ("typed-figures",)  # how strictly figures typed in the text are checked (rulewright.checks.typed_figures)
KNOWN_KEYS += ("pending-for-players",)  # what the player's edition does with a pending example
KNOWN_KEYS += ("print",)  # the printer's settings, [tool.rulewright.print] (rulewright.press.settings)
KNOWN_KEYS += ("front-matter",)  # the book's front matter, [tool.rulewright.front-matter] (rulewright.sphinx.front_matter)
FRONT_MATTER = ("covers", "credits", "rights")


def _from_table(pyproject: Path, table: dict) -> Project:
    root = pyproject.parent.resolve()

    def bad(key: str, message: str) -> ExampleProblem:
        return ExampleProblem(Where(str(pyproject), _line_of(pyproject, key)), message)

    for key in table:
        if key not in KNOWN_KEYS:
            raise bad(key, f"'{key}' is not a Rulewright setting in [tool.rulewright]. {did_you_mean(key, KNOWN_KEYS)}")
    games = table.get("games", {})
    if not isinstance(games, dict) or not all(isinstance(v, str) and ":" in v for v in games.values()):
        raise bad("games", "'games' in [tool.rulewright] must be a table of game name = \"module:object\", "
                  "e.g. my-game = \"my_game:GAME\".")
    importers = table.get("importers", {})
    if not isinstance(importers, dict) or not all(isinstance(v, str) and ":" in v for v in importers.values()):
        raise bad("importers", "'importers' in [tool.rulewright] must be a table of record format = "
                  "\"module:object\", e.g. \"18xx.games\" = \"my_game.importer:IMPORTER\".")
    for key, choices in (("python-blocks", PYTHON_BLOCKS), ("pending", PENDING), ("typed-figures", TYPED_FIGURES),
                         ("pending-for-players", PENDING_FOR_PLAYERS)):
        if key in table and table[key] not in choices:
            raise bad(key, f"'{key}' in [tool.rulewright] must be one of {', '.join(map(repr, choices))}, "
                      f"not {table[key]!r}.")
    for key in ("strict", "player-notes"):
        if key in table and not isinstance(table[key], bool):
            raise bad(key, f"'{key}' in [tool.rulewright] must be true or false, not {table[key]!r}.")
    limit = table.get("time-limit", 60)
    if isinstance(limit, bool) or not isinstance(limit, (int, float)) or limit < 0:
        raise bad("time-limit", f"'time-limit' in [tool.rulewright] is the seconds an example may run, such as 60 "
                  f"(0 for no limit), not {limit!r}.")
    since = table.get("changes-since", "")
    if not isinstance(since, str):
        raise bad("changes-since", f"'changes-since' in [tool.rulewright] names a version in quotes, a tag or a "
                  f"commit such as \"v1.0\", not {since!r}.")
    level = table.get("check-level", "")
    if level != "" and level not in LEVELS:
        raise bad("check-level", f"'check-level' in [tool.rulewright] is the Rulewright release whose checks the book "
                  f"is written for, one of {', '.join(map(repr, LEVELS))}, not {level!r}. 'rulewright upgrade' "
                  "writes it; a level newer than this Rulewright's needs a newer Rulewright (pip install -U rulewright).")
    front = table.get("front-matter", {})
    if not isinstance(front, dict):
        raise bad("front-matter", "'front-matter' in [tool.rulewright] is a table, [tool.rulewright.front-matter], "
                  "of covers, credits and rights, each in quotes.")

    def bad_front(key: str, message: str) -> ExampleProblem:  # (at its line in the front matter's table)
        return ExampleProblem(Where(str(pyproject), _line_of(pyproject, key, "tool.rulewright.front-matter")), message)

    for key, value in front.items():
        if key not in FRONT_MATTER:
            raise bad_front(key, f"'{key}' is not part of the front matter in [tool.rulewright.front-matter]: it "
                            f"holds {', '.join(FRONT_MATTER)}. {did_you_mean(key, FRONT_MATTER)}")
        if not isinstance(value, str) or not value.strip():
            raise bad_front(key, f"'{key}' in [tool.rulewright.front-matter] is text in quotes (Markdown), e.g. "
                            f"{key} = \"{_FRONT_SAMPLES[key]}\", not {value!r}.")
    if "print" in table:  # said here, so `rulewright check` names a mistake before `make print` meets it
        print_settings(pyproject, table["print"])
    rulebook = table.get("rulebook", "rulebook")
    if not isinstance(rulebook, str):
        raise bad("rulebook", f"'rulebook' in [tool.rulewright] must be a folder name in quotes, not {rulebook!r}.")
    return Project(root=root, rulebook=(root / rulebook).resolve(), games=dict(games),
                   importers=dict(importers), strict=table.get("strict", False), python_blocks=table.get("python-blocks", "allow"),
                   pending=table.get("pending", "allow"), player_notes=table.get("player-notes", False),
                   pyproject=pyproject, time_limit=float(limit), changes_since=since.strip(),
                   check_level=level, typed_figures=table.get("typed-figures", "check"),
                   pending_for_players=table.get("pending-for-players", _pending_default(level)),
                   front_matter={key: value.strip() for key, value in front.items()})


_FRONT_SAMPLES = {"covers": "The whole game, from the setup to the end.", "credits": "*My Game* is by A. Designer.",
                  "rights": "© 2026 A. Designer. All rights reserved."}


def _pending_default(level: str) -> str:
    """A book written for release 0.5 or later leaves its pending examples out of the player's
    edition; an older one prints them as before (its player's edition does not change on upgrade)."""
    return "leave-out" if level and LEVELS.index(level) >= LEVELS.index("0.5") else "as-written"


def is_pending(options: dict) -> bool:
    """Whether an example's options mark it ``:status: pending``."""
    return str(options.get("status", "") or "").strip() == "pending"


def game_line(pyproject: Path, name: str) -> int:
    """The line of the game ``name`` in the file's ``[tool.rulewright.games]`` table, else 1."""
    inside = False
    for number, line in enumerate(pyproject.read_text(encoding="utf-8").splitlines(), start=1):
        text = line.strip()
        if text.startswith("["):
            inside = text.replace(" ", "") == "[tool.rulewright.games]"
        elif inside and text.split("=")[0].strip().strip('"') == name:
            return number
    return 1


def current() -> Project:
    """The active project; the one around the working directory when none was activated."""
    return _current if _current is not None else load().activate()


def strict_from_env(default: bool) -> bool:
    """``RULEWRIGHT_STRICT=1`` (as ``make rulebook`` and CI set it) overrides the project's choice."""
    value = os.environ.get("RULEWRIGHT_STRICT")
    if value is None or value == "":
        return default
    return value.lower() not in ("0", "false", "no", "off")
