"""Building a state from an example's ``setup`` (documented in the chapter's Notation section)."""
from __future__ import annotations

from rulewright.game import InputError, Refusal
from rulewright.game.values import flag, money, whole
from rulewright.game.refusal import lookup
from engine.games.g1870 import auction as opening_auction, data, holdings, map_setup, market, network, privates, rounds, routes, track
from engine.games.g1870.map_setup import run_text
from engine.games.g1870.setup_names import check_keys, key, player_name
from engine.games.g1870.state import Corporation, Offer, Player, Private, Sale, State

TOP = ("players", "corporations", "privates", "round", "stock_round", "operating_round", "turn", "priority",
       "phase", "bank", "next_train", "connected", "protection", "hexes", "mrbc_lay_used",
       # what a position reached in play also needs (see the Notation section's "Positions from play")
       "market", "passes", "this_turn", "offer", "must_par", "auction", "bank_broken", "operating_rounds_in_set",
       "still_to_operate", "connection_run", "connection_queue",
       # the operating round's ledger (rulebook/1870-market/operating.md)
       "pool", "discarding", "private_tokens", "port_closed")
SALE = ("corporation", "sold_by", "count", "president")
PLAYER = ("cash", "shares", "sold")
CORP = ("cell", "par", "cash", "market", "redeemed", "president", "floated", "operated", "trains", "reissued",
        "closed", "cash_at_round_start", "redeemed_this_round")
PRIVATE = ("owner", "closed", "price", "bids")
THIS_TURN = ("sold", "bought", "protected_by", "token", "routes", "dividend", "tiles", "free_tile", "port_opened")
OFFER = ("kind", "by", "to", "item", "price")
OFFER_KINDS = ("private", "corp-private", "redeem", "train")
AUCTION = ("bidding", "last_buyer")
MOST_CASH = 100_000  # the bank starts with $12,000: anything near this is a slip of the keyboard


def build(setup: dict, settings: dict) -> State:
    for old in ("track", "tokens"):
        if isinstance(setup, dict) and old in setup:
            raise InputError(f"'{old}' set up the old station graph, which is gone: give the printed map hex by hex "
                             "under 'hexes', e.g. {H13: {tile: 57, rotated: 1, tokens: [MP]}} (see the Notation "
                             "section).", old)
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
            player.shares[sym] = whole(units, where, "a number of shares (a president's certificate is 2)", 0,
                                        data.shares_per_corporation())
        player.sold_this_round = {key("corporation", s, state.corporations, f"players.{name}.sold")
                                  for s in spec.get("sold") or []}
    for sym, owner in (setup.get("privates") or {}).items():
        build_private(state, state.privates[key("private company", sym, state.privates, "privates")], owner)
    given = {key("corporation", sym, state.corporations, "corporations"): spec or {}
             for sym, spec in (setup.get("corporations") or {}).items()}
    for sym in [*given, *(s for s in state.corporations if s not in given)]:
        build_corporation(state, state.corporations[sym], given.get(sym, {}))
    stack_order(state, setup.get("market"))
    state.phase = phase_of(setup.get("phase", 1), state.settings)
    ledger(state, setup)
    sold_train_kinds(state, setup.get("next_train"))
    state.bank_broken = flag(setup.get("bank_broken", False), "bank_broken", "the bank has broken")
    state.bank = whole(setup.get("bank", data.tables()["bank"] - total_cash(state)), "bank", "the bank's cash "
                       "(below 0 only once 'bank_broken: true')", -MOST_CASH if state.bank_broken else 0, MOST_CASH)
    start_round(state, setup)
    waiting_sales(state, setup)
    map_setup.build(state, setup)
    state.track.bridge_used = flag(setup.get("mrbc_lay_used", False), "mrbc_lay_used",
                                   "the MRBC's one discounted lay has been made")
    this_turn(state, setup.get("this_turn"))
    waiting_offer(state, setup.get("offer"))
    auction(state, setup)
    return state


def phase_of(given, settings: dict) -> int:
    """The phase a setup gives, by its number or by its name (``phase: D`` with the diesel variant;
    its number, 6, is read too)."""
    numbers = data.phase_numbers(settings)
    if isinstance(given, str) and given.strip().upper() in numbers:
        return numbers[given.strip().upper()]
    if isinstance(given, str) and not given.strip().isdigit():
        names = [str(name) for name in numbers]
        variant = "" if given.strip().upper() not in data.phase_numbers({**settings, "diesels": True}) else \
            " (phase D is the diesel variant's: the example needs 'settings: {diesels: true}')"
        raise InputError(f"'phase: {given}' is not a phase of this game{variant}: its phases are "
                         f"{', '.join(names[:-1])} and {names[-1]}.", "phase")
    return whole(given, "phase", "the phase", 1, max(numbers.values()))


