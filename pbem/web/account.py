"""Blueprint ``account``: the profile page (name, email, time zone, language, password) and the
language switch of the navigation bar.

A new email address takes effect only when its owner opens the signed link sent to it; if the
address already belongs to an account, that owner gets a notice instead (the page says the same).
A registered account's address is confirmed by the link of the welcome email
(:func:`confirm_address`); both links show a page with a button, so a mail scanner opening the
link changes nothing.
"""

from __future__ import annotations

from flask import Blueprint, abort, current_app, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_login import current_user, login_required, login_user
from itsdangerous import BadSignature, SignatureExpired, URLSafeTimedSerializer
from sqlalchemy.exc import IntegrityError

from pbem.store.models.accounts import User, normalize_email
from pbem.web.auth import (
    absolute_url,
    find_user,
    hash_method,
    home_url,
    safe_next,
    send_account_email,
    user_from_confirm_token,
)
from pbem.web.db import db_session
from pbem.web.extensions import limiter
from pbem.web.forms import ChangePasswordForm, ConfirmEmailForm, LanguageForm, ProfileForm
from pbem.web.i18n import remember_language, supported_languages

bp = Blueprint("account", __name__, url_prefix="/account")

EMAIL_SALT = "pbem-email-change"
EMAIL_TOKEN_MAX_AGE = 24 * 3600


def _email_serializer() -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(current_app.config["SECRET_KEY"], salt=EMAIL_SALT)


def _render(profile_form: ProfileForm, password_form: ChangePasswordForm,
            status: int = 200) -> ResponseReturnValue:
    from pbem.web.player_files import profile_context

    return render_template("account/profile.html", form=profile_form,
                           password_form=password_form, **profile_context()), status


@bp.route("/", methods=["GET", "POST"])
@login_required
def profile() -> ResponseReturnValue:
    user: User = current_user._get_current_object()
    form = ProfileForm(obj=user if request.method == "GET" else None)
    if not form.validate_on_submit():
        return _render(form, ChangePasswordForm(), 400 if form.errors else 200)
    new_email = normalize_email(form.email.data)
    if new_email != user.email and not user.check_password(form.current_password.data or ""):
        form.current_password.errors = [_("Enter your current password to change the email "
                                          "address.")]
        return _render(form, ChangePasswordForm(), 400)
    user.display_name = form.display_name.data.strip()
    user.timezone = form.timezone.data
    user.language = form.language.data
    if new_email != user.email:
        _start_email_change(user, new_email)
        flash(_("We sent a confirmation link to %(email)s. The new address is used once you "
                "open that link.", email=new_email), "info")
    db_session().commit()
    remember_language(user.language)
    flash(_("Your profile has been saved."), "success")
    return redirect(url_for("account.profile"))


def _start_email_change(user: User, new_email: str) -> None:
    owner = find_user(new_email)
    if owner is not None:
        send_account_email(new_email, owner.language, "email_taken", "email_taken",
                           user_id=owner.id, user=owner)
        return
    token = _email_serializer().dumps({"uid": user.id, "email": new_email, "old": user.email})
    send_account_email(new_email, user.language, "email_change", "email_change",
                       user_id=user.id, user=user, new_email=new_email,
                       confirm_url=absolute_url("account.confirm_email", token=token))


@bp.route("/email/<token>", methods=["GET", "POST"])
@limiter.limit("20 per hour")
def confirm_email(token: str) -> ResponseReturnValue:
    """GET shows what the link does and a button; only the POST (with its CSRF token) changes
    the address, so a mail scanner or link preview that opens the link changes nothing."""
    try:
        data = _email_serializer().loads(token, max_age=EMAIL_TOKEN_MAX_AGE)
    except (SignatureExpired, BadSignature):
        abort(400, description=_("This confirmation link is invalid or expired."))
    user = db_session().get(User, data.get("uid")) if isinstance(data, dict) else None
    new_email = data.get("email") if isinstance(data, dict) else None
    if user is None or not user.is_active or not isinstance(new_email, str):
        abort(400, description=_("This confirmation link is invalid or expired."))
    if user.email == new_email:
        flash(_("Your email address is already %(email)s.", email=new_email), "info")
        return redirect(url_for("account.profile"))
    if user.email != data.get("old"):  # the address changed since: the link is used up
        abort(400, description=_("This confirmation link is invalid or expired."))
    if find_user(new_email) is not None:
        abort(409, description=_("Another account uses %(email)s now.", email=new_email))
    form = ConfirmEmailForm()
    if request.method == "GET":
        return render_template("account/confirm_email.html", form=form, new_email=new_email,
                               token=token)
    if not form.validate_on_submit():
        abort(400)
    old_email = user.email
    user.email = new_email
    user.email_confirmed = True  # its owner opened the link
    send_account_email(old_email, user.language, "email_changed", "email_changed",
                       user_id=user.id, user=user, new_email=new_email)
    db_session().commit()
    flash(_("Your email address is now %(email)s.", email=new_email), "success")
    return redirect(url_for("account.profile"))


@bp.route("/confirm/<token>", methods=["GET", "POST"])
@limiter.limit("20 per hour")
def confirm_address(token: str) -> ResponseReturnValue:
    """The welcome email's link: GET shows a button, its POST confirms the account's address
    (unless another account confirmed that address first: then this one never can)."""
    user = user_from_confirm_token(token)
    if user is None:
        abort(400, description=_("This confirmation link is invalid or expired."))
    if user.email_confirmed:
        flash(_("Your email address is confirmed."), "info")
        return redirect(home_url() if current_user.is_authenticated else url_for("auth.login"))
    if find_user(user.email) is not None:
        abort(409, description=_("Another account uses %(email)s now.", email=user.email))
    form = ConfirmEmailForm()
    if request.method == "GET":
        return render_template("account/confirm_address.html", form=form, email=user.email,
                               token=token)
    if not form.validate_on_submit():
        abort(400)
    user.email_confirmed = True
    try:
        db_session().commit()
    except IntegrityError:  # another account confirmed the address meanwhile
        db_session().rollback()
        abort(409, description=_("Another account uses %(email)s now.", email=user.email))
    flash(_("Your email address is confirmed."), "success")
    return redirect(home_url() if current_user.is_authenticated else url_for("auth.login"))


@bp.route("/password", methods=["POST"])
@login_required
@limiter.limit("10 per hour")
def change_password() -> ResponseReturnValue:
    user: User = current_user._get_current_object()
    password_form = ChangePasswordForm()
    if not password_form.validate_on_submit():
        return _render(ProfileForm(obj=user), password_form, 400)
    if not user.check_password(password_form.current_password.data):
        password_form.current_password.errors = [_("The current password is not right.")]
        return _render(ProfileForm(obj=user), password_form, 400)
    user.set_password(password_form.password.data, hash_method())
    db_session().commit()
    login_user(user)  # the session id includes the session version, which just changed
    flash(_("Your password has been changed. Other devices have been logged out."), "success")
    return redirect(url_for("account.profile"))


@bp.route("/language", methods=["POST"])
def set_language() -> ResponseReturnValue:
    """The navigation's language switch: saved on the profile, or in a cookie when anonymous."""
    form = LanguageForm()
    if not form.validate_on_submit() or form.lang.data not in supported_languages():
        abort(400, description=_("Choose one of the offered languages."))
    if current_user.is_authenticated:
        current_user.language = form.lang.data
        db_session().commit()
    remember_language(form.lang.data)
    return redirect(safe_next(form.next.data) or home_url())
