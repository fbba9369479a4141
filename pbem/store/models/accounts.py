"""Tables: accounts (being written)."""
