"""Flask app and client fixtures."""
