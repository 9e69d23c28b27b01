"""The game's words for presets and values, and phrases whose placeholders do not fit their path:
the player's edition never prints an engine word, and a wrong placeholder is named at its line."""
import pytest

from rulewright.book import phrases
from rulewright.sphinx.setup_text import describe_setup
from tests.toolchain.test_phrases import TOY_PHRASES, make, phrased  # noqa: F401 (a fixture)

WORDS = phrases.load({"presets": {"late": "the game after the third General Dividend"},
                      "values": {"deck-empty": "the deck is empty"},
                      "paths": {"over": "why the game ended", "players.*.hand": "{1}'s hand"}}, "toy.yaml")


def _starts_from(data, designer):
    table, = describe_setup(data, WORDS, designer=designer)
    return [row[1].astext() for row in table.findall(lambda n: n.tagname == "row") if row[0].astext() == "Starts from"]


def test_a_preset_is_said_in_the_game_s_words_and_named_only_for_designers():
    assert _starts_from({"setup": {"preset": "late"}}, designer=False) == ["the game after the third General Dividend"]
    assert _starts_from({"setup": {"preset": "late", "bank": 3}}, designer=True) == [
        "the game after the third General Dividend (the 'late' preset), changed as below"]
    # no words for it: the checks and the player's build say so for a game with phrases
    assert _starts_from({"setup": {"preset": "early"}}, designer=False) == ["the prepared position ‘early’"]


def test_an_engine_value_is_said_in_the_game_s_words():
    assert WORDS.value("over", "deck-empty") == "the deck is empty"
    assert WORDS.value("over", ["deck-empty", "hand_empty"]) == "the deck is empty and hand_empty"
    assert WORDS.unsaid({"why": ["deck-empty", "hand_empty"], "n": 3, "who": "ann", "cell": "G4"}) == ["hand_empty"]


@pytest.mark.parametrize("phrase, named", [
    ({"players.*.hand": "{3}'s hand"}, "has {3}, but the path has 3 parts, counted from 0: {0} to {2}"),
    ({"players.*.hand": "{2}'s hand"}, "part 2 of the path is 'hand', not *. The parts written * in this path are {1}"),
    ({"players.*.hand": "{0}'s hand"}, "part 0 of the path is 'players', not *"),
    ({"players.*.hand": "{player}'s hand"}, "has {player}, but a path phrase counts the path's parts from 0"),
    ({"pile": {"say": "the pile", "value": "{} of {}"}}, "is written with one {} where the value goes"),
])
def test_a_placeholder_that_does_not_fit_its_path_is_an_error_at_its_line(tmp_path, phrase, named):
    path = tmp_path / "phrases.yaml"
    (key, said), = phrase.items()
    written = said if isinstance(said, str) else None
    path.write_text("# the toy's words\nevents: {}\npaths:\n  next: whose turn it is\n"
                    + (f'  {key}: "{written}"\n' if written else f'  {key}: {{say: "{said["say"]}", value: "{said["value"]}"}}\n'))
    with pytest.raises(phrases.PhraseError) as raised:
        phrases.load_file(path)
    assert raised.value.where.line == 5 and raised.value.where.path == str(path)
    assert named in raised.value.message and raised.value.message.startswith(f"{path}, line 5")


def test_check_names_a_misfit_placeholder_at_its_line_of_the_phrase_file(tmp_path, phrased):
    path = tmp_path / "toy-phrases.yaml"
    path.write_text('events:\n  added: "{count} counters are added."\npaths:\n  players.*.name: "{2}\'s name"\n')
    phrased(str(path))  # an absolute path: the file beside the game, as far as the checks know
    found = make(tmp_path)
    assert any(m.startswith(f"{path}, line 4") and "has {2}" in m for m in found), found


def test_check_names_a_preset_and_a_value_without_words_at_their_lines(tmp_path, phrased):
    phrased({**TOY_PHRASES, "presets": {}})
    found = make(tmp_path)
    assert any("toy.md" in m and "no words for the preset 'small'" in m for m in found), found


def test_a_misspelt_preset_is_not_one_to_give_words_to(tmp_path, phrased, monkeypatch):
    """The evaluation names it ("Did you mean 'small'?"); the phrase check must not ask for words
    for the misspelling first."""
    import tests.toolchain.test_phrases as toy_book

    phrased(TOY_PHRASES)
    misspelt = {name: text.replace("preset: small", "preset: smal") for name, text in vars(toy_book).items()
                if name.startswith("EXAMPLE_") and isinstance(text, str)}
    assert any("preset: smal\n" in text or "preset: smal}" in text for text in misspelt.values())
    for name, text in misspelt.items():
        monkeypatch.setattr(toy_book, name, text)
    found = toy_book.make(tmp_path)
    assert not any("no words for the preset" in m for m in found), found