def build_private(state: State, priv, spec) -> None:
    """A private's owner (a player or corporation), ``closed``, or a mapping of ``owner``,
    ``closed``, ``price`` (its auction price now) and ``bids`` (player: amount)."""
    where = f"privates.{priv.sym}"
    owner_at = f"{where}.owner" if isinstance(spec, dict) else where
    if not isinstance(spec, dict):
        spec = {"closed": True} if spec == "closed" else {"owner": spec}
    check_keys(spec, PRIVATE, where)
    if spec.get("owner") is not None:
        owners = {**{p: p for p in state.players}, **{c: c for c in state.corporations}}
        priv.owner = lookup("player or corporation", spec["owner"], owners, owner_at)
    priv.closed = flag(spec.get("closed", False), f"{where}.closed", "the private has closed")
    priv.price = whole(spec.get("price", priv.cost), f"{where}.price", "its auction price", 0, priv.cost)
    bids = spec.get("bids") or {}
    if not isinstance(bids, dict):
        raise InputError("'bids' is a mapping of player to amount bid, e.g. {ann: 45}.", f"{where}.bids")
    if bids and (priv.owner or priv.closed):
        raise InputError(f"{priv.sym} is no longer for sale, so nobody can have a bid on it.", f"{where}.bids")
    priv.bids = {player_name(name, state, f"{where}.bids"): whole(amount, f"{where}.bids.{name}", "a bid",
                                                                     priv.cost + 5, MOST_CASH)
                 for name, amount in bids.items()}


def stack_order(state: State, given) -> None:
    """``market``: cell to the corporations on it, top of the stack first, where several share a
    cell (rule 1870.market.stacking); the cells themselves come from each corporation's ``cell``."""
    for cell, order in (given or {}).items():
        pos = market.parse_label(cell, f"market.{cell}")
        order = [key("corporation", s, state.corporations, f"market.{cell}") for s in order or []]
        there = state.stacks.get(pos, [])
        if sorted(order) != sorted(there):
            raise InputError(f"{market.label(pos)} holds {', '.join(there) or 'no corporation'} (from the "
                             "corporations' 'cell'); list exactly those, top first.", f"market.{cell}")
        state.stacks[pos] = order


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
    closing = flag(spec.get("closed", False), f"{where}.closed", "the corporation has closed")
    shares = data.shares_per_corporation()
    corp.market = whole(spec.get("market", 0), f"{where}.market", "the shares in the market", 0, shares)
    corp.redeemed = whole(spec.get("redeemed", 0), f"{where}.redeemed", "the shares redeemed", 0, shares)
    held = holdings.player_units(state, corp.sym)
    corp.treasury = shares - held - corp.market - corp.redeemed
    if corp.treasury < 0:
        raise InputError(f"{corp.sym} has only {shares} shares, but the setup places {shares - corp.treasury}.", where)
    if corp.par and not closing:
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
    names = [t["name"] for t in data.trains_for(state.settings)]
    for index, train in enumerate(trains):
        if str(train) not in names:
            raise InputError(f"There is no {train}-train; the trains are {', '.join(names)}.",
                             f"{where}.trains.{index}")
    corp.trains = [str(t) for t in trains]
    corp.cash_at_round_start = money(spec.get("cash_at_round_start", corp.cash), f"{where}.cash_at_round_start",
                                     "its cash when the stock round began", MOST_CASH)
    corp.redeemed_this_round = flag(spec.get("redeemed_this_round", False), f"{where}.redeemed_this_round",
                                    "it has redeemed a share this stock round")
    if closing:  # as when its price reaches the closing row (rule 1870.market.close): shares gone, cash to the bank
        holdings.close_corporation(state, corp)


