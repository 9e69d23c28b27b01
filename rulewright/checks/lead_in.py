"""A lead-in the next example contradicts (check ``lead-in``): the prose just before an example
that states something of the position it starts from ("Ann holds a 5", "Bob has $30", "the MP's
share price is $90", "the left heap holds 3 counters", "Ann lays her 5") is held to that example's
starting position, in ``rulewright check``, ``make test`` and the build alike.

A claim is tied to the position through the game's phrases, as narration and typed figures are:

- a part the phrases name, then a verb and a figure: "the left heap holds 3 counters", "Ann's cash
  is $30" (``heaps.*: "the {1} heap"``, ``players.*.cash: "{1}'s cash"``);
- a name's part, by its key or a word of its phrase: "the MP's price is 90" (``corporations.MP.price``);
- a name (a player, or a piece the view keys by name) that has or holds a figure: "Bob has $30"
  (each part of Bob's the phrases write as money), "Ann has taken 2 counters" (each part of Ann's
  whose phrase or key says "counters", and each list of hers, counted), "Ann holds a 5" and "Ann
  lays her 5" (a 5 in one of Ann's lists).

A claim fails only when some part of the position it names can be compared and none of them bears
it out; a claim tied to nothing is left alone (``rulewright check --figures`` lists typed figures).
The lead-in is the prose between the example and what comes before it (a heading, a rule, another
example); a sentence there that is true of the example just before it, in the same section, is
that example's aftermath (``rulewright.checks.narration``), not this one's lead-in.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from rulewright.book import phrases
from rulewright.checks import words
from rulewright.checks.sentences import end_line, subjects
from rulewright.problems import ExampleProblem, Where

CHECK = "lead-in"

NUMBER_WORDS = {"none": 0, **phrases.NUMBER_WORDS}
_FIGURE = (r"(?P<figure>(?P<a>an? )?(?P<sign>[$£€¥])?(?P<number>\d{1,3}(?:,\d{3})+|\d+|"
           + "|".join(sorted(NUMBER_WORDS, key=len, reverse=True)) + r")\b(?![%/-]|[.,:]\d)"
           r"(?: (?!(?:and|or|but|nor|then|so|as|in|on|at|to|of|for|with|from|by|if|when|is|are|was|the|an?|each|more|"
           r"less|than)\b)(?P<unit>[a-z][a-z-]+))?(?: of (?P<of>[A-Za-z0-9][\w&-]*))?)")
VERB = r"(?:is|are|has|have|holds?|stands? at|comes? to|owns?)(?: now| still| only| just| exactly)*(?: taken| left| got)?"
_FIGURE_AFTER_VERB = re.compile(rf"^ {VERB} {_FIGURE}", re.IGNORECASE)
# A sentence that may claim something of a position: a verb of having, then a figure.
CLAIMED = re.compile(rf"\b{VERB} {_FIGURE}|\b[a-z]+s (?:her|his|their|its) \d", re.IGNORECASE)
_HER = re.compile(r"\b(?P<name>[A-Za-z][\w&-]*) [a-z]+s (?:her|his|their|its) (?P<number>\d+)(?= *(?:[.,;:!?)]|and\b|then\b|$))")
_SENTENCE = re.compile(r"[^.!?]+[.!?]?")
# A clause about another moment than the start ("after Bob's turn, Ann knows Bob holds one card") or
# about any position ("when the deck is empty, ..."): no claim of the position the example starts from.
_ANOTHER_TIME = re.compile(r"\b(?:after|once|when|whenever|until|till|then|later|next|will|would|could|if|unless|"
                           r"by the end|at the end|before)\b", re.IGNORECASE)


@dataclass
class Claim:
    """What one sentence says of a position: the words as typed, the number, whether it is money,
    a count of ``unit``, one piece ("a 5": ``member``), and the parts of the view it may be about."""

    said: str
    number: int
    money: bool
    member: bool
    unit: str
    candidates: list[tuple[str, Any]]  # (dotted path, value)


def _number(text: str) -> int | None:
    text = text.lower().replace(",", "")
    if text in NUMBER_WORDS:
        return NUMBER_WORDS[text]
    return int(text) if text.isdigit() else None


def _flat(view: Any, prefix: tuple = (), depth: int = 0) -> list[tuple[tuple[str, ...], Any]]:
    """Every (path, value) of the view, down to a few levels."""
    out = []
    if isinstance(view, dict) and depth < 6:
        for key, value in view.items():
            path = prefix + (str(key),)
            out.append((path, value))
            out += _flat(value, path, depth + 1)
    return out


def _singular(word: str) -> str:
    word = word.lower()
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def _words_of(said: phrases.Phrases, path: tuple[str, ...]) -> set[str]:
    """The words that name a path: its last key's and its phrase's (each in the singular)."""
    words = {_singular(w) for w in re.split(r"[_\W]+", path[-1]) if w}
    phrase = said.find(".".join(path))
    if phrase is not None:
        words |= {_singular(w) for w in re.findall(r"[A-Za-z]+", re.sub(r"\{\d+\}", " ", phrase.say))}
    return words


def _is_money(said: phrases.Phrases, path: tuple[str, ...]) -> bool:
    phrase = said.find(".".join(path))
    value = (phrase.value or "") if phrase is not None else ""
    return bool(re.match(r"\s*[^\w\s{]\s*\{\}", value))


def _bears(value: Any, claim: Claim) -> bool | None:
    """Whether ``value`` bears the claim out (None: it cannot say: not a figure of that kind)."""
    if isinstance(value, bool) or value is None:
        return None
    if claim.member:
        if isinstance(value, (list, tuple)):
            return any(str(item) == str(claim.number) for item in value)
        if isinstance(value, (int, float)):
            return float(value) == claim.number
        return None
    if isinstance(value, (int, float)):
        return float(value) == claim.number
    if isinstance(value, (list, tuple)):
        return len(value) == claim.number
    if isinstance(value, dict):
        if phrases.is_hidden(value):
            return None
        numbers = [v for v in value.values() if isinstance(v, (int, float)) and not isinstance(v, bool)]
        return None if numbers else len(value) == claim.number
    if isinstance(value, str):
        digits = re.fullmatch(r"\$?(\d+)[a-z]?", value)
        return int(digits.group(1)) == claim.number if digits else None
    return None


def _shown(said: phrases.Phrases, path: str, value: Any) -> str:
    words = said.path(path) or path
    try:
        figure = said.value(path, value)
    except Exception:  # noqa: BLE001 - a value the phrases cannot write: as the engine has it
        figure = str(value)
    if isinstance(value, (list, tuple)) and not value:
        figure = "empty"
    elif isinstance(value, (list, tuple)):
        figure = f"{figure} ({len(value)})"
    return f"{words} is {figure} ({path})"


class Position:
    """The position an example starts from, as its game's view, with the names its parts are keyed
    by (players, companies) and the phrases that say them."""

    def __init__(self, said: phrases.Phrases, view: Any, players) -> None:
        self.said, self.view = said, view
        self.flat = _flat(view)
        self.players = {str(p) for p in players if str(p)[:1].islower()}
        self.names = {str(p).lower() for p in players}
        self.names |= {path[-1].lower() for path, value in self.flat if isinstance(value, dict) and len(path) >= 2}
        for path, _ in self.flat:  # a key a path phrase says by name: "the counters {1} has taken" (taken.ann)
            phrase = said.find(".".join(path))
            if phrase is not None:
                self.names |= {path[int(n)].lower() for n in re.findall(r"\{(\d+)\}", phrase.say) if int(n) < len(path)}
        self._subjects: dict[str, str] | None = None

    def subjects(self) -> dict[str, str]:
        if self._subjects is None:
            self._subjects = {text.lower(): path for text, path in subjects(self.said, self.view).items()
                              if len(text) >= 5}
        return self._subjects

    def of(self, name: str) -> list[tuple[tuple[str, ...], Any]]:
        return [(path, value) for path, value in self.flat if name.lower() in (p.lower() for p in path)]

    def claims(self, sentence: str) -> list[Claim]:
        found: dict[tuple, Claim] = {}
        lower = sentence.lower()
        for text, path in sorted(self.subjects().items(), key=lambda item: -len(item[0])):
            if text not in lower:
                continue
            for at in (m.start() for m in re.finditer(re.escape(text), lower)):
                after = _FIGURE_AFTER_VERB.match(sentence[at + len(text):])
                if after:
                    key = (at + len(text), after.group("figure"))
                    if key not in found and not any(k[1] == key[1] and k[0] == key[0] for k in found):
                        found[key] = self._claim(after, [(path, phrases.look_up(self.view, path))],
                                                 sentence[at:at + len(text)])
        for match in re.finditer(rf"\b(?P<name>[A-Za-z][\w&-]*)['’]s (?P<noun>(?:[a-z]+ ){{0,2}}?[a-z]+)(?= {VERB} )", sentence):
            after = _FIGURE_AFTER_VERB.match(sentence[match.end():])
            name = match.group("name").lower()
            if not after or name not in self.names or (match.end(), after.group("figure")) in found:
                continue
            nouns = {_singular(w) for w in match.group("noun").split()}
            parts = [(p, v) for p, v in self.of(name) if p[-1].lower() != name or not isinstance(v, dict)]
            exact = [(p, v) for p, v in parts if _singular(p[-1]) in nouns or p[-1].lower() in nouns]
            named = exact or [(p, v) for p, v in parts if nouns <= _words_of(self.said, p)]
            if after.group("sign"):  # money: the parts the phrases write as money ("GMO's treasury holds $165": its cash)
                named = [(p, v) for p, v in named if _is_money(self.said, p)] or [
                    (p, v) for p, v in parts if _is_money(self.said, p)]
            if named:
                found[(match.end(), after.group("figure"))] = self._claim(after, [(".".join(p), v) for p, v in named],
                                                                          match.group(0))
        for match in re.finditer(r"\b(?P<name>[A-Za-z][\w&-]*)(?=\s)", sentence):
            name = match.group("name").lower()
            if name not in self.names:
                continue
            after = _FIGURE_AFTER_VERB.match(sentence[match.end():])
            if after and (match.end(), after.group("figure")) not in found:
                claim = self._owned(name, after, match.group(0))
                if claim is not None:
                    found[(match.end(), after.group("figure"))] = claim
        for match in _HER.finditer(sentence):
            name = match.group("name").lower()
            if name in self.names:
                lists = [(".".join(p), v) for p, v in self.of(name) if isinstance(v, (list, tuple))]
                if lists:
                    found[(match.start(), match.group("number"))] = Claim(
                        match.group(0), int(match.group("number")), False, True, "", lists)
        return list(found.values())

    def _claim(self, after: re.Match, candidates: list[tuple[str, Any]], subject: str) -> Claim:
        return Claim((subject + after.group(0)).strip(), _number(after.group("number")), bool(after.group("sign")),
                     bool(after.group("a")) and not after.group("unit"), (after.group("unit") or "").lower(),
                     candidates)

    def _owned(self, name: str, after: re.Match, subject: str) -> Claim | None:
        """"Bob has $30", "Ann has taken 2 counters", "Ann holds a 5": the parts of the name's it can be."""
        claim = self._claim(after, [], subject)
        parts = [(p, v) for p, v in self.of(name) if p[-1].lower() != name or not isinstance(v, dict)]
        of = (after.group("of") or "").lower()
        if of:
            parts = [(p, v) for p, v in parts if of in (q.lower() for q in p)] or parts
        if claim.money:
            chosen = [(p, v) for p, v in parts if _is_money(self.said, p)]
        elif claim.member:
            chosen = [(p, v) for p, v in parts if isinstance(v, (list, tuple))]
        elif claim.unit:
            unit = _singular(claim.unit)
            chosen = [(p, v) for p, v in parts if unit in _words_of(self.said, p)]
            if chosen:  # a count of the unit: also each list of the name's ("holds three cards": a hand)
                chosen += [(p, v) for p, v in parts if isinstance(v, (list, tuple)) and (p, v) not in chosen]
        else:
            return None
        if not chosen:
            return None
        claim.candidates = [(".".join(p), v) for p, v in chosen]
        return claim


