"""What is kept between runs: ``built`` (whether a book build's inputs and outputs are still the
ones the last successful build had)."""
