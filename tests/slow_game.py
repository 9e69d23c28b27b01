"""A game whose ``view`` never finishes, as a designer's engine caught in a loop would: the time
limit (rulewright/scenario/timelimit.py) must stop the example and name it (tests/malformed/slow-view.md)."""
import time

from tests.toolchain.toy_game import Toy


class Slow(Toy):
    name = "slow"
    title = "Slow"

    def view(self, state):
        while True:  # the bug: a loop that never ends (it sleeps, so the tests spend no CPU on it)
            time.sleep(0.02)


GAME = Slow()