def waiting_sales(state: State, setup: dict) -> None:
    """``protection``: sales made in the seller's turn that now wait for price protection, first
    the one whose president answers first. The sold shares are already in the market (count them
    in the corporation's ``market``); each waits at the corporation's current price."""
    given = setup.get("protection") or []
    if not isinstance(given, list):
        raise InputError("'protection' is a list of sales, for example "
                         "'protection: [{corporation: TP, sold_by: cat, count: 1}]'.", "protection")
    if given and state.round not in ("stock", "operating"):
        raise InputError("Sales wait for price protection in a stock round, or in an operating round after a "
                         "forced train purchase; remove 'protection' or set the round.", "protection")
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
        if corp.president == seller and not index:  # a later one drops unasked when its turn comes
            raise InputError(f"{seller} is {sym}'s president, whose own sales are never offered for protection.",
                             f"{where}.sold_by")
        if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= corp.market:
            raise InputError(f"The sold shares are already in the market, which holds {corp.market} {sym} "
                             f"share(s): 'count' is a whole number from 1 to that (raise corporations.{sym}.market "
                             "if need be).", f"{where}.count")
        sellers.add(seller)
        state.players[seller].sold_this_round.add(sym)
        state.protection.append(Sale(seller, sym, count, holdings.price(corp), president_before(state, sale, where)))
    if len(sellers) > 1:
        raise InputError("All waiting sales come from one turn, so one player sold them all.", "protection")
    if sellers and state.round == "operating":  # a forced purchase's sales: the seller presides the operator
        president = (state.corporations.get(state.turn) or Corporation("")).president
        if sellers != {president}:
            raise InputError("In an operating round only the operating corporation's president "
                             f"({president or 'nobody'}) sells shares, for a train it must buy.", "protection")
        return
    if sellers and "turn" in setup and state.turn not in sellers:
        raise InputError(f"The waiting sales were made in {next(iter(sellers))}'s turn; leave out 'turn', or "
                         "name the seller.", "turn")
    if sellers:
        state.turn = next(iter(sellers))


def president_before(state: State, sale: dict, where: str) -> str | None:
    """A sale's ``president``: who was president when it was made (by default the president now;
    a sale can pass the presidency on, rule 1870.protect.new-president)."""
    corp = state.corporations[key("corporation", sale["corporation"], state.corporations, f"{where}.corporation")]
    return player_name(sale["president"], state, f"{where}.president") if "president" in sale else corp.president


def ledger(state: State, setup: dict) -> None:
    """``pool``: trains in the bank pool, e.g. [2, 3]; ``discarding``: corporations over the train
    limit that must discard, in turn; ``private_tokens``: where the SCC's and GSC's tokens lie,
    e.g. {SCC: B11}."""
    names = [t["name"] for t in data.trains_for(state.settings)]
    pool = setup.get("pool") or []
    if not isinstance(pool, list):
        raise InputError("'pool' is a list of the trains in the bank pool, e.g. [2, 3].", "pool")
    for index, train in enumerate(pool):
        if str(train) not in names:
            raise InputError(f"There is no {train}-train; the trains are {', '.join(names)}.", f"pool.{index}")
    state.pool = [str(t) for t in pool]
    state.discarding = [key("corporation", c, state.corporations, "discarding") for c in setup.get("discarding") or []]
    tokens = setup.get("private_tokens") or {}
    if not isinstance(tokens, dict):
        raise InputError("'private_tokens' maps SCC or GSC to a hex, e.g. {SCC: B11}.", "private_tokens")
    for sym, label in tokens.items():
        if sym not in ("SCC", "GSC"):
            raise InputError(f"'private_tokens' names SCC or GSC, not {sym!r}.", f"private_tokens.{sym}")
        state.assigned[sym] = str(label)
    state.port_closed = flag(setup.get("port_closed", False), "port_closed", "the GSC's token is the closed port")
    if state.port_closed and "GSC" not in state.assigned:
        raise InputError("'port_closed: true' says the GSC's token on the map is the closed port: say where it is, "
                         "e.g. private_tokens: {GSC: N7}.", "port_closed")


def sold_train_kinds(state: State, next_train=None) -> None:
    """Trains already bought. Trains are sold in order, so every train of a kind before the
    phase's own kind is gone, and at least one of the phase's kind (its purchase began the phase;
    phase 1 begins with none sold); ``next_train`` names the next one for sale outright (all
    before it sold)."""
    names = [t["name"] for t in data.trains_for(state.settings)]
    if next_train is not None and str(next_train) not in names:
        raise InputError(f"There is no {next_train}-train; the trains are {', '.join(names)}.", "next_train")
    before = names[:names.index(str(next_train))] if next_train is not None else []
    for train in data.trains_for(state.settings):
        owned = sum(c.trains.count(train["name"]) for c in state.corporations.values()) + state.pool.count(train["name"])
        gone = train["name"] in before or train["phase"] < state.phase
        first = 1 if train["phase"] == state.phase > 1 else 0  # phase 1 starts without a purchase
        state.trains_sold[train["name"]] = train["count"] if gone else max(owned, first)


