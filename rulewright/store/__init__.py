"""What is kept between runs: each example's result, keyed by everything it depends on (``cache``),
and whether a book build's inputs and outputs are still the ones the last successful build had
(``built``)."""
