"""Build a starting state from an example's ``setup`` mapping (or a preset it names).

Keys (all optional except ``players``):

- ``players``: a list of names, or a mapping ``name: {cash, hand, shares}``. 2 to 4 players.
- ``doe``: ``true`` to play with the DoE, or ``{cash, shares}`` to state what it holds.
- ``board``: ``{neutral: [tiles], ES: [tiles], ...}``; ``A0-C9`` stands for a rectangle. With
  no board stated the game opens with the initial draw, which also sets the turn order;
  otherwise the players' order is the turn order.
- ``bag``: the tiles still to draw, next first. Left out, every tile not placed is shuffled in.
- ``turn``: ``{player, actions}``: who is to move and how many actions their turn has; for a
  position in the middle of a turn also ``number`` (which turn of the game), ``used``,
  ``tile_played``, ``can_play`` and ``must_play`` (the view's words for the same things).
- ``action_rolls``: the action counts of the following turns; ``doe_rolls``: the DoE's founding
  grants. Once a list runs out, the seeded random numbers take over.
- ``bank``: ``{paid_out, taken_in}``: what the bank has paid and taken so far in the game.
- ``over``: why the game ended, in words (the view's ``end_reason``), for a finished game.

``setup_of`` in ``position.py`` writes any position back in these keys.

A player whose hand is not stated draws a full hand from the bag, in turn order.
"""
from __future__ import annotations

from rulewright.game import values
from rulewright.game.interface import merge
from rulewright.game.refusal import InputError, did_you_mean, lookup
from rulewright.game.rng import Rng
from engine.games.powerup.board import ALL_TILES, connected, neighbours, parse_tile, parse_tiles, position
from engine.games.powerup.data import COMPANIES, HAND, PRESETS, RULES, SHARES, company_code
from engine.games.powerup.state import DOE, NEUTRAL, Holder, Ledger, State, Turn
from engine.games.powerup.turn import begin_turn

KEYS = ("preset", "players", "doe", "board", "bag", "turn", "action_rolls", "doe_rolls", "bank", "over")
TURN_KEYS = ("number", "player", "actions", "used", "tile_played", "can_play", "must_play")


def new_state(setup: dict, settings: dict, rng: Rng) -> State:
    setup = _with_preset(setup or {})
    for key in setup:
        if key not in KEYS:
            raise InputError(f"powerUp setups have no key {key!r}. {did_you_mean(key, KEYS)}", key)
    over = _over(setup.get("over"))
    players = _players(setup.get("players"))
    doe = _doe(setup.get("doe"))
    board = _board(setup.get("board") or {}, settings)
    placed = _check_places(board, players, setup.get("bag"))
    bag = _bag(setup.get("bag"), placed, rng)
    state = State(
        settings=settings, players=players, doe=doe, board=board,
        active=[] if over else [c for c in COMPANIES if c in board.values()],
        pool={c: SHARES for c in COMPANIES}, bag=bag, turn=Turn(player="", actions=0), rng=rng,
        action_rolls=_rolls(setup, "action_rolls", RULES["action_counts"]),
        doe_rolls=_rolls(setup, "doe_rolls", range(1, RULES["doe_ceiling"] - len(players) + 1)),
        ledger=_bank(setup.get("bank")), over=over is not None, end_reason=over,
    )
    _take_shares(state)
    if not board:
        _initial_draw(state)
    for name, player in state.players.items():
        if player.hand is None:
            player.hand = [state.bag.pop(0) for _ in range(min(HAND, len(state.bag)))]
    cash = sum(h.cash for h in state.players.values()) + (doe.cash if doe else 0)
    state.ledger.start = cash - state.ledger.paid_out + state.ledger.taken_in
    state.in_play = len(state.board) + len(state.bag) + sum(len(p.hand) for p in state.players.values())
    _first_turn(state, setup.get("turn") or {})
    return state


def _over(given) -> str | None:
    """Why a finished game ended; ``None`` for a game still going on."""
    if given is None:
        return None
    if not isinstance(given, str) or not given.strip():
        raise InputError("'over' says why the game ended, in words, e.g. 'over: a company reached size 50'; "
                         "leave it out while the game goes on.", "over")
    return given.strip()


def _bank(given) -> Ledger:
    """What the bank has paid out and taken in so far (the view's ``bank``)."""
    spec = _mapping(given, "bank", ("paid_out", "taken_in"))
    most = 100 * MOST_CASH  # the bank never runs out; this only catches a slip of the keyboard
    return Ledger(start=0,
                  paid_out=values.money(spec.get("paid_out", 0), "bank.paid_out", "what the bank has paid", most),
                  taken_in=values.money(spec.get("taken_in", 0), "bank.taken_in", "what the bank has taken", most))


