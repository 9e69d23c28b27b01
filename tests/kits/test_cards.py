"""The cards kit (``rulewright.game.cards``): decks read from data, cards read back from every
way a designer may write them, deals stated by where the cards go, and tricks."""
from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulewright.game import InputError, Refusal, Rng, cards

FRENCH = cards.Deck.read({"suits": ["S", "H", "D", "C"], "ranks": [2, 3, 4, 5, 6, 7, 8, 9, 10, "J", "Q", "K", "A"]},
                         "Whist")
NUMBERED = cards.Deck.read({"numbers": [1, 2, 3, 4, 5, 6, 7], "copies": 2}, "Hush")
NAMED = cards.Deck.read({"names": ["fox", "owl", "hare"], "copies": 3}, "Woods")
SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
WORD = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_WORD = {"J": "jack", "Q": "queen", "K": "king", "A": "ace", "10": "ten"}


def test_a_deck_is_its_data():
    assert len(FRENCH.full()) == 52 and len(set(FRENCH.full())) == 52
    assert NUMBERED.full() == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7]
    assert Counter(NAMED.full()) == {"fox": 3, "owl": 3, "hare": 3}
    assert FRENCH.card("QS") == "QS" and NUMBERED.card(3) == 3 and NAMED.card("Owl") == "owl"


@settings(max_examples=200, deadline=None)
@given(card=st.sampled_from(FRENCH.kinds), form=st.integers(0, 5), upper=st.booleans())
def test_every_way_of_writing_a_card_reads_as_that_card(card, form, upper):
    suit = FRENCH.suit(card)
    rank = card[: -len(suit)]
    rank_written = {"10": "T"}.get(rank, rank) if form % 2 else rank
    written = [f"{rank}{suit}", f"{rank_written}{SYMBOL[suit]}", f"{SYMBOL[suit]}{rank}",
               f"{RANK_WORD.get(rank, rank)} of {WORD[suit]}", f"{rank_written}{suit}",
               f"{rank} of {WORD[suit][:-1]}"][form]
    assert FRENCH.card(written.upper() if upper else written.lower()) == card
    assert FRENCH.card(card) == card  # the view's own form reads back as itself


@pytest.mark.parametrize("deck, text, words", [
    (NUMBERED, "seven", "'seven' is not a Hush card; the cards are the numbers 1 to 7."),
    (NUMBERED, 9, "9 is not a Hush card"),
    (NUMBERED, True, "True is not a Hush card"),
    (FRENCH, "QX", "'QX' is not a Whist card; a card is written rank then suit"),
    (FRENCH, "11H", "Did you mean"),
    (NAMED, "foxx", "Did you mean 'fox'?"),
])
def test_a_card_that_is_not_in_the_deck_is_named_with_the_fix(deck, text, words):
    with pytest.raises(InputError) as error:
        deck.card(text, "players.ann.hand.0")
    assert words in error.value.message and error.value.where == "players.ann.hand.0"


@pytest.mark.parametrize("data, where, words", [
    ({"numbers": [1, 2], "copise": 2}, "deck.copise", "Did you mean 'copies'?"),
    ({"numbers": [1, 2], "copies": 0}, "deck.copies", "from 1, not 0"),
    ({"numbers": [1, 1]}, "deck.numbers", "'1' is listed 2 times"),
    ({"suits": ["S"]}, "deck", "gives both"),
    ({"numbers": [1], "names": ["a"]}, "deck", "not numbers and names"),
    ({"numbers": [1, "two"]}, "deck.numbers.1", "a whole number, not two"),
    ([1, 2], "deck", "A deck is a mapping"),
])
def test_a_deck_that_cannot_be_read_is_named_at_its_key(data, where, words):
    with pytest.raises(InputError) as error:
        cards.Deck.read(data, "Test")
    assert words in error.value.message and error.value.where == where


def test_too_many_copies_is_said_in_the_deck_s_words():
    assert NUMBERED.too_many(Counter([3, 3, 3])) == "There are only 2 cards numbered 3, but this setup places 3."
    assert FRENCH.too_many(Counter(["QS", "QS"])) == "There is only one QS, but this setup places 2."
    assert FRENCH.too_many(Counter(FRENCH.full())) is None


DEAL = cards.Deal(hand=3, first=("aside",))


@settings(max_examples=100, deadline=None)
@given(seats=st.integers(2, 4), seed=st.integers(0, 10_000), said=st.lists(st.integers(0, 3), min_size=5, max_size=5),
       aside=st.booleans())
