"""Where a key of ``pyproject.toml`` is, by line: tomllib keeps no positions, and every message about
a setting under ``[tool.rulewright]`` (the project's, the print settings') names its line."""
from __future__ import annotations

from pathlib import Path


def line_of(pyproject: Path, key: str, table: str = "tool.rulewright") -> int:
    """The line of ``key`` in the file's ``[tool.rulewright]`` table (or another ``table``), for
    messages (tomllib keeps no positions); a key of the same name in another table does not count."""
    inside = False
    for number, line in enumerate(pyproject.read_text(encoding="utf-8").splitlines(), start=1):
        text = line.strip()
        if text.startswith("["):
            if text.replace(" ", "") == f"[{table}.{key}]":
                return number
            inside = text.replace(" ", "") == f"[{table}]"
        elif inside and text.split("=")[0].strip().strip('"') == key:
            return number
    return 1
