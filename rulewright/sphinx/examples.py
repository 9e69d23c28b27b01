"""The ``{example}`` directive: play the example with the one evaluator and draw the result.

Each example becomes a numbered box: its title, the setup in words, the actions and what each
did, the expected outcome beside what actually happened, the diagram, and a mark saying it was
verified. A failing or malformed example is shown as failing on the page, and listed when the
build ends (``incremental.finish``); in strict mode (``RULEWRIGHT_STRICT=1``, as ``make rulebook``
builds) it is also a build error. Results come from the store of results (``rulewright.store.cache``),
so the HTML and PDF builds play each example once.
"""
from __future__ import annotations

import dataclasses
import inspect

from docutils import nodes
from sphinx.ext.graphviz import graphviz
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from rulewright.book import scanner
from rulewright.book import config
from rulewright.book import phrases
from rulewright.book.diagrams import DrawerFailed, at_step, draw, first_said
from rulewright.checks import levels
from rulewright.game import Event, is_hidden
from rulewright.store import outcome as outcomes
from rulewright.problems import ExampleProblem, Where, display_path
from rulewright.scenario import Result, failure_text, parse, position_chain, rule_ids, rule_places, written_checks
from rulewright.scenario.vocabulary import OPTION
from rulewright.sphinx import clarifications, deferred, drawing, secrecy, tables, wording
from rulewright.sphinx.incremental import position_digest
from rulewright.sphinx.editions import edition
from rulewright.sphinx.nodes import REPORTED, example_node, heading, ruleref_node, rule_number
from rulewright.sphinx.setup_text import describe_setup, seen_setup

logger = logging.getLogger(__name__)