def _with_preset(setup: dict) -> dict:
    if "preset" not in setup:
        return dict(setup)
    base = lookup("preset", setup["preset"], PRESETS, "preset")
    rest = {k: v for k, v in setup.items() if k != "preset"}
    return merge(base, rest)


def _players(given) -> dict[str, Holder]:
    if isinstance(given, list):
        given = {name: None for name in given}
    if not isinstance(given, dict):
        raise InputError("Setup needs 'players': a list of names, or a mapping of names to "
                         "{cash, hand, shares}.", "players")
    low, high = RULES["players"]["min"], RULES["players"]["max"]
    if not low <= len(given) <= high:
        raise InputError(f"powerUp is for {low} to {high} players; the setup names {len(given)}.",
                         "players")
    out = {}
    for name, spec in given.items():
        where = f"players.{name}"
        if str(name).lower() == DOE:
            raise InputError("'doe' is the Department of Energy, not a player: use the setup key "
                             "'doe' to bring it into the game.", where)
        spec = _mapping(spec, where, ("cash", "hand", "shares"))
        hand = spec.get("hand")
        if hand is not None:
            hand = [parse_tile(t, f"{where}.hand") for t in _listed(hand, f"{where}.hand")]
            if len(hand) > HAND:
                raise InputError(f"{name} holds {len(hand)} tiles; a hand holds at most {HAND}.",
                                 f"{where}.hand")
        out[str(name)] = Holder(str(name), _cash(spec, where, RULES["start"]["cash"]),
                                _shares(spec.get("shares"), f"{where}.shares"), hand)
    return out


def _doe(given) -> Holder | None:
    """The Department of Energy, when the setup brings it in (rule pu.setup.doe)."""
    if not given:
        return None
    spec = _mapping({} if given is True else given, "doe", ("cash", "shares"))
    return Holder(DOE, _cash(spec, "doe", 0), _shares(spec.get("shares"), "doe.shares"))


def _listed(value, where: str) -> list:
    """A list from the setup (a single value reads as a list of one)."""
    if isinstance(value, (str, int)):
        return [value]
    if not isinstance(value, list):
        raise InputError(f"'{where}' must be a list, such as [A0, B1].", where)
    return value


def _mapping(spec, where: str, keys: tuple) -> dict:
    spec = spec or {}
    if not isinstance(spec, dict):
        raise InputError(f"'{where}' must be a mapping with some of: {', '.join(keys)}.", where)
    for key in spec:
        if key not in keys:
            raise InputError(f"'{where}' has no key {key!r}. {did_you_mean(key, keys)}", f"{where}.{key}")
    return spec


MOST_CASH = 1_000_000  # far beyond any real game, low enough that a slip of the keyboard is caught


def _cash(spec: dict, where: str, default: int) -> int:
    return values.money(spec.get("cash", default), f"{where}.cash", "cash, in dollars", MOST_CASH)


def _shares(given, where: str) -> dict[str, int]:
    shares = {c: 0 for c in COMPANIES}
    if not isinstance(given or {}, dict):
        raise InputError("'shares' must be a mapping of company to number, such as {ES: 3}.", where)
    for name, count in (given or {}).items():
        count = values.whole(count, f"{where}.{name}", "a number of shares", 0, SHARES)
        shares[company_code(name, f"{where}.{name}")] = count
    return shares


def _board(given: dict, settings: dict) -> dict[str, str]:
    if not isinstance(given, dict):
        raise InputError("'board' must be a mapping such as {neutral: [A0, A1], ES: [C3, C4]}.", "board")
    board: dict[str, str] = {}
    for owner, tiles in given.items():
        code = NEUTRAL if str(owner).lower() == NEUTRAL else company_code(owner, f"board.{owner}")
        listed = _listed(tiles or [], f"board.{owner}")
        for tile in [t for text in listed for t in parse_tiles(text, f"board.{owner}")]:
            if tile in board:
                raise InputError(f"Tile {tile} is stated twice on the board.", f"board.{owner}")
            board[tile] = code
    _check_companies(board, settings)
    return board


def _check_companies(board: dict[str, str], settings: dict) -> None:
    """A stated board must be one that play can reach: companies of two or more joined tiles,
    never touching another company or a neutral tile (unless only touching tiles are absorbed)."""
    for code in COMPANIES:
        tiles = {t for t, o in board.items() if o == code}
        if not tiles:
            continue
        where = f"board.{code}"
        if len(tiles) < 2:
            raise InputError(f"{code} has one tile; a company always has at least two.", where)
        if connected(next(iter(tiles)), tiles) != tiles:
            raise InputError(f"{code}'s tiles are not all joined to one another.", where)
        for tile in tiles:
            for n in neighbours(tile):
                other = board.get(n)
                if settings["neutral_absorption"] == "touching":
                    continue  # taking only touching neutral tiles can leave companies side by side
                if other not in (None, code, NEUTRAL):
                    raise InputError(f"{code} at {tile} touches {other} at {n}; two companies "
                                     "cannot touch (they would have merged).", where)
                if other == NEUTRAL:
                    raise InputError(f"Neutral tile {n} touches {code} at {tile}; the company would "
                                     "already have taken it.", where)