def bearing(claim: Claim) -> list[tuple[str, Any]]:
    """The parts (path, value) of the claim's candidates that bear it out."""
    return [(path, value) for path, value in claim.candidates if _bears(value, claim)]


def wrong(claim: Claim) -> bool:
    """Whether no part the claim can be about bears it out (and at least one could say)."""
    judged = [_bears(value, claim) for _, value in claim.candidates]
    return any(j is not None for j in judged) and not any(judged)


def _sentences(text: str, line: int):
    """Each sentence of a piece of prose, with its line."""
    for match in _SENTENCE.finditer(text):
        said = match.group(0)
        stripped = said.strip()
        if stripped:
            yield line + text.count("\n", 0, match.start()), said.replace("\x00", " ")


def _line_of(raw: str, line: int, said: str) -> tuple[str, int]:
    """The sentence with its spacing made plain, and the line ``said`` (a claim in it) is on."""
    plain = " ".join(raw.split())
    at = plain.find(said)
    words = list(re.finditer(r"\S+", raw))
    index = plain[:at].count(" ") if at >= 0 else 0
    return plain, line + raw.count("\n", 0, words[index].start() if index < len(words) else 0)


_HAS_FIGURE = re.compile(r"\d|\b(?:" + "|".join(NUMBER_WORDS) + r")\b", re.IGNORECASE)


