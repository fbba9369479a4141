"""Tables: api (being written)."""
