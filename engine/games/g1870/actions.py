"""The 1870 action notation: reading ``actor: text`` into an ``Act`` and writing it back.

Players write (in stock rounds and the auction)::

    par SP 90            buy SP               buy SP from market     buy 3 SP from market
    sell 2 SP            done                 pass                   protect SP     decline SP
    redeem SP            redeem SP from bob   reissue SP             accept         reject
    sell GRSC to bob for 30                   bid 45 on SCC          go bankrupt

Corporations write (in operating rounds)::

    pay 140      half 140      withhold 140      buy train      buy GRSC from ann for 30      done
    buy 3 train from pool      buy 3 train from SP for 120      discard 2 train
    buy D train      trade 5 train for D train   (the diesel variant: a D-train, or one for a 5-train and $800)
    assign SCC to B11          close port on N7     connect   (its destination is reached: the record says so)

and, on the printed map (``track.py``, ``routes.py``, ``connections.py``)::

    lay 8 on H13 rotated 2    token H13            token H13 city 2      run 3 J5-J7-K8
    pay      withhold         (the routes' total)
    place destination token   keep destination token   use existing token   (in a connection run)
"""
from __future__ import annotations

from dataclasses import dataclass

from rulewright.game import Action, InputError
from rulewright.game.refusal import lookup
from engine.games.g1870 import track

VERBS = ("par", "buy", "sell", "done", "pass", "protect", "decline", "redeem", "reissue", "accept",
         "reject", "bid", "go", "pay", "half", "withhold", "lay", "token", "run", "place", "keep", "use",
         "discard", "assign", "close", "connect", "trade")
TRAIN_LETTERS = ("D",)  # trains named by a letter, not their distance (the diesel variant's D-train)
DESTINATION = {"place": "place destination token", "keep": "keep destination token", "existing": "use existing token"}


@dataclass(frozen=True)
class Act(Action):
    actor: str | None
    verb: str
    item: str = ""      # a corporation or private symbol
    count: int = 1
    other: str = ""     # a player (trade partner, redeemed from) or "market"
    amount: int = 0     # a price, a bid or a revenue
    rotation: int = 0   # a tile laid on a hex: its clockwise steps (item the tile, other the hex)
    using: str = ""     # a private company whose power the action uses (``lay 57 on C18 with MRBC``)
    train: str = ""     # the train bought, discarded or traded for (``buy 3 train from pool``; other the one traded in)

    def notation(self) -> str:
        v, item, n, other, amount = self.verb, self.item, self.count, self.other, self.amount
        if v == "lay" and item:  # a tile on a hex: item the tile, other the hex
            return track.lay_text(item, other, self.rotation) + (f" with {self.using}" if self.using else "")
        if v == "token" and other:  # a city on a hex: other the hex, count the city (from 1)
            return track.token_text(other, n - 1)
        map_words = {"lay": f"lay {other}", "token": f"token {item}", "run": f"run {item} {other}",
                     "dest": DESTINATION.get(item, "")}
        if v in map_words:
            return map_words[v]
        if v in ("pay", "half", "withhold") and other == "routes":
            return v
        if v == "par":
            return f"par {item} {amount}"
        if v == "buy" and item == "train" and other:
            return f"buy {self.train} train from {other}" + (f" for {amount}" if other != "pool" else "")
        if v == "buy" and item == "train":
            return f"buy {self.train} train" if self.train else "buy train"
        if v == "trade":
            return f"trade {other} train for {self.train} train"
        if v == "discard":
            return f"discard {self.train} train"
        if v == "assign":
            return f"assign {item} to {other}"
        if v == "close":
            return f"close port on {other}"
        if v == "buy" and amount:
            return f"buy {item} from {other} for {amount}"
        if v in ("buy", "sell") and other and other != "market":
            return f"sell {item} to {other} for {amount}"
        if v in ("buy", "sell"):
            text = f"{v} {n} {item}" if n > 1 else f"{v} {item}"
            return text + (" from market" if other == "market" and v == "buy" else "")
        if v == "redeem":
            return f"redeem {item}" + (f" from {other}" if other != "market" else "")
        if v == "bid":
            return f"bid {amount} on {item}"
        if v in ("pay", "half", "withhold"):
            return f"{v} {amount}"
        if v == "go":
            return "go bankrupt"
        return f"{v} {item}".strip()


