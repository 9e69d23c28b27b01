"""The rulebook as data: which rules it declares and which examples it holds, with their lines.

This is the one scanner of pages. It reads a page with the Markdown parser MyST itself uses (the
same fences Sphinx renders: backtick, tilde and ``:::`` colon fences, nested inside other
directives such as ``{designer-note}``, in lists and quotes) and splits each directive's options
from its body with MyST's own option reader, so the tests, ``rulewright check`` and the Sphinx
build agree on what the book contains. What cannot be read is a problem at its line, never a
silent skip: a fence left open, a ``{rule}`` without an ID, an example ID used twice, a blank line
that turns an example's options into its body, a misspelt directive name, a Python block in a
project that refuses them.

Its parts, each a small module: ``directives`` (what MyST reads as a directive and its options),
``pages`` (the declarations on a page, the book they make and its caches), ``page_checks`` (a
page's own problems, in words), ``stamps`` (when the pages last changed) and ``rule_games`` (the
games each rule is for). Every name is here too: ``from rulewright.book import scanner`` and
``scanner.scan(...)``, as before the split.
"""
from rulewright.book.scanner.directives import (DIRECTIVE_INFO, EXAMPLE_OPTIONS, INDENTED_DIRECTIVE, LITERAL_DIRECTIVES,
                                                OPTION_LINE, OUR_DIRECTIVES, AnyOption, directive_bodies,
                                                directive_names, option_lines)
from rulewright.book.scanner.page_checks import (CHANGES_VERSION, EDITION_NAME, EDITIONS, changes_without_version,
                                                 duplicate_example, duplicate_position, front_matter_problems,
                                                 misspelt_directives, python_blocks_refused)
from rulewright.book.scanner.pages import (EXAMPLE_ID, RULE_ID, RULE_OPTIONS, Book, BookPositions, ClaimDecl, ExampleDecl,
                                           Page, PositionDecl, Positions, RuleDecl, declared, declared_now,
                                           declared_rules, examples_in, page_in_book, positions_for, read_file,
                                           read_page, rules_in, scan, scan_cached)
from rulewright.book.scanner.rule_games import other_game_rules, rule_games
from rulewright.book.scanner.stamps import hold_pages, pages_stamp, release_pages

__all__ = ["CHANGES_VERSION", "DIRECTIVE_INFO", "EDITIONS", "EDITION_NAME", "EXAMPLE_ID", "EXAMPLE_OPTIONS",
           "INDENTED_DIRECTIVE", "LITERAL_DIRECTIVES", "OPTION_LINE", "OUR_DIRECTIVES", "RULE_ID", "RULE_OPTIONS",
           "AnyOption", "Book", "BookPositions", "ClaimDecl", "ExampleDecl", "Page", "PositionDecl", "Positions",
           "RuleDecl", "changes_without_version", "declared", "declared_now", "declared_rules", "directive_bodies",
           "directive_names", "duplicate_example", "duplicate_position", "examples_in", "front_matter_problems",
           "hold_pages", "misspelt_directives", "option_lines", "other_game_rules", "page_in_book", "pages_stamp",
           "positions_for", "python_blocks_refused", "read_file", "read_page", "release_pages", "rule_games",
           "rules_in", "scan", "scan_cached"]
