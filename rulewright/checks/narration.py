"""What the book says about play, checked against play: in every project, by ``rulewright check``,
``make test`` and the build alike.

- **narration** (check ``narration``): the sentences the book prints for each move of an example
  (generated from the engine's events by the game's phrases) state what the played example bears
  out: a sentence that says a part of the position "is now" some value names that part as the
  phrases do, with the value of the position the move left; nothing moves "from X to X". The
  prose after an example is held to the same: a sentence there that says a part of the position
  "is now" a value ("Bob's food is now 5", "after the third trick Ann's score is now 12") states
  the value the example ended with, and a sentence that gives a named part a count ("Ann is given
  2 shares of LMR") the count the example's moves gave it.
- **lead-in** (check ``lead-in``, ``rulewright.checks.lead_in``): the prose just before an example
  that states something of its starting position ("Ann holds a 5", "Bob has $30") states what the
  example starts from.
- **sentence words** (check ``sentence-words``): each generated sentence reads right: no word said
  twice where phrases meet ("the the town hall"), no part whose value is 0 or empty said ("pays 0
  coins"), a verb that agrees with a list of players ("Ann and Bob win"), and no sentence that
  starts in lower case. Each is said once, at the line of the phrase that made it.

The values are read from the game's view as the phrases write them (``rulewright.book.phrases``),
so a sentence is compared in the words it is printed in.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from rulewright.book import phrases
from rulewright.checks import lead_in, words
from rulewright.checks.sentences import end_line as _end_line, subjects
from rulewright.problems import ExampleProblem, Where, display_path
from rulewright.store.cache import evaluate

NARRATION = "narration"
SENTENCE_WORDS = "sentence-words"

IS_NOW = re.compile(r"(?:^|(?<=\. )|(?<=, ))([^.,;:]*?) (?:is|are) now (.+?)(?=[.;,]?(?: |$))")
FROM_TO = re.compile(r"\bfrom (\S+) to (\S+?)[ .,;)]")
GIVEN = re.compile(r"\b([A-Z][\w&' -]*?) (?:is given|receives|gets|takes|gains) (\d+) ([a-z]+?)s?\b(?: of (\S+?))?[ .,;]")
LEADING = re.compile(r"^(?:after [^,]*,\s*|then,?\s*|now,?\s*|so\s+|and\s+)", re.IGNORECASE)


@dataclass
class Played:
    """One example that plays: its scenario, its result and its game's phrases."""

    scenario: object
    result: object
    said: phrases.Phrases


def _problem(where: Where, message: str, check: str) -> ExampleProblem:
    """A problem found by the check ``check``, registered in ``rulewright.checks.levels``: advice
    for a book written for an older check level."""
    return ExampleProblem(where, message, check=check)


def played(scenarios) -> list[Played]:
    """Every example of ``scenarios`` that plays (through the store: each is played once), with its
    game's phrases; an example that cannot be played, or a game without phrases, is left out (its
    own problem says why)."""
    out = []
    for scenario in scenarios:
        try:
            result = evaluate(scenario)
        except Exception:  # noqa: BLE001 - said by the example's own check
            continue
        game = result.run.game
        if getattr(game, "phrases", None) is None:
            continue
        try:
            said = phrases.for_game(game)
        except phrases.PhraseError:
            continue  # said at the phrase file's line by the phrase checks
        if not said.unreadable:
            out.append(Played(scenario, result, said))
    return out


# --- the figures a sentence states --------------------------------------------------------------

def wrong_figures(said: phrases.Phrases, sentences: list[str], after, strict: bool = True) -> list[str]:
    """Each "<part> is now <value>" in ``sentences`` whose value is not the one at that part of
    ``after`` (the game's view), and (``strict``: a generated sentence) whose part is no phrase of
    the position; and each "from X to X"."""
    wrong, known = [], None
    for sentence in sentences:
        for subject, value in IS_NOW.findall(sentence):
            known = known if known is not None else subjects(said, after)
            subject = LEADING.sub("", subject.strip())
            key = known.get(phrases.sentence(subject))
            if key is None and not strict:  # prose: "After Ann's turn the left heap is now 1"
                key = next((path for said_as, path in sorted(known.items(), key=lambda item: -len(item[0]))
                            if len(said_as) >= 5 and subject.lower().endswith(" " + said_as.lower())), None)
            if key is None:
                if strict:
                    wrong.append(f"{sentence!r}: '{subject}' is no part of the position the phrases name")
                continue
            truth = said.value(key, phrases.look_up(after, key))
            if value.strip() != truth and (strict or not _same_figure(value.strip(), truth)):
                wrong.append(f"{sentence!r}: {said.path(key)} is {truth} ({key})")
        wrong += [f"{sentence!r}: from {a} to {b}" for a, b in FROM_TO.findall(sentence) if a == b]
    return wrong


