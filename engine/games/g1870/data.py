"""The game's fixed data, read once from the YAML files in ``data/``: market, corporations,
private companies and the tables (bank, starting cash, certificate limits, trains)."""
from __future__ import annotations

from functools import cache
from importlib import resources

import yaml


@cache
def load(name: str) -> dict:
    text = resources.files(__package__).joinpath("data").joinpath(f"{name}.yaml").read_text(encoding="utf-8")
    return yaml.safe_load(text)


def corporations() -> dict:
    return load("corporations")


def privates() -> dict:
    return load("privates")


def tables() -> dict:
    return load("tables")


def trains() -> list[dict]:
    return tables()["trains"]
