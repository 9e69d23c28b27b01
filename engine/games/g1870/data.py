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


def shares_per_corporation() -> int:
    """How many shares each corporation has (``shares_per_corporation``: ten, of 10% each)."""
    return tables()["shares_per_corporation"]


def auction_price_step() -> int:
    """The opening auction's step (``auction_price_step``, $5): the least a bid raises a private's
    cost or the highest bid, and what a round of passes takes off the cheapest private."""
    return tables()["auction_price_step"]


def half_payout_step() -> int:
    """What a corporation that pays half keeps is rounded down to a multiple of (``half_payout_step``, $10)."""
    return tables()["half_payout_step"]


def least_sale_price() -> int:
    """The least price of a train sold between corporations or of a private sold to another player
    (``least_sale_price``, $1)."""
    return tables()["least_sale_price"]


def max_reissue_par() -> int:
    """The highest par of reissued shares with the option ``max_reissue_200`` (``max_reissue_par``, $200)."""
    return tables()["max_reissue_par"]


def trains(diesels: bool = False) -> list[dict]:
    """The trains in the order the bank sells them: the printed game's, or with the diesel variant
    (setting ``diesels``) the D-train in place of the 8, 10 and 12."""
    return tables()["diesel_trains" if diesels else "trains"]


def trains_for(settings: dict) -> list[dict]:
    """The trains this game's bank sells, in order, under its ``settings`` (``diesels`` or not)."""
    return trains(settings.get("diesels", False))


def phase_name(settings: dict, phase: int) -> int | str:
    """What the players call ``phase``: its number, or the name its first train gives it (the
    diesel variant's sixth phase is phase D)."""
    return next((t.get("phase_name", phase) for t in trains_for(settings) if t["phase"] == phase), phase)


def phase_numbers(settings: dict) -> dict:
    """Each phase's name under ``settings`` (``phase_name``) and the number the game keeps it by."""
    return {phase_name(settings, t["phase"]): t["phase"] for t in trains_for(settings)}


def every_train() -> list[dict]:
    """Every kind of train either table sells (a kind both sell is the same train)."""
    return list({t["name"]: t for t in trains() + trains(True)}.values())