class Reader:
    """Reads one action. ``corps``, ``privates`` and ``players`` are the names it may mention."""

    def __init__(self, text: str, actor, corps, privates, players) -> None:
        self.text, self.actor = text, actor
        self.words = text.split()
        self.corps, self.privates, self.players = corps, privates, players

    def fail(self, why: str):
        raise InputError(f"'{self.text}' is not an 1870 action: {why} See the Notation section for the "
                         "forms, e.g. 'buy SP', 'sell 2 SP', 'par SP 90', 'pay 140'.")

    def number(self, word: str, what: str) -> int:
        if not word.isdigit():
            self.fail(f"{what} must be a whole number, not {word!r}.")
        return int(word)

    def name(self, word: str, kind: str, known) -> str:
        table = {k.upper(): k for k in known} if kind != "player" else {k: k for k in known}
        return lookup(kind, word.upper() if kind != "player" else word, table)

    def read(self) -> Act:
        w = self.words
        if not w or w[0].lower() not in VERBS:
            self.fail("it must start with one of " + ", ".join(VERBS) + ".")
        verb, rest = w[0].lower(), w[1:]
        act = lambda **kw: Act(self.actor, verb, **kw)  # noqa: E731
        shape = " ".join(x.lower() if x.lower() in ("from", "to", "for", "on", "market", "train", "bankrupt", "pool",
                                                    "port")
                         else ("N" if x.isdigit() or x.upper() in TRAIN_LETTERS else "X") for x in rest)
        if verb in ("done", "pass", "accept", "reject", "connect") and not rest:
            return act()
        if verb == "go" and shape == "bankrupt":
            return act()
        if verb in ("protect", "decline", "reissue") and shape == "X":
            return act(item=self.name(rest[0], "corporation", self.corps))
        if verb == "par" and len(rest) == 2:
            return act(item=self.name(rest[0], "corporation", self.corps), amount=self.number(rest[1], "A par"))
        if verb in ("lay", "token", "run", "place", "keep", "use") or (verb in ("pay", "half", "withhold") and not rest):
            return self.map_action(verb, rest)
        if verb in ("pay", "half", "withhold") and len(rest) == 1:
            return act(amount=self.number(rest[0], "The revenue"))
        if verb == "bid" and shape == "N on X":
            return act(item=self.name(rest[2], "private company", self.privates),
                       amount=self.number(rest[0], "A bid"))
        if verb == "redeem" and shape in ("X", "X from X"):
            other = self.name(rest[2], "player", self.players) if rest[1:] else "market"
            return act(item=self.name(rest[0], "corporation", self.corps), other=other)
        if verb == "buy" and shape == "train":
            return act(item="train")
        if verb == "buy" and shape == "N train":
            return act(item="train", train=rest[0].upper())
        if verb == "trade" and shape == "N train for N train":
            return act(item="train", train=rest[3].upper(), other=rest[0].upper())
        if verb == "buy" and shape in ("N train from pool", "N train from X for N"):
            other = "pool" if rest[3].lower() == "pool" else self.name(rest[3], "corporation", self.corps)
            return act(item="train", train=rest[0].upper(), other=other,
                       amount=self.number(rest[5], "A price") if other != "pool" else 0)
        if verb == "discard" and shape == "N train":
            return act(item="train", train=rest[0].upper())
        if verb == "assign" and shape == "X to X" and rest[0].upper() in ("SCC", "GSC"):
            return act(item=rest[0].upper(), other=rest[2].upper())
        if verb == "close" and shape == "port on X":
            return act(item="GSC", other=rest[2].upper())
        if verb == "buy" and shape == "X from X for N":
            return act(item=self.name(rest[0], "private company", self.privates),
                       other=self.name(rest[2], "player", self.players), amount=self.number(rest[4], "A price"))
        if verb == "sell" and shape == "X to X for N":
            return act(item=self.name(rest[0], "private company", self.privates),
                       other=self.name(rest[2], "player", self.players), amount=self.number(rest[4], "A price"))
        counted = rest[1:] if rest and rest[0].isdigit() else rest
        count = int(rest[0]) if counted is not rest else 1
        if verb in ("buy", "sell") and counted and count >= 1:
            tail = " ".join(counted[1:]).lower()
            if verb == "buy" and tail in ("", "from market"):
                known = self.corps if tail or count > 1 else {**self.corps, **self.privates}
                item = self.name(counted[0], "corporation or private company", known)
                return act(item=item, count=count, other="market" if tail else "")
            if verb == "sell" and not tail:
                return act(item=self.name(counted[0], "corporation", self.corps), count=count)
        self.fail("its words are not in an order the game knows." + self.hint(verb, rest))

    def hint(self, verb: str, rest: list[str]) -> str:
        """The form meant, for the commonest slips: a count or an amount in the wrong place, a
        dollar sign, a missing 'on'."""
        words = [w.lstrip("$") for w in rest if w.lower() not in ("at", "for", "on", "shares", "share")]
        numbers = [w for w in words if w.isdigit()]
        names = [w for w in words if not w.isdigit()]
        if len(numbers) != 1 or len(names) != 1:
            return ""
        n, name = numbers[0], names[0].upper()
        meant = {"sell": f"sell {n} {name}", "buy": f"buy {n} {name} from market", "par": f"par {name} {n}",
                 "bid": f"bid {n} on {name}"}.get(verb)
        return f" Did you mean '{meant}'?" if meant else ""

    def map_action(self, verb: str, rest: list[str]) -> Act:
        """Actions on the map: hexes are read by their labels and checked."""
        text = " ".join(rest)
        if verb in ("pay", "half", "withhold"):
            return Act(self.actor, verb, other="routes")
        lowered = [w.lower() for w in rest]
        if verb == "lay" and len(rest) >= 3 and lowered[1] == "on":
            return self.tile_lay(rest, lowered)
        if verb == "token" and rest and track.is_hex_label(rest[0]):
            return self.hex_token(rest, lowered)
        if verb == "token" and rest:
            self.fail(f"a station token goes on a hex, named by its label{named_hex(text)}: 'token H13', or "
                      "'token H13 city 2' on a hex with two cities.")
        named = bool(rest) and (rest[0].isdigit() or rest[0].upper() in TRAIN_LETTERS)
        if verb == "run" and len(rest) == 2 and named and track.is_hex_label(rest[1].split("-")[0]):
            return Act(self.actor, verb, item=rest[0].upper(),
                       other="-".join(track.hex_label(h) for h in rest[1].split("-")))
        if verb == "run" and len(rest) >= 2 and named:
            self.fail(f"a route is the hexes it passes through, joined by '-', e.g. 'run {rest[0]} J5-J7-K8'"
                      f"{named_hex(' '.join(rest[1:]).split('-')[0])}.")
        if verb == "run" and rest and not named:
            self.fail(f"a run names its train first, e.g. 'run 3 {text}' for a 3-train.")
        for choice, words in DESTINATION.items():
            if f"{verb} {text}".lower() == words:
                return Act(self.actor, "dest", item=choice)
        self.fail("map actions are 'lay 8 on H13 rotated 2', 'token H13', 'run 3 J5-J7-K8', 'place destination token', "
                  "'keep destination token' or 'use existing token'.")

    def tile_lay(self, rest: list[str], lowered: list[str]) -> Act:
        """``lay 8 on H13`` or ``lay 8 on H13 rotated 2``, either followed by ``with MRBC`` (the
        bridge company's lay)."""
        tail = lowered[3:]
        using = ""
        if tail[-2:] == ["with", "mrbc"]:
            tail, using = tail[:-2], "MRBC"
        if tail and (len(tail) != 2 or tail[0] != "rotated" or not tail[1].isdigit() or int(tail[1]) > 5):
            self.fail("a tile is turned by 'rotated' and a number of clockwise steps from 0 to 5, e.g. "
                      "'lay 8 on H13 rotated 2'.")
        turns = int(tail[1]) if tail else 0
        try:
            number, label = track.tile_number(rest[0]), track.hex_label(rest[2])
        except InputError as error:
            self.fail(str(error))
        return Act(self.actor, "lay", item=number, other=label, rotation=turns, using=using)

    def hex_token(self, rest: list[str], lowered: list[str]) -> Act:
        """``token H13`` or ``token H13 city 2``."""
        tail = lowered[1:]
        if tail and (len(tail) != 2 or tail[0] != "city" or not tail[1].isdigit() or int(tail[1]) < 1):
            self.fail("a hex's city is named by 'city' and its number, counted from 1, e.g. 'token H13 city 2'.")
        return Act(self.actor, "token", other=track.hex_label(rest[0]), count=int(tail[1]) if tail else 1)


def parse(text: str, actor, corps, privates, players) -> Act:
    return Reader(text, actor, corps, privates, players).read()


def named_hex(name: str) -> str:
    """`` (Houston is M6)`` when ``name`` is a city or red area on the map, else nothing."""
    wanted = " ".join(name.replace(".", " ").replace(",", " ").lower().split())
    for label, spot in track.board().hexes.items():
        if spot.name and " ".join(spot.name.replace(".", " ").replace(",", " ").lower().split()) == wanted:
            return f" ({spot.name} is {label})"
    return ""
