"""The tests of simulated play use a dice duel with a setting that plants an advantage
(``tests/simulate/duel.py``), registered here as 'duel'."""
from rulewright.book.registry import register

register("duel", "tests.simulate.duel:GAME")
