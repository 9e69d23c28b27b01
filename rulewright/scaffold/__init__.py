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
  ``editions.mk`` here, which this repository's own Makefile includes: one text for both.

``rulewright new --bare`` starts from a blank game instead of the starter: the files in
``template-bare/`` take the place of the same files in ``template/``, the files in
``LEFT_OUT_WHEN_BARE`` are not written. ``rulewright new --template cards`` starts from a
trick-taking game built on the card kits: the blank game's files, then those of
``template-cards/`` in their place. In any template the lines between ``@@IF <word>@@`` and
``@@END@@`` are kept only for the kinds of project that word names (``TEMPLATES``): ``starter``, ``bare``
(every project not made from the starter, whose guide shows its examples as source), ``blank``
(the blank game) and ``cards``.
"""
from __future__ import annotations

import importlib.util
import json
import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

GAME_NAME = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")
TEMPLATE = "template"
BARE_TEMPLATE = "template-bare"
LEFT_OUT_WHEN_BARE = ()
# The files that depend on the starter game's rules: what changes when it is replaced.
STARTER_FILES = ("@@PACKAGE@@/", "tests/test_game.py", "rulebook/rules.md", "rulebook/notation.md",
                 "the examples and the command table in rulebook/authoring.md", "rulebook/index.md")
CONDITION = re.compile(r"^@@IF (starter|bare|blank|cards)@@\n(.*?)^@@END@@\n", re.M | re.S)
# Each template a project can start from: the template folders laid one over the other, and the
# words of ``@@IF <word>@@`` whose lines it keeps.
TEMPLATES = {"starter": ((TEMPLATE,), {"starter"}),
             "bare": ((TEMPLATE, BARE_TEMPLATE), {"bare", "blank"}),
             "cards": ((TEMPLATE, BARE_TEMPLATE, "template-cards"), {"bare", "cards"})}
EDITIONS_MK = "editions.mk"
TAKEN_CLASS_NAMES = ("Game", "Action", "Event", "InputError", "Refusal", "Setting", "State", "Take")


class ScaffoldError(Exception):
    """A reason the project cannot be made, in plain words."""


def rulewright_version() -> str:
    from rulewright import __version__

    return __version__


def current_check_level() -> str:
    """The check level a new project is written for: this release's (rulewright.checks.levels)."""
    from rulewright.checks.levels import CURRENT

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
    from rulewright.book.source import plain_letters

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


def create(folder: Path, names: Names, bare: bool = False, template: str | None = None) -> list[Path]:
    """Write the project into ``folder`` (new or empty) and return the files written: with the
    starter game, with a blank game of one rule when ``bare``, or from one of ``TEMPLATES`` named
    by ``template`` (``"cards"``: a trick-taking game on the card kits)."""
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
    words = names.replacements()
    written = []
    folders, kinds = TEMPLATES[template]
    for source, relative in _project_templates(folders):
        target = folder.joinpath(*(_fill(_file_name(part), words) for part in relative))
        target.parent.mkdir(parents=True, exist_ok=True)
        text = CONDITION.sub(lambda m: m.group(2) if m.group(1) in kinds else "", source.read_text(encoding="utf-8"))
        target.write_text(_fill(text, words), encoding="utf-8")
        if target.parent.name == ".ci":
            target.chmod(0o755)
        written.append(target)
    return written


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


def _fill(text: str, words: dict[str, str]) -> str:
    for placeholder, value in words.items():
        text = text.replace(placeholder, value)
    return text
