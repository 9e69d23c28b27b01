"""The tests of play as data use a small dice race (``tests/play/race``), registered here as 'race'."""
from rulewright.book.registry import register

register("race", "tests.play.race:GAME")
