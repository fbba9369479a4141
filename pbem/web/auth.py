"""Blueprint ``auth``: register, log in, log out, password reset by an emailed signed link.

No account enumeration: an unknown address and a wrong password get the same answer, a reset
request always says "if that address has an account, we sent a link", and registering answers
the same whatever the address: it always makes a new account and logs the browser in to it.
That account's address is unconfirmed (``User.email_confirmed``) until its owner opens the
signed link of the welcome email; if the address already belongs to a confirmed account, no
link is sent: that owner gets a notice (someone tried to register, with a reset link) instead,
so the new account can never claim the address. Logging in with an address checks the
password against every account holding it (confirmed first, ``LOGIN_CANDIDATES`` checks
whatever their number, so the time taken tells nothing); password reset, invitations and
notices go to the confirmed account.
"""

from __future__ import annotations

import time
from functools import cache
from typing import Any
from urllib.parse import urlsplit

from flask import (
    Blueprint,
    abort,
    current_app,
    flash,
    redirect,
    render_template,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue
from flask_babel import force_locale
from flask_babel import gettext as _
from flask_login import current_user, login_user, logout_user
from itsdangerous import BadSignature, SignatureExpired, URLSafeTimedSerializer
from sqlalchemy import bindparam
from sqlmodel import select
from werkzeug.security import check_password_hash, generate_password_hash

from pbem.int_input import strict_int
from pbem.notify.outbox import enqueue_email
from pbem.store.models.accounts import User, normalize_email, utcnow
from pbem.web.db import db_session
from pbem.web.extensions import limiter, login_manager
from pbem.web.forms import LoginForm, LogoutForm, RegisterForm, ResetPasswordForm, ResetRequestForm
from pbem.web.i18n import remember_language

bp = Blueprint("auth", __name__, url_prefix="/auth")

RESET_SALT = "pbem-password-reset"
CONFIRM_SALT = "pbem-confirm-address"
#: password checks per login attempt, whatever the number of accounts holding the address
LOGIN_CANDIDATES = 3
HOME_ENDPOINTS = ("lobby.my_games", "lobby.home", "lobby.open_games", "account.profile")
START_ENDPOINTS = ("lobby.home", "lobby.open_games", "auth.login")


# Helpers -------------------------------------------------------------------------------------
@login_manager.user_loader
def load_user(user_id: str) -> User | None:
    """Flask-Login loader: ``"<id>:<session_version>:<issued>"`` (``User.get_id``), from the
    session or the remember-me cookie. A changed password or a logout (a new session version)
    ends it, and so does age: a login is refused ``REMEMBER_COOKIE_DURATION`` after it was
    made (or ``PERMANENT_SESSION_LIFETIME``, if longer), whatever the cookie's own expiry says."""
    parts = user_id.split(":")
    if len(parts) != 3 or not all(strict_int(part, 0, 2**62) is not None for part in parts):
        return None
    raw_id, version, issued = parts
    config = current_app.config
    longest = max(config["REMEMBER_COOKIE_DURATION"], config["PERMANENT_SESSION_LIFETIME"])
    if time.time() - int(issued) > longest.total_seconds():
        return None
    user = db_session().exec(_user_query(), params={"user_id": int(raw_id)}).first()
    if user is None or not user.is_active or user.session_version != int(version):
        return None
    return user


@cache
def _user_query() -> Any:
    """``load_user``'s statement, built once (every request of a logged-in player runs it)."""
    return select(User).where(User.id == bindparam("user_id"))


@cache
def _dummy_hash(method: str) -> str:
    """A hash to check unknown addresses against, so that they take as long as known ones."""
    return generate_password_hash("not a real password, only for constant timing", method)


def hash_method() -> str:
    return str(current_app.config["PASSWORD_HASH_METHOD"])


def find_user(email: str) -> User | None:
    """The confirmed account holding ``email`` (its owner: password reset, invitations, notices)."""
    return db_session().exec(select(User).where(User.email == normalize_email(email),
                                                User.email_confirmed == True)).first()  # noqa: E712


def reset_target(email: str) -> User | None:
    """Whom a password reset for ``email`` goes to: the confirmed account holding it, else the
    newest active unconfirmed one (a new player who forgot the password before confirming). The
    link reaches the address's mailbox either way, so its holder is the one who resets."""
    confirmed = find_user(email)
    if confirmed is not None:
        return confirmed
    return db_session().exec(
        select(User).where(User.email == normalize_email(email), User.is_active == True)  # noqa: E712
        .order_by(User.id.desc())).first()  # type: ignore[union-attr]


def login_candidates(email: str) -> list[User]:
    """The active accounts holding ``email`` a password may open: the confirmed one first, then
    the newest unconfirmed ones (at most ``LOGIN_CANDIDATES``)."""
    query = (select(User).where(User.email == normalize_email(email), User.is_active == True)  # noqa: E712
             .order_by(User.email_confirmed.desc(), User.id.desc())  # type: ignore[attr-defined, union-attr]
             .limit(LOGIN_CANDIDATES))
    return list(db_session().exec(query))


def check_login(email: str, password: str) -> User | None:
    """The account ``email`` + ``password`` opens, or None. Always ``LOGIN_CANDIDATES`` hash
    checks (a dummy hash stands in for missing accounts), so no timing tells how many accounts
    hold the address."""
    candidates = login_candidates(email)
    dummy = _dummy_hash(hash_method())
    hashes = [u.password_hash for u in candidates] + [dummy] * (LOGIN_CANDIDATES - len(candidates))
    matches = [check_password_hash(h, password) for h in hashes]  # every check runs
    return next((user for user, ok in zip(candidates, matches, strict=False) if ok), None)


def home_url() -> str:
    """Where to go after logging in when there is no ``next``."""
    for endpoint in HOME_ENDPOINTS:
        if endpoint in current_app.view_functions:
            return url_for(endpoint)
    return "/"


def start_url() -> str:
    """The site's front page (the brand link)."""
    for endpoint in START_ENDPOINTS:
        if endpoint in current_app.view_functions:
            return url_for(endpoint)
    return "/"


def safe_next(target: str | None) -> str | None:
    """``target`` if it is a path on this site, else None (no open redirects)."""
    if not target or not target.startswith("/") or target.startswith(("//", "/\\")):
        return None
    if any(ord(char) < 32 or char == "\\" for char in target):
        return None
    parts = urlsplit(target)
    return target if not parts.scheme and not parts.netloc else None


def absolute_url(endpoint: str, **values: Any) -> str:
    """An absolute link for emails, built on ``BASE_URL``."""
    return current_app.config["BASE_URL"].rstrip("/") + url_for(endpoint, **values)


def send_account_email(user_email: str, language: str, kind: str, template: str,
                       user_id: int | None = None, **context: Any) -> None:
    """Queue an email rendered in ``language`` (committed by the caller)."""
    with force_locale(language):
        subject = render_template(f"auth/email/{template}.subject.txt", **context).strip()
        text = render_template(f"auth/email/{template}.txt", **context)
    enqueue_email(db_session(), to_address=user_email, subject=subject, text=text,
                  user_id=user_id, kind=kind)


def _serializer() -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(current_app.config["SECRET_KEY"], salt=RESET_SALT)


def make_reset_token(user: User) -> str:
    return _serializer().dumps({"uid": user.id, "fp": user.password_fingerprint()})


def user_from_reset_token(token: str) -> User | None:
    """The user of a valid, unexpired, unused reset token, else None."""
    try:
        data = _serializer().loads(token, max_age=current_app.config["PASSWORD_RESET_MAX_AGE"])
    except (SignatureExpired, BadSignature):
        return None
    if not isinstance(data, dict) or not isinstance(data.get("uid"), int):
        return None
    user = db_session().get(User, data["uid"])
    if user is None or not user.is_active or data.get("fp") != user.password_fingerprint():
        return None
    return user


def _confirm_serializer() -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(current_app.config["SECRET_KEY"], salt=CONFIRM_SALT)


def make_confirm_token(user: User) -> str:
    return _confirm_serializer().dumps({"uid": user.id, "email": user.email})


def user_from_confirm_token(token: str) -> User | None:
    """The account of a valid, unexpired address-confirmation token whose address is unchanged."""
    try:
        data = _confirm_serializer().loads(token, max_age=current_app.config["EMAIL_CONFIRM_MAX_AGE"])
    except (SignatureExpired, BadSignature):
        return None
    if not isinstance(data, dict) or not isinstance(data.get("uid"), int):
        return None
    user = db_session().get(User, data["uid"])
    if user is None or not user.is_active or user.email != data.get("email"):
        return None
    return user


def _account_key(prefix: str) -> str:
    return f"{prefix}:{normalize_email(request.form.get('email', ''))}"


def _cfg(key: str) -> Any:
    return lambda: current_app.config[key]


# Views ---------------------------------------------------------------------------------------
@bp.route("/register", methods=["GET", "POST"])
@limiter.limit(_cfg("REGISTER_RATE_LIMIT"), methods=["POST"])
@limiter.limit(_cfg("REGISTER_ACCOUNT_RATE_LIMIT"), methods=["POST"],
               key_func=lambda: _account_key("register"))  # the same for any address
def register() -> ResponseReturnValue:
    if current_user.is_authenticated:
        return redirect(home_url())
    form = RegisterForm()
    if request.method == "GET":
        form.timezone.data = current_app.config["DEFAULT_TIMEZONE"]
        form.language.data = _current_language()
    if not form.validate_on_submit():
        return render_template("auth/register.html", form=form), 400 if form.errors else 200
    email = normalize_email(form.email.data)
    owner = find_user(email)
    user = User(email=email, display_name=form.display_name.data.strip(), password_hash="",
                timezone=form.timezone.data, language=form.language.data, email_confirmed=False)
    user.set_password(form.password.data, hash_method())
    db_session().add(user)
    db_session().flush()
    if owner is not None:  # the address is taken: its owner is told, the new account gets no link
        send_account_email(owner.email, owner.language, "account_exists", "account_exists",
                           user_id=owner.id, user=owner, login_url=absolute_url("auth.login"),
                           reset_url=absolute_url("auth.reset_password", token=make_reset_token(owner)),
                           minutes=current_app.config["PASSWORD_RESET_MAX_AGE"] // 60)
    else:
        send_account_email(user.email, user.language, "welcome", "welcome", user_id=user.id,
                           user=user, login_url=absolute_url("auth.login"),
                           confirm_url=absolute_url("account.confirm_address",
                                                    token=make_confirm_token(user)),
                           days=current_app.config["EMAIL_CONFIRM_MAX_AGE"] // 86400)
    login_user(user)
    user.last_login_at = utcnow()
    db_session().commit()
    remember_language(user.language)
    flash(_("Welcome! You are logged in. We sent a message to %(email)s: open its link to "
            "confirm your address.", email=email), "success")
    return redirect(home_url())


def _current_language() -> str:
    from flask_babel import get_locale

    return str(get_locale() or current_app.config["DEFAULT_LANGUAGE"])


@bp.route("/login", methods=["GET", "POST"])
@limiter.limit(_cfg("LOGIN_RATE_LIMIT"), methods=["POST"])
@limiter.limit(_cfg("LOGIN_ACCOUNT_RATE_LIMIT"), methods=["POST"],
               key_func=lambda: _account_key("login"),
               deduct_when=lambda response: response.status_code != 302)
def login() -> ResponseReturnValue:
    form = LoginForm()
    if request.method == "GET":
        form.next.data = safe_next(request.args.get("next")) or ""
        if current_user.is_authenticated:
            return redirect(safe_next(form.next.data) or home_url())
    if not form.validate_on_submit():
        return render_template("auth/login.html", form=form), 400 if form.errors else 200
    user = check_login(form.email.data, form.password.data)
    if user is None:
        form.password.errors = [_("Wrong email address or password.")]
        return render_template("auth/login.html", form=form), 401
    login_user(user, remember=form.remember.data)
    user.last_login_at = utcnow()
    db_session().commit()
    remember_language(user.language)  # pages stay in this language after logging out
    return redirect(safe_next(form.next.data) or home_url())


@bp.route("/logout", methods=["POST"])
def logout() -> ResponseReturnValue:
    form = LogoutForm()
    if not form.validate_on_submit():
        abort(400)
    if current_user.is_authenticated:
        # a new session version voids every copy of this session and of the remember-me cookie
        current_user.session_version = (current_user.session_version or 0) + 1
        db_session().commit()
    logout_user()
    flash(_("You are logged out, on every device and browser."), "info")
    return redirect(url_for("auth.login"))


@bp.route("/reset", methods=["GET", "POST"])
@limiter.limit(_cfg("RESET_RATE_LIMIT"), methods=["POST"])
@limiter.limit(_cfg("RESET_ACCOUNT_RATE_LIMIT"), methods=["POST"],
               key_func=lambda: _account_key("reset"))
def reset_request() -> ResponseReturnValue:
    form = ResetRequestForm()
    if not form.validate_on_submit():
        return render_template("auth/reset_request.html", form=form), 400 if form.errors else 200
    user = reset_target(form.email.data)
    if user is not None and user.is_active:
        send_account_email(user.email, user.language, "password_reset", "password_reset",
                           user_id=user.id, user=user,
                           reset_url=absolute_url("auth.reset_password",
                                                  token=make_reset_token(user)),
                           minutes=current_app.config["PASSWORD_RESET_MAX_AGE"] // 60)
        db_session().commit()
    flash(_("If that address has an account, we sent it a link to choose a new password. "
            "The link works for one hour."), "info")
    return redirect(url_for("auth.login"))


@bp.route("/reset/<token>", methods=["GET", "POST"])
@limiter.limit(_cfg("RESET_RATE_LIMIT"), methods=["POST"])
def reset_password(token: str) -> ResponseReturnValue:
    user = user_from_reset_token(token)
    if user is None:
        abort(400, description=_("This link is invalid, expired or already used. "
                                 "Ask for a new one on the “Forgot your password?” page."))
    form = ResetPasswordForm()
    if not form.validate_on_submit():
        return render_template("auth/reset_password.html", form=form), 400 if form.errors else 200
    user.set_password(form.password.data, hash_method())
    if not user.email_confirmed and find_user(user.email) is None:
        user.email_confirmed = True  # the emailed link proves the mailbox, as the welcome link does
    db_session().commit()
    logout_user()
    flash(_("Your password has been changed. You can log in with it now."), "success")
    return redirect(url_for("auth.login"))

