"""The named setups examples start from, read from ``data/presets.yaml``."""
from engine.games.g1870 import data

PRESETS = data.load("presets")