def _same_figure(typed: str, truth: str) -> bool:
    """Prose's "1 counter" for the phrases' "1", or "$30 in cash" for "$30": the same figure with a
    word after it."""
    return typed.startswith(truth + " ") and re.fullmatch(r"[A-Za-z][\w -]*", typed[len(truth) + 1:]) is not None


def narration_problems(games: list[Played]) -> list[ExampleProblem]:
    """Each generated sentence of each move that the played example does not bear out, at the
    move's line."""
    problems = []
    for one in games:
        run = one.result.run
        for step, sentences in zip(run.steps, one.said.moves(run)):
            if not sentences or step.state is None:
                continue
            after = phrases._view(run.game, step.state)
            for wrong in wrong_figures(one.said, sentences, after):
                problems.append(_problem(one.scenario.where.at(step.line),
                                               f"The book narrates this move as {wrong}: the sentence comes from "
                                               f"the game's phrases ({phrases_at(one.said, step)}); make it read the "
                                               "figure from the position ({after:path}) rather than from an event's "
                                               "detail.", check=NARRATION))
    return problems


def phrases_at(said: phrases.Phrases, step) -> str:
    places = [said.where(event.name) for event in step.events if said.where(event.name)]
    return str(places[0]) if places else phrases_source(said)


def phrases_source(said: phrases.Phrases) -> str:
    return display_path(said.source) if said.source else "its phrases"


# --- the prose after an example ---------------------------------------------------------------

_SENTENCE = re.compile(r"[^.!?]+[.!?]?")


def prose_problems(book, games: list[Played]) -> list[ExampleProblem]:
    """Each sentence of the prose after an example (up to the next example or heading) that says a
    part of the position "is now" a value the example did not end with, or gives a player a count
    of a named part the example's moves did not give, at its line."""
    by_page: dict[str, list[Played]] = {}
    for one in games:
        by_page.setdefault(str(one.scenario.where.path), []).append(one)
    problems = []
    for page in book.pages.values():
        examples = sorted(by_page.get(str(page.path), []), key=lambda one: one.scenario.where.line)
        if not examples:
            continue
        ends = [_end_line(page.text, one.scenario.where.line) for one in examples]
        headings = [n + 1 for n, line in enumerate(page.text.splitlines()) if line.startswith("#")]
        for piece in words.text_pieces(page.text):
            if piece.kind != "text" or " now " not in piece.text and not GIVEN.search(piece.text):
                continue
            before = [i for i, end in enumerate(ends) if end <= piece.line]
            if not before:
                continue
            one, end = examples[before[-1]], ends[before[-1]]
            if any(end < line <= piece.line for line in headings):
                continue  # a new section: not the example's aftermath
            problems += _claims(one, Where(page.path, piece.line), piece.text.replace("\n", " ").replace(
                words.HOLE, " "))
    return problems


def _claims(one: Played, where: Where, text: str) -> list[ExampleProblem]:
    run = one.result.run
    if run.after is None or one.result.stopped is not None:
        return []
    after = phrases._view(run.game, run.after)
    found = []
    for sentence in _SENTENCE.findall(text):
        sentence = sentence.strip()
        if not sentence:
            continue
        for wrong in wrong_figures(one.said, [sentence], after, strict=False):
            typed, truth = wrong.split(": ", 1)
            found.append(_problem(where, f"This sentence, after the example '{one.scenario.id}' just above, says "
                                        f"{typed}, but the example ends where {truth}. Write the value the example "
                                        "shows (or print it from the game with the {value} role).", check=NARRATION))
        found += _given(one, where, sentence)
    return found


def _given(one: Played, where: Where, sentence: str) -> list[ExampleProblem]:
    """"Ann is given 2 shares of LMR": the count the example's moves gave, read from the events'
    sentences (what the book prints for them)."""
    out = []
    narrated = " ".join(s for sentences in one.said.moves(one.result.run) for s in sentences)
    for who, count, thing, of in GIVEN.findall(sentence + " "):
        said = [m for m in GIVEN.findall(narrated + " ") if m[0].lower() == who.lower() and m[2] == thing
                and (not of or m[3] == of)]
        if said and all(m[1] != count for m in said):
            out.append(_problem(where, f"This sentence says {who} gets {count} {thing}(s)"
                                      f"{' of ' + of if of else ''}, but in the example '{one.scenario.id}' just above "
                                      f"{who} gets {' or '.join(dict.fromkeys(m[1] for m in said))}. Write the count the "
                                      "example shows.", check=NARRATION))
    return out