def problems(book, games) -> list[ExampleProblem]:
    """Each sentence of a lead-in that the example after it starts otherwise, at its line."""
    by_page: dict[str, list] = {}
    for one in games:
        by_page.setdefault(str(one.scenario.where.path), []).append(one)
    out: list[ExampleProblem] = []
    for page in book.pages.values():
        examples = sorted(by_page.get(str(page.path), []), key=lambda one: one.scenario.where.line)
        if not examples:
            continue
        lines = page.text.splitlines()
        pieces = words.text_pieces(page.text)
        blocks = [(p.line, end_line(page.text, p.line)) for p in pieces if p.kind == "directive"]
        headings = [n for n, text in enumerate(lines, 1) if text.startswith("#")]
        for index, one in enumerate(examples):
            start = one.scenario.where.line
            bound = max([h for h in headings if h < start] + [end - 1 for _, end in blocks if end - 1 < start],
                        default=0)
            lead = [p for p in pieces if p.kind == "text" and bound < p.line < start
                    and not any(begin <= p.line < end for begin, end in blocks)]
            if not lead:
                continue
            previous = examples[index - 1] if index else None
            before = previous if previous and end_line(page.text, previous.scenario.where.line) - 1 == bound else None
            out += _lead_problems(page.path, lead, one, before)
    return out


