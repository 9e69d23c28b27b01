"""Rulewright: rulebooks whose worked examples are tests. Games build on ``rulewright.game``."""
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
import tomllib


def _source_version() -> str:
    """The version in the source tree's ``pyproject.toml`` (a tree that was never installed)."""
    try:
        return tomllib.loads((Path(__file__).parent.parent / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    except (OSError, KeyError, tomllib.TOMLDecodeError):
        return "0+unknown"


try:
    __version__ = version("rulewright")
except PackageNotFoundError:
    __version__ = _source_version()
