"""Rulewright: rulebooks whose worked examples are tests. Games build on ``rulewright.game``."""
from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("rulewright")
except PackageNotFoundError:  # a source tree that was never installed
    __version__ = "0.1.0"