def test_a_stated_deal_deals_what_it_states(seats, seed, said, aside):
    """Take any real deal, state part of it (a hand's first cards, ``any`` for some), and the draws
    the kit makes from the statement deal those cards there, whatever the seed."""
    names = ["ann", "bob", "cy", "dee"][:seats]
    dealt, rest = DEAL.deal(Rng(seed).shuffled(NUMBERED.full()), names)
    assert sorted(sum(dealt.values(), []) + rest) == sorted(NUMBERED.full())
    assert all(len(dealt[f"players.{n}.hand"]) == 3 for n in names) and len(dealt["aside"]) == 1
    stated = {f"players.{n}.hand": [c if (i + k) % 3 else "any" for i, c in enumerate(dealt[f"players.{n}.hand"][:k])]
              for n, k in zip(names, said) if k}
    if aside:
        stated["aside"] = dealt["aside"][0]
    again, _ = DEAL.deal(Rng(seed + 1, DEAL.draws(stated, names, NUMBERED)).shuffled(NUMBERED.full()), names)
    for place, value in stated.items():
        wanted = [value] if place == "aside" else value
        assert [c for c, w in zip(again[place], wanted) if w != "any"] == [w for w in wanted if w != "any"]


@pytest.mark.parametrize("deal, where, words", [
    ({"players.anne.hand": [1]}, "players.anne.hand", "Did you mean 'players.ann.hand'?"),
    ({"players.ann.hand": 3}, "players.ann.hand", "is a list of cards, e.g. [3, 5]"),
    ({"players.ann.hand": [1, 2, 3, 4]}, "players.ann.hand", "A hand is dealt 3 cards, not 4."),
    ({"aside": 9}, "aside", "9 is not a Hush card"),
])
def test_a_deal_that_cannot_be_dealt_is_named_at_its_key(deal, where, words):
    with pytest.raises(InputError) as error:
        DEAL.draws(deal, ["ann", "bob"], NUMBERED)
    assert words in error.value.message and error.value.where == where


hands = st.lists(st.sampled_from(FRENCH.kinds), min_size=1, max_size=8, unique=True)


@settings(max_examples=200, deadline=None)
@given(hand=hands, led=st.sampled_from(FRENCH.kinds))
def test_follow_suit_allows_exactly_the_cards_it_lists(hand, led):
    allowed = cards.playable(FRENCH, hand, led)
    assert allowed and set(allowed) <= set(hand)
    holds_suit = any(FRENCH.suit(c) == FRENCH.suit(led) for c in hand)
    for card in hand:
        if card in allowed:
            cards.check_follow(FRENCH, hand, led, card, "whist.follow")
            assert not holds_suit or FRENCH.suit(card) == FRENCH.suit(led)
        else:
            with pytest.raises(Refusal) as refused:
                cards.check_follow(FRENCH, hand, led, card, "whist.follow")
            assert refused.value.rule == "whist.follow" and "does not follow suit" in refused.value.reason
    assert cards.playable(FRENCH, hand, None) == hand  # the lead: any card


@settings(max_examples=200, deadline=None)
@given(trick=st.lists(st.sampled_from(FRENCH.kinds), min_size=2, max_size=4, unique=True),
       trumps=st.sampled_from(["S", "H", "D", "C", None]))
def test_the_trick_goes_to_the_highest_trump_else_the_highest_of_the_suit_led(trick, trumps):
    plays = [(f"p{n}", card) for n, card in enumerate(trick)]
    won = dict(plays)[cards.winner(FRENCH, plays, trumps)]
    trumped = [c for c in trick if FRENCH.suit(c) == trumps]
    best_of = trumped or [c for c in trick if FRENCH.suit(c) == FRENCH.suit(trick[0])]
    assert won == max(best_of, key=FRENCH.rank)
    assert FRENCH.rank("AS") > FRENCH.rank("KS") > FRENCH.rank("10S") > FRENCH.rank("2S")


def test_the_first_of_two_equal_cards_wins():
    two_decks = cards.Deck.read({"suits": ["S", "H"], "ranks": ["J", "Q"], "copies": 2}, "Double")
    assert cards.winner(two_decks, [("ann", "QS"), ("bob", "QS"), ("cy", "JS")]) == "ann"


def test_a_deck_in_a_data_file_is_read_with_its_mistakes_at_their_lines(tmp_path):
    from rulewright.game import DataFileError, data_file

    (tmp_path / "cards.yaml").write_text("hand: 3\ndeck:\n  numbers: [1, 2, 3]\n  copise: 2\n")
    with pytest.raises(DataFileError) as error:
        data_file(tmp_path, "cards.yaml", lambda data: cards.Deck.read(data["deck"], "Test"))
    assert error.value.line == 4 and "Did you mean 'copies'?" in error.value.reason
    (tmp_path / "cards.yaml").write_text("deck:\n  numbers: [1, 2, 3]\n  copies: 2\n")
    deck = data_file(tmp_path, "cards.yaml", lambda data: cards.Deck.read(data["deck"], "Test"))
    assert deck.full() == [1, 1, 2, 2, 3, 3]
    (tmp_path / "cards.yaml").write_text("deck:\n  numbers:\n    - 1\n    - two\n")
    with pytest.raises(DataFileError) as error:
        data_file(tmp_path, "cards.yaml", lambda data: cards.Deck.read(data["deck"], "Test"))
    assert error.value.line == 4


@given(suit=st.sampled_from(FRENCH.suits), form=st.integers(0, 3), upper=st.booleans())
def test_a_suit_is_read_from_its_letter_symbol_or_name(suit, form, upper):
    written = [suit, SYMBOL[suit], WORD[suit], WORD[suit][:-1]][form]
    assert FRENCH.suit_named(written.upper() if upper else written.lower()) == suit