class ExampleDirective(SphinxDirective):
    WHAT = "example"  # what the book calls one (a shared position is drawn the same way)
    required_arguments = 0
    optional_arguments = 1
    final_argument_whitespace = True
    has_content = True
    option_spec = scanner.EXAMPLE_OPTIONS  # the scanner's: unknown options reach parse() and are named there

    def run(self):
        title = self.arguments[0] if self.arguments else ""
        path = self.env.doc2path(self.env.docname)
        decl = _decl_at(self.env.docname, self.lineno)
        try:
            if decl is not None:  # the scanner's reading, the same pytest and `rulewright check` run
                scenario = decl.parse()
            else:
                options = {k: v for k, v in self.options.items() if k != "show-source"}
                scenario = parse("\n".join(self.content), Where(str(path), self._body_line(path)), title,
                                 options, directive_line=self.lineno)
        except ExampleProblem as problem:
            return self._broken(problem, title)
        # What it came to, decided as pytest and `rulewright check` decide it (rulewright.store.outcome)
        decided = outcomes.decide(scenario, scanner.declared_now(self.env.srcdir), config.current().pending == "error")
        if not decided.played:  # it could not be played: its own problem, a rule not declared, a failure of
            return self._broken(decided.problem, title, decided)  # code, or a problem said at its own place
        result, outcome = decided.result, decided.verdict
        designer = edition(self.config) == "designer"
        left_out = not designer and config.current().leaves_out(scenario.pending)  # (pending-for-players)
        self._record(scenario, result, outcome, decided.kind, left_out)
        if left_out:  # no box, no number, no links to it
            return []
        words = wording.game_phrases(result.run.game)
        advice = wording.check_example(scenario, result.run.game, words, self.config)
        if advice:  # said once and counted at the end of the build (rulewright.sphinx.incremental.finish)
            self.env.domaindata["rulewright"]["examples"][scenario.id]["advice"] = advice
        box = example_node(ids=[anchor(scenario.id)], classes=["rw-example", CLASSES[outcome]]
                           + ([REPORTED] if words.unreadable else []),  # (its engine words: the phrase file's problem)
                           example_id=scenario.id)
        self.set_source_info(box)  # where the player's-edition check reports what the box prints
        box += self._head(scenario, title, outcome, designer)
        if not designer:  # a reading other than the one the rules use: said as a variant, not as a setup row
            box += _variant_note(result.run.game, words, result.run.settings or {}, self.env.docname)
        # The figure comes straight under the example's title, so that the two always share a page
        # (a diagram last in the box drifted to the next page, above the next example).
        # A pending example is printed for players as the designer wrote it, the rules' truth: its
        # moves without what the engine made of them (narrated, refused), no picture of the position
        # the engine reached, and no report (the designer's edition shows what the engine does now).
        as_written = outcome == "pending" and not designer
        told = (narrated(result, words, designer) if not as_written  # what each move did, said once for the
                else [[] for _ in result.run.steps])                 # moves and the figure
        moved = said_moves(result, words, designer)  # each move in the players' words (their edition)
        marks, secrets = _secret_moves(result, words, designer, told, moved)  # (a card laid face down: unseen)
        figures = (self._figures(result, title, told, designer, whens=("before",) if as_written else None,
                                 moved=moved)
                   if scenario.diagram and result.run.before is not None else [])  # (a pending setup has no position yet)
        box += figures[:1]
        if figures:  # (in print, it may break after its figure: rulewright.css)
            box["classes"].append("rw-with-figure")
        box += _section("Setup", seen_setup(scenario, result.run.game, words, str(path), result.run.before, designer)
                        if getattr(result.run.game, "hidden", ()) else describe_setup(scenario.data, words, designer,
                                                                                      str(path)))
        # An example without moves shows a position: the player's edition says what holds in it,
        # with no "Play" part and no test wording about the outcome (the designer's keeps both).
        still = not result.run.steps and not designer
        if not still:
            box += _section("Play", _actions(result, told, as_written, moved, marks, words, secrets))
        box += figures[1:]  # the position after the moves, when the example shows both
        box += _section(("Outcome" if designer else "In this position" if still else "What happened")
                        + (f" (as {scenario.viewer} sees it)" if scenario.viewer else ""),
                        _outcome(result, words, designer, as_written, told, secrets))
        if outcome == "failed":
            box += _failure(failure_text(result, config.current().pending == "error"))
        elif outcome == "pending" and designer:
            box += _failure(result.report(), "Pending: the engine does not do this yet. What it does now:")
        if "show-source" in self.options and designer:  # the source names rule IDs: for designers
            box += _section("Source", [nodes.literal_block(self.block_text, self.block_text, language="markdown")])
        if not figures:  # (in print, a long one may break between its parts: rulewright.css)
            mark_long(box)
        # Where the box ends: the printed book's test reads this anchor's page to count the
        # examples split across pages (an empty element, drawn as nothing).
        box += nodes.container(ids=["end-of-" + anchor(scenario.id)], classes=["rw-example-end"])
        if not designer:  # "Ann", wherever the box names her
            wording.names_capitalised(box, phrases.run_players(result.run))
        return [deferred.aside(box)]  # (what is inside is put back when the page is written)

    def _body_line(self, path) -> int:
        """The file line of the example's first body line: found in the source itself, since how
        MyST counts ``content_offset`` (from the file or from the directive) has varied."""
        first = next((line for line in self.content if line.strip()), None)
        try:
            lines = open(path, encoding="utf-8").read().splitlines()
        except OSError:
            lines = []
        for number in range(self.lineno, len(lines)):
            if first is not None and lines[number].strip() == first.strip():
                return number + 1
        return self.lineno + self.content_offset + 1

    # ------------------------------------------------------------ parts

    def _head(self, scenario, title, outcome, designer):
        head = heading(classes=["rw-example-head"])
        head += nodes.strong("", "", nodes.Text("Example "), rule_number(key=f"example:{scenario.id}"))
        if title:
            head += nodes.Text(" ")
            head += nodes.inline(text=title, classes=["rw-example-title"])
        if not designer:
            if config.current().marks_planned(scenario.pending):  # (pending-for-players = "planned")
                head += nodes.inline(text=PLANNED, classes=["rw-mark", "rw-mark-pending"])
            return [head]
        head += nodes.inline(text=MARKS[outcome], classes=["rw-mark", "rw-mark-" + CLASSES[outcome][3:]])
        meta = nodes.paragraph(classes=["rw-example-meta"])
        meta += nodes.Text("ID ")
        meta += nodes.literal(text=scenario.id, classes=["rw-example-id"])
        shown = scenario.named_rules()
        if shown:
            meta += nodes.Text(" · shows ")
            for n, rule_id in enumerate(shown):
                if n:
                    meta += nodes.Text(", ")
                meta += ruleref_node(rule_id=rule_id, said_elsewhere=True)
        return [head, meta]

    def _figures(self, result: Result, title: str, told: list[list[str]], designer: bool, whens=None, moved=None):
        """The example's diagram as a numbered figure, "Figure B-6: <the example's title>: the
        position after the moves", numbered as its example; with ``both``, two: "Figure B-6a" (before)
        to go under the title and "Figure B-6b" (after) to go after the moves, so that the text
        between them fills the page rather than a gap. Each picture carries its caption as its
        alternative text and, inside the SVG, as its ``<title>``, with a ``<desc>`` saying the moves.
        ``whens``: the pictures of these positions only ("before", "after"), of those it shows;
        ``moved``: the moves in the players' words, for the description (``said_moves``)."""
        s = result.scenario
        # Drawn for nobody in particular, hidden things are shown marked in the designer's edition and
        # face down in the player's (the run itself is shared with the other edition: a copy).
        run = dataclasses.replace(result.run, shows_hidden=designer)
        whens = [when for when in (["before", "after"] if s.diagram == "both" else [s.diagram])
                 if whens is None or when in whens]
        description = figure_description(result, told, moved)
        # the player's edition names players as its box prints them ("Ann"), in the caption that is
        # the picture's alternative text and title, and in its description (before it is drawn)
        players = () if designer else phrases.run_players(result.run)
        description = wording.with_capitals(description, players)
        figures = []
        for when, letter in zip(whens, ("a", "b") if len(whens) > 1 else ("",)):
            try:
                code = draw(run, when, s.diagram_options, getattr(s, "diagram_step", None))
            except ExampleProblem as problem:
                self.drawer_failed(problem)
                continue
            if not designer and self._shows_a_secret(result, when, code):
                continue  # (the player's edition leaves out a picture that shows what its reader cannot see)
            said = wording.with_capitals(figure_caption(title or s.id, when, len(result.run.steps),
                                                        getattr(s, "diagram_step", None)), players)
            panel = nodes.container(classes=["rw-diagram"])
            drawn = picture(code, self.env.docname, said, description, where=f"the {when} diagram of example {s.id}")
            drawing.draw_ahead(self.env, drawn)
            panel += drawn
            row = nodes.container(classes=["rw-diagrams", "rw-diagrams-1"])
            row += panel
            figure = nodes.figure(ids=[("after-" if letter == "b" else "") + figure_anchor(s.id)],
                                  classes=["rw-figure"])
            figure += row
            caption = nodes.caption(classes=["rw-figure-caption"])
            caption += nodes.strong("", "", nodes.Text("Figure "), rule_number(key=f"example:{s.id}"),
                                    nodes.Text(f"{letter}:"))
            caption += nodes.Text(" " + said)
            figure += caption
            figures.append(figure)
        pictures = [figure.next_node(graphviz) for figure in figures]
        if len(pictures) == 2:  # the 'before' and 'after' pictures print at one scale (drawing._at_one_scale)
            for picture_node, partner in zip(pictures, reversed(pictures)):
                picture_node["rw_partner"] = (partner["code"], partner["options"])
        return figures

    def _shows_a_secret(self, result: Result, when: str, code: str) -> bool:
        """Whether the picture ``code`` of the position ``when`` prints a value hidden from the
        example's reader (a game's diagram code that draws from the true position, not from
        ``run.view_of``); if so, said at the example (advice at an older check level)."""
        s, game = result.scenario, result.run.game
        if secrecy.reader_of(s, game, False) is secrecy.TRUTH:
            return False
        shown_run, shown_when = at_step(result.run, when, getattr(s, "diagram_step", None))
        state = shown_run.before if shown_when == "before" else shown_run.after
        secrets = secrecy.secret_values(game, state, s.viewer, s)
        shown = secrecy.shown_in_picture(code, secrets)
        if shown is None:
            return False

        drawer = getattr(game.diagram, "__func__", game.diagram)
        try:
            code_file = display_path(inspect.getsourcefile(drawer))
        except (TypeError, OSError):
            code_file = getattr(drawer, "__module__", "its diagram module")
        said = wording.game_phrases(game).path(secrets[shown]) or secrets[shown]
        problem = ExampleProblem(s.where.at(s.lines.line(OPTION, "diagram")), f"The {when} diagram of this example would show players {shown!r}, in "
                                 f"{said}, which {s.viewer or 'the players at the table'} cannot see: the game's "
                                 f"diagram code ({code_file}) draws it from the true position. Draw what the "
                                 "example's reader sees, the position from 'run.view_of(state)' (the cards kit's "
                                 "draw_table does). The player's edition leaves this picture out until then.",
                                 check="hidden-in-pictures")
        if levels.is_advice(problem):
            record = self.env.domaindata["rulewright"]["examples"].setdefault(s.id, {})
            record.setdefault("advice", []).append((problem.check, f"{problem.where}: {problem.message}"))
        else:
            logger.warning(problem.message, location=(self.env.docname, s.lines.line(OPTION, "diagram") or self.lineno),
                           type="rulewright", subtype="hidden")
        return True

    def _record(self, scenario, result, outcome, kind, left_out=False):
        examples = self.env.domaindata.setdefault("rulewright", {}).setdefault("examples", {})
        if scenario.id in examples and examples[scenario.id]["docname"] != self.env.docname:
            other = examples[scenario.id]
            problem = scanner.duplicate_example(scenario.id, scenario.where.at(scenario.lines.line(OPTION, "id")),
                                             Where(str(self.env.doc2path(other["docname"])),
                                                   other.get("id_line") or other["lineno"]))
            logger.warning(problem.message, location=(self.env.docname, problem.where.line))
        title = (scenario.title if edition(self.config) == "designer"  # ("Ann", as the player's box prints it)
                 else wording.with_capitals(scenario.title, phrases.run_players(result.run)))
        examples[scenario.id] = {"docname": self.env.docname, "lineno": self.lineno, "title": title,
                                 "id_line": scenario.lines.line(OPTION, "id"),  # (where a second use points)
                                 "rules": scenario.named_rules(), "ok": outcome in ("ok", "ready"), "verdict": outcome,
                                 "outcome": kind.value, "example_line": self.lineno,
                                 "undeclared": [], "left_out": left_out,
                                 "anchor": anchor(scenario.id),
                                 "report": (None if outcome == "ok" else result.pending_note() if outcome == "ready"
                                            else failure_text(result, config.current().pending == "error")), "game": scenario.game_name,
                                 "refused": list(scenario.refused_rules()),
                                 "positions": position_digests(scenario),
                                 # the readings of the rules it is played under, other than the book's
                                 # (its game's "Clarifications and variants" names it: clarifications.py)
                                 "readings": clarifications.variant_readings(result.run.game, result.run.settings or {}),
                                 "rule_places": [(rule, where.line) for rule, where in rule_places(scenario)]}

    def drawer_failed(self, problem: ExampleProblem) -> None:
        """A diagram the game's code cannot draw: said at the example (its words alone: the warning
        names the file and line), once for each bug of the diagram code in a build (every diagram
        that reaches the failing line meets it: they are left out of the book, and not said again)."""
        if isinstance(problem, DrawerFailed) and first_said(problem.site, problem.where) is not None:
            return
        more = (" Every other diagram it stops is left out too, and not reported again."
                if isinstance(problem, DrawerFailed) else "")
        logger.warning(problem.message + more, location=self.get_location(), type="rulewright", subtype="diagram")

    def _broken(self, problem: ExampleProblem, title: str, decided=None):
        """An example that cannot be run: shown as such, and recorded (without a number) so that
        every build, incremental or not, lists it among the failing examples. ``decided``: what it
        came to (``rulewright.store.outcome``), else what ``problem`` makes it."""
        if decided is None:
            decided = outcomes.of_problem(problem, Where(str(self.env.doc2path(self.env.docname)), self.lineno))
        examples = self.env.domaindata.setdefault("rulewright", {}).setdefault("examples", {})
        named = problem.where.example or (f"position {self.options['name']}" if self.WHAT == "position"
                                          and self.options.get("name") else None)
        decl = _decl_at(self.env.docname, self.lineno)
        written = getattr(decl, "id", None) if self.WHAT == "example" else None
        if named is None and written:  # an ID it has, that cannot be its own (used twice): named, and kept apart
            named = written
            if named in examples:
                named = f"{written} (again)"
            if named in examples:  # (used a third time)
                named = f"{written} (again, line {problem.where.line or self.lineno})"
        key = named or f"(no ID, {self.env.docname} line {self.lineno})"
        examples[key] = {"docname": self.env.docname, "lineno": problem.where.line or self.lineno, "title": title,
                         "rules": [], "ok": False, "verdict": "failed", "anchor": "", "report": decided.text,
                         "outcome": decided.kind.value, "example_line": self.lineno,  # (where the lists name it)
                         "undeclared": decided.undeclared,
                         "broken": True,  # (the rules it is meant to show: see checks.book.book_problems)
                         "named_rules": rule_ids(self.options),
                         # its game, when the example names one: a game that could not be loaded (a tab
                         # in its data file) is the problem, and its mending must have the page read again
                         "game": decl.game_name() if decl is not None else None,
                         "kind": self.WHAT}
        box = nodes.container(classes=["rw-example", "rw-failed"])
        head = nodes.paragraph(classes=["rw-example-head"])
        head += nodes.strong(text=f"{self.WHAT.capitalize()} (cannot be {'run' if self.WHAT == 'example' else 'set up'}) ")
        head += nodes.inline(text=title)
        box += head
        box += _failure(str(problem))
        return [box]


