"""Blueprint 'play' (being written)."""

from flask import Blueprint

bp = Blueprint("play", __name__)