def total_cash(state: State) -> int:
    return sum(p.cash for p in state.players.values()) + sum(c.cash for c in state.corporations.values())


def start_round(state: State, setup: dict) -> None:
    state.round = setup.get("round", "stock")
    if state.round not in ("auction", "stock", "operating", "over"):
        raise InputError("'round' must be auction, stock, operating or over (the game has ended).", "round")
    state.stock_round = whole(setup.get("stock_round", 1 if state.round == "auction" else 2), "stock_round",
                              "the stock round's number", 1, 1000)
    first = list(state.players)[0]
    state.priority = player_name(setup.get("priority", first), state, "priority")
    state.ors_in_set = whole(setup.get("operating_rounds_in_set", 1), "operating_rounds_in_set",
                             "the number of operating rounds in the set", 1, 3)
    if state.round in ("stock", "auction"):
        state.passes = whole(setup.get("passes", 0), "passes", "the players who have passed in a row since "
                             "someone last acted", 0, len(state.players) - 1)
    elif "passes" in setup:
        raise InputError("'passes' counts passes in a stock round or the auction; remove it.", "passes")
    if state.round == "over":
        state.game_over, state.turn = True, ""
        if "turn" in setup:
            raise InputError("The game is over, so it is nobody's turn; remove 'turn'.", "turn")
        return
    if state.round == "operating":
        operating_turn(state, setup)
        return
    for name in ("still_to_operate", "operating_round"):
        if name in setup:
            raise InputError(f"'{name}' belongs to an operating round; remove it or set 'round: operating'.", name)
    state.turn = player_name(setup.get("turn", state.priority), state, "turn")


def operating_turn(state: State, setup: dict) -> None:
    """The operating corporation (``turn``) and ``still_to_operate``: by default those after it in
    share-price order (rule 1870.rounds.or-order); in play the order is fixed when the round
    begins, so prices that move during the round leave it as it was."""
    state.operating_round = whole(setup.get("operating_round", 1), "operating_round",
                                  "the operating round's number in its set", 1, 3)
    state.ors_in_set = max(rounds.rounds_in_phase(state.phase), state.operating_round)
    if "operating_rounds_in_set" in setup:
        state.ors_in_set = whole(setup["operating_rounds_in_set"], "operating_rounds_in_set",
                                 "the number of operating rounds in the set", state.operating_round, 3)
    order = [s for s in rounds.price_order(state) if state.corporations[s].floated]
    floated = {s: s for s, c in state.corporations.items() if c.floated}
    turn = key("operating corporation", setup.get("turn", (order or [""])[0]), floated, "turn")
    if "still_to_operate" not in setup:
        state.operating_order = order[order.index(turn) + 1:] if turn in order else []
    elif not isinstance(setup["still_to_operate"], list):
        raise InputError("'still_to_operate' is a list of corporations, in the order they will operate.",
                         "still_to_operate")
    else:
        running = {s: s for s in order if s != turn}
        state.operating_order = [key("floated corporation", s, running, "still_to_operate")
                                 for s in setup["still_to_operate"]]
        if len(set(state.operating_order)) < len(state.operating_order):
            raise InputError("'still_to_operate' names a corporation twice.", "still_to_operate")
    state.turn = turn


STOCK_TURN, OPERATING_TURN = ("sold", "bought", "protected_by"), ("token", "routes", "dividend", "tiles", "free_tile",
                                                                   "port_opened", "sold")


