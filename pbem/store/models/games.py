"""Tables: games (being written)."""
