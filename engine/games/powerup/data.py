"""The game's numbers and named setups, read from ``data/*.yaml``, and reading a company's name."""
from __future__ import annotations

from dataclasses import dataclass

from rulewright.game import data_file
from rulewright.game.refusal import InputError


def _load(name: str) -> dict:
    return data_file(__package__, f"data/{name}")


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


def company_code(name: object, where: str | None = None) -> str:
    """A company by its code (``ES``) or its name's first word (``Eclipse``), in any case."""
    known = {code: code for code in COMPANIES}
    for code, info in COMPANIES.items():
        known[info.name.split()[0].upper()] = code
        known[info.name.replace(" ", "").upper()] = code
    text = str(name).replace(" ", "").upper()
    if text in known:
        return known[text]
    raise InputError(
        f"There is no company called {name!r}. Write its code or first name: "
        + ", ".join(f"{c} ({i.name})" for c, i in COMPANIES.items()) + ".",
        where,
    )
