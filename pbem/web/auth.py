"""Blueprint 'auth' (being written)."""

from flask import Blueprint

bp = Blueprint("auth", __name__)
