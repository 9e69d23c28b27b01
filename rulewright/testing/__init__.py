"""The pytest integration: the plugin pytest loads (``plugin``) and the Sybil parser that makes each
example of a page a test, named by its ID (``sybil_parser``)."""
