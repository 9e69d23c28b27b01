"""Building a state from an example's ``setup`` (documented in the chapter's Notation section)."""
from __future__ import annotations

from rulewright.game import InputError
from rulewright.game.values import flag, money, whole
from rulewright.game.refusal import did_you_mean, lookup
from engine.games.g1870 import data, holdings, map_setup, market, rounds
from engine.games.g1870.state import Corporation, Player, Private, Sale, State

TOP = ("players", "corporations", "privates", "round", "stock_round", "operating_round", "turn", "priority",
       "phase", "bank", "next_train", "track", "tokens", "connected", "protection")
SALE = ("corporation", "sold_by", "count")
PLAYER = ("cash", "shares", "sold")
CORP = ("cell", "par", "cash", "market", "redeemed", "president", "floated", "operated", "trains", "reissued",
        "closed")
MOST_CASH = 100_000  # the bank starts with $12,000: anything near this is a slip of the keyboard


def key(kind: str, name, known: dict, where: str) -> str:
    """The symbol ``name`` stands for (symbols are read in capitals), or an ``InputError``."""
    return lookup(kind, str(name).upper(), {k: k for k in known}, where)


def player_name(name, state: State, where: str) -> str:
    return lookup("player", name, {p: p for p in state.players}, where)


def check_keys(given: dict, known: tuple, where: str) -> None:
    if not isinstance(given, dict):
        raise InputError(f"'{where}' must be a mapping of key: value lines.", where)
    for key in given:
        if key not in known:
            raise InputError(f"{where} has no key {key!r}. {did_you_mean(key, known)} "
                             f"Known: {', '.join(known)}.", f"{where}.{key}")


def build(setup: dict, settings: dict) -> State:
    check_keys(setup, TOP, "setup")
    names = setup.get("players") or {}
    if isinstance(names, list):
        names = {n: {} for n in names}
    if not 2 <= len(names) <= 7:
        raise InputError("1870 is for 2 to 7 players; list them under 'players'.", "players")
    start = data.tables()["starting_cash"][len(names)]
    state = State(players={}, corporations={}, privates={}, settings=settings)
    for sym, spec in data.corporations().items():
        state.corporations[sym] = Corporation(sym, float_percent=spec["float"])
    for sym, spec in data.privates().items():
        state.privates[sym] = Private(sym, spec["cost"], spec["revenue"], price=spec["cost"])
    for name, spec in names.items():
        spec = spec or {}
        check_keys(spec, PLAYER, f"players.{name}")
        player = state.players[str(name)] = Player(str(name), money(spec.get("cash", start), f"players.{name}.cash",
                                                                    "a player's cash", MOST_CASH))
        shares = spec.get("shares") or {}
        if not isinstance(shares, dict):
            raise InputError("'shares' is a mapping of corporation to shares held, e.g. {ATSF: 2}.",
                             f"players.{name}.shares")
        for sym, units in shares.items():
            where = f"players.{name}.shares.{sym}"
            sym = key("corporation", sym, state.corporations, f"players.{name}.shares")
            player.shares[sym] = whole(units, where, "a number of shares (a president's certificate is 2)", 0, 10)
        player.sold_this_round = {key("corporation", s, state.corporations, f"players.{name}.sold")
                                  for s in spec.get("sold") or []}
    for sym, owner in (setup.get("privates") or {}).items():
        priv = state.privates[key("private company", sym, state.privates, "privates")]
        if owner == "closed":
            priv.closed = True
        else:
            owners = {**{p: p for p in state.players}, **{c: c for c in state.corporations}}
            priv.owner = lookup("player or corporation", owner, owners, f"privates.{sym}")
    given = {key("corporation", sym, state.corporations, "corporations"): spec or {}
             for sym, spec in (setup.get("corporations") or {}).items()}
    for sym in [*given, *(s for s in state.corporations if s not in given)]:
        build_corporation(state, state.corporations[sym], given.get(sym, {}))
    state.phase = whole(setup.get("phase", 1), "phase", "the phase", 1, max(t["phase"] for t in data.trains()))
    sold_train_kinds(state, setup.get("next_train"))
    state.bank = money(setup.get("bank", data.tables()["bank"] - total_cash(state)), "bank", "the bank's cash",
                       MOST_CASH)
    start_round(state, setup)
    waiting_sales(state, setup)
    map_setup.build(state, setup)
    return state


