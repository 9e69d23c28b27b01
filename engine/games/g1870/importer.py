"""Importing 1870 games played on the 18xx.games platform (its JSON game export) as Rulewright
records, and a census of what such a record holds.

``IMPORTER.convert(path)`` reads one export and returns the record as YAML text. The steps:

1. **Which actions are in effect.** The export keeps every action ever sent, undone ones too. The
   platform reads it so: an ``undo`` without ``action_id`` takes back the latest action still in
   effect; an ``undo`` with ``action_id`` takes back every action in effect after that id (``0``:
   all of them); a ``redo`` puts back what the latest undo took back, as long as no ordinary action
   came in between (an ordinary action forgets every undo that could still be redone). Chat
   messages are never undone. ``effective_actions`` applies exactly these rules.
2. **Who is who.** Players get the book's names in seat order (ann, bob, cat, dan, eve, fay, gus);
   the header comment of the record lists the mapping. Corporation and private symbols are the
   book's already (``GRSC``, ``MRBC``, ``SCC``, ``GSC``, ``SLSF``, ``MKT``; ``ATSF`` ... ``TP``); a
   certificate ``MP_3`` is one share of MP (``MP_0`` is the president's certificate).
3. **Each action in the book's notation.** A ``Translator`` follows the few facts the notation
   needs that the action itself does not carry: which private is the cheapest one left in the
   auction (a bid on it is a purchase), where each certificate lies (a share bought from the
   market says so), who presides each corporation, and which sales wait for price protection.
   What the platform did by itself (``auto_actions``: programmed buys and passes) follows its
   action as moves of their own. Where the platform passed for a player who could do nothing (no
   cash for any share), or let a sale go without asking a president who could not protect it, the
   book's engine asks that player all the same: the record has them say ``pass`` or ``decline``.
   Actions that change nothing the book plays (programming a buy, ending the game by hand) give
   no move; the platform's check for connection runs, where it found one, is a checkpoint that the
   engine found it too (see 4).
4. **The operating round.** Tiles and tokens are written on the printed map (``lay 57 on E12
   rotated 2``, ``lay 5 on C18 with MRBC``, ``token H13 city 2``: the token's city is found from
   the tile the record laid there); each route the record ran is a ``run`` on the hexes it passes
   through (``run 3 J5-J7-K8``), and the dividend follows without an amount (``pay``,
   ``withhold``, ``half``): the engine checks every route and pays what the map says it is worth.
   A checkpoint after the dividend holds that revenue to the record's (its comment names the
   record's action), so a difference is reported there with both figures;
   trains come from the bank (``buy train``; the diesel variant's ``buy D train`` and ``trade 5
   train for D train``, its trade-in), its pool (``buy 3 train from pool``) or another
   corporation (``buy 3 train from SP for 120``, with the seller's president's ``accept`` when
   the platform asked nobody); ``discard 3 train``; the cattle and port tokens (``assign SCC to
   B11``; the port company's second assign on its open port's hex places the closed port, ``close
   port on N7``, and both in one turn is the closed port placed instead); a president's sales for a forced purchase (``sell 2 TP``); ``go bankrupt``. The
   platform ends a turn by itself when nothing is left to do, and checks connection runs at the
   end of each turn: the record says ``done`` where the platform ended the turn. The engine finds
   connection runs on the map itself (``connections_from: map``); where the platform found one,
   a checkpoint says the engine must have found it at that moment, and the run follows (the token
   choice, the routes and the dividend, as in a turn). A run the game's end cut short is left out,
   and the record's header says so.
5. **Where it stops.** At the first action in effect that has no move in the book's notation,
   or whose kind the importer does not know (``ACTIONS``), conversion stops, and
   ``record.stopped`` says which action and why. A record played with an optional rule the
   engine does not play (``UNMODELLED_RULES``) is not converted at all: replayed without the
   rule, it would be another game.

Where each certificate lies is kept by the certificate ledger (``ledger.py``), which moves them
as the platform does; a sale is written in shares (the president's certificate counts two).

``python -m engine.games.g1870.importer --census FILE...`` prints, for each export, the action
types in effect with their counts, how many actions convert, and the first that does not.
"""
from __future__ import annotations

import json
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from rulewright.game import Importer, InputError, Refusal
from engine.games.g1870 import data, hexmap, routes
from engine.games.g1870.game import G1870
from engine.games.g1870.ledger import MARKET, Ledger, size
from engine.games.g1870.protection import unable

NAMES = ("ann", "bob", "cat", "dan", "eve", "fay", "gus")
SKIPPED = "skipped"  # a move the platform made by passing for a player who could do nothing

# Actions that change nothing the book's moves play: the platform's standing orders (their
# effect is recorded as the auto actions of later actions) and ending a game by hand.
NO_MOVE = {
    "program_buy_shares": "a standing order to buy; the buys it made follow as moves of their own",
    "program_share_pass": "a standing order to pass; the passes it made follow as moves of their own",
    "program_auto_pass": "a standing order to pass; the passes it made follow as moves of their own",
    "program_disable": "the platform ending a standing order",
    "end_game": "the game was ended by hand here",
    "message": "a chat message",
}

# Actions with no notation in the book yet, and why, in words.
NO_NOTATION = {
    "buy_tokens": "the book has no notation for buying tokens",
}

# Every kind of action the platform writes in an 1870 record, and what the importer makes of it (in
# the designer's page on real games). A kind not named here stops the conversion, named.
ACTIONS = {
    "bid": "a bid in the auction of the privates, or the purchase of the cheapest ('buy GRSC')",
    "pass": "a pass: in the auction, a stock round ('pass', 'done', 'decline'), or a step of a turn",
    "par": "starting a corporation ('par SP 82')",
    "buy_shares": "a purchase ('buy SP', 'buy 2 SP from market'), a protection ('protect SP') or a "
                  "redemption ('redeem SP')",
    "sell_shares": "a sale, in shares ('sell 3 SP'), a president's sale for a train, or a reissue",
    "buy_train": "a train from the bank, its pool or another corporation; a D-train ('buy D train'), or one "
                 "with a trade-in ('trade 5 train for D train')",
    "discard_train": "a train over the limit discarded",
    "buy_company": "a private bought by a corporation from a player",
    "lay_tile": "a tile, the corporation's own or a private's ('lay 5 on C18 with MRBC')",
    "place_token": "a station token ('token H13 city 2')",
    "assign": "the cattle or port private's token ('assign SCC to B11'); the port's second, on the open port, "
              "closes it ('close port on N7')",
    "choose": "where the destination token goes at a connection run",
    "run_routes": "the routes run, as hexes ('run 3 J5-J7-K8'), valued by the engine",
    "dividend": "pay, withhold or half, and a checkpoint of the record's revenue",
    "destination_connection": "the platform's check for connection runs: a checkpoint where it found one",
    "bankrupt": "a president going bankrupt ('go bankrupt')",
    **{kind: words for kind, words in NO_MOVE.items()},
    **{kind: f"refused: {words}" for kind, words in NO_NOTATION.items()},
}

