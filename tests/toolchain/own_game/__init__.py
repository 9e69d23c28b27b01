from @@PACKAGE@@.game import Countdown

GAME = Countdown()
