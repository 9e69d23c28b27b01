"""``rulewright new``: a complete rulebook project for a new game, ready for ``make test``.

The project's files are templates in ``template/`` (shipped in the wheel). Each ends in ``.tmpl``,
so nothing here is mistaken for this package's own code or tests; a leading ``dot-`` stands for a
leading dot (``dot-gitignore.tmpl`` becomes ``.gitignore``) and the folder ``@@PACKAGE@@`` is the
game's Python package. In the text, these words are replaced:

- ``@@TITLE@@`` the game's title as written, ``@@TITLE_PY@@`` the same as a Python string and
  ``@@TITLE_TOML@@`` inside a TOML string;
- ``@@GAME@@`` the name examples write (``game: my-game``), ``@@PACKAGE@@`` the Python package
  (``my_game``), ``@@CLASS@@`` the game's class (``MyGame``), ``@@PREFIX@@`` the start of its rule
  IDs (``mygame``);
- ``@@VERSION@@`` the version of Rulewright that made the project (its lowest version), and
  ``@@CHECK_LEVEL@@`` the level of checks it is written for (``rulewright.checks.levels``);
- ``@@EDITIONS_MK@@`` the Makefile rules that build the two editions and serve the live preview,
  ``editions.mk`` here, which this repository's own Makefile includes: one text for both;
- ``@@LINE <text>@@`` the number of the first line of the written file that starts with ``<text>``
  (a guide quoting a failure at an example's line stays true whatever is written above it).

``rulewright new --bare`` starts from a blank game instead of the starter: the files in
``template-bare/`` take the place of the same files in ``template/``, the files in
``LEFT_OUT_WHEN_BARE`` are not written. ``rulewright new --template cards`` starts from a
trick-taking game built on the card kits: the blank game's files, then those of
``template-cards/`` in their place; ``--template worker-placement`` likewise from
``template-workers/``, a worker-placement game with upkeep, and ``--template board`` from
``template-board/``, a game of claiming squares on the squares kit's board. In any template the
lines between ``@@IF <word>@@`` and ``@@END@@`` are kept only for the kinds of project that word
names (``TEMPLATES``): ``starter``, ``bare`` (every project not made from the starter), ``blank``
(the blank game), ``cards``, ``workers`` and ``board``. Every kind's authoring guide plays its
live examples on the demo game (``rulewright.demo``), not on its own.

``rulewright remove-starter`` (``remove_starter``) turns a project made from the starter, the
card game, the worker-placement game or the board game into a blank one, the one step a designer takes to put their own game in its place:
every file that differs between the two kinds and still reads exactly as ``rulewright new`` wrote
it is written as the blank game's; a file the designer has changed is never touched.
"""
from __future__ import annotations

import ast
import importlib.util
import json
import re
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from rulewright import __version__
from rulewright.book import config
from rulewright.book.source import plain_letters
from rulewright.checks.levels import CURRENT

GAME_NAME = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")
TEMPLATE = "template"
BARE_TEMPLATE = "template-bare"
LEFT_OUT_WHEN_BARE = ()
# The files that depend on the starter game's rules: what `rulewright remove-starter` replaces.
STARTER_FILES = ("@@PACKAGE@@/", "rulebook/rules.md", "rulebook/notation.md", "rulebook/quick-reference.md",
                 "rulebook/glossary.yaml", "rulebook/index.md")
CONDITION = re.compile(r"^@@IF ([a-z]+)@@\n(.*?)^@@END@@\n", re.M | re.S)
LINE_OF = re.compile(r"@@LINE (.+?)@@")


@dataclass(frozen=True)
class Template:
    """A game a project can start from: the template folders laid one over the other (each
    folder's files take the place of the same files in those before it), the words of
    ``@@IF <word>@@`` whose lines it keeps, and how ``rulewright new`` speaks of it: what it is
    (``kind``), the letter and words it is offered by at a terminal, the other words a designer
    may answer it by (``aliases``), and what to do next (and
    ``rulewright remove-starter``: ``called``, the game it was made with). A
    template with a ``data`` file keeps its game's parts as data there; ``replaceable`` says
    ``rulewright remove-starter`` puts a blank game in its place."""

    name: str
    folders: tuple[str, ...]
    words: frozenset[str]
    kind: str
    letter: str
    offer: str
    next_step: str
    called: str = "the starter game"
    data: str | None = None
    replaceable: bool = True
    aliases: tuple[str, ...] = ()


_FROM_KITS = ("The game in {package}/ keeps its {parts} as data in {package}/{data}, and its rules, each with its "
              "examples, in rulebook/rules.md: make them yours, rule by rule (or write a game of your own there and "
              "run `rulewright remove-starter`).")