# The platform's optional rules for 1870: those the book's engine plays (each is one of its settings,
# named here), and those it does not, in words. A record played with a rule of the second kind, or
# with one neither names, is not converted at all: replayed without it, it would be another game.
OPTIONAL_RULES = {
    "can_protect_if_sold": "setting can_protect_if_sold: a president who sold this round may protect",
    "max_reissue_200": "setting max_reissue_200: reissued shares are priced at $200 at most",
    "finish_on_400": "setting finish_on_400: the game ends at once when a share price reaches $400",
    "diesels": "setting diesels: the D-train, with its trade-in, replaces the 8-, 10- and 12-trains",
}
UNMODELLED_RULES = {
    "original_rules": "Bill Dixon's original rules (station marker wars, the original tiles and market, "
                      "reissue at $200 at most, protection after a sale)",
    "station_wars": "Station Marker Wars (a destination token takes a station slot)",
    "original_tiles": "the original, more restrictive tile set",
    "original_market": "the original market (that of 1832 and 1850)",
}

GAME_ENDS = {"manually_ended": "the players ended it by hand", "bank": "the bank broke",
             "bankrupt": "a player went bankrupt", "stock_market": "a share price reached the end of the market"}


def effective_actions(actions: list[dict], where: str = "the record") -> list[dict]:
    """The actions in effect, in order, after the platform's undo and redo (see the module's
    docstring): no ``undo``, ``redo`` or chat ``message`` is returned."""
    kept: list[dict | None] = []
    undos: list[list[int]] = []  # what each undo took back that a redo may still put back
    for index, action in enumerate(actions):
        kind = action.get("type")
        if kind == "undo":
            start = _undo_start(actions, kept, action, where)
            group = [i for i in range(start, index) if kept[i] is not None and kept[i]["type"] != "message"]
            for i in group:
                kept[i] = None
            undos.append(group)
            kept.append(None)
        elif kind == "redo":
            if not undos:
                raise InputError(f"{where}: action {action.get('id')} is a redo with nothing undone to put back; "
                                 "the export is damaged (export the game again).", f"action {action.get('id')}")
            for i in undos.pop():
                kept[i] = actions[i]
            kept.append(None)
        else:
            if kind != "message":
                undos.clear()
            kept.append(action)
    return [a for a in kept if a is not None and a["type"] != "message"]


def _undo_start(actions: list[dict], kept: list, action: dict, where: str) -> int:
    """The index from which an undo takes back the actions in effect."""
    if "action_id" in action:
        target = action["action_id"]
        if target == 0:
            return 0
        for i, other in enumerate(actions):
            if other.get("id") == target:
                return i + 1
        raise InputError(f"{where}: action {action.get('id')} undoes back to action {target}, which the record "
                         "does not have; the export is damaged (export the game again).", f"action {action.get('id')}")
    latest = [i for i, a in enumerate(kept) if a is not None and a["type"] != "message"]
    return latest[-1] if latest else 0


class Untranslatable(Exception):
    """An action in effect that has no move in the book's notation; ``str`` says why, in words."""


@dataclass
class Move:
    actor: str
    text: str
    note: str  # the platform's action id, and "auto" or a remark


@dataclass
class Sale:
    corp: str
    certs: frozenset
    seller: str
    president: str | None = None  # the corporation's president when the sale was made