def _variant_note(game, words: phrases.Phrases, settings: dict, docname: str) -> list[nodes.Node]:
    """For the player's edition: an example played under a reading of the rules other than the one
    this book's rules use is marked as a variant, in the rules' words, pointing to the game's
    "Clarifications and variants" (the designer's edition gives the setting in its setup)."""
    names = list(clarifications.variant_readings(game, settings))
    told = [t for t in (words.setting(name, settings[name]) for name in names) if t]
    if not told:
        return []
    note = nodes.paragraph(classes=["rw-variant-note"])
    note += nodes.strong(text="A variant: ")
    note += nodes.Text("this example is played as if " + " and ".join(told) + ", which is not how this "
                       "book's rules read")
    note += clarifications.variant_ref(text=clarifications.TITLE, game=game.name, settings=names, docname=docname)
    note += nodes.Text(".")
    return [note]


def figure_anchor(example_id: str) -> str:
    return "figure-" + example_id


def figure_caption(title: str, diagram: str, moves: int, step: int | None = None) -> str:
    """A figure's caption in the example's words: its title and which position the picture shows
    ("after the move" when there is one, "after the moves" when there are more; "after move 2" where
    the example names a move: ``:diagram: after 2``)."""
    if not moves:
        return f"{title}: the position"
    if step is not None and diagram in ("before", "after"):
        return f"{title}: the position {diagram} move {step}"
    said = "the move" if moves == 1 else "the moves"
    shown = {"before": f"the position before {said}", "after": f"the position after {said}",
             "both": f"before and after {said}"}[diagram]
    return f"{title}: {shown}"


