"""Tables: outbox (being written)."""
