"""Blueprint 'dice' (being written)."""

from flask import Blueprint

bp = Blueprint("dice", __name__)
