"""Persistence: SQLModel tables, the append-only hash-chained event log, snapshots."""
