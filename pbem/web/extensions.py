"""Flask extensions, created unbound here and bound to the app in :func:`pbem.web.create_app`."""

from __future__ import annotations

from flask import request
from flask_babel import Babel
from flask_babel import lazy_gettext as _l
from flask_limiter import Limiter
from flask_login import LoginManager
from flask_wtf.csrf import CSRFProtect


def client_address() -> str:
    """The rate-limit key for "per IP" limits (behind a proxy, see ``PBEM_PROXY_FIX_X_FOR``)."""
    return request.remote_addr or "unknown"


login_manager = LoginManager()
login_manager.login_view = "auth.login"
login_manager.login_message = _l("Please log in to see that page.")
login_manager.login_message_category = "info"
login_manager.session_protection = "basic"

csrf = CSRFProtect()

limiter = Limiter(key_func=client_address)

babel = Babel()