def test_a_suit_that_is_not_one_is_named_with_the_suits():
    with pytest.raises(InputError) as error:
        FRENCH.suit_named("harts", "trumps")
    assert error.value.where == "trumps" and error.value.message == (
        "'harts' is not a suit of Whist; the suits are S (spades), H (hearts), D (diamonds), C (clubs). "
        "Did you mean 'hearts'?")


def test_a_setup_s_cards_are_counted_or_refused_with_too_many():
    assert NUMBERED.count([1, 2], [2], None) == Counter({1: 1, 2: 2})
    with pytest.raises(InputError) as error:
        NUMBERED.count([3, 3], [3], where="players.bob.hand")
    assert error.value.where == "players.bob.hand" and "only 2 cards numbered 3" in error.value.message


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 10_000), seats=st.integers(2, 4), trumps=st.sampled_from([None, "S", "H", "D", "C"]),
       picks=st.lists(st.integers(0, 12), min_size=4, max_size=4))
def test_a_trick_takes_what_may_be_played_refuses_the_rest_and_goes_to_its_winner(seed, seats, trumps, picks):
    players = ["ann", "bob", "cy", "dee"][:seats]
    shuffled = Rng(seed).shuffled(FRENCH.full(), "the deck")
    hands = {p: shuffled[5 * i:5 * i + 5] for i, p in enumerate(players)}
    trick = cards.Trick()
    for player, pick in zip(players, picks):
        hand = hands[player]
        allowed = trick.playable(FRENCH, hand)
        for card in FRENCH.kinds:  # every other card is refused, citing the rule it breaks
            if card not in allowed:
                with pytest.raises(Refusal) as no:
                    trick.play_card(FRENCH, hand, player, card, "x.hold", "x.follow")
                assert no.value.rule == ("x.hold" if card not in hand else "x.follow")
        card = allowed[pick % len(allowed)]
        trick.play_card(FRENCH, hand, player, card, "x.hold", "x.follow")
        assert card not in hand and trick.plays[-1] == (player, card)
    again = cards.Trick.read(FRENCH, trick.setup(), players)  # the setup's round trip
    assert again == trick
    plays = list(trick.plays)
    won, taken = trick.take(FRENCH, trumps)
    assert won == cards.winner(FRENCH, plays, trumps) and taken == [c for _, c in plays] and trick.plays == []
    assert trick.setup() is None and cards.Trick.read(FRENCH, None, players) == trick


def test_a_trick_that_cannot_be_read_is_named_at_its_key():
    with pytest.raises(InputError) as who:
        cards.Trick.read(FRENCH, {"anne": "KS"}, ["ann", "bob"])
    assert who.value.where == "trick.anne" and "Did you mean 'ann'?" in who.value.message
    with pytest.raises(InputError) as card:
        cards.Trick.read(FRENCH, {"ann": "KX"}, ["ann", "bob"])
    assert card.value.where == "trick.ann"
    with pytest.raises(InputError) as shape:
        cards.Trick.read(FRENCH, ["KS"], ["ann", "bob"])
    assert shape.value.where == "trick" and "in the order played" in shape.value.message


@settings(max_examples=100, deadline=None)
@given(deck=st.sampled_from([FRENCH, NUMBERED, NAMED]), data=st.data())
def test_a_hand_reads_back_as_the_view_writes_it(deck, data):
    """A hand written as the view writes it (each card's written name, a number for a numbered card)
    reads back as the same cards in the same order: a setup's round trip, for every kind of deck."""
    hand = data.draw(st.permutations(deck.full()))[:data.draw(st.integers(0, 8))]  # no card more often than the deck has
    written = [card if isinstance(card, int) else str(card) for card in hand]
    assert deck.cards(written, "players.ann.hand") == hand
    assert deck.count(deck.cards(written, "players.ann.hand")) == Counter(hand)


@given(hand=st.integers(1, 20), first=st.lists(st.sampled_from(["trump", "aside"]), max_size=1))
def test_a_deal_is_read_from_the_data_with_its_hand_size(hand, first):
    deal = cards.Deal.read({"hand": hand, "deck": {}}, first=first)
    assert deal == cards.Deal(hand, tuple(first))


@pytest.mark.parametrize("written", ["five", "0", "2.5", "", "[5]"])
def test_a_hand_size_that_is_not_a_whole_number_from_1_is_named_at_its_line(tmp_path, written):
    """A designer's slip in the data file ('hand: five') is said at its line, where it once failed
    each example with a TypeError inside the kit ("Rulewright itself failed")."""
    from rulewright.game import DataFileError, data_file

    (tmp_path / "cards.yaml").write_text(f"deck: {{numbers: [1, 2]}}\nhand: {written}\n")
    with pytest.raises(DataFileError) as error:
        data_file(tmp_path, "cards.yaml", cards.Deal.read)
    assert error.value.line == 2 and "'hand" in error.value.reason and "cards dealt to each player" in error.value.reason
