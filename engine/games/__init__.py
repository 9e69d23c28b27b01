"""This book's games, one package each. They register with Rulewright the way any designer's game
does: in ``[tool.rulewright.games]`` of this repository's ``pyproject.toml``."""
