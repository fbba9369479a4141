"""The Flask application factory: ``create_app(test_config=None)``.

Templates and static files live at the repository's top level (``templates/``, ``static/``).
The instance folder (``<repo>/instance`` unless ``PBEM_INSTANCE_PATH`` is set) holds the SQLite
database, the generated secret key and the mail files of the default transport.
"""

from __future__ import annotations

import importlib
import logging
from typing import Any

from flask import (
    Flask,
    current_app,
    has_request_context,
    jsonify,
    render_template,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue
from flask_babel import lazy_gettext as _l
from flask_wtf.csrf import CSRFError
from sqlalchemy.exc import OperationalError
from werkzeug.exceptions import HTTPException, InternalServerError, default_exceptions
from werkzeug.middleware.proxy_fix import ProxyFix
from werkzeug.routing import IntegerConverter, ValidationError
from werkzeug.wrappers import Response

from pbem import shared_cache
from pbem.ui import all_uis
from pbem.web import busy_retry, db, i18n, order_limits, page_cache
from pbem.web.blueprints import BLUEPRINTS
from pbem.web.config import REPO_ROOT, load_config, resolve_instance_path
from pbem.web.extensions import csrf, limiter, login_manager
from pbem.web.text_input import refuse_nul

log = logging.getLogger(__name__)

ERROR_TEXTS: dict[int, tuple[Any, Any]] = {
    400: (
        _l("Bad request"),
        _l("The request could not be understood. Check the form and try again."),
    ),
    403: (_l("Not allowed"), _l("You do not have permission to do that.")),
    404: (_l("Not found"), _l("There is no page at this address.")),
    405: (_l("Method not allowed"), _l("This address does not accept that kind of request.")),
    409: (_l("Conflict"), _l("The game moved on in the meantime. Reload the page and try again.")),
    410: (_l("Expired"), _l("This link has expired.")),
    413: (_l("Too large"), _l("What you sent is too large.")),
    429: (
        _l("Too many attempts"),
        _l("You tried that too many times. Please wait a few minutes and try again."),
    ),
    503: (_l("Busy, try again"), _l("The server is busy right now; nothing was saved. Please try again "
                                    "in a moment.")),
    500: (_l("Something went wrong"), _l("An error on our side stopped this request. It has "
                                         "been logged; please try again later.")),
}

#: The scheduler's commands (worker, send-outbox, notify-tick), added to the ``pbem`` group.
SCHEDULER_COMMANDS = "pbem.clock_cli"

# Nav entries: (endpoint, label, who sees it). Entries whose endpoint does not exist are skipped.
NAV: list[tuple[str, Any, str]] = [
    ("lobby.my_games", _l("My games"), "user"),
    ("lobby.open_games", _l("Open games"), "all"),
    ("leagues.my_clubs", _l("Clubs"), "user"),
    ("account.profile", _l("Profile"), "user"),
    ("auth.login", _l("Log in"), "anonymous"),
    ("auth.register", _l("Register"), "anonymous"),
]


# Ids are 32-bit integer columns on PostgreSQL (and 64-bit on SQLite): a larger number in a URL
# names nothing, so it is a 404 rather than an overflow in the database driver.
MAX_ID = 2**31 - 1


class BoundedIntConverter(IntegerConverter):
    """The default ``<int:...>`` converter, refusing values above ``MAX_ID`` (404)."""

    def to_python(self, value: str) -> int:
        number = int(value)
        if number > MAX_ID:
            raise ValidationError()
        return number


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Build and configure the app (``test_config`` keys, without prefix, override all)."""
    instance_path = resolve_instance_path(test_config)
    instance_path.mkdir(parents=True, exist_ok=True)
    app = Flask(
        __name__,
        instance_path=str(instance_path),
        template_folder=str(REPO_ROOT / "templates"),
        static_folder=str(REPO_ROOT / "static"),
    )
    app.config.update(load_config(instance_path, test_config))
    if app.config["PROXY_FIX_X_FOR"]:
        hops = int(app.config["PROXY_FIX_X_FOR"])
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops)  # type: ignore[method-assign]

    app.url_map.converters["int"] = BoundedIntConverter  # before any route is added
    app.before_request(order_limits.cap_order_body)  # before CSRF reads the form
    csrf.init_app(app)
    app.jinja_env.globals["csrf_token"] = page_cache.csrf_token  # a slot in the page's kept parts
    app.context_processor(lambda: {"csrf_token": page_cache.csrf_token})  # over Flask-WTF's own
    app.jinja_env.globals["order_flashes"] = page_cache.order_flashes  # another
    login_manager.init_app(app)
    limiter.init_app(app)
    i18n.init_app(app)
    db.init_app(app)
    shared_cache.configure(shared_cache.SharedStore(
        app.config["PAGE_CACHE_URL"], str(app.config["SECRET_KEY"]), prefix=app.config["PAGE_CACHE_PREFIX"],
        ttl=int(app.config["PAGE_CACHE_TTL"])) if app.config["PAGE_CACHE_URL"] else None)

    for spec in BLUEPRINTS:
        module_name, attr = spec.split(":")
        app.register_blueprint(getattr(importlib.import_module(module_name), attr))
    for game_ui in all_uis():  # each game family's templates and static files
        blueprint = game_ui.blueprint()
        if blueprint is not None:
            app.register_blueprint(blueprint)

    busy_retry.init_app(app)
    from pbem.web.cli import pbem_cli

    for command in importlib.import_module(SCHEDULER_COMMANDS).COMMANDS:  # the composition root
        pbem_cli.add_command(command)
    app.cli.add_command(pbem_cli)

    _register_error_handlers(app)
    app.before_request(refuse_nul)  # after CSRF (registered by csrf.init_app above)
    app.after_request(_security_headers)
    app.context_processor(_template_globals)
    return app


def wants_json() -> bool:
    return request.path.startswith("/api/")


def _error_name(code: int) -> str:
    """The API's ``error`` for an HTTP status (``docs/api.md``): werkzeug's exception name,
    e.g. ``NotFound``, ``MethodNotAllowed``, ``RequestEntityTooLarge``."""
    exception = default_exceptions.get(code)
    return exception.__name__ if exception else ("BadRequest" if code < 500 else "InternalServerError")


def _error_response(code: int, description: str | None = None,
                    name: str | None = None) -> ResponseReturnValue:
    title, default_message = ERROR_TEXTS.get(code, ERROR_TEXTS[400 if code < 500 else 500])
    message = description or str(default_message)
    if wants_json():
        return jsonify(error=name or _error_name(code), title=str(title), message=message), code
    try:
        return render_template("errors/error.html", code=code, title=title, message=message), code
    except Exception:  # a broken template must not hide the original error
        log.exception("error page %s failed to render", code)
        return f"{code} {title}: {message}", code, {"Content-Type": "text/plain; charset=utf-8"}


def _own_description(error: HTTPException) -> str | None:
    """The description a view passed to ``abort``, or None for werkzeug's English default."""
    default = type(error).description
    return error.description if error.description and error.description != default else None


def _register_error_handlers(app: Flask) -> None:
    @app.errorhandler(CSRFError)
    def csrf_error(error: CSRFError) -> ResponseReturnValue:
        return _error_response(400, str(_l(
            "The form has expired or was not sent from this site. Reload the page and try again."
        )), name="CSRFError")

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> ResponseReturnValue:
        if error.code is None or error.code < 400:
            return error
        if error.code == 429:
            return _error_response(429)
        body, status = _error_response(error.code, _own_description(error))  # type: ignore[misc]
        allow = dict(error.get_headers()).get("Allow")  # 405 says which methods (RFC 9110)
        return (body, status, {"Allow": allow}) if allow else (body, status)

    @app.errorhandler(OperationalError)
    def database_busy(error: OperationalError) -> ResponseReturnValue:
        # The database could not do the work now (locked, gone away): nothing was half-written
        # (the transaction is rolled back), so the reader may simply try again.
        log.warning("database error: %s", error)
        db.rollback_session()
        return _error_response(503)

    @app.errorhandler(InternalServerError)
    def server_error(error: InternalServerError) -> ResponseReturnValue:
        # A failed write leaves the request's session needing a rollback; the page itself
        # reads through it (the user's language), so roll back before rendering.
        db.rollback_session()
        return _error_response(500)


def _security_headers(response: Response) -> Response:
    headers = response.headers
    headers.setdefault("Content-Security-Policy", current_app.config["CONTENT_SECURITY_POLICY"])
    headers.setdefault("X-Frame-Options", "DENY")
    headers.setdefault("X-Content-Type-Options", "nosniff")
    headers.setdefault("Referrer-Policy", "same-origin")
    if current_app.config["SESSION_COOKIE_SECURE"]:
        headers.setdefault("Strict-Transport-Security", "max-age=31536000")
    return response


def _template_globals() -> dict[str, Any]:
    from flask_babel import get_locale
    from flask_login import current_user


    if not has_request_context():
        return {}
    authenticated = bool(current_user and current_user.is_authenticated)
    audience = {"all", "user" if authenticated else "anonymous"}
    nav = [
        {"endpoint": endpoint, "label": label, "url": url_for(endpoint),
         "active": request.endpoint == endpoint}
        for endpoint, label, who in NAV
        if who in audience and endpoint in current_app.view_functions
    ]
    from pbem.web.auth import home_url, start_url

    return {
        "home_url": home_url(),
        "start_url": start_url(),
        "nav_items": nav,
        "current_locale": str(get_locale()),
        "show_logout": authenticated,
        # Where the language switch returns to: this page, unless it answered a form (POST).
        "language_next": request.full_path.rstrip("?") if request.method == "GET" else "",
    }
