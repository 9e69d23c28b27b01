"""Redemption and reissue: a president acting, as a whole stock turn, for the corporation.

Redeeming buys one share back into the Treasury, where it stays out of sale. Reissuing puts all
redeemed shares back on sale at a new, possibly higher, par; from then on the corporation is paid
for each Treasury share it sells (incremental capitalisation).
"""
from __future__ import annotations

from rulewright.game import Event, Refusal
from engine.games.g1870 import data, holdings, market
from engine.games.g1870.state import State


def check_corporate_turn(state: State, name: str, sym: str) -> None:
    corp = state.corporations[sym]
    if corp.president != name:
        raise Refusal("1870.corporate.president", f"Only {sym}'s president may act for it; that is "
                                                  f"{corp.president or 'nobody yet'}.")
    if state.acted:
        raise Refusal("1870.corporate.whole-turn", "Redeeming or reissuing is a player's whole turn: it must "
                                                   "be the first and only thing done that turn.")


def redeem_check(state: State, name: str, sym: str, source: str) -> int:
    """The price of the share ``sym`` would redeem from ``source`` (``market`` or a player)."""
    check_corporate_turn(state, name, sym)
    corp = state.corporations[sym]
    price = holdings.price(corp)
    if not corp.operated:
        raise Refusal("1870.redeem.operated", f"{sym} has not operated yet, so it may not redeem shares.")
    if corp.treasury + corp.redeemed >= 4:
        raise Refusal("1870.redeem.treasury-limit", f"{sym}'s Treasury already holds "
                      f"{corp.treasury + corp.redeemed} shares; 60% must stay with the players and the market.")
    if corp.redeemed_this_round:
        raise Refusal("1870.redeem.once", f"{sym} has already redeemed a share this stock round.")
    if price > corp.cash_at_round_start:
        raise Refusal("1870.redeem.cash", f"A share costs ${price}, more than the ${corp.cash_at_round_start} "
                                          f"{sym} had when this stock round began.")
    if source == "market":
        if not corp.market:
            raise Refusal("1870.redeem.market-first", f"The market has no {sym} share; name the player to "
                                                      f"redeem from, e.g. 'redeem {sym} from <player>'.")
        return price
    if corp.market:
        raise Refusal("1870.redeem.market-first", f"The market holds {sym} shares, so the share must come "
                                                  "from the market.")
    held = state.players[source].shares.get(sym, 0)
    largest_other = max((p.shares.get(sym, 0) for n, p in state.players.items() if n != source), default=0)
    if source == corp.president and (held < 3 or held <= largest_other):
        raise Refusal("1870.redeem.president-holding", f"{source} cannot give up a share of {sym} without "
                      "losing the presidency (or has only the president's certificate).")
    if held < 1:
        raise Refusal("1870.redeem.market-first", f"{source} holds no {sym} share.")
    return price


def redeem(state: State, sym: str, source: str) -> list[Event]:
    corp = state.corporations[sym]
    price = holdings.price(corp)
    corp.cash -= price
    if source == "market":
        corp.market -= 1
        state.bank += price
    else:  # the holder agreed (rule 1870.redeem.consent): not a sale, so they may buy it again this round
        seller = state.players[source]
        seller.cash += price
        seller.shares[sym] -= 1
        if not seller.shares[sym]:
            del seller.shares[sym]
    corp.redeemed += 1
    corp.redeemed_this_round = True
    state.acted.append(("redeem", sym))
    return [Event("share-redeemed", {"corporation": sym, "from": source, "price": price})]


def reissue_price(state: State, sym: str) -> int:
    """The new par (rule 1870.reissue.price)."""
    corp = state.corporations[sym]
    cap = data.max_reissue_par() if state.settings["max_reissue_200"] else None
    return max(corp.par, market.top_row_nearest(0.75 * holdings.price(corp), cap))


def reissue_check(state: State, name: str, sym: str) -> None:
    """``reissue``'s refusals, in its order, changing nothing."""
    check_corporate_turn(state, name, sym)
    corp = state.corporations[sym]
    if not corp.redeemed:
        raise Refusal("1870.reissue.when", f"{sym} has no redeemed shares to reissue.")
    if corp.treasury:
        raise Refusal("1870.reissue.when", f"{sym} still has shares for sale in its Treasury; reissue only "
                                           "when every Treasury share is a redeemed one.")


def reissue(state: State, name: str, sym: str) -> list[Event]:
    reissue_check(state, name, sym)
    corp = state.corporations[sym]
    new_par = reissue_price(state, sym)
    count = corp.redeemed
    corp.par, corp.treasury, corp.redeemed, corp.incremental = new_par, count, 0, True
    state.acted.append(("reissue", sym))
    return [Event("shares-reissued", {"corporation": sym, "count": count, "par": new_par})]
