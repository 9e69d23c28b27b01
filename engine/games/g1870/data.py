"""The game's fixed data, read once from the YAML files in ``data/``: market, corporations,
private companies and the tables (bank, starting cash, certificate limits, trains)."""
from __future__ import annotations

from functools import cache

from rulewright.game import data_file


@cache
def load(name: str) -> dict:
    return data_file(__package__, f"data/{name}.yaml")


def corporations() -> dict:
    return load("corporations")


def privates() -> dict:
    return load("privates")


def tables() -> dict:
    return load("tables")


def trains() -> list[dict]:
    return tables()["trains"]
