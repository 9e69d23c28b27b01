"""``Game.deal_draws`` is given the example's settings when it takes them: a deal that depends on
a setting (how many cards a hand holds in one edition) is turned into the right draws; a game
whose ``deal_draws(deal, setup)`` takes no settings is called as before."""
from rulewright.book.registry import register
from rulewright.game import Setting
from rulewright.problems import Where
from rulewright.scenario import evaluate, parse
from tests.toolchain.secret_game import Secret

SEEN = []


class Dealt(Secret):
    name = "secret-dealt"
    settings = {"first": Setting("top", "Which end of the deal goes first.", ("top", "bottom"))}

    def deal_draws(self, deal, setup, settings):
        SEEN.append(settings)
        cards = list(deal["deck"])
        return [{"top": cards if settings["first"] == "top" else cards[::-1]}]


class DealtWithoutSettings(Secret):
    name = "secret-dealt-plain"

    def deal_draws(self, deal, setup):
        return [{"top": list(deal["deck"])}]


DEALT, PLAIN = Dealt(), DealtWithoutSettings()
register("secret-dealt", "tests.core.test_deal_settings:DEALT")
register("secret-dealt-plain", "tests.core.test_deal_settings:PLAIN")

EXAMPLE = """
game: {game}
setup: {{players: [ann, bob], deck: [a, b, c]}}
{settings}
deal: {{deck: [c, a]}}
do:
  - ann: draw
expect:
  players.ann.hand: [{card}]
"""


def play(game: str, settings: str, card: str):
    body = EXAMPLE.format(game=game, settings=settings, card=card)
    return evaluate(parse(body, Where("deal.md", 1), options={"id": f"deal-{game}-{card}"}))


def test_a_deal_is_given_the_example_s_settings():
    SEEN.clear()
    assert play("secret-dealt", "", "c").ok
    assert play("secret-dealt", "settings: {first: bottom}", "a").ok
    assert SEEN == [{"first": "top"}, {"first": "bottom"}]


def test_a_deal_that_takes_no_settings_is_called_as_before():
    assert play("secret-dealt-plain", "", "c").ok
