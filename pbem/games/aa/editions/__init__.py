"""A&A editions: one module per edition exposing ``EDITION`` (see ``pbem/games/aa/edition.py``)."""
