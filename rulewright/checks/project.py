"""Problems of the project as a whole, not of one page: a game of the project (or one its book's
examples play) that cannot be loaded, and a ``changes-since`` naming a version git does not have.

It stands above the registry and the scanner (it asks both), so neither needs the other."""
from __future__ import annotations

from rulewright.book import config
from rulewright.book import registry
from rulewright.book import scanner
from rulewright.book.toml_lines import line_of
from rulewright.history import versions
from rulewright.problems import ExampleProblem, Where


def project_problems() -> list:
    """Each game that cannot be loaded, once, at its place (its data file's line, else its line in
    ``pyproject.toml``): every game of the project's ``[tool.rulewright.games]`` (a broken entry is
    reported even when no page plays that game), and each other game the book's examples play
    whose data file is at fault. The examples that play it meet this same problem
    (``GameNotLoaded``), and are not said to fail besides."""
    project = config.current()
    problems = []
    for name in [*project.games, *sorted(_book_games() - set(project.games))]:
        failure = registry.load_failure(name)
        if failure is not None and failure.place is not None:
            problems.append(failure.problem())
    since = changes_since_problem(project)
    if since is not None:
        problems.append(since)
    return problems


def changes_since_problem(project):
    """The problem of a ``changes-since`` in ``[tool.rulewright]`` naming a version the project's git
    repository does not have (a tag misspelt, or not fetched), at its line: the Changes page and the
    change bars would have nothing to compare with."""
    if not project.changes_since:
        return None

    try:
        versions.revision_exists(versions.git_root(project.root), project.changes_since)
    except versions.VersionError as error:
        return ExampleProblem(Where(str(project.pyproject), line_of(project.pyproject, "changes-since")),
                              f"'changes-since = \"{project.changes_since}\"': {error}")
    return None


def _book_games() -> set[str]:
    """The games the examples of the project's book play."""
    root = config.current().rulebook
    if not root.is_dir():
        return set()
    return {name for decl in scanner.scan_cached(root, scanner.pages_stamp(root)).examples
            if (name := decl.game_name())}