def narrated(result: Result, words: phrases.Phrases, designer: bool) -> list[list[str]]:
    """What each move did, in words, as the edition's reader may know it: the player's edition tells
    an event only some players see (a card drawn) as the example's reader sees it; the designer's
    tells the truth and marks it ("hidden: only ann sees it"). The player's edition says each move
    once: its sentence (``said_moves``) says the move's own event, which is told here only by what
    it adds ("It costs $40."; ``Phrases.own_event``)."""
    reader = secrecy.reader_of(result.scenario, result.run.game, designer)
    told = words.moves(result.run, reader, secrecy.mark_seen if designer else None, beside_moves=not designer)
    if not result.others:
        return told
    # An example played with several seeds tells one of its games: a sentence the other games tell
    # otherwise (a die's result, a card drawn) says so, as the outcome holds whatever it was.
    others = [words.moves(run, reader, secrecy.mark_seen if designer else None, beside_moves=not designer)
              for run in result.others]
    return [[sentence if all(_told(other, step, index) == sentence for other in others)
             else sentence.rstrip(".") + f" {DRAWS_DECIDE}."
             for index, sentence in enumerate(sentences)] for step, sentences in enumerate(told)]


DRAWS_DECIDE = "(in this game: other draws give other results)"


def _told(moves: list[list[str]], step: int, index: int) -> str | None:
    return moves[step][index] if step < len(moves) and index < len(moves[step]) else None


