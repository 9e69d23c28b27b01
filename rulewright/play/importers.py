"""Other programs' game records, turned into Rulewright records by the importer registered for
their format (``rulewright.book.registry.get_importer``), for ``rulewright replay --from FORMAT``."""
from __future__ import annotations

from pathlib import Path

from rulewright.game import InputError
from rulewright.problems import ExampleProblem, Where
from rulewright.book.registry import get_importer


def convert(format_name: str, path: str) -> str:
    """The Rulewright record (YAML text) of the other program's record at ``path``; a problem
    naming the file (and the importer's place in it) when it cannot be converted."""
    try:
        importer = get_importer(format_name)
    except InputError as error:
        raise ExampleProblem(Where(path, 1), error.message) from None
    if not Path(path).is_file():
        raise ExampleProblem(Where(path, 1), "There is no such record file. Check the name and the folder.")
    try:
        return importer.convert(Path(path))
    except InputError as error:
        place = f" ({error.where})" if error.where else ""
        raise ExampleProblem(Where(path, 1), f"{importer.title or importer.format} record{place}: "
                             f"{error.message}") from None
