"""A game with a bug in its code that the tools meet outside a move or a setup, where no reading of the
example can be blamed: its setting's test of whether it matters divides by zero, as a designer's
engine with a slip would. The tools must say it at the example, in plain words naming the game's line,
and count it alike (tests/malformed/engine-bug.md)."""
from rulewright.game import Setting
from tests.toolchain.toy_game import Toy


class Broken(Toy):
    name = "broken"
    title = "Broken"
    settings = {**Toy.settings,
                "crowd_first": Setting(False, "With three or more players, the last player starts.", (False, True),
                                       applies=lambda state: len(state.players) / 0 >= 3,  # the bug
                                       applies_when="with three or more players")}


GAME = Broken()
