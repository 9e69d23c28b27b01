"""The 18xx.games importer's certificate ledger: where each certificate of an 1870 record lies, by
the platform's own identities (``MP_0`` is MP's president's certificate, ``MP_1`` ... ``MP_8`` its
10% shares), and in the order each holder received them.

The book's engine counts shares, not certificates; the record names certificates. To turn a sale
or a protection into the book's words, the importer must know who holds which certificate at
every action, exactly as the platform does. The platform moves certificates so:

- **A transfer** (a purchase, a sale, a redemption) moves the named certificates, which arrive
  after those the receiver holds already.
- **The presidency** passes when another player holds more shares than the president; among
  several tied, the first after the president in seat order takes it.
- **The swap.** The new president hands the *first two shares they hold, in the order they
  received them*, for the president's certificate. The two go to the old president, or, when the
  old president sold the president's certificate to the market, to the market.
- **A president's certificate in a sale** of fewer shares than the certificates hold (the
  platform's "partial" bundle: the president's certificate and a share, sold as one share, say):
  the certificates go to the market, the swap follows, and then the market gives the seller back
  the difference, from the first certificates it received.

The importer reads a record's actions in order against this ledger; an action naming a
certificate where the ledger does not have it is a divergence, named with the certificate, the
action and where the ledger has it since which action.
"""
from __future__ import annotations

from dataclasses import dataclass, field

MARKET = "market"
TREASURY = "treasury"


def corporation_of(cert: str) -> str:
    return cert.rsplit("_", 1)[0]


def index(cert: str) -> int:
    return int(cert.rsplit("_", 1)[1])


def size(cert: str) -> int:
    """Shares in a certificate: the president's is two."""
    return 2 if index(cert) == 0 else 1


@dataclass
class Ledger:
    seats: list[str]                                 # players in seat order
    certs: dict = field(default_factory=dict)        # certificate -> its holder (absent: the Treasury)
    presidents: dict = field(default_factory=dict)   # corporation -> its president
    arrived: dict = field(default_factory=dict)      # certificate -> when it reached its holder
    since: dict = field(default_factory=dict)        # certificate -> the action that put it there
    action: object = None                            # the record's action being read
    clock: int = 0

    def holder(self, cert: str) -> str:
        return self.certs.get(cert, TREASURY)

    def holding(self, who: str, corp: str) -> list[str]:
        """The certificates of ``corp`` that ``who`` holds, in the order they arrived (the Treasury's
        unsold ones first, in number order)."""
        held = [c for c, h in self.certs.items() if h == who and corporation_of(c) == corp]
        return sorted(held, key=lambda c: (self.arrived.get(c, -1), index(c)))

    def units(self, corp: str, who: str) -> int:
        return sum(size(c) for c in self.holding(who, corp))

    def put(self, cert: str, to: str) -> None:
        self.clock += 1
        self.certs[cert] = to
        self.arrived[cert] = self.clock
        self.since[cert] = self.action

    def where(self, cert: str) -> str:
        """Where the ledger has a certificate, in words, for a divergence's message."""
        when = self.since.get(cert)
        return f"{self.holder(cert)}" + (f" (since action {when})" if when is not None else "")

    def transfer(self, certs: list[str], to: str, percent: int | None = None) -> None:
        """Move ``certs`` (all of one corporation and one holder) to ``to``; ``percent`` is what the
        bundle counts for when less than its certificates (a partial sale of the president's
        certificate). Then the presidency and the swap, as the platform does them."""
        corp = corporation_of(certs[0])
        owner = self.holder(certs[0])
        before = self.presidents.get(corp)
        for cert in certs:
            self.put(cert, to)
        if before is None:
            return
        best = max(self.units(corp, name) for name in self.seats)
        if self.units(corp, before) == best:
            return
        start = self.seats.index(before)
        after = self.seats[start + 1:] + self.seats[:start + 1]
        new = next((n for n in after if self.units(corp, n) == best and best >= 2), None)
        if new is None:
            return
        self.presidents[corp] = new
        if owner == new:
            return
        chair = f"{corp}_0"
        sold_chair = chair in certs
        swap_to = MARKET if sold_chair and to == MARKET else before
        for cert in [c for c in self.holding(new, corp) if c != chair][:2]:
            self.put(cert, swap_to)
        self.put(chair, new)
        if percent is not None:
            back = sum(size(c) for c in certs) - percent // 10
            for cert in self.holding(to, corp)[:back]:
                self.put(cert, owner)
