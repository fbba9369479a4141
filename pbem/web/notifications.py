"""Blueprint 'notifications' (being written)."""

from flask import Blueprint

bp = Blueprint("notifications", __name__)
