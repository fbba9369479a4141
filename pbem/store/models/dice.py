"""Tables: dice (being written)."""