def said_moves(result: Result, words: phrases.Phrases, designer: bool) -> list[str | None]:
    """Each move in the players' words (the game's ``moves`` phrases: "Ann lays tile #5 on C18."),
    for the player's edition; None for a move without words, and for every move in the designer's
    edition, which prints the notation."""
    if designer or not words.moves_said:
        return [None for _ in result.run.steps]
    players = phrases.run_players(result.run)
    return [words.move(step.action.notation(), step.actor, players) if step.action is not None else None
            for step in result.run.steps]


def _secret_moves(result: Result, words: phrases.Phrases, designer: bool, told: list[list[str]],
                  moved: list[str | None]) -> tuple[list[str | None], list[str | None]]:
    """Moves whose notation names what the example's reader cannot know (a card laid face down,
    passed or discarded: ``secrecy.secret_moves``). The player's edition says such a move as the
    reader sees it: its narration's sentences that do not name the secret, else that the actor made
    a move only they see (``told`` and ``moved`` are changed in place). Returned: the designer's
    mark for each such move ("hidden from ann"), printed beside its notation there, and the secret
    each move's notation names (None for most), which the outcome's sentences must not name either."""
    game, nothing = result.run.game, [None] * len(result.run.steps)
    if not getattr(game, "hidden", ()) or "everything" in result.scenario.reveals or not result.run.steps:
        return nothing, nothing
    reader = result.scenario.viewer
    secrets = secrecy.secret_moves(result.run, reader, result.scenario)
    if designer:
        return [(f"hidden from {reader}" if reader else secrecy.mark(step.actor)) if secret else None
                for step, secret in zip(result.run.steps, secrets)], nothing
    for index, (step, secret) in enumerate(zip(result.run.steps, secrets)):
        if secret is None or index >= len(told):
            continue
        kept = [sentence for sentence in told[index] if secret not in secrecy.words_of(sentence)
                and str(words.name(secret)) not in sentence]
        actor = words.name(step.actor, True) if step.actor else "A player"
        moved[index] = kept[0] if kept else unseen_move(actor, reader)
        told[index] = kept[1:]
    return nothing, secrets


def unseen_move(actor: str, reader: str | None) -> str:
    """A move told to a reader who cannot see what it was."""
    return f"{actor} makes a move that {reader or 'the other players'} cannot see."


def figure_description(result: Result, told: list[list[str]], moved: list[str | None] | None = None) -> str:
    """What a figure shows, for a reader who cannot see it: the moves, as the example narrates them
    (``told``: ``narrated``), each in the players' words where ``moved`` (``said_moves``) gives them."""
    moves = []
    for step, said, sentence in zip(result.run.steps, told, moved or [None] * len(told)):
        who = f"{step.actor}: " if step.actor else ""
        moves.append((sentence.rstrip(".") if sentence else f"{who}{step.text}")
                     + (f" ({' '.join(said)})" if said else "")
                     + (" is refused" if step.refusal is not None else ""))
    return ("Moves: " + "; ".join(moves) + ".") if moves else "The position as set up, before any move."


