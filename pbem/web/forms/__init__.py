"""Forms of the account pages (Flask-WTF: every form carries a CSRF token)."""

from __future__ import annotations

from typing import Any

from flask import current_app
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import (
    BooleanField,
    EmailField,
    Field,
    HiddenField,
    PasswordField,
    SelectField,
    StringField,
    SubmitField,
)
from wtforms.fields.choices import SelectChoice
from wtforms.validators import DataRequired, Email, EqualTo, Length, Optional, ValidationError

from pbem.web.i18n import LANGUAGE_NAMES, timezone_choices, timezone_names


def _min_password_length(form: FlaskForm, field: Field) -> None:
    minimum = current_app.config["PASSWORD_MIN_LENGTH"]
    if field.data and len(field.data) < minimum:
        raise ValidationError(
            _l("Use at least %(n)d characters for the password.", n=minimum)
        )
    if field.data and len(field.data) > 200:
        raise ValidationError(_l("Use at most 200 characters for the password."))


def _known_timezone(form: FlaskForm, field: Field) -> None:
    if field.data not in timezone_names():
        raise ValidationError(_l("Choose a time zone from the list."))


def _strip(value: str | None) -> str | None:
    return value.strip() if isinstance(value, str) else value


class MailAddress(Email):
    """``Email``, with a specific message for a reserved domain (``alice@club.test``: such
    addresses never receive mail). With ``ALLOW_TEST_EMAIL_DOMAINS`` (a test or demo server)
    they are accepted."""

    def __call__(self, form: Any, field: Any) -> None:
        import email_validator

        try:
            super().__call__(form, field)
        except ValidationError:
            address = str(field.data or "")
            try:
                email_validator.validate_email(address, check_deliverability=False, test_environment=True)
            except email_validator.EmailNotValidError:
                raise ValidationError(self.message) from None
            if current_app.config.get("ALLOW_TEST_EMAIL_DOMAINS"):
                return
            raise ValidationError(_l("Addresses at %(domain)s are reserved for tests and examples and never "
                                     "receive mail: enter the address where you read your email.",
                                     domain=address.rpartition("@")[2])) from None


def _email_field(label: str | None = None) -> EmailField:
    return EmailField(
        label or _l("Email"),
        filters=[_strip],
        validators=[
            DataRequired(_l("Enter your email address.")),
            MailAddress(_l("Enter a valid email address, like name@example.com.")),
            Length(max=254),
        ],
    )


def _display_name_field() -> StringField:
    return StringField(
        _l("Display name"),
        validators=[
            DataRequired(_l("Enter the name other players will see.")),
            Length(max=60, message=_l("Use at most 60 characters for the name.")),
        ],
    )


def _timezone_field() -> SelectField:
    return SelectField(_l("Time zone"), validators=[_known_timezone], validate_choice=False)


def _language_field() -> SelectField:
    return SelectField(_l("Language"), choices=[
        SelectChoice(code, name, render_kw={"lang": code}) for code, name in LANGUAGE_NAMES.items()
    ])


def _new_password_fields(label: str | None = None) -> tuple[PasswordField, PasswordField]:
    password = PasswordField(
        label or _l("Password"),
        validators=[DataRequired(_l("Choose a password.")), _min_password_length],
    )
    confirm = PasswordField(
        _l("Repeat the password"),
        validators=[EqualTo("password", _l("The two passwords are not the same."))],
    )
    return password, confirm


class _WithTimezone(FlaskForm):
    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self.timezone.choices = [
            SelectChoice(zone, zone.replace("_", " "), optgroup=zone.split("/")[0])
            for zone in timezone_choices()
        ]


class RegisterForm(_WithTimezone):
    email = _email_field()
    display_name = _display_name_field()
    password, confirm = _new_password_fields()
    timezone = _timezone_field()
    language = _language_field()
    submit = SubmitField(_l("Create account"))


class LoginForm(FlaskForm):
    email = _email_field()
    password = PasswordField(_l("Password"), validators=[DataRequired(_l("Enter your password."))])
    remember = BooleanField(_l("Keep me logged in on this device"))
    next = HiddenField()
    submit = SubmitField(_l("Log in"))


class LogoutForm(FlaskForm):
    submit = SubmitField(_l("Log out"))


class ConfirmEmailForm(FlaskForm):
    """The button of an email-change link's page: opening the link (GET) changes nothing."""

    submit = SubmitField(_l("Use this address"))


class ResetRequestForm(FlaskForm):
    email = _email_field()
    submit = SubmitField(_l("Send me a link"))


class ResetPasswordForm(FlaskForm):
    password, confirm = _new_password_fields(_l("New password"))
    submit = SubmitField(_l("Set the new password"))


class ProfileForm(_WithTimezone):
    display_name = _display_name_field()
    email = _email_field()
    timezone = _timezone_field()
    language = _language_field()
    current_password = PasswordField(
        _l("Current password (only to change the email address)"), validators=[Optional()]
    )
    submit = SubmitField(_l("Save profile"))


class ChangePasswordForm(FlaskForm):
    """Shares the profile page with ``ProfileForm``: its fields are named ``pw-...``."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        kwargs.setdefault("prefix", "pw")
        super().__init__(*args, **kwargs)

    current_password = PasswordField(
        _l("Current password"), validators=[DataRequired(_l("Enter your current password."))]
    )
    password, confirm = _new_password_fields(_l("New password"))
    submit = SubmitField(_l("Change password"))


class LanguageForm(FlaskForm):
    lang = HiddenField(validators=[DataRequired()])
    next = HiddenField()
