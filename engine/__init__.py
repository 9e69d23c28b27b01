"""The rules engines of this repository's rulebook: four games, each a package under
``engine/games/`` built on Rulewright's public game API (``rulewright.game``): a state, the legal
actions, apply one action (OpenSpiel's shape), refusals that cite rule IDs, events and seeded
randomness. The engines know nothing of Sphinx, Sybil or Markdown.
"""