def picture(code: str, docname: str, alt: str, description: str = "", where: str | None = None,
            tallest_cm: float = 17) -> graphviz:
    """A diagram to draw: its DOT source, the words a reader who cannot see it is given (the
    picture's alternative text and the SVG's ``<title>``) and a longer ``<desc>``."""
    node = graphviz()
    node["code"] = code
    # (in the options, so that the picture's file name, a hash of code and options, changes with them)
    node["options"] = {"docname": docname, "rw_title": alt, "rw_desc": description}
    node["alt"] = alt
    node["rw_tallest_cm"] = tallest_cm  # how tall it may print
    if where is not None:
        node["rw_where"] = where  # where a Graphviz failure is reported
    return node


def position_digests(scenario) -> dict[str, str]:
    """The shared position the example starts from (``setup: {from: name}``), by name, with a hash
    of its content, and the same of the positions that one starts from in turn: the page is read
    again when one of them changes, wherever it is declared."""
    return {name: position_digest(scenario.where.path, name) for name in position_chain(scenario)[0]}


# How each verdict is drawn: the box's class and the mark beside the title.
PLANNED = "planned: this example may still change"  # a pending example's mark for players, when printed so
CLASSES = {"ok": "rw-ok", "failed": "rw-failed", "pending": "rw-pending", "ready": "rw-ok"}
MARKS = {"ok": "✓ verified", "failed": "✗ FAILS", "pending": "◷ pending: not supported yet",
         "ready": "✓ verified (still marked pending)"}


_pages: dict[str, scanner.Page] = {}


def read_page(app, docname: str, source: list[str]) -> None:
    """``source-read``: read the page with the scanner and report what is wrong with the page
    itself (a fence never closed, a {rule} without an ID, an example ID used twice, a refused
    Python block) at its line; each example then runs from the scanner's reading of it."""
    path = str(app.env.doc2path(docname))
    page = scanner.page_in_book(source[0], path, config.current().rulebook)  # an ID used on another page too
    _pages[docname] = page

    for problem in levels.split(page.problems)[0]:  # (advice is said once at the end: incremental.finish)
        logger.warning(problem.message, location=(docname, problem.where.line), type="rulewright",
                       subtype="page")


def _decl_at(docname: str, line: int) -> scanner.ExampleDecl | None:
    page = _pages.get(docname)
    if page is None:
        return None
    return next((d for d in page.examples if d.where.line == line), None)


def position_at(docname: str, line: int) -> scanner.PositionDecl | None:
    page = _pages.get(docname)
    if page is None:
        return None
    return next((d for d in page.positions if d.where.line == line), None)


def anchor(example_id: str) -> str:
    return "example-" + example_id


# In print an example without a figure is kept on one page, unless it is long: pushed whole to the
# next page, an example taller than about two fifths of a printed page left the lower half of the
# page before it empty. A long one ("rw-long") may break between its parts and between the rows and
# moves of a part (rulewright.css). How long a box prints is counted as its rows and moves and its
# text in lines of 80 characters: that count follows the printed height closely (about 11 pt each,
# measured over this book's examples), and 24 of them is about 300 pt, two fifths of an A4 page.
LONG_IN_PRINT = 24


def mark_long(box: nodes.Element) -> None:
    """Mark ``box`` (an example or a shared position) "rw-long" when it prints over ``LONG_IN_PRINT``."""
    rows = sum(1 for _ in box.findall(nodes.row)) + sum(1 for _ in box.findall(nodes.list_item))
    if rows + len(box.astext()) / 80 > LONG_IN_PRINT:
        box["classes"].append("rw-long")


# An example's parts are left out of the HTML search (Sphinx's class): its title is found, and its
# page is found by the rules' own words, not by the setups, moves and outcomes every example says
# again (indexing them cost about a tenth of a second of a clean build of this book).
NOT_SEARCHED = "no-search"


def _section(label, children):
    part = nodes.container(classes=["rw-part", "rw-part-" + label.split(" (")[0].lower(), NOT_SEARCHED])
    part += nodes.paragraph(text=label, classes=["rw-part-label"])
    for child in children:
        part += child
    return part


