"""Database fixtures (SQLite by default; PostgreSQL when PBEM_TEST_DATABASE_URL is set)."""
