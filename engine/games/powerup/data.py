"""The game's numbers and named setups, read from ``data/*.yaml`` (nothing here is logic)."""
from __future__ import annotations

from dataclasses import dataclass
from importlib import resources

import yaml


def _load(name: str) -> dict:
    text = resources.files(__package__).joinpath("data", name).read_text(encoding="utf-8")
    return yaml.safe_load(text)


@dataclass(frozen=True)
class CompanyInfo:
    code: str
    name: str
    base: int


RULES: dict = _load("game.yaml")
PRESETS: dict = _load("presets.yaml")
COMPANIES: dict[str, CompanyInfo] = {
    c["code"]: CompanyInfo(c["code"], c["name"], c["base"]) for c in RULES["companies"]
}
SHARES: int = RULES["shares_per_company"]
HAND: int = RULES["start"]["hand"]