# --- words that read right ----------------------------------------------------------------------

DOUBLED = re.compile(r"\b(\w+)\s+\1\b", re.IGNORECASE)
ZERO = re.compile(r"\b(?:pays|loses|gains|gets|receives|earns|scores|draws|takes|adds|is given|costs)\s+"
                  r"(?:\$0|0|none|nothing|no)\b(?![.,]\d)")
LOWER_START = re.compile(r"(?:^|[.!?]\s+)([a-z])")
VERBS_AGREEING = re.compile(r"\b((?:[A-Z][\w'-]*, )*[A-Z][\w'-]* and [A-Z][\w'-]*) (is|has|was|does|[a-z]+[^s']s)\b")


def _agreeing(players) -> re.Pattern:
    """VERBS_AGREEING, or for these players their names however written: an engine that joins the
    players' names itself ("ann and bob", which the player's edition prints as "Ann and Bob") has
    them in lower case in the sentence the check reads."""
    if not players:
        return VERBS_AGREEING
    name = "(?i:" + "|".join(sorted(map(re.escape, players), key=len, reverse=True)) + ")"
    return re.compile(rf"\b((?:{name}, )*{name} and {name}) (is|has|was|does|[a-z]+[^s']s)\b")


def sentence_faults(sentence: str, players=()) -> list[str]:
    """What reads wrong in one generated sentence, each in a designer's words."""
    faults = []
    for match in DOUBLED.finditer(sentence):
        if not match.group(1).isdigit():
            faults.append(f"the word '{match.group(1)}' twice ('{match.group(0)}'): one phrase already says it")
    zero = ZERO.search(sentence)
    if zero:
        faults.append(f"'{zero.group(0)}': a part whose value is 0 or empty is said; leave it out of the phrase "
                      "(put the part in [square brackets]: it is left out when a value in it is 0 or empty)")
    if LOWER_START.search(sentence):
        faults.append("a sentence that starts in lower case")
    for match in _agreeing(players).finditer(sentence):
        names = re.split(r", | and ", match.group(1))
        if not players or all(name.lower() in players for name in names):
            faults.append(f"'{match.group(0)}': the verb does not agree with a list of players; write it as "
                          "{verb:...} in the phrase ({verb:wins|win} says 'wins' for one, 'win' for more)")
    return faults


def words_problems(games: list[Played]) -> list[ExampleProblem]:
    """Each generated sentence that reads wrong, said once per event phrase and fault, at the
    phrase's line (or the first move that says it), naming the example and the sentence."""
    problems, said_once = [], set()
    for one in games:
        run = one.result.run
        players = {p.lower() for p in phrases.run_players(run)}
        for step, sentences in zip(run.steps, one.said.moves(run)):
            for sentence in sentences:
                for fault in sentence_faults(sentence, players):
                    place = _phrase_place(one.said, step, sentence) or one.scenario.where.at(step.line)
                    kind = (str(place), fault.split(":")[0] if fault.startswith("'") is False else fault[:20])
                    if kind in said_once:
                        continue
                    said_once.add(kind)
                    problems.append(_problem(place, f"The sentence \"{sentence}\" (example '{one.scenario.id}', "
                                                   f"line {step.line}) reads wrong: {fault}.", check=SENTENCE_WORDS))
    return problems


def _phrase_place(said: phrases.Phrases, step, sentence: str) -> Where | None:
    for event in step.events:
        if said.where(event.name) is not None and said.event(event) == sentence:
            return said.where(event.name)
    places = [said.where(event.name) for event in step.events if said.where(event.name)]
    return places[0] if len(places) == 1 else None


def check(book, scenarios, games: list[Played] | None = None) -> list[ExampleProblem]:
    """Every problem of what the book says about play (narration, the prose after examples, the
    lead-in before each, examples told as one sequence, the words of generated sentences); ``games``: the examples that play, when
    already known."""
    games = played(scenarios) if games is None else games
    return (narration_problems(games) + prose_problems(book, games) + lead_in.problems(book, games)
            + lead_in.sequence_problems(book, games) + words_problems(games))