def _actions(result: Result, told: list[list[str]], as_written: bool = False, moved: list | None = None,
             marks: list | None = None, words: phrases.Phrases | None = None, secrets: list | None = None):
    """The moves, numbered, each with what it did (``told``) or the rule that refused it;
    ``as_written``: the moves alone (a pending example in the player's edition). ``moved``: each
    move in the players' words (``said_moves``), printed instead of its notation where given, its
    refusal's reason then naming pieces as the sentences do (``words``: ``Phrases.codes_named``),
    or left out where it names what the move hid from the reader (``secrets``: ``_secret_moves``)."""
    steps = result.run.steps
    if not steps:
        return [nodes.paragraph(text="No moves: the outcome describes the position as set up.")]
    items = nodes.enumerated_list(classes=["rw-actions"])
    secrets = secrets or [None] * len(steps)
    for step, said, sentence, mark, secret in zip(steps, told, moved or [None] * len(steps),
                                                  marks or [None] * len(steps), secrets):
        item = nodes.list_item()
        para = nodes.paragraph()
        # The player's edition: the move in words, then what it did; the designer's: the notation.
        refused = step.refusal is not None and not as_written
        if sentence is not None:
            para += nodes.Text(sentence.rstrip(".") if refused else sentence)
        else:
            if step.actor:
                para += nodes.strong(text=step.actor, classes=["rw-notation"])  # (as written: no name pass)
                para += nodes.Text(": ")
            para += nodes.literal(text=step.text)
            if mark:  # (the designer's edition: a move its reader cannot see, said unseen to players)
                para += nodes.Text(f" ({mark})")
        if refused and secret is not None and secret in secrecy.words_of(step.refusal.reason):
            para += nodes.Text(" — not allowed by ")  # (the reason would tell the reader the hidden card)
            para += ruleref_node(rule_id=step.refusal.rule, said_elsewhere=True)
            para += nodes.Text(".")
        elif refused:
            para += nodes.Text(" — not allowed by " if sentence is not None else " — refused (")
            para += ruleref_node(rule_id=step.refusal.rule, said_elsewhere=True)
            para += nodes.Text((": " if sentence is not None else "): ") + (
                words.reason_for_players(step.refusal.reason, step.text) if sentence is not None and words is not None
                else step.refusal.reason))
        elif said:
            para += nodes.Text((" " if sentence is not None else " — ") + " ".join(said))
        item += para
        items += item
    return [items]


def _capitalised(paragraph: nodes.paragraph) -> None:
    """The paragraph begun with a capital letter, where it begins with words (not code)."""
    first = paragraph.children[0] if paragraph.children else None
    if isinstance(first, nodes.Text) and first[:1].islower():
        paragraph.replace(first, nodes.Text(first[:1].upper() + first[1:]))


def _outcome(result: Result, words: phrases.Phrases, designer: bool, as_written: bool = False,
             told: list[list[str]] | None = None, secrets: list | None = None):
    """What the example checks, in words. The designer's edition lists what is checked and what is
    expected, and, when the engine disagreed, what the engine did (a column of ticks beside an
    example marked verified would say nothing new); the player's edition says what is so.
    ``as_written``: what the example expects alone, not where the engine stopped (a pending example
    in the player's edition). ``told``: what each move did, as the Play part prints it; the player's
    edition does not say an event again that its move's line already says, nor name what a move
    hid from the reader (``secrets``: ``_secret_moves``)."""
    engine = designer and not all(check.ok for check in result.checks)
    table, body = tables.table((46, 34, 20) if engine else (50, 50) if designer else (55, 45),
                               head=(("Checked", "Expected", "Engine") if engine else ("Checked", "Expected"))
                               if designer else None,
                               classes=["rw-outcome", "rw-outcome-" + ("designer" if designer else "player")])
    told_events = None  # (step, viewer, move, the sentences' cell) of the row of events just written
    for check in written_checks(result.scenario) if as_written else result.checks:
        if check.key == "refused" and not designer and not as_written and check.ok:
            continue  # (the play says the move is not allowed, and by which rule: once is enough for players)
        what = nodes.paragraph()
        if check.step is not None and check.key != "refused":
            what += nodes.Text(f"after step {check.step}: " if check.step else "before the first move: ")
        if check.viewer is not None and check.viewer != result.scenario.viewer:
            what += nodes.Text(f"as {check.viewer} sees it, ")
        if check.key == "refused":
            what += nodes.Text(f"step {check.step}" if check.step else "the last move")
            expected = nodes.paragraph()
            expected += nodes.Text("is refused by ")
            expected += ruleref_node(rule_id=check.expected, said_elsewhere=True)
        elif check.key == "invariants":
            what += nodes.Text("the laws of the game")
            expected = nodes.paragraph(text="hold (nothing is created from nothing or lost, and somebody can act "
                                            "while the game is not over)")
        elif check.key.startswith("events: "):
            name = check.expected if isinstance(check.expected, str) else next(iter(check.expected))
            details = {} if isinstance(check.expected, str) else check.expected[name]
            # The move that set the event off, when the example has several: an event checked at
            # the end may have happened at any of them ("what happens in step 1", not a sentence
            # that reads as the last move's).
            moved = _event_step(result, check.event) if check.event is not None else None
            if moved is not None and moved != check.step and len(result.run.steps) > 1:
                what += nodes.Text(f"what happens in step {moved}")
            else:
                what += nodes.Text("what happens")
            # The event's sentence from the game's phrases: told by the event that matched (its
            # details all known), else by the details the example gives, else by its name.
            # (as the edition's reader may know it, like the moves' sentences: see ``narrated``)
            reader = secrecy.reader_of(result.scenario, result.run.game, designer)
            players = phrases.run_players(result.run)
            sentence = (words.event(check.event, reader=reader, marked=secrecy.mark_seen if designer else None,
                                    players=players) if check.event is not None else None)
            if (not designer and told is not None and moved is not None and moved <= len(told)
                    and (sentence is not None and sentence in told[moved - 1]
                         or _own_event(words, result.run.steps[moved - 1], check.event))):
                continue  # (said in the play, beside its move, or by the move itself: once is enough for players)
            secret = secrets[moved - 1] if secrets and moved is not None and moved <= len(secrets) else None
            if secret is not None and sentence is not None and secret in secrecy.words_of(sentence):
                step = result.run.steps[moved - 1]
                sentence = unseen_move(words.name(step.actor, True) if step.actor else "A player",
                                       result.scenario.viewer)
            sentence = sentence or words.event(Event(name, details), players=players)
            sentence = sentence or f"“{name.replace('-', ' ')}” happens" + (
                " with " + ", ".join(f"{k} {phrases.words(v)}" for k, v in details.items()) if details else "")
            if not engine and told_events is not None and told_events[:3] == (check.step, check.viewer, moved):
                told_events[3].append(nodes.Text(" " + sentence))  # the events of one move: one row, in order
                continue
            expected = nodes.paragraph(text=sentence)
            told_events = (check.step, check.viewer, moved, expected)
        else:
            said = words.path(check.key)
            what += nodes.Text(said) if said is not None else nodes.literal(text=check.key)
            expected = nodes.paragraph(text=_told_value(result, check, words, designer))
        if not check.key.startswith("events: "):
            told_events = None
        _capitalised(what)  # a row's label, as the Setup table's: "Whose turn it is", "After step 2: ..."
        cells = [what, expected]
        if engine:
            cells.append(nodes.paragraph(text="✓" if check.ok else "✗ but " + (
                check.note or "it is " + words.value(check.key, check.actual))))
        body += tables.row(cells, classes=["rw-check-ok" if check.ok else "rw-check-failed"])
    if result.stopped and not as_written:
        stopped = nodes.paragraph(text=result.stopped.strip(), classes=["rw-stopped"])
        return [stopped, table] if result.checks else [stopped]
    if not body.children:  # (every check an event the play already says)
        return [nodes.paragraph(text="As the play says.", classes=["rw-as-played"])]
    return [table]