TEMPLATES = {template.name: template for template in (
    Template("starter", (TEMPLATE,), frozenset({"starter"}), "the starter game", "s",
             "the starter game to learn from",
             "The starter game is there to be replaced: write your game in {package}/ and rulebook/rules.md, then run "
             "`rulewright remove-starter`, which puts a blank game's version in place of the starter's files you have "
             "not changed ({starter_files})."),
    Template("bare", (TEMPLATE, BARE_TEMPLATE), frozenset({"bare", "blank"}), "a blank game", "b",
             "a blank game to write your own",
             "The game in {package}/ has one rule and one example, in rulebook/rules.md: replace them with yours, "
             "rule by rule.", replaceable=False, aliases=("blank",)),
    Template("cards", (TEMPLATE, BARE_TEMPLATE, "template-cards"), frozenset({"bare", "cards"}),
             "a trick-taking game on the card kits", "c", "a trick-taking card game on the card kits",
             _FROM_KITS.replace("{parts}", "cards, deal and phases"), "the card game", data="cards.yaml",
             aliases=("card",)),
    Template("worker-placement", (TEMPLATE, BARE_TEMPLATE, "template-workers"), frozenset({"bare", "workers"}),
             "a worker-placement game on the kits", "w", "a worker-placement game with upkeep on the kits",
             _FROM_KITS.replace("{parts}", "action spaces, goods, rounds and upkeep"), "the worker-placement game",
             data="board.yaml", aliases=("workers",)),
    # Its data file is map.yaml, not board.yaml: board.yaml is the worker-placement game's, by which
    # remove-starter knows a worker-placement project made before there was a board template.
    Template("board", (TEMPLATE, BARE_TEMPLATE, "template-board"), frozenset({"bare", "board"}),
             "a board game on the square-board kit", "g", "a game of claiming squares on a board (a grid)",
             _FROM_KITS.replace("{parts}", "board, home squares, water, squares' points and rounds"), "the board game",
             data="map.yaml", aliases=("grid", "squares")),
)}


def template_named(answer: str) -> str:
    """The name of the template ``answer`` names: its name, or one of its aliases."""
    return next((made.name for made in TEMPLATES.values() if answer in (made.name, *made.aliases)), answer)


# The demo game every project's authoring guide plays (rulewright.demo): no project's game may
# take its name or the start of its rule IDs.
DEMO_GAME, DEMO_PREFIX = "rulewright-demo", "rwdemo"
EDITIONS_MK = "editions.mk"
TAKEN_CLASS_NAMES = ("Game", "Action", "Event", "InputError", "Refusal", "Setting", "State", "Take")


class ScaffoldError(Exception):
    """A reason the project cannot be made, in plain words."""


def rulewright_version() -> str:
    return __version__


def current_check_level() -> str:
    """The check level a new project is written for: this release's (rulewright.checks.levels)."""
    return CURRENT


@dataclass(frozen=True)
class Names:
    title: str
    game: str

    @property
    def package(self) -> str:
        return self.game.replace("-", "_")

    @property
    def prefix(self) -> str:
        return self.game.replace("-", "")

    @property
    def class_name(self) -> str:
        name = "".join(part.capitalize() for part in self.game.split("-"))
        return name + "Rules" if name in TAKEN_CLASS_NAMES else name

    def replacements(self) -> dict[str, str]:
        return {
            "@@TITLE_PY@@": repr(self.title),
            "@@TITLE_TOML@@": json.dumps(self.title)[1:-1],
            "@@TITLE@@": self.title,
            "@@GAME@@": self.game,
            "@@PACKAGE@@": self.package,
            "@@CLASS@@": self.class_name,
            "@@PREFIX@@": self.prefix,
            "@@VERSION@@": rulewright_version(),
            "@@CHECK_LEVEL@@": current_check_level(),
            "@@EDITIONS_MK@@": resources.files(__package__).joinpath(EDITIONS_MK).read_text(encoding="utf-8"),
        }


def game_name_from(text: str) -> str:
    """A game name made from a title or folder name: 'Dragon Race!' -> 'dragon-race', 'Café
    Crème & Co' -> 'cafe-creme-co'."""
    name = re.sub(r"[^a-z0-9]+", "-", re.sub(r"['\u2019]", "", plain_letters(text).lower())).strip("-")
    name = re.sub(r"^[0-9-]+", "", name)
    return name or "my-game"


