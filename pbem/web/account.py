"""Blueprint 'account' (being written)."""

from flask import Blueprint

bp = Blueprint("account", __name__)