def this_turn(state: State, given) -> None:
    """``this_turn``: what the player or corporation whose turn it is has done so far in it. In a
    stock round: ``sold`` (sales of this turn, not yet offered for protection), ``bought`` (a
    corporation bought from the market in the brown zone, where more may follow) and
    ``protected_by`` (the president who protected one of the turn's sales while others still
    wait). In an operating round: ``tiles`` (the hexes laid on), ``free_tile``, ``token``, ``routes``
    (``"4: M2-M4-M6"``), ``dividend`` (its revenue has been paid out or withheld) and ``sold`` (its
    president's sales for a train not yet bought, which wait for protection once it is)."""
    if given is None:
        return
    check_keys(given, THIS_TURN, "this_turn")
    own = {"stock": STOCK_TURN, "operating": OPERATING_TURN}.get(state.round, ())
    for name in given:
        if name not in own:
            now = {"stock": "a stock round", "operating": "an operating round", "auction": "the auction",
                   "over": "the end of the game"}[state.round]
            raise InputError(f"'this_turn.{name}' belongs to {'an operating' if name in OPERATING_TURN else 'a stock'}"
                             f" round, and this is {now}.", f"this_turn.{name}")
    if state.round == "stock":
        turn_sales(state, given)
        return
    if given.get("sold"):
        president = state.corporations[state.turn].president if state.turn in state.corporations else None
        if president is None:
            raise InputError("'this_turn.sold' in an operating round are the operating corporation's president's "
                             "sales for a train; name the corporation whose turn it is in 'turn'.", "this_turn.sold")
        turn_sales(state, given, president)
    net = network.turn_fields(state)
    lays = given.get("tiles") or []
    if not isinstance(lays, list):
        raise InputError("'this_turn.tiles' lists the hexes the corporation has laid tiles on this turn, e.g. [H13].",
                         "this_turn.tiles")
    track.turn_track(state).lays = [track.hex_label(h, "this_turn.tiles") for h in lays]
    if flag(given.get("port_opened", False), "this_turn.port_opened", "the open port was placed this turn"):
        if "GSC" not in state.assigned or state.port_closed:
            raise InputError("'this_turn.port_opened: true' says the open port was placed this turn: say where it is, "
                             "e.g. private_tokens: {GSC: N7}.", "this_turn.port_opened")
        state.port_opened = privates.turn_key(state)
    if "free_tile" in given:
        free = track.hex_label(given["free_tile"], "this_turn.free_tile")
        if free not in state.track.lays:
            raise InputError(f"'free_tile' is one of the hexes in 'this_turn.tiles': the MRBC's home lay; add {free} "
                             "there.", "this_turn.free_tile")
        state.track.free = [free]
    net.tokened = flag(given.get("token", False), "this_turn.token", f"{state.turn} has placed a token this turn")
    state.dividend_done = flag(given.get("dividend", False), "this_turn.dividend",
                               f"{state.turn} has paid out or withheld its revenue this turn")
    for index, text in enumerate(given.get("routes") or []):
        where = f"this_turn.routes.{index}"
        train, path = run_text(text, where)
        try:  # the route as it was run (a train run before a purchase may have rusted since)
            routes.check(state, state.turn, train, path, [p for _, p in net.runs])
        except Refusal as refusal:
            raise InputError(f"{state.turn} cannot have run '{text}': {refusal.reason}", where) from None
        net.runs.append((train, path))


def turn_sales(state: State, given: dict, seller: str | None = None) -> None:
    """The turn's sales not yet offered for protection: a player's in a stock round, the operating
    corporation's president's (``seller``) for its train in an operating round."""
    seller = seller or state.turn
    player = state.players[seller]
    sold = given.get("sold") or []
    if (sold or "bought" in given) and state.protection:
        raise InputError("The turn's sales already wait for price protection, so the turn is over: leave out "
                         "'this_turn.sold' and 'this_turn.bought'.", "this_turn")
    for index, sale in enumerate(sold if isinstance(sold, list) else [None]):
        where = f"this_turn.sold.{index}"
        check_keys(sale, ("corporation", "count", "president"), where)
        sym = key("corporation", sale.get("corporation"), state.corporations, f"{where}.corporation")
        corp, count = state.corporations[sym], sale.get("count", 1)
        if corp.par is None or corp.closed or any(s.corp == sym for s in state.sales):
            raise InputError(f"Name each running corporation sold this turn once ({sym}).", f"{where}.corporation")
        whole(count, f"{where}.count", f"the {sym} shares sold (already counted in corporations.{sym}.market)",
              1, corp.market)
        state.sales.append(Sale(seller, sym, count, holdings.price(corp), president_before(state, sale, where)))
        state.acted.append(("sell", sym))
        player.sold_this_round.add(sym)
    if "bought" in given:
        sym = key("corporation", given["bought"], state.corporations, "this_turn.bought")
        if holdings.zone(state.corporations[sym]) != "brown" or not player.shares.get(sym):
            raise InputError(f"Only a brown-zone purchase from the market leaves the turn open (rule "
                             f"1870.buy.brown-zone), and {state.turn} must hold the {sym} shares bought.",
                             "this_turn.bought")
        state.acted.append(("buy", sym, "market"))
    if "protected_by" in given:
        if not state.protection:
            raise InputError("'protected_by' names the president who protected a sale while others still wait "
                             "in 'protection'; with none waiting, leave it out.", "this_turn.protected_by")
        state.last_protector = player_name(given["protected_by"], state, "this_turn.protected_by")