def check_names(names: Names) -> None:
    if not GAME_NAME.match(names.game):
        raise ScaffoldError(f"{names.game!r} cannot be a game name: use lowercase letters and digits, words joined "
                            "by single dashes, starting with a letter (e.g. 'dragon-race').")
    if names.package in ("tests", "rulebook") or importlib.util.find_spec(names.package) is not None:
        raise ScaffoldError(f"The game's code would be the Python package {names.package!r}, but that name is already "
                            "taken by Python or an installed package. Choose another game name with --game.")
    if not names.title.strip():
        raise ScaffoldError("The game needs a title, e.g. --title 'Dragon Race'.")
    if names.prefix == DEMO_PREFIX or names.game == DEMO_GAME:
        raise ScaffoldError(f"{names.game!r} is taken by the demo game the authoring guide plays ({DEMO_GAME!r}, rule "
                            f"IDs '{DEMO_PREFIX}.'): the two games' rules would share their IDs. Choose another game "
                            "name with --game.")


def create(folder: Path, names: Names, bare: bool = False, template: str | None = None) -> list[Path]:
    """Write the project into ``folder`` (new or empty) and return the files written: with the
    starter game, with a blank game of one rule when ``bare``, or from one of ``TEMPLATES`` named
    by ``template`` (``"cards"``: a trick-taking game on the card kits; ``"worker-placement"``: a
    worker-placement game with upkeep on the kits; ``"board"``: a game of claiming squares on the
    squares kit's board)."""
    template = template or ("bare" if bare else "starter")
    if template not in TEMPLATES:
        raise ScaffoldError(f"There is no template {template!r}; the templates are {', '.join(TEMPLATES)}.")
    check_names(names)
    folder = Path(folder)
    if folder.exists() and not folder.is_dir():
        raise ScaffoldError(f"{folder} is a file. Give the name of a new folder for the project.")
    if folder.is_dir() and any(folder.iterdir()):
        raise ScaffoldError(f"The folder {folder} is not empty, and rulewright new never overwrites anything. "
                            "Give the name of a new or empty folder.")
    written = []
    for relative, text in rendered(names, template).items():
        target = folder.joinpath(*relative)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
        if target.parent.name == ".ci":
            target.chmod(0o755)
        written.append(target)
    return written


def rendered(names: Names, template: str = "starter") -> dict[tuple[str, ...], str]:
    """Each file of a new project made from ``template`` (its path in the project, as parts) and its text."""
    words = names.replacements()
    kinds = TEMPLATES[template].words
    return {tuple(_fill(_file_name(part), words) for part in relative):
            _numbered(_fill(CONDITION.sub(lambda m: m.group(2) if m.group(1) in kinds else "",
                                          source.read_text(encoding="utf-8")), words))
            for source, relative in _project_templates(TEMPLATES[template].folders)}


def next_step(names: Names, template: str) -> str:
    """What the designer does next in a project made from ``template``, in ``rulewright new``'s words."""
    made = TEMPLATES[template]
    return made.next_step.format(package=names.package, data=made.data, starter_files=", ".join(
        part.replace("@@PACKAGE@@", names.package) for part in STARTER_FILES))


@dataclass
class StarterRemoved:
    """What ``remove_starter`` did: the template the project was made from (one of the
    ``replaceable`` ``TEMPLATES``), the files written as the blank game's, those removed (the blank game has none of
    them), the template's files the designer has changed (left alone), and those the blank game has
    none of that a file the designer wrote still names (left, as the game may read them)."""

    names: Names
    template: str
    replaced: list[Path] = field(default_factory=list)
    removed: list[Path] = field(default_factory=list)
    changed: list[Path] = field(default_factory=list)
    still_named: list[Path] = field(default_factory=list)


def remove_starter(folder: Path) -> StarterRemoved:
    """Put the blank game's files (those of ``rulewright new --bare``) in place of those of the game
    the project in ``folder`` was made from (the starter, or the card game): each file that differs
    between the two and still reads exactly as ``rulewright new`` wrote it. A file the designer has
    changed, or written anew, is left, and so is a file the blank game lacks (``cards.yaml``) while a
    file of the designer's still names it. The game's names and template are read back from the
    project (``conf.py``'s title, the games it registers, the files it holds)."""
    folder = Path(folder)
    names, template = _project_names(folder)
    made, bare = rendered(names, template), rendered(names, "bare")
    done = StarterRemoved(names, template)
    extra = []  # the template's files the blank game has none of, unchanged: removed unless named
    for relative, text in made.items():
        if bare.get(relative) == text:
            continue  # the same in both kinds of project
        target = folder.joinpath(*relative)
        if not target.is_file():
            continue  # removed or renamed by the designer
        now = target.read_text(encoding="utf-8")
        if now == bare.get(relative):
            continue  # the blank game's already
        if now != text:
            done.changed.append(target)
        elif relative in bare:
            target.write_text(bare[relative], encoding="utf-8")
            done.replaced.append(target)
        else:
            extra.append(target)
    package = folder / names.package
    kept_code = [path.read_text(encoding="utf-8") for path in package.rglob("*.py")] if package.is_dir() else []
    for target in extra:
        if any(target.name in code for code in kept_code):
            done.still_named.append(target)
        else:
            target.unlink()
            done.removed.append(target)
    return done