def _own_event(words: phrases.Phrases, step, event) -> bool:
    """Whether ``event`` is ``step``'s move's own event, which the move's sentence says."""
    own = words.own_event(step)
    return own is not None and step.events[own[0]] is event


def _event_step(result: Result, event) -> int | None:
    """The number of the move that set ``event`` off (None: no move did)."""
    return next((step.index for step in result.run.steps if any(e is event for e in step.events)), None)


def _told_value(result: Result, check, words: phrases.Phrases, designer: bool) -> str:
    """An expected value as the edition prints it (``rulewright.sphinx.secrecy``): in the player's
    edition a value its reader cannot see at that point is printed as unseen ("3 unseen"; a size
    checked with ``{length: 3}`` is printed, since how many cards a hand holds is seen), unless the
    example reveals it; the designer's edition prints it, marked as hidden from the table."""
    text = words.value(check.key, check.expected)
    if isinstance(check.expected, dict) and set(check.expected) == {"length"}:
        return text  # how many: seen by everyone
    state = secrecy.state_at(result.run, check.step)
    if designer:
        hidden, owner = secrecy.unseen(result.scenario, result.run.game, state, check.key, None, revealing=False)
        return f"{text} ({secrecy.mark(owner)})" if hidden and not secrecy.nothing_there(check.expected) else text
    # (as the example's reader sees it: a check told as another player, '- expect: {as: bob, ...}' in
    # an example told as ann, prints no more than ann sees)
    reader = result.scenario.viewer
    hidden, _ = secrecy.unseen(result.scenario, result.run.game, state, check.key, reader)
    if not hidden:
        return text
    said = secrecy.unseen_words(check.actual) if is_hidden(check.actual) else secrecy.hidden_words(check.actual)
    return f"{said} by {reader}" if check.viewer is not None and check.viewer != reader and reader else said


def _failure(report: str, label: str = "This example does not hold:"):
    # (the report is the problem already said at the example's line: no check says its words again)
    box = nodes.container(classes=["rw-failure", REPORTED, NOT_SEARCHED])
    box += nodes.paragraph(text=label, classes=["rw-part-label"])
    box += nodes.literal_block(report, report, language="none")
    return box
