"""The ``{balance}`` directive: a claim about play in the designer's words, checked by simulated play
when the book is built (``rulewright.play.claims``), and shown with the figures it was checked on.

A claim that does not hold is shown as failing on the page and listed with the failing examples
when the build ends; a strict build (``make rulebook``) fails on it, at its file and line. The
player's edition leaves claims out: they are the designer's.
"""
from __future__ import annotations

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from rulewright.play import claims
from rulewright.problems import ExampleProblem, Where
from rulewright.book.scanner import AnyOption
from rulewright.sphinx import incremental
from rulewright.sphinx.examples import _pages


def _percent(share) -> str:
    return "-" if share is None else f"{100 * share:.1f}%"


class BalanceDirective(SphinxDirective):
    has_content = True
    required_arguments = 0
    optional_arguments = 1
    final_argument_whitespace = True
    option_spec = AnyOption()  # an unknown option is said by the claim's check, in plain words

    def run(self):
        if self.config.rulewright_edition == "player":
            return []

        decl = self._decl()
        game = str(decl.options.get("game", "")).strip()
        if game:
            incremental.uses_game(self.env, game)  # the claim is played again when the game changes
        try:
            finding = claims.check(decl)
        except ExampleProblem as problem:
            self._record(decl, False, str(problem), game)
            return [self._box(decl, None, str(problem))]
        report = None if finding.ok else claims.failure_text(decl, finding)
        self._record(decl, finding.ok, report, game)
        return [self._box(decl, finding, report)]

    def _decl(self) -> claims.ClaimDecl:
        page = _pages.get(self.env.docname)
        found = next((c for c in (page.claims if page is not None else []) if c.where.line == self.lineno), None)
        if found is not None:
            return found
        path = str(self.env.doc2path(self.env.docname))
        return claims.ClaimDecl(self.arguments[0] if self.arguments else "", dict(self.options),
                                "\n".join(self.content), Where(path, self.lineno))

    def _record(self, decl: claims.ClaimDecl, ok: bool, report: str | None, game: str) -> None:
        """A claim that does not hold is listed with the failing examples when the build ends (and
        fails a strict build there), as an example that does not hold is."""
        if ok:
            return
        book = self.env.domaindata.setdefault("rulewright", {}).setdefault("examples", {})
        book[f"balance claim, {self.env.docname} line {self.lineno}"] = {
            "docname": self.env.docname, "lineno": self.lineno, "title": decl.text, "rules": [], "ok": False,
            "verdict": "failed", "anchor": "", "report": report or "", "broken": True, "named_rules": [],
            "game": game or None, "kind": "balance"}

    def _box(self, decl: claims.ClaimDecl, finding, report: str | None) -> nodes.Element:
        ok = finding is not None and finding.ok
        box = nodes.container(classes=["rw-example", "rw-balance", "rw-ok" if ok else "rw-failed"])
        self.set_source_info(box)
        head = nodes.paragraph(classes=["rw-example-head"])
        head += nodes.strong(text="Balance claim: ")
        head += nodes.inline(text=decl.text.strip(), classes=["rw-example-title"])
        box += head
        if self.content:
            self.state.nested_parse(self.content, self.content_offset, box)
        if finding is None or not ok:
            failed = nodes.container(classes=["rw-failure"])
            failed += nodes.paragraph(text="This claim does not hold:" if finding is not None else
                                      "This claim cannot be checked:")
            failed += nodes.literal_block(text=report or "", classes=["rw-failure-report"])
            box += failed
            if finding is None:
                return box
        else:
            box += nodes.paragraph(text=f"It holds: {finding.found}.", classes=["rw-balance-verdict"])
        box += nodes.paragraph(text=f"Checked on {finding.run}; the same seed plays the same games on every build.",
                               classes=["rw-balance-run"])
        box += _seat_table(finding.figures)
        return box


def _seat_table(figures: dict) -> nodes.Element:
    """Each seat's wins as a table (the text alternative of a chart: every figure in words)."""
    table = nodes.table(classes=["rw-balance-seats"])
    group = nodes.tgroup(cols=4)
    table += group
    for _ in range(4):
        group += nodes.colspec(colwidth=1)
    head = nodes.thead()
    group += head
    head += _row(["Seat", "Player", "Won", "95% interval"])
    body = nodes.tbody()
    group += body
    for seat in figures.get("seats", []):
        body += _row([str(seat["seat"]), seat["player"], f"{seat['wins']} ({_percent(seat['share'])})",
                      f"{_percent(seat['low'])} to {_percent(seat['high'])}"])
    if figures.get("ranked"):
        body += _row(["", "shared first place", f"{figures['shared_wins']} "
                                                f"({_percent(figures['shared_wins'] / figures['ranked'])})", ""])
    length = figures["length"]
    body += _row(["", "game length", f"median {length['median']:g} moves" if length["median"] is not None else "-",
                  f"{length['least']} to {length['most']} moves" if length["least"] is not None else ""])
    return table


def _row(cells: list[str]) -> nodes.row:
    row = nodes.row()
    for text in cells:
        entry = nodes.entry()
        entry += nodes.paragraph(text=text)
        row += entry
    return row