def _position(one, when: str) -> Position | None:
    run = one.result.run
    state = run.before if when == "before" else run.after
    if state is None or (when == "after" and one.result.stopped is not None):
        return None
    view = phrases._view(run.game, state)
    if not isinstance(view, dict):
        return None
    return Position(one.said, view, phrases.run_players(run) | set(phrases.players_in(view)))


def _capitals(text: str, players) -> str:
    """A player's name in ``text`` begun with a capital, as the book writes it ("Ann's hand")."""
    for name in sorted(players, key=len, reverse=True):
        text = re.sub(rf"(?<![\w.]){re.escape(name)}(?![\w.])", name[:1].upper() + name[1:], text)
    return text


def _lead_problems(path, lead, one, before) -> list[ExampleProblem]:
    position = previous = None
    out = []
    for piece in lead:
        for first, raw in _sentences(piece.text, piece.line):
            sentence = " ".join(raw.split())
            if not _HAS_FIGURE.search(sentence):
                continue
            position = position or _position(one, "before")
            if position is None:
                return out
            for claim in position.claims(sentence):
                if not wrong(claim) or _ANOTHER_TIME.search(sentence[:max(sentence.find(claim.said), 0)]):
                    continue
                if before is not None and re.search(r"\bnow\b", claim.said):
                    continue  # "... is now ..." right after an example: its aftermath (``narration`` reads it)
                if before is not None:  # true of the example just before: its aftermath, not this lead-in
                    previous = previous or _position(before, "after")
                    if previous is not None and any(not wrong(c) for c in previous.claims(sentence)
                                                    if c.said == claim.said):
                        continue
                truth = _capitals("; ".join(_shown(one.said, p, v) for p, v in claim.candidates[:4]), position.players)
                out.append(ExampleProblem(Where(path, _line_of(raw, first, claim.said)[1]), (
                    f"This sentence, just before the example '{one.scenario.id}', says \"{claim.said}\", but the "
                    f"example starts from a position where {truth}. Write what the example starts from (or print "
                    "it from the game with the {value} role), or change the example's setup so it starts where "
                    "the text says."), check=CHECK))
    return out


# --- consecutive examples a reader takes as one sequence --------------------------------------------

SEQUENCE = "example-sequence"
SHORT = 50  # words: a lead-in no longer than this, between two examples, keeps them together for a reader
# What says an example goes on from the one before it: a lead-in (or a title) that begins "Then",
# "Next,", "Continuing", "After that", "From there", or says it continues, or picks up where it left off
# ("Later" and "afterwards" say time has passed: the position may have changed in between).
GOES_ON = re.compile(r"^\W*(?:then|next,|continuing|continued|after that|from there)\b|"
                     r"\bcontinu(?:es|ing|ed)\b(?! (?:to|with)\b)|\bpicks? up where\b|\bwhere (?:it|that|the last|the "
                     r"example|the game|play) (?:left off|ended|stopped)\b|\bgo(?:es)? on from\b", re.IGNORECASE)