def build_corporation(state: State, corp: Corporation, spec: dict) -> None:
    where = f"corporations.{corp.sym}"
    check_keys(spec, CORP, where)
    if "cell" in spec:
        corp.pos = market.parse_label(spec["cell"], f"{where}.cell")
    if "par" in spec:
        corp.par = whole(spec["par"], f"{where}.par", "a par value", 1, None)
        if market.par_cell(corp.par) is None:
            raise InputError(f"{corp.par} is not a par value; use one of {market.par_values()}.", f"{where}.par")
    elif corp.pos:
        if not market.cell(corp.pos).par:
            raise InputError(f"Give {corp.sym} a 'par' as well as its cell.", where)
        corp.par = market.cell(corp.pos).price
    if corp.par and not corp.pos:
        corp.pos = market.par_cell(corp.par)
    if corp.pos:
        state.stacks.setdefault(corp.pos, []).append(corp.sym)
    corp.market = whole(spec.get("market", 0), f"{where}.market", "the shares in the market", 0, 10)
    corp.redeemed = whole(spec.get("redeemed", 0), f"{where}.redeemed", "the shares redeemed", 0, 10)
    held = holdings.player_units(state, corp.sym)
    corp.treasury = 10 - held - corp.market - corp.redeemed
    if corp.treasury < 0:
        raise InputError(f"{corp.sym} has only ten shares, but the setup places {10 - corp.treasury}.", where)
    if corp.par:
        holdings.update_president(state, corp)
        if "president" in spec:
            corp.president = player_name(spec["president"], state, f"{where}.president")
        if corp.president is None or state.players[corp.president].shares.get(corp.sym, 0) < 2:
            raise InputError(f"{corp.sym} has started, so a player must hold its president's certificate "
                             "(at least 2 shares).", where)
    corp.floated = flag(spec.get("floated", corp.par is not None and held + corp.market >= corp.float_percent // 10),
                        f"{where}.floated", "the corporation has floated")
    corp.cash = money(spec.get("cash", 10 * corp.par if corp.floated else 0), f"{where}.cash",
                      "a corporation's cash", MOST_CASH)
    corp.operated = flag(spec.get("operated", False), f"{where}.operated", "it has operated this round")
    corp.incremental = flag(spec.get("reissued", False), f"{where}.reissued", "its shares were reissued")
    trains = spec.get("trains") or []
    if not isinstance(trains, list):
        raise InputError("'trains' is a list of the trains the corporation owns, e.g. [2, 3].", f"{where}.trains")
    names = [t["name"] for t in data.trains()]
    for index, train in enumerate(trains):
        if str(train) not in names:
            raise InputError(f"There is no {train}-train; the trains are {', '.join(names)}.",
                             f"{where}.trains.{index}")
    corp.trains = [str(t) for t in trains]
    corp.cash_at_round_start = corp.cash
    if flag(spec.get("closed", False), f"{where}.closed", "the corporation has closed"):  # as when its price reaches the closing row (rule 1870.market.close): shares gone, cash to the bank
        holdings.close_corporation(state, corp)


def waiting_sales(state: State, setup: dict) -> None:
    """``protection``: sales made in the seller's turn that now wait for price protection, first
    the one whose president answers first. The sold shares are already in the market (count them
    in the corporation's ``market``); each waits at the corporation's current price."""
    given = setup.get("protection") or []
    if not isinstance(given, list):
        raise InputError("'protection' is a list of sales, for example "
                         "'protection: [{corporation: TP, sold_by: cat, count: 1}]'.", "protection")
    if given and state.round != "stock":
        raise InputError("Sales wait for price protection only in a stock round; remove 'protection' or "
                         "set 'round: stock'.", "protection")
    sellers = set()
    for index, sale in enumerate(given):
        where = f"protection.{index}"
        check_keys(sale, SALE, where)
        if "corporation" not in sale or "sold_by" not in sale:
            raise InputError("Each waiting sale names its 'corporation' and who it was 'sold_by'.", where)
        sym = key("corporation", sale["corporation"], state.corporations, f"{where}.corporation")
        corp, seller = state.corporations[sym], player_name(sale["sold_by"], state, f"{where}.sold_by")
        count = sale.get("count", 1)
        if corp.par is None or corp.closed:
            raise InputError(f"{sym} is not a running corporation, so no sale of it can wait.", f"{where}.corporation")
        if corp.president == seller:
            raise InputError(f"{seller} is {sym}'s president, whose own sales are never offered for protection.",
                             f"{where}.sold_by")
        if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= corp.market:
            raise InputError(f"The sold shares are already in the market, which holds {corp.market} {sym} "
                             f"share(s): 'count' is a whole number from 1 to that (raise corporations.{sym}.market "
                             "if need be).", f"{where}.count")
        sellers.add(seller)
        state.players[seller].sold_this_round.add(sym)
        state.protection.append(Sale(seller, sym, count, holdings.price(corp), corp.president))
    if len(sellers) > 1:
        raise InputError("All waiting sales come from one turn, so one player sold them all.", "protection")
    if sellers and "turn" in setup and state.turn not in sellers:
        raise InputError(f"The waiting sales were made in {next(iter(sellers))}'s turn; leave out 'turn', or "
                         "name the seller.", "turn")
    if sellers:
        state.turn = next(iter(sellers))


def sold_train_kinds(state: State, next_train=None) -> None:
    """Trains already bought. Trains are sold in order, so every train of a kind before the
    phase's own kind is gone, and at least one of the phase's kind (its purchase began the phase;
    phase 1 begins with none sold); ``next_train`` names the next one for sale outright (all
    before it sold)."""
    names = [t["name"] for t in data.trains()]
    if next_train is not None and str(next_train) not in names:
        raise InputError(f"There is no {next_train}-train; the trains are {', '.join(names)}.", "next_train")
    before = names[:names.index(str(next_train))] if next_train is not None else []
    for train in data.trains():
        owned = sum(c.trains.count(train["name"]) for c in state.corporations.values())
        gone = train["name"] in before or train["phase"] < state.phase
        first = 1 if train["phase"] == state.phase > 1 else 0  # phase 1 starts without a purchase
        state.trains_sold[train["name"]] = train["count"] if gone else max(owned, first)


def total_cash(state: State) -> int:
    return sum(p.cash for p in state.players.values()) + sum(c.cash for c in state.corporations.values())


def start_round(state: State, setup: dict) -> None:
    state.round = setup.get("round", "stock")
    if state.round not in ("auction", "stock", "operating"):
        raise InputError("'round' must be auction, stock or operating.", "round")
    state.stock_round = whole(setup.get("stock_round", 1 if state.round == "auction" else 2), "stock_round",
                              "the stock round's number", 1, 1000)
    first = list(state.players)[0]
    state.priority = player_name(setup.get("priority", first), state, "priority")
    if state.round == "operating":
        state.operating_round = whole(setup.get("operating_round", 1), "operating_round",
                                      "the operating round's number in its set", 1, 3)
        state.ors_in_set = max(rounds.rounds_in_phase(state.phase), state.operating_round)
        state.operating_order = [s for s in rounds.price_order(state) if state.corporations[s].floated]
        turn = key("operating corporation", setup.get("turn", (state.operating_order or [""])[0]),
                   state.operating_order, "turn")
        state.operating_order = state.operating_order[state.operating_order.index(turn) + 1:]
        state.turn = turn
        return
    state.turn = player_name(setup.get("turn", state.priority), state, "turn")
    for corp in state.corporations.values():
        corp.cash_at_round_start = corp.cash