def waiting_offer(state: State, given) -> None:
    """``offer``: an offer waiting for an answer (``accept`` or ``reject``): ``kind`` (``private``: a
    player sells a private to another; ``corp-private``: the operating corporation buys a private
    from a player; ``redeem``: a corporation redeems a share from a player), ``by`` (who made it),
    ``to`` (who answers), ``item`` (the private or the corporation) and ``price``."""
    if given is None:
        return
    check_keys(given, OFFER, "offer")
    kind = given.get("kind")
    if kind not in OFFER_KINDS:
        raise InputError("'offer.kind' is private, corp-private, redeem or train.", "offer.kind")
    to = player_name(given.get("to"), state, "offer.to")
    if kind == "train":  # the operating corporation buys another's train: item "<train>:<seller>"
        name, _, seller = str(given.get("item", "")).partition(":")
        if name not in [t["name"] for t in data.trains_for(state.settings)] or seller not in state.corporations \
                or name not in state.corporations[seller].trains or state.round != "operating":
            raise InputError("A train offer's item is the train and the corporation selling it, e.g. '2:TP' (TP "
                             "owns a 2-train), made in an operating round.", "offer.item")
        price = whole(given.get("price", 1), "offer.price", "the price offered", 1, MOST_CASH)
        state.offer = Offer(kind, str(given.get("by", state.turn)), to, f"{name}:{seller}", price)
        return
    items = state.corporations if kind == "redeem" else state.privates
    item = key("corporation" if kind == "redeem" else "private company", given.get("item"), items, "offer.item")
    by = str(given.get("by", state.turn))
    if by != state.turn or (kind == "corp-private") != (state.round == "operating"):
        raise InputError(f"An offer is made by the one whose turn it is ({state.turn or 'nobody'}), a "
                         f"{'corporation' if kind == 'corp-private' else 'player'} in "
                         f"{'an operating' if kind == 'corp-private' else 'a stock'} round.", "offer.by")
    price = whole(given.get("price", 0), "offer.price", "the price offered", 0, MOST_CASH)
    state.offer = Offer(kind, by, to, item, price)


def auction(state: State, setup: dict) -> None:
    """``must_par`` (the player who bought the SLSF private and must now set the SLSF's par) and
    ``auction``: ``bidding`` (the players bidding the cheapest private up, in the order they bid)
    and ``last_buyer`` (the last player to buy a private outright; play goes on after them)."""
    if "must_par" in setup:
        name = player_name(setup["must_par"], state, "must_par")
        if state.privates["SLSF"].owner != name or state.corporations["SLSF"].par is not None:
            raise InputError(f"Only the owner of the SLSF private, before the SLSF has started, must set its par; "
                             f"give 'privates: {{SLSF: {name}}}'.", "must_par")
        state.must_par = name
    given = setup.get("auction")
    if given is None:
        return
    check_keys(given, AUCTION, "auction")
    if state.round != "auction":
        raise InputError("'auction' describes the private auction; set 'round: auction' or remove it.", "auction")
    if given.get("last_buyer") is not None:
        state.last_buyer = player_name(given["last_buyer"], state, "auction.last_buyer")
    if given.get("bidding"):
        cheapest = opening_auction.first(state)
        bidders = [player_name(n, state, "auction.bidding") for n in given["bidding"]]
        bids = state.privates[cheapest].bids if cheapest else {}
        if len(bidders) < 2 or sorted(bidders) != sorted(bids):
            raise InputError(f"'bidding' lists the players bidding the cheapest private left, {cheapest}, up: "
                             f"those with bids on it ({', '.join(bids) or 'none'}), two or more.", "auction.bidding")
        if state.turn not in bidders:
            raise InputError(f"While {cheapest} is bid up, the turn is one of its bidders'; name one in 'turn'.",
                             "turn")
        state.bidoff = {"private": cheapest, "bidders": bidders, "next": bidders.index(state.turn)}
