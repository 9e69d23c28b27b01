"""What is kept between runs: each example's result, keyed by everything it depends on (``cache``)."""