def _project_names(folder: Path) -> tuple[Names, str]:
    """The names and the template ``rulewright new`` made the project in ``folder`` with: its title
    from ``conf.py``, its game the registered one, and its template the one (of the ``replaceable`` ``TEMPLATES``)
    whose own files the project has most of as they were written."""
    conf = folder / "conf.py"
    pyproject = folder / "pyproject.toml"
    if not conf.is_file() or not pyproject.is_file():
        raise ScaffoldError(f"{folder} is not a project made by rulewright new: it has no "
                            f"{'conf.py' if not conf.is_file() else 'pyproject.toml'}. Run this in the project's folder.")
    title = None
    for node in ast.parse(conf.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "project" for t in node.targets):
            try:
                title = ast.literal_eval(node.value)
            except ValueError:
                title = None
    games = [name for name in config.load(folder).games if GAME_NAME.match(name)]
    if not isinstance(title, str) or not games:
        raise ScaffoldError(f"{conf} names no title (project = '...') or {pyproject} registers no game under "
                            "[tool.rulewright.games]: the starter's files cannot be told apart from yours.")

    def files_kept(names: Names, template: str) -> int:
        bare = rendered(names, "bare")
        return sum((bare.get(relative) != text and folder.joinpath(*relative).is_file()
                    and folder.joinpath(*relative).read_text(encoding="utf-8") == text)
                   for relative, text in rendered(names, template).items())

    kept = {(game, template.name): files_kept(Names(title, game), template.name)
            for game in games for template in TEMPLATES.values() if template.replaceable}
    game, template = max(kept, key=kept.get)
    if not kept[game, template]:  # nothing left as written: a template's data file says which it was
        template = next((made.name for made in TEMPLATES.values() if made.data
                         and (folder / Names(title, game).package / made.data).is_file()), template)
    return Names(title, game), template


# The files that run the project's checks on a CI host and before each commit: `rulewright new`
# writes them with the rest, `rulewright ci` adds them to a project made before (or by hand).
CI_TEMPLATES = ("dot-github", "dot-gitlab-ci.yml.tmpl", "dot-pre-commit-config.yaml.tmpl")


def add_ci(folder: Path, names: Names | None = None) -> tuple[list[Path], list[Path], list[Path]]:
    """Write the CI files into the project in ``folder``, never over a file already there.
    Returns the files written, those already there as Rulewright writes them, and those already
    there with other content (left as they are)."""
    words = names.replacements() if names is not None else {}
    written, same, skipped = [], [], []
    for template, relative in _templates(resources.files(__package__).joinpath(TEMPLATE), ()):
        if relative[0] not in CI_TEMPLATES:
            continue
        target = Path(folder).joinpath(*(_fill(_file_name(part), words) for part in relative))
        text = _fill(template.read_text(encoding="utf-8"), words)
        if target.exists():
            (same if target.is_file() and target.read_text(encoding="utf-8") == text else skipped).append(target)
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
        written.append(target)
    return written, same, skipped


def _project_templates(folders: tuple[str, ...]):
    """Each template of the project with its path in it: the files of ``folders``, each folder's
    taking the place of the same files in the folders before it."""
    files = dict((relative, template) for template, relative in
                 _templates(resources.files(__package__).joinpath(folders[0]), ()))
    if len(folders) > 1:
        for left_out in LEFT_OUT_WHEN_BARE:
            del files[tuple(left_out.split("/"))]
    for folder in folders[1:]:
        files.update((relative, template) for template, relative in
                     _templates(resources.files(__package__).joinpath(folder), ()))
    return [(template, relative) for relative, template in sorted(files.items())]


def _templates(folder, relative: tuple):
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.is_dir() and entry.name != "__pycache__":
            yield from _templates(entry, relative + (entry.name,))
        elif entry.name.endswith(".tmpl"):
            yield entry, relative + (entry.name,)


def _file_name(part: str) -> str:
    part = part.removesuffix(".tmpl")
    return "." + part.removeprefix("dot-") if part.startswith("dot-") else part


def _numbered(text: str) -> str:
    """``text`` with each ``@@LINE <start>@@`` replaced by the number of the first line that starts so."""
    lines = text.splitlines()

    def line_of(match: re.Match) -> str:
        found = next((number for number, line in enumerate(lines, 1) if line.startswith(match.group(1))), None)
        if found is None:
            raise ScaffoldError(f"A template names a line starting {match.group(1)!r} that its file does not have.")
        return str(found)

    return LINE_OF.sub(line_of, text)


def _fill(text: str, words: dict[str, str]) -> str:
    for placeholder, value in words.items():
        text = text.replace(placeholder, value)
    return text