@dataclass
class Translator:
    """Turns the platform's actions, in order, into the book's moves."""

    seats: list[str]                       # the book's player names in seat order
    ids: dict                              # the platform's player id or name -> the book's name
    unsold: list[str] = field(default_factory=lambda: list(data.privates()))
    bids: dict = field(default_factory=dict)            # private -> {player: amount}
    bidoff: list[str] | None = None                     # bidders still bidding up the cheapest private
    passes: int = 0                                     # auction passes in a row
    discount: int = 0                                   # off the first private, after rounds of passes
    owners: dict = field(default_factory=dict)          # private -> owner (player or corporation)
    sales: list[Sale] = field(default_factory=list)     # sales of the turn under way
    waiting: list[Sale] = field(default_factory=list)   # sales waiting for price protection
    turn_of: str | None = None                          # the player whose stock turn is under way
    next_up: str | None = None                          # the player whose stock turn comes next
    passes_in_row: int = 0                              # stock-round passes since anyone acted
    acted: bool = False                                 # whether that player has sold this turn
    operating: bool = False
    upcoming: dict | None = None                        # the next action in effect (a pass may end a turn)
    turn_open: str | None = None                        # the corporation whose operating turn is under way
    connecting: list = field(default_factory=list)      # corporations the platform found connected, in turn
    in_run: dict = field(default_factory=dict)          # corporation -> the moves of its connection run so far
    following: list = field(default_factory=list)       # the actions in effect after this one
    tiles: dict = field(default_factory=dict)           # the platform's tile id ("57-0") -> the hex it lies on
    trains: dict = field(default_factory=dict)          # train id ("2-0") -> its owner: a corporation or "pool"
    ran: tuple | None = None                            # the routes just run: (their action id, the record's revenue)
    bought: str | None = None                           # the player whose turn a purchase just ended
    absorbed: set = field(default_factory=set)          # ids of single buys written with an earlier one
    ledger: Ledger | None = None                        # where each certificate lies (``ledger.py``)
    port: str | None = None                             # the hex of the GSC's open port, once placed
    port_closed_now: bool = False                       # its open and closed port came as one move

    def __post_init__(self):
        if self.ledger is None:
            self.ledger = Ledger(self.seats)

    @property
    def certs(self) -> dict:
        """Certificate -> its holder: a player, "market", "redeemed" or "treasury" (absent: the Treasury)."""
        return self.ledger.certs

    @property
    def presidents(self) -> dict:
        """Corporation -> its president."""
        return self.ledger.presidents

    # ------------------------------------------------------------ who and what

    def player(self, entity) -> str:
        key = str(entity)
        if key not in self.ids:
            raise Untranslatable(f"it is made by {entity!r}, who is not one of the record's players")
        return self.ids[key]

    @staticmethod
    def corporation_of(cert: str) -> str:
        sym = cert.rsplit("_", 1)[0]
        if sym not in data.corporations():
            raise Untranslatable(f"certificate {cert!r} is of no 1870 corporation")
        return sym

    def transfer(self, certs: list[str], to: str, percent: int | None = None) -> None:
        """Move one bundle of certificates as the platform does (``Ledger.transfer``)."""
        for cert in certs:
            self.corporation_of(cert)
        self.ledger.transfer(certs, to, percent)

    # ------------------------------------------------------------ one action

    def moves(self, action: dict) -> list[Move]:
        """The book's moves for one action in effect (none for an action that changes nothing the
        book plays), or ``Untranslatable``."""
        kind = action.get("type")
        if kind not in ACTIONS:
            raise Untranslatable(f"a {kind!r} action, which is none of the platform's 1870 actions the importer "
                                 "knows (its designer's page lists them): the record may be of another game")
        if kind in NO_MOVE or action.get("id") in self.absorbed:
            return []
        if kind in NO_NOTATION:
            raise Untranslatable(NO_NOTATION[kind].format_map(_Fields(action)))
        entity_type = action.get("entity_type")
        if kind == "destination_connection":
            due = list(action.get("corporations") or [])
            if not due:
                return []
            self.connecting += due  # the platform checks at the end of a turn: the turn is over
            found = checkpoint(f"{{events: [{{connection-due: {{corporations: {{contains: [{', '.join(due)}]}}}}}}]}}",
                               "the platform found " + " and ".join(due) + " connected to "
                               + ("its destination" if len(due) == 1 else "their destinations"))
            for sym in due:
                self.in_run.setdefault(sym, []).append(found)
            return self.close_turn() + [found]
        if entity_type == "player" and self.turn_open and kind == "sell_shares" and self.raising():
            return self.emergency(kind, action)
        if entity_type == "player" and self.turn_open and self.waiting \
                and self.answers(self.player(action.get("entity")), kind, action):
            return self.player_moves(kind, action)  # protecting a forced purchase's sale: the turn goes on
        if entity_type == "player":
            return self.close_turn() + self.player_moves(kind, action)
        if entity_type == "corporation":
            return self.corporation_moves(kind, action)
        if entity_type == "company" and kind == "lay_tile":
            owner = self.owners.get(action.get("entity"))
            if owner not in data.corporations():
                raise Untranslatable(f"{action.get('entity')}'s tile laid while {owner or 'nobody'} owns it")
            return self.open_turn(owner) + self.lay_tile(owner, action, f" with {action['entity']}")
        if entity_type == "company" and kind == "assign":
            owner = self.owners.get(action.get("entity"))
            if owner not in data.corporations():
                raise Untranslatable(f"{action.get('entity')}'s token placed while {owner or 'nobody'} owns it")
            target = action.get("target")
            if action["entity"] == "GSC" and self.port == target:  # the platform's second port token: closed
                closed_already, self.port = self.port_closed_now, None
                self.port_closed_now = False
                return [] if closed_already else self.open_turn(owner) + [Move(owner, f"close port on {target}", "")]
            if action["entity"] == "GSC":
                self.port = target
                upcoming = self.following[0] if self.following else {}
                if (upcoming.get("type"), upcoming.get("entity"), upcoming.get("target")) == ("assign", "GSC", target):
                    # open, then closed at once: the closed port placed instead of the open one
                    self.port_closed_now = True
                    return self.open_turn(owner) + [Move(owner, f"close port on {target}",
                                                         "the platform placed the open port and closed it at once")]
            return self.open_turn(owner) + [Move(owner, f"assign {action['entity']} to {target}", "")]
        raise Untranslatable(f"the book has no move for a {kind!r} action made by a {entity_type or 'nameless'} "
                             f"entity ({action.get('entity')})")

    def player_moves(self, kind: str, action: dict) -> list[Move]:
        name = self.player(action.get("entity"))
        if self.operating and not self.turn_open:
            self.operating = False  # no corporation's turn is under way: a stock round has begun
        out = self.unasked(name, kind, action)
        if self.unsold and kind in ("bid", "pass") and not self.operating:
            return out + self.auction(name, kind, action)
        if kind == "pass" and self.bought == name and not self.waiting:
            self.bought = None
            return out  # the platform lets a buyer sell after buying, so a buyer ends the turn by passing
        self.bought = None
        handler = {"par": self.par, "buy_shares": self.buy_shares, "sell_shares": self.sell_shares,
                   "pass": self.stock_pass}.get(kind)
        if handler is None:
            raise Untranslatable(f"the book has no move for a player's {kind!r} action here")
        owed = self.owed_par(name, kind, action)
        if not self.answers(name, kind, action) and not owed:
            out += self.skipped(name)
        if kind != "pass" and not owed:
            self.acts()
        return out + handler(name, action)

    def answers(self, name: str, kind: str, action: dict) -> bool:
        """Whether the action answers the sale waiting for price protection (sales their own
        president made wait for nobody: the engine settles them as the platform does)."""
        while self.waiting and self.presidents.get(self.waiting[0].corp) in (None, self.waiting[0].seller):
            self.waiting.pop(0)
        if not self.waiting:
            return False
        sale = self.waiting[0]
        if kind == "buy_shares":
            return frozenset(action.get("shares") or []) == sale.certs and name == self.presidents.get(sale.corp)
        return kind == "pass" and self.presidents.get(sale.corp) == name

    def owed_par(self, name: str, kind: str, action: dict) -> bool:
        """Whether the action is the par the SLSF private's buyer owes (not a stock turn)."""
        return kind == "par" and action.get("corporation") == "SLSF" and self.owners.get("SLSF") == name \
            and "SLSF" not in self.presidents

    def skipped(self, name: str) -> list[Move]:
        """Players the platform passed for, having no action they could take (no cash for any share,
        say): the book has each of them say 'pass'."""
        out = []
        while self.next_up is not None and self.next_up != name and not self.operating:
            out.append(Move(self.next_up, "pass", SKIPPED))
            self.passes_in_row += 1
            self.next_up = self.after(self.next_up)
        self.next_up = None
        return out

    def after(self, name: str) -> str:
        return self.seats[(self.seats.index(name) + 1) % len(self.seats)]

    # ------------------------------------------------------------ the auction

    def auction(self, name: str, kind: str, action: dict) -> list[Move]:
        if kind == "pass":
            return [Move(name, "pass", "")] + self.auction_pass(name)
        sym, price = action.get("company"), action.get("price")
        if sym not in self.unsold:
            raise Untranslatable(f"a bid on {sym!r}, which is not a private still for sale")
        if self.bidoff is None and sym == self.unsold[0]:
            self.passes = 0
            self.take(sym, name)
            return [Move(name, f"buy {sym}", "")] + self.settle()
        self.bids.setdefault(sym, {})[name] = price
        self.passes = 0
        return [Move(name, f"bid {price} on {sym}", "")]

    def auction_pass(self, name: str) -> list[Move]:
        if self.bidoff is not None:
            sym = self.unsold[0]
            self.bidoff.remove(name)
            self.bids[sym].pop(name, None)
            if len(self.bidoff) == 1:
                self.bidoff = None
                winner, = self.bids[sym]
                self.take(sym, winner)
                return self.settle()
            return []
        self.passes += 1
        first = next(iter(data.privates()))
        if self.passes < len(self.seats) or self.unsold[0] != first:
            return []  # (when all pass later on, the platform pays the privates' revenue: not a move)
        self.passes = 0
        self.discount += 5
        if self.discount < data.privates()[first]["cost"]:
            return []
        self.take(first, self.after(name))  # free now: the next player must take it
        return self.settle()

    def take(self, sym: str, name: str) -> None:
        self.unsold.remove(sym)
        self.bids.pop(sym, None)
        self.owners[sym] = name
        spec = data.privates()[sym]
        if "share_of" in spec:
            self.ledger.put(f"{spec['share_of']}_1", name)

    def settle(self) -> list[Move]:
        """Privates that have become the cheapest and carry bids: one bidder takes it, several bid
        it up. These are the game's own doing and give no moves."""
        while self.unsold and self.bids.get(self.unsold[0]):
            bidders = self.bids[self.unsold[0]]
            if len(bidders) > 1:
                self.bidoff = list(bidders)
                return []
            self.take(self.unsold[0], next(iter(bidders)))
        return []

    # ------------------------------------------------------------ the stock round

    def par(self, name: str, action: dict) -> list[Move]:
        corp = action.get("corporation")
        if corp not in data.corporations():
            raise Untranslatable(f"{corp!r} is no 1870 corporation")
        price = int(str(action.get("share_price", "")).split(",")[0] or 0)
        owed = self.owed_par(name, "par", action)
        self.operating = False
        self.presidents[corp] = name
        self.ledger.put(f"{corp}_0", name)
        out = [Move(name, f"par {corp} {price}", "")]
        if not owed:
            self.bought = name
        return out if owed else out + self.end_turn(name)

    def buy_shares(self, name: str, action: dict) -> list[Move]:
        certs = list(action.get("shares") or [])
        if not certs:
            raise Untranslatable("a purchase of no shares")
        corp = self.corporation_of(certs[0])
        if self.waiting and frozenset(certs) == self.waiting[0].certs \
                and name == self.presidents.get(self.waiting[0].corp):
            self.waiting.pop(0)
            self.transfer(certs, name)
            if not self.turn_open:  # protecting is the president's turn in a stock round
                self.next_up = self.after(name)
            return [Move(name, f"protect {corp}", "")]
        self.operating = False
        places = {self.certs.get(c, "treasury") for c in certs}
        if len(places) != 1 or places - {"treasury", "market"}:
            raise Untranslatable(f"shares {', '.join(certs)} are bought from {', '.join(sorted(places))}; the book "
                                 "buys from the Treasury or the market")
        place = places.pop()
        bundles = [certs]
        if place == "market":  # the platform's later single buys from the market in the same turn
            for later in self.following:
                shares = list(later.get("shares") or [])
                if later.get("type") != "buy_shares" or self.ids.get(str(later.get("entity"))) != name \
                        or not shares or any(self.corporation_of(c) != corp or self.certs.get(c) != "market"
                                             for c in shares):
                    break
                bundles.append(shares)
                self.absorbed.add(later.get("id"))
        for bundle in bundles:
            self.transfer(bundle, name)
        certs = [c for bundle in bundles for c in bundle]
        if place == "treasury" and len(certs) > 1:
            raise Untranslatable("several shares bought from the Treasury at once")
        units = sum(size(c) for c in certs)
        count = f"{units} " if units > 1 else ""
        text = f"buy {count}{corp}" + (" from market" if place == "market" else "")
        if units > 1:  # several shares at once: the brown zone, where the buyer ends with 'done'
            self.turn_of, self.acted = name, True
            after = next((a for a in self.following if a.get("id") not in self.absorbed), {})
            if self.ids.get(str(after.get("entity"))) != name:  # the platform ended the turn itself
                return [Move(name, text, ""), Move(name, "done", "the platform ended the turn")] + self.end_turn(name)
            return [Move(name, text, "")]
        self.bought = name
        return [Move(name, text, "")] + self.end_turn(name)

    def sell_shares(self, name: str, action: dict) -> list[Move]:
        if self.operating:
            raise Untranslatable("a share sale in an operating round (to raise cash for a train); the book's "
                                 "operating round has no share sales yet")
        certs = list(action.get("shares") or [])
        if not certs:
            raise Untranslatable("a sale of no shares")
        corp = self.corporation_of(certs[0])
        units = self.sold(name, certs, action)
        self.turn_of, self.acted = name, True
        self.sales.append(Sale(corp, frozenset(certs), name, self.presidents.get(corp)))
        self.transfer(certs, MARKET, action.get("percent"))
        count = f"{units} " if units > 1 else ""
        return [Move(name, f"sell {count}{corp}", "")]

    def sold(self, name: str, certs: list[str], action: dict) -> int:
        """The shares a sale counts for (the platform's ``percent``: a president's certificate sold
        with fewer shares than it holds counts for what the seller gives up); a certificate the
        ledger does not have with the seller is a divergence, named."""
        strays = [c for c in certs if self.certs.get(c) != name]
        if strays:
            raise Untranslatable(f"{name} sells {', '.join(strays)}, which the certificate ledger has with "
                                 + ", ".join(self.ledger.where(c) for c in strays)
                                 + "; the importer has followed the platform's certificates wrongly before this")
        units = sum(size(c) for c in certs)
        percent = action.get("percent")
        if percent is not None and (percent % 10 or not 0 < percent // 10 <= units):
            raise Untranslatable(f"a sale of {', '.join(certs)} counted as {percent}%, which those certificates "
                                 "cannot make")
        return units if percent is None else percent // 10

    def stock_pass(self, name: str, action: dict) -> list[Move]:
        if self.waiting and self.presidents.get(self.waiting[0].corp) == name:
            sale = self.waiting.pop(0)
            return [Move(name, f"decline {sale.corp}", "")]
        word = "done" if self.turn_of == name and self.acted else "pass"
        self.passes_in_row = self.passes_in_row + 1 if word == "pass" else 0
        return [Move(name, word, "")] + self.end_turn(name)

    def closing(self, action: dict) -> list[Move]:
        """When an operating round begins: the players the platform passed for at the end of the
        stock round (the round ends when all have passed in a row; those who could do nothing
        were passed for)."""
        begins = action.get("entity_type") != "player" and not self.operating and self.next_up is not None \
            and action.get("type") not in ("buy_shares", "sell_shares", "program_disable")
        out = []
        while begins and self.passes_in_row < len(self.seats):
            out.append(Move(self.next_up, "pass", SKIPPED))
            self.passes_in_row += 1
            self.next_up = self.after(self.next_up)
        return out

    def end_turn(self, name: str) -> list[Move]:
        self.waiting += self.sales
        self.sales, self.turn_of, self.acted = [], None, False
        self.next_up = self.after(name) if name in self.seats else None
        return []

    def acts(self) -> None:
        """Someone bought, sold, started, redeemed or reissued: the run of passes is broken."""
        self.passes_in_row = 0

    def after_forced_sales(self) -> list[Move]:
        """Shares sold for the train wait for price protection now; the presidents the platform did
        not ask (the next action answers none of them) decline."""
        self.waiting += self.sales
        self.sales = []
        if not self.waiting:
            return []
        upcoming = self.following[0] if self.following else {}
        name = self.ids.get(str(upcoming.get("entity"))) if upcoming.get("entity_type") == "player" else None
        return self.unasked(name, upcoming.get("type"), upcoming)

    def unasked(self, name: str, kind: str, action: dict) -> list[Move]:
        """Sales the platform let pass without asking their president (who could not protect):
        the book asks every president other than the seller, who then declines."""
        out = []
        while self.waiting:
            sale = self.waiting[0]
            president = self.presidents.get(sale.corp)
            if kind == "buy_shares" and frozenset(action.get("shares") or []) == sale.certs and name == president:
                break
            if kind == "pass" and president == name:
                break
            self.waiting.pop(0)
            if president and president != sale.seller:
                out.append(Move(president, f"decline {sale.corp}", "the platform did not ask: could not protect"))
        return out

    # ------------------------------------------------------------ the operating round

    def corporation_moves(self, kind: str, action: dict) -> list[Move]:
        sym = action.get("entity")
        if sym not in data.corporations():
            raise Untranslatable(f"{sym!r} is no 1870 corporation")
        if kind in ("buy_shares", "sell_shares") and (not self.operating or self.turn_open is None):
            # a redemption or a reissue: the president's turn in a stock round (the first of the round
            # too, after the last operating turn, when no player has acted yet)
            self.operating = False
            president = self.presidents.get(sym)
            if president is None:
                raise Untranslatable(f"{sym} acts in a stock round without a president")
            # the corporation's own purchase is never its president's protection, even of the certificate
            # just sold: a sale still waiting is one the platform settled as declined
            out = self.unasked(president, f"corporation's {kind}", action) + self.skipped(president)
            self.acts()
            return out + (self.redeem(sym, president, action) if kind == "buy_shares"
                          else self.reissue(sym, president, action))
        if self.connecting and sym == self.connecting[0] and kind in ("choose", "run_routes", "dividend"):
            if kind == "dividend":
                self.connecting.pop(0)
                self.in_run.pop(sym, None)
                return self.dividend(sym, action, connection=True)
            out = self.turn_moves(sym, kind, action)
            self.in_run.setdefault(sym, []).extend(out)
            return out
        if kind == "discard_train":  # a corporation over the limit discards whenever the phase changes
            return self.turn_moves(sym, kind, action)
        out = self.open_turn(sym)
        return out + self.turn_moves(sym, kind, action)

    def open_turn(self, sym: str) -> list[Move]:
        """A corporation acts in its turn; a turn the platform ended by itself (nothing left to do)
        is ended with 'done' first."""
        out = self.close_turn() if self.turn_open != sym else []
        self.operating, self.next_up, self.turn_open = True, None, sym
        return out

    def close_turn(self) -> list[Move]:
        sym, self.turn_open = self.turn_open, None
        return [Move(sym, "done", "the platform ended the turn")] if sym else []

    def sells_for_train(self, sym: str) -> bool:
        """Whether the actions after this one are the president's sales for ``sym``'s train and then
        its purchase: the turn goes on (the platform's pass ended only a step of it)."""
        later = list(self.following)
        if not later or later[0].get("type") != "sell_shares" or later[0].get("entity_type") != "player":
            return False
        rest = [a for a in later if not (a.get("type") == "sell_shares" and a.get("entity_type") == "player")]
        return bool(rest) and rest[0].get("type") == "buy_train" and rest[0].get("entity") == sym

    def raising(self) -> bool:
        """Whether the president's sale now raises cash for the operating corporation's train: the
        corporation's next action, after any more sales, buys a train."""
        for later in self.following:
            if later.get("type") == "sell_shares" and later.get("entity_type") == "player":
                continue
            return later.get("type") == "buy_train" and later.get("entity") == self.turn_open
        return False

    def turn_moves(self, sym: str, kind: str, action: dict) -> list[Move]:
        if kind == "buy_train":
            return self.buy_train(sym, action)
        if kind == "buy_company":
            return self.buy_company(sym, action)
        if kind == "choose":
            words = {"Map": "place destination token", "Charter": "keep destination token"}
            if action.get("choice") not in words:
                raise Untranslatable(f"a choice {action.get('choice')!r} the book has no words for")
            return [Move(sym, words[action["choice"]], "")]
        if kind == "pass":
            return self.corporation_pass(sym, action)
        if kind == "lay_tile":
            return self.lay_tile(sym, action)
        if kind == "place_token":
            return [Move(sym, "token " + self.city(str(action.get("city", ""))), "")]
        if kind == "run_routes":
            return self.run_routes(sym, action)
        if kind == "dividend":
            return self.dividend(sym, action)
        if kind == "discard_train":
            train = str(action.get("train", ""))
            self.trains[train] = "pool"
            return [Move(sym, f"discard {train.split('-')[0]} train", "")]
        if kind == "bankrupt":  # the platform's president sells what they may and leaves the game's money
            return [Move(self.presidents.get(sym), "go bankrupt", "")]
        raise Untranslatable(f"the book has no move for a corporation's {kind!r} action")

    def run_routes(self, sym: str, action: dict) -> list[Move]:
        """Each route the record ran, as the hexes it passes through (the engine checks it and
        values it from the map); the record's total is kept for the dividend's checkpoint."""
        out = []
        for route in action.get("routes") or []:
            train = str(route.get("train", "")).split("-")[0]
            if not train.isdigit() and train != "D":
                raise Untranslatable(f"a route run by train {route.get('train')!r}; 1870's trains are 2 to 12 "
                                     "and the diesel variant's D")
            out.append(Move(sym, f"run {train} {'-'.join(route_hexes(route.get('connections') or []))}", ""))
        self.ran = (action.get("id"), sum(int(r.get("revenue", 0)) for r in action.get("routes") or []))
        return out

    def dividend(self, sym: str, action: dict, connection: bool = False) -> list[Move]:
        """The dividend without an amount: the engine pays what the routes it checked are worth.
        A checkpoint after it holds the engine's revenue to the record's, so that a difference is
        reported at this action with both figures."""
        words = {"payout": "pay", "withhold": "withhold", "half": "half"}
        kind = action.get("kind")
        if kind not in words:
            raise Untranslatable(f"a dividend of kind {kind!r} the book has no words for")
        out = [Move(sym, words[kind], "")]
        if self.ran is not None:
            ran, revenue = self.ran
            event = ({"payout": "connection-paid", "withhold": "connection-withheld"} if connection
                     else {"payout": "paid-out", "withhold": "withheld", "half": "half-paid"}).get(kind)
            if event:  # (a connection run paid half is refused by the engine itself)
                out.append(checkpoint(f"{{events: [{{{event}: {{corporation: {sym}, revenue: {revenue}}}}}]}}",
                                      f"the record's revenue for the routes of action {ran}"))
        self.ran = None
        return out

    def lay_tile(self, sym: str, action: dict, using: str = "") -> list[Move]:
        tile, hex_ = str(action.get("tile", "")), str(action.get("hex", ""))
        self.tiles[tile] = hex_
        rotation = int(action.get("rotation") or 0)
        return [Move(sym, f"lay {tile.rsplit('-', 1)[0]} on {hex_}" + (f" rotated {rotation}" if rotation else "")
                     + using, "")]

    def city(self, city: str) -> str:
        """The book's words for a city the platform names "<tile>-<copy>-<city index>" (or a hex)."""
        tile, _, index = city.rpartition("-")
        hex_ = self.tiles.get(tile)
        if hex_ is None:
            raise Untranslatable(f"a token in city {city}, on a tile the record never laid")
        cities = [s for s in hexmap.board().tiles[tile.rsplit("-", 1)[0]].stations if s.kind == "city"]
        return hex_ + (f" city {int(index) + 1}" if len(cities) > 1 else "")

    def emergency(self, kind: str, action: dict) -> list[Move]:
        """A president's share sale raising cash for a train the corporation must buy."""
        name = self.player(action.get("entity"))
        certs = list(action.get("shares") or [])
        corp = self.corporation_of(certs[0])
        units = self.sold(name, certs, action)
        earlier = next((sale for sale in self.sales if sale.corp == corp), None)
        if earlier:
            earlier.certs |= frozenset(certs)
        else:
            self.sales.append(Sale(corp, frozenset(certs), name, self.presidents.get(corp)))
        self.transfer(certs, MARKET, action.get("percent"))
        count = f"{units} " if units > 1 else ""
        return [Move(name, f"sell {count}{corp}", "to raise cash for a train")]

    def corporation_pass(self, sym: str, action: dict) -> list[Move]:
        """A corporation passes one step of its turn (track, token, trains...). The book's turn has
        no steps: only the pass that ends the turn, the last before another entity acts, is a move."""
        upcoming = self.upcoming or {}
        checked = any(auto.get("type") == "destination_connection" for auto in action.get("auto_actions") or [])
        if upcoming.get("type") == "end_game" and not checked:
            # the game was ended after a pass that ended a step, not the turn (the platform checks
            # destinations as each turn ends): the run may be to come, and nothing is withheld
            return []
        entity = upcoming.get("entity")
        same_turn = (entity == sym and upcoming.get("type") not in ("buy_shares", "sell_shares")) \
            or (upcoming.get("entity_type") == "company" and self.owners.get(entity) == sym)
        if same_turn or self.sells_for_train(sym):
            return []
        self.turn_open = None
        return [Move(sym, "done", "")]

    def reissue(self, sym: str, president: str, action: dict) -> list[Move]:
        for cert in action.get("shares") or []:
            self.ledger.put(cert, "treasury")
        return [Move(president, f"reissue {sym}", "")] + self.end_turn(president)

    def redeem(self, sym: str, president: str, action: dict) -> list[Move]:
        certs = list(action.get("shares") or [])
        if len(certs) != 1:
            raise Untranslatable(f"a redemption of {len(certs)} shares at once; the book redeems one a turn")
        source = self.certs.get(certs[0], "treasury")
        self.transfer(certs, "redeemed")
        if source == "market":
            return [Move(president, f"redeem {sym}", "")] + self.end_turn(president)
        if source == president:
            return [Move(president, f"redeem {sym} from {source}", "")] + self.end_turn(president)
        if source in self.seats:
            return [Move(president, f"redeem {sym} from {source}", ""),
                    Move(source, "accept", "the platform asks no consent")] + self.end_turn(president)
        raise Untranslatable(f"a redemption from {source}, which the book does not allow")

    def buy_train(self, sym: str, action: dict) -> list[Move]:
        train = str(action.get("train", ""))
        kind = train.split("-")[0]
        if action.get("variant", kind) != kind:
            raise Untranslatable(f"train {train} bought as a {action.get('variant')}-train; 1870 has no variants")
        source, self.trains[train] = self.trains.get(train, "depot"), sym
        if action.get("exchange"):  # the diesel variant's trade-in: the train handed in goes to the pool
            traded = str(action["exchange"])
            self.trains[traded] = "pool"
            return [Move(sym, f"trade {traded.split('-')[0]} train for {kind} train", "")]
        if source == "depot" and kind == "D":  # sold beside the 6-trains left: named
            return [Move(sym, "buy D train", "")] + self.after_forced_sales()
        if source == "depot":
            return [Move(sym, "buy train", "")] + self.after_forced_sales()
        if source == "pool":
            return [Move(sym, f"buy {kind} train from pool", "")]
        out = [Move(sym, f"buy {kind} train from {source} for {action.get('price')}", "")]
        seller = self.presidents.get(source)
        if seller != self.presidents.get(sym):
            out.append(Move(seller, "accept", "the platform asks no consent"))
        return out

    def buy_company(self, sym: str, action: dict) -> list[Move]:
        private, price = action.get("company"), action.get("price")
        owner = self.owners.get(private)
        if owner not in self.seats:
            raise Untranslatable(f"{private} bought from {owner or 'nobody'}; the book's corporations buy "
                                 "privates from players")
        self.owners[private] = sym
        return [Move(sym, f"buy {private} from {owner} for {price}", "")]


CHECKPOINT = "expect"  # a Move with this actor is a checkpoint: its text is what to expect


def checkpoint(expect: str, note: str) -> Move:
    return Move(CHECKPOINT, expect, note)


def route_hexes(connections: list) -> list[str]:
    """The hexes of a route in order, from the record's stretches between its stops (each a list
    of hexes from one stop to the next, in either direction). Stretches that do not join are put
    side by side as they are: the engine then refuses the route, at its move."""
    parts = [[str(h) for h in c] for c in connections if c]
    if not parts:
        return []
    if len(parts) > 1:
        first, second = parts[0], parts[1]
        if first[0] in (second[0], second[-1]) and first[-1] not in (second[0], second[-1]):
            parts[0] = first[::-1]
    out = list(parts[0])
    for part in parts[1:]:
        if part[-1] == out[-1] and part[0] != out[-1]:
            part = part[::-1]
        out += part[1:] if part[0] == out[-1] else part
    return out


class _Fields(dict):
    """An action's fields for a message; a missing one reads as a question mark."""

    def __missing__(self, key):
        return "?"


# ---------------------------------------------------------------- the whole record


@dataclass
class Conversion:
    moves: list[tuple[Move, str]]       # each move with its comment
    converted: int                      # actions in effect converted (with or without moves)
    effective: list[dict]
    stopped: str | None
    names: dict                         # the book's name -> (platform name, id)
    unfinished: list = field(default_factory=list)  # connection runs the game's end cut short, in words


def read_export(path: Path) -> dict:
    """The export in ``path``, or an ``InputError`` saying what is wrong with it."""
    try:
        record = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise InputError(f"{path}: cannot be read ({exc.strerror}); give the path of an 18xx.games JSON export.",
                         str(path)) from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        line = getattr(exc, "lineno", 1)
        raise InputError(f"{path}, line {line}: is not JSON ({exc}); give the file the platform's 'Export' "
                         "(or the fixture) saves, unchanged.", f"line {line}") from None
    if not isinstance(record, dict) or not isinstance(record.get("actions"), list) \
            or not isinstance(record.get("players"), list):
        raise InputError(f"{path}: is JSON but not an 18xx.games game: it needs 'players' and 'actions' lists.",
                         str(path))
    for index, action in enumerate(record["actions"]):
        if not isinstance(action, dict) or "type" not in action or "id" not in action:
            raise InputError(f"{path}: its action number {index + 1} has no 'type' or 'id'; the platform writes "
                             "both for every action (export the game again).", f"actions.{index}")
    if not 2 <= len(record["players"]) <= len(NAMES):
        raise InputError(f"{path}: has {len(record['players'])} players; 1870 is for 2 to {len(NAMES)}.", "players")
    return record


def player_names(record: dict) -> tuple[dict, dict]:
    """The book's name for each platform player id and name (both may appear as an action's
    entity), and for the header: name -> (platform name, id)."""
    ids, names = {}, {}
    for seat, player in enumerate(record["players"]):
        name = NAMES[seat]
        names[name] = (player.get("name"), player.get("id"))
        for key in (player.get("id"), player.get("name")):
            if key is not None:
                ids[str(key)] = name
    return ids, names


def conversion(record: dict, where: str = "the record") -> Conversion:
    """Every move up to the first action in effect that has none in the book's notation."""
    ids, names = player_names(record)
    effective = effective_actions(record["actions"], where)
    refused = unmodelled_rules(record)
    if refused:
        return Conversion([], 0, effective, refused, names)
    translator = Translator(list(names), ids)
    out, done = [], 0
    for index, action in enumerate(effective):
        translator.upcoming = effective[index + 1] if index + 1 < len(effective) else None
        translator.following = effective[index + 1:index + 12]
        out += [(m, _comment(action, m, False)) for m in translator.closing(action)]
        try:
            batch = [(m, _comment(action, m, False)) for m in translator.moves(action)]
            for auto in action.get("auto_actions") or []:
                try:
                    batch += [(m, _comment(action, m, True)) for m in translator.moves(auto)]
                except Untranslatable as why:
                    raise Untranslatable(f"its automatic {auto.get('type')!r} action: {why}") from None
        except Untranslatable as why:
            stopped = f"action {action.get('id')} ({action.get('type')}): {why}"
            return Conversion(out, done, effective, stopped, names)
        except (KeyError, ValueError, TypeError, AttributeError) as exc:
            raise InputError(f"{where}: action {action.get('id')} ({action.get('type')}) is not written as the "
                             f"platform writes it ({type(exc).__name__}: {exc}); export the game again.",
                             f"action {action.get('id')}") from None
        out += batch
        done += 1
    # Connection runs the platform began but the record never finished (the game was ended first):
    # they changed nothing the final values count, and are left out with the check that began them
    # (the engine finds connections on the map itself, and may read the moment otherwise).
    cut = {id(m) for sym in translator.connecting for m in translator.in_run.get(sym, [])}
    began = {sym: next((c.split(" (")[0] for m, c in out if id(m) in cut and m.actor == CHECKPOINT
                        and sym in m.text), "an action") for sym in translator.connecting}
    unfinished = [f"The platform found {sym} connected to its destination at {where}, and the game ended before "
                  f"{sym}'s connection run: the run's moves are left out." for sym, where in began.items()]
    kept = [(m, c) for m, c in out if id(m) not in cut]
    if translator.waiting:
        kept += [(m, m.note) for m in unasked_at_end(record, list(names), [m for m, _ in kept])]
    return Conversion(kept, done, effective, None, names, unfinished)


def unasked_at_end(record: dict, players: list[str], moves: list[Move]) -> list[Move]:
    """The declines the platform made by itself after the record's last action. Mid-game the next
    action shows whether the platform asked a president about a waiting sale (``unasked``); after
    the last one nothing does, so the engine, having played the record's moves, says which of the
    sales still waiting their presidents cannot protect: the platform settled those at once as
    declined (rule 1870.protect.unable), and the final values count their price drops."""
    game = G1870()
    settings = game.resolve_settings(settings_for(record))
    state = game.new_state({"players": {name: {"cash": data.tables()["starting_cash"][len(players)]}
                                        for name in players}, "round": "auction"}, settings, None)
    try:
        for move in moves:
            if move.actor != CHECKPOINT:
                game.apply(state, game.parse_action(state, move.actor, move.text))
    except (Refusal, InputError):
        return []  # the replay reports the move the engine refuses, at its line
    out = []
    while state.protection and not state.game_over:
        sale = state.protection[0]
        president = state.corporations[sale.corp].president
        why = unable(state, president, sale)
        if why is None:
            break  # the platform was waiting for this president's answer when the game was ended
        out.append(Move(president, f"decline {sale.corp}",
                        f"after the last action: the platform did not ask, {president} could not protect "
                        f"({why.rule})"))
        game.apply(state, game.parse_action(state, president, out[-1].text))
    return out


def unmodelled_rules(record: dict) -> str | None:
    """Why the record cannot be converted at all, in words, when it was played with optional rules
    the book's engine does not play (``UNMODELLED_RULES``) or that the importer does not know."""
    rules = (record.get("settings") or {}).get("optional_rules") or []
    if not isinstance(rules, list):
        return f"its settings' optional_rules is {rules!r}, not a list of the platform's rule names"
    said = [f"'{r}' ({UNMODELLED_RULES[r]})" for r in rules if r in UNMODELLED_RULES]
    said += [f"'{r}' (a rule the importer does not know)" for r in rules
             if r not in UNMODELLED_RULES and r not in OPTIONAL_RULES]
    if not said:
        return None
    return ("its settings, before action 1: the game was played with the optional rule" + ("s " if len(said) > 1 else " ")
            + ", ".join(said) + ", which the book's 1870 engine does not play; replayed without "
            + ("them" if len(said) > 1 else "it") + " it would be another game, so no move is converted")


def _comment(action: dict, move: Move, auto: bool) -> str:
    if move.note == SKIPPED:
        return f"before action {action.get('id')}: the platform passed for {move.actor}, who could do nothing"
    parts = [f"action {action.get('id')}"]
    if auto:
        parts.append("(auto)")
    if move.note:
        parts.append(f"({move.note})")
    return " ".join(parts)


# When the platform began to re-sort the corporations still to operate after a connection run's
# payout (its change of 4 October 2023, 19:51 UTC). Records finished before it were played, and
# their final values counted, with the order of turns kept for the round.
CONNECTION_REORDER_SINCE = 1696449080


def reorders_after_connection(record: dict) -> bool:
    """Whether the platform re-sorted the order of turns after a connection payout when this game was
    played: read from the time of its last action (the platform's code of that day produced its final
    values); a record without times is read as today's platform reads it."""
    times = [a.get("created_at") for a in record.get("actions") or [] if isinstance(a, dict)]
    times = [t for t in times if isinstance(t, (int, float))]
    return not times or max(times) >= CONNECTION_REORDER_SINCE


def settings_for(record: dict) -> dict:
    """The engine's settings that read the rules as the platform does."""
    rules = set((record.get("settings") or {}).get("optional_rules") or [])
    platform = {
        "ledge_sale": "publisher",                      # a sale never ends just under the ledge
        **{rule: rule in rules for rule in OPTIONAL_RULES},
        "existing_destination_token": "charter-only",   # only Charter when it has a token there already
        "connection_first": "operator",                 # the corporation just operated goes first
        "double_in_connection_run": True,               # the token is placed before the run
        "destination_token_blocks": False,              # the token takes an extra slot
        "connection_reorder": reorders_after_connection(record),  # order recalculated after a connection payout
        "home_token": "operate",                        # the home token goes down at the first turn
        "sale_reorder": True,                           # order recalculated after a sale's price drop
        "sold_resets": "every-round",                   # 'sold this round' is per round, operating too
        "connections_from": "map",                      # the engine finds connections (``unfinished``: where not)
    }
    return {k: v for k, v in platform.items() if k in G1870.settings}


def to_yaml(record: dict, conv: Conversion, source: str) -> str:
    cash = data.tables()["starting_cash"][len(conv.names)]
    q = json.dumps
    lines = [f"# The 1870 game in {source}, played on 18xx.games, as a Rulewright record.",
             "# Players in seat order, as the platform names them and as this record does:"]
    lines += [f"#   {name} = {platform!r}" + (f" (id {pid})" if pid is not None else "")
              for name, (platform, pid) in conv.names.items()]
    lines += ["# Corporations and privates keep their symbols. Undone actions are left out, as the platform",
              "# leaves them out. Each move ends with the platform's action id; '(auto)' marks a move the",
              "# platform made by itself (a programmed buy or pass).",
              f"# How the game ended: {GAME_ENDS.get(record.get('game_end_reason'), record.get('game_end_reason'))}."]
    if conv.stopped:
        lines.append(f"# Converted {conv.converted} of {len(conv.effective)} actions in effect; the rest have no "
                     "notation in the book yet.")
    lines += [f"# {words}" for words in conv.unfinished]
    title = f"A {len(conv.names)}-player game of 1870 on 18xx.games"
    origin = f"18xx.games game {record.get('id', '(no id)')} ({source}), converted by rulewright"
    lines += ["record:", f"  title: {q(title)}", f"  source: {q(origin)}"]
    if conv.stopped:
        lines.append(f"  stopped: {q(conv.stopped)}")
    lines += ['game: "1870"', "settings:"]
    lines += [f"  {k}: {q(v)}" for k, v in settings_for(record).items()]
    lines += ["setup:", "  players:"]
    lines += [f"    {name}: {{cash: {cash}}}" for name in conv.names]
    lines += ["  round: auction", "moves:" if conv.moves else "moves: []"]
    # comments line up after the moves, a long route or checkpoint aside
    width = min(max((len(f"  - {m.actor}: {m.text}") for m, _ in conv.moves), default=0), 60)
    lines += [f"  - {m.actor}: {m.text}".ljust(width) + f"  # {c}" for m, c in conv.moves]
    result = final_result(record, conv)
    if result:
        lines.append("# The record's final result: each player's value (cash, shares at their price, privates "
                     "at face value).")
        over = record.get("game_end_reason") in ("bank", "bankrupt", "stock_market")  # the rules end it; by hand they do not
        lines.append("expect: {" + ", ".join(f"players.{k}.worth: {v}" for k, v in result.items())
                     + f", game_over: {'true' if over else 'false'}}}")
    return "\n".join(lines) + "\n"


def final_result(record: dict, conv: Conversion) -> dict:
    """Each player's final value from the record's ``result``, by the book's names, in seat order."""
    ids, _ = player_names(record)
    values = {ids[str(k)]: int(v) for k, v in (record.get("result") or {}).items() if str(k) in ids}
    return {name: values[name] for name in conv.names if name in values}


class Import18xxGames(Importer):
    format = "18xx.games"
    game = "1870"
    title = "the 18xx.games platform"

    def convert(self, path: Path) -> str:
        record = read_export(Path(path))
        return to_yaml(record, conversion(record, str(path)), Path(path).name)


IMPORTER = Import18xxGames()


def run_positions(steps) -> list[tuple]:
    """Where the corporations of a replayed record ran their trains: for each turn or connection
    run with routes, ``(state, corporation, revenue)``, the state being the one after its last
    route and the revenue its routes' total on the map. ``steps`` are a replay's steps with their
    states kept (``replay(record, keep_states=True)``): best-route tests and benchmarks start
    from these positions."""
    out = []
    for step, after in zip(steps, [*steps[1:], None]):
        if step.refusal is not None or not step.text.startswith("run ") or step.state is None:
            continue
        if after is not None and after.text.startswith("run ") and after.actor == step.actor:
            continue  # more routes follow
        state, sym = step.state, step.actor
        runs = state.net.current["runs"] if state.net.current else state.net.runs
        out.append((state, sym, routes.total(state, sym, runs)))
    return out


# ---------------------------------------------------------------- the census


def census(path: Path) -> str:
    """What one export holds and how far it converts, in a few plain lines."""
    record = read_export(Path(path))
    conv = conversion(record, str(path))
    kinds = Counter(a["type"] for a in conv.effective)
    autos = Counter(b.get("type") for a in conv.effective for b in a.get("auto_actions") or [])
    played = [m for m, _ in conv.moves if m.actor != CHECKPOINT]
    without = Counter(a["type"] for a in conv.effective if a["type"] in NO_NOTATION)
    lines = [f"{Path(path).name}: {len(record['players'])} players, {len(record['actions'])} actions, "
             f"{len(conv.effective)} in effect after undo/redo",
             "  in effect: " + ", ".join(f"{k} {v}" for k, v in kinds.most_common()),
             "  automatic: " + (", ".join(f"{k} {v}" for k, v in autos.most_common()) or "none"),
             f"  converted: {conv.converted} of {len(conv.effective)} actions in effect, as {len(played)} moves "
             f"({sum(1 for m, c in conv.moves if '(auto)' in c and m.actor != CHECKPOINT)} of them automatic, "
             f"{sum(1 for m, _ in conv.moves if m.note == SKIPPED)} passes the platform made for players who could "
             f"do nothing) and {len(conv.moves) - len(played)} checkpoints of a revenue",
             "  first not converted: " + (conv.stopped or "none, the whole record converts"),
             "  types with no notation yet: " + (", ".join(f"{k} {v}" for k, v in without.most_common()) or "none")]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] != "--census" or len(args) < 2:
        print("usage: python -m engine.games.g1870.importer --census FILE.json...\n"
              "       (conversion itself: IMPORTER.convert(path), or 'rulewright replay --from 18xx.games FILE')",
              file=sys.stderr)
        return 2
    status = 0
    for path in args[1:]:
        try:
            print(census(Path(path)))
        except InputError as exc:
            print(f"error: {exc}", file=sys.stderr)
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
