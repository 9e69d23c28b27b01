"""The ``{readings}`` directive: *does this reading matter?* For every documented reading of a
game's rules (each setting with choices), what choosing otherwise does to simulated play, in a
designer's words, with a table of every figure ``rulewright simulate --compare`` compares.

The games are played by ``rulewright.play.readings`` (through the store: a build plays them again
only when the game's code or data, the block or the toolchain changes), with the same seed on every
build, so the page is the same on every build. The player's edition leaves it out: it is the
designer's. A block that cannot be read is shown as failing and listed with the failing examples
when the build ends, as a ``{balance}`` claim is.
"""
from __future__ import annotations

from docutils import nodes

from rulewright.game import InputError
from rulewright.play import claims
from rulewright.play.figures import interval, shown
from rulewright.play.readings import effects, said
from rulewright.problems import ExampleProblem, Where
from rulewright.sphinx import incremental
from rulewright.sphinx.balance import BalanceDirective, _row

NAME = "readings"
OPTIONS = ("game", "preset", "agents", "games", "seed", "moves", "setting", "score", "only")
WHAT = "A {readings} block"


class ReadingsDirective(BalanceDirective):
    """``{readings}`` with the options of a ``{balance}`` claim (the run) and ``:only:`` (the
    settings to compare, separated by commas; every setting by default)."""

    required_arguments = 0
    optional_arguments = 0
    has_content = False

    def run(self):
        if self.config.rulewright_edition == "player":
            return []

        decl = claims.ClaimDecl("Does this reading matter?", dict(self.options), "",
                                Where(str(self.env.doc2path(self.env.docname)), self.lineno))
        game_name = str(decl.options.get("game", "")).strip()
        if game_name:
            incremental.uses_game(self.env, game_name)
        try:
            claims.check_options(decl, WHAT, OPTIONS)
            job, games, game = claims.read_run(decl, WHAT, games_by_default=400)
            claims.needs_scipy(decl, WHAT)
            only = [n.strip() for n in str(decl.options.get("only", "")).split(",") if n.strip()] or None
            try:
                found = effects(job, games, game, only)
            except InputError as error:  # a setting :only: names that the game does not have
                raise ExampleProblem(decl.at("only"), error.message) from None
        except ExampleProblem as problem:
            self._record(decl, False, str(problem), game_name)
            box = nodes.container(classes=["rw-example", "rw-readings", "rw-failed"])
            box += nodes.paragraph(text="These readings cannot be compared:")
            box += nodes.literal_block(text=str(problem), classes=["rw-failure-report"])
            return [box]
        box = nodes.container(classes=["rw-readings"])
        self.set_source_info(box)
        if not found.finished:
            names = ", ".join(r.name for r in found.readings)
            box += nodes.paragraph(text=(
                f"Played: {claims.run_words(job, games, game)}, with this book's readings. None of them ended "
                f"within {job.moves} moves: these agents do not finish {game.title}, so its games cannot say "
                f"whether a reading matters, and the other readings were not played. Not compared: {names}."),
                classes=["rw-readings-unfinished"])
            return [box]
        low, high = interval(games // 2, games)
        box += nodes.paragraph(text=(
            f"Played: {claims.run_words(job, games, game)}, for each reading, with the same seeds. With "
            f"{games} games, a share of the games (a seat's wins, the games stopped at the move limit) is known "
            f"to within about {100 * (high - low) / 2:.0f} percentage points either way (its 95% interval at "
            "one half): a smaller difference between two readings cannot be told from chance."))
        if found.finished < games:
            box += nodes.paragraph(text=f"{games - found.finished} of the {games} games of this book's reading "
                                        f"were stopped at the move limit of {job.moves} moves.")
        for reading in found.readings:
            box += self._reading(reading, games)
        if found.unchoosable:
            box += nodes.paragraph(text="Settings that take any value, with no choices to play: "
                                        + ", ".join(found.unchoosable) + ".")
        box += nodes.paragraph(text=(
            "Each figure is tested on its own (p below 0.05 is called significant): among many figures, about one "
            "difference in twenty that is chance alone is still called significant, so read a single significant "
            "figure of a reading with care, and play more games to be sure."), classes=["rw-readings-caveat"])
        return [box]

    def _reading(self, reading, games: int) -> list[nodes.Node]:
        out: list[nodes.Node] = []
        head = nodes.paragraph(classes=["rw-reading-head"])
        head += nodes.literal(text=reading.name)
        head += nodes.Text(f": {reading.doc} This book reads it {said(reading.value)}."
                           + (f" It can matter only {reading.applies_when}." if reading.applies_when else ""))
        out.append(head)
        for choice in reading.choices:
            instead = f"Read as {said(choice.value)} instead"
            if choice.same_games:
                words = (f"{instead}, each of the {games} games is played exactly as with this book's reading: in "
                         "these games the choice never makes a difference.")
            elif choice.changed:
                words = (f"{instead}, it matters: " + "; ".join(
                    _change(row) for row in choice.changed) + ".")
            else:
                words = (f"{instead}, the games differ, but no figure changes by more than chance explains in "
                         f"{games} games.")
            out.append(nodes.paragraph(text=words, classes=["rw-reading-verdict",
                                                             "rw-significant" if choice.changed else "rw-chance"]))
            if not choice.same_games:
                out.append(_table(choice, said(reading.value)))
        return out


def _change(row: dict) -> str:
    a, b, difference = shown(row)
    return f"{row['figure']} goes from {a} to {b} ({difference}; {row['test']}, {_p(row['p'])})"


def _p(p: float) -> str:
    """A p-value as a designer reads it: three decimals, or 'p < 0.001'."""
    return "p < 0.001" if p < 0.001 else f"p = {p:.3f}"


def _table(choice, book_value: str) -> nodes.Element:
    """Every figure compared: this book's reading, the other, the difference and the verdict."""
    table = nodes.table(classes=["rw-readings-figures"])
    group = nodes.tgroup(cols=5)
    table += group
    for width in (3, 2, 2, 2, 3):
        group += nodes.colspec(colwidth=width)
    head = nodes.thead()
    group += head
    head += _row(["Figure", f"as {book_value}", f"as {said(choice.value)}", "Difference", "Verdict"])
    body = nodes.tbody()
    group += body
    for row in choice.rows:
        a, b, difference = shown(row)
        body += _row([row["figure"], a, b, difference,
                      ("significant" if row["significant"] else "within chance") + f" ({_p(row['p'])})"])
    return table
