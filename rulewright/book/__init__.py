"""Reading a book: its pages and the examples, rules and positions on them (``scanner``), the YAML
inside them (``source``), the project's settings (``config``), where its games come from
(``registry``), a game's words (``phrases``), its pictures (``diagrams``), and writing an accepted
outcome back into a page (``accept``)."""