def _check_places(board: dict, players: dict, bag) -> set[str]:
    """Every tile stated once only, across the board, the hands and the bag."""
    seen = {t: "the board" for t in board}
    places = [(f"{n}'s hand", f"players.{n}.hand", p.hand or []) for n, p in players.items()]
    places.append(("the bag", "bag", [parse_tile(t, "bag") for t in _listed(bag or [], "bag")]))
    for label, where, tiles in places:
        for tile in tiles:
            if tile in seen:
                raise InputError(f"Tile {tile} is stated in both {seen[tile]} and {label}.", where)
            seen[tile] = label
    return set(seen)


def _bag(given, placed: set[str], rng: Rng) -> list[str]:
    if given is not None:
        return [parse_tile(t, "bag") for t in _listed(given, "bag")]
    return rng.shuffled([t for t in ALL_TILES if t not in placed])


def _rolls(setup: dict, key: str, allowed) -> list[int]:
    rolls = _listed(setup.get(key) or [], key)
    for value in rolls:
        if value not in allowed:
            raise InputError(f"'{key}' holds {value!r}, which cannot be rolled; it must be one of "
                             + ", ".join(map(str, allowed)) + ".", key)
    return list(rolls)


def _take_shares(state: State) -> None:
    """Stated holdings come out of each company's 25 shares, and only active companies have any."""
    for code in COMPANIES:
        held = sum(h.shares[code] for h in [*state.players.values(), *([state.doe] if state.doe else [])])
        if held and state.over:
            raise InputError(f"Shares in {code} are stated, but the game is over ('over'): at the end every "
                             "company is wound up and its shares sold back, so nobody holds any.", "players")
        if held and code not in state.active:
            raise InputError(f"Shares in {code} are stated, but {code} has no tiles on the board, "
                             "so it is not active.", "players")
        if held > SHARES:
            raise InputError(f"{held} shares of {code} are stated; a company has only {SHARES}.", "players")
        state.pool[code] = SHARES - held


def _initial_draw(state: State) -> None:
    """Each player places one tile as a neutral tile (never touching an earlier one: such a tile
    goes back and another is drawn); the leftmost tile moves first, the higher one on a tie
    (rule pu.setup.initial-draw)."""
    opening = {}
    for name in state.players:
        skipped = []
        while state.bag:
            tile = state.bag.pop(0)
            if any(n in state.board for n in neighbours(tile)):
                skipped.append(tile)
                continue
            state.board[tile] = NEUTRAL
            opening[name] = tile
            break
        state.bag[:0] = skipped
    if len(opening) < len(state.players):
        raise InputError("The bag runs out before every player has an opening tile.", "bag")
    order = sorted(state.players, key=lambda n: position(opening[n]))
    state.players = {n: state.players[n] for n in order}


def _first_turn(state: State, given: dict) -> None:
    given = _mapping(given, "turn", TURN_KEYS)
    first = given.get("player", next(iter(state.players)))
    lookup("player", first, state.players, "turn.player")
    if "actions" in given:
        _rolls({"turn.actions": [given["actions"]]}, "turn.actions", RULES["action_counts"])
        state.action_rolls.insert(0, given["actions"])
    begin_turn(state, first)
    _turn_so_far(state, given)


def _turn_so_far(state: State, given: dict) -> None:
    """A position in the middle of a turn (or of the game): what the turn has done so far."""
    turn = state.turn
    state.turn_number = values.whole(given.get("number", 1), "turn.number", "the turn's number in the game", 1)
    turn.used = values.whole(given.get("used", 0), "turn.used", f"the actions used of this turn's {turn.actions}",
                             0, turn.actions)
    turn.tile_played = values.flag(given.get("tile_played", False), "turn.tile_played",
                                   "a tile has been played this turn")
    turn.play_closed = not values.flag(given.get("can_play", True), "turn.can_play",
                                       "tiles may still be played this turn")
    turn.must_play = values.flag(given.get("must_play", False), "turn.must_play", "the next action must play a tile")
    if turn.play_closed and not turn.tile_played:
        raise InputError("'can_play: false' means a tile has founded, expanded or merged a company this turn, so "
                         "write 'tile_played: true' too.", "turn.can_play")
    for key, said in (("tile_played", turn.tile_played), ("must_play", turn.must_play)):
        if said and not turn.used:
            raise InputError(f"'{key}: true' needs an action used this turn (a play or a draw): write 'used' too, "
                             "e.g. 'used: 1'.", f"turn.{key}")