# What says it does not: a new game or position, a fresh start.
STARTS_AFRESH = re.compile(r"\b(?:an?|the) (?:new|fresh|other|another|different|separate) (?:game|position|deal|start|"
                           r"setup|table)|\banother game\b|\bstarts? (?:afresh|again|over|anew)\b|\bfrom scratch\b|"
                           r"\b(?:does not|doesn't|do not|not) (?:continue|go on|follow on)\b|\bseparately\b|"
                           r"\binstead\b|\bbeside(?:s)? (?:that|it)\b", re.IGNORECASE)


def _leaves(view: Any, prefix: tuple = ()) -> dict[tuple[str, ...], Any]:
    """Every value of a view at its dotted path (a list is one value: its items in order)."""
    if isinstance(view, dict) and view and not phrases.is_hidden(view):
        out: dict[tuple[str, ...], Any] = {}
        for key, value in view.items():
            out.update(_leaves(value, prefix + (str(key),)))
        return out
    return {prefix: view}


def differences(said: phrases.Phrases, ended: Any, starts: Any, players=()) -> list[str]:
    """Each part of the position where ``starts`` is not where ``ended`` left it, in words."""
    first, then = _leaves(ended), _leaves(starts)
    out = []
    for path in sorted(set(first) | set(then)):
        if first.get(path, _GONE) == then.get(path, _GONE):
            continue
        key = ".".join(path)
        was = _said(said, key, first[path]) if path in first else "not there"
        now = _said(said, key, then[path]) if path in then else "not there"
        out.append(_capitals(f"{said.path(key) or key} is {now} ({key}), where the example above ended with {was}",
                             players))
    return out


_GONE = object()


def _said(said: phrases.Phrases, key: str, value: Any) -> str:
    try:
        return said.value(key, value)
    except Exception:  # noqa: BLE001 - a value the phrases cannot write: as the engine has it
        return phrases.words(value)


def sequence_problems(book, games) -> list[ExampleProblem]:
    """Each example that its lead-in (or its title) says goes on from the example just before it,
    with no more than a short lead-in between them, and that starts from another position than the
    one that example ended with, at its line."""
    by_page: dict[str, list] = {}
    for one in games:
        by_page.setdefault(str(one.scenario.where.path), []).append(one)
    out: list[ExampleProblem] = []
    for page in book.pages.values():
        examples = {one.scenario.where.line: one for one in by_page.get(str(page.path), [])}
        if len(examples) < 2:
            continue
        pieces = words.text_pieces(page.text)
        blocks = [(p.line, end_line(page.text, p.line)) for p in pieces if p.kind == "directive"]
        headings = [n for n, text in enumerate(page.text.splitlines(), 1) if text.startswith("#")]
        for start, one in sorted(examples.items()):
            bound = max([h for h in headings if h < start] + [end - 1 for _, end in blocks if end - 1 < start],
                        default=0)
            before = next((ex for line, ex in examples.items() if end_line(page.text, line) - 1 == bound), None)
            if before is None or before.result.run.game.name != one.result.run.game.name:
                continue
            lead = " ".join(p.text.replace("\x00", " ") for p in pieces if p.kind == "text" and bound < p.line < start
                            and not any(begin <= p.line < end for begin, end in blocks))
            title = str(getattr(one.scenario, "title", "") or "")
            said = " ".join(lead.split())
            goes_on = any(GOES_ON.search(sentence) for sentence in _SENTENCE.findall(said) + [title])
            if len(said.split()) > SHORT or not goes_on:
                continue
            if STARTS_AFRESH.search(said) or STARTS_AFRESH.search(title):
                continue
            out += _sequence(one, before, said or title)
    return out


def _sequence(one, before, said: str) -> list[ExampleProblem]:
    ended, starts = _position(before, "after"), _position(one, "before")
    if ended is None or starts is None:
        return []
    found = differences(one.said, ended.view, starts.view, ended.players | starts.players)
    if not found:
        return []
    shown = "; ".join(found[:3]) + (f"; and {len(found) - 3} more" if len(found) > 3 else "")
    return [ExampleProblem(one.scenario.where, (
        f"The example '{one.scenario.id}' reads as going on from the example '{before.scenario.id}' just above "
        f"(\"{_short(said)}\"), but it starts from another position: {shown}. Start it where "
        f"'{before.scenario.id}' ended (its setup, or a shared position both use with 'from:'), or say in the "
        "text that it starts afresh (\"In a new game, ...\")."), check=SEQUENCE)]


def _short(text: str, most: int = 70) -> str:
    return text if len(text) <= most else text[:most - 3] + "..."
