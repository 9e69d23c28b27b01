from .game import Whisper

GAME = Whisper()
