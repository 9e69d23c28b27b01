"""The tests of simulated play use a dice duel with a setting that plants an advantage
(``tests/simulate/duel.py``), registered here as 'duel', and the same duel listing its legal moves
by trying them (``tests/simulate/trial.py``), as 'trial'."""
from rulewright.book.registry import register

register("duel", "tests.simulate.duel:GAME")
register("trial", "tests.simulate.trial:GAME")
