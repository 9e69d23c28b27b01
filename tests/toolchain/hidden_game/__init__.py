from @@PACKAGE@@.game import Whisper

GAME = Whisper()
