"""Forms of the notifications blueprint (labels in the ``notify`` translation domain)."""

from __future__ import annotations

from datetime import date

from flask_wtf import FlaskForm
from wtforms import DateField, IntegerField, SelectField, StringField, SubmitField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import URL, InputRequired, NumberRange, Optional, ValidationError

from pbem.notify.deadline_time import parse_hhmm, zone
from pbem.notify.i18n import lazy_gettext as _l
from pbem.notify.prefs import parse_reminder_hours
from pbem.store.models.outbox import ACT, DAILY, DIGEST, DURATION, EACH, EXTEND, NONE, WAIT


class PreferencesForm(FlaskForm):
    mode = SelectField(_l("Emails"), choices=[
        SelectChoice(EACH, _l("Every decision: an email each time it is my turn")),
        SelectChoice(DIGEST, _l("Daily digest: one email a day listing the games waiting for me")),
        SelectChoice(NONE, _l("None")),
    ])
    reminder_hours = StringField(_l("Reminders (hours before a deadline, comma separated)"),
                                 default="24, 2")
    submit = SubmitField(_l("Save preferences"))

    def validate_reminder_hours(self, field: StringField) -> None:
        try:
            parse_reminder_hours(field.data or "")
        except ValueError:
            raise ValidationError(_l("Give up to five whole numbers of hours from 1 to 168, "
                                     "e.g. 24, 2.")) from None


#: The dates a vacation may take: the calendar's ends would overflow when turned into times.
FIRST_DAY, LAST_DAY = date(2000, 1, 1), date(9998, 12, 31)


class VacationForm(FlaskForm):
    starts_on = DateField(_l("Away from"), validators=[InputRequired()])
    ends_on = DateField(_l("Back on"), validators=[InputRequired()])
    submit = SubmitField(_l("Add vacation"))

    def validate_starts_on(self, field: DateField) -> None:
        _check_day(field)

    def validate_ends_on(self, field: DateField) -> None:
        _check_day(field)
        if self.starts_on.data and field.data and field.data < self.starts_on.data:
            raise ValidationError(_l("The last day comes after the first."))
        if self.starts_on.data and field.data and (field.data - self.starts_on.data).days > 90:
            raise ValidationError(_l("A vacation lasts at most 90 days."))


def _check_day(field: DateField) -> None:
    if field.data and not FIRST_DAY <= field.data <= LAST_DAY:
        raise ValidationError(_l("Choose a date between the years 2000 and 9998."))


class GameSettingsForm(FlaskForm):
    deadline_mode = SelectField(_l("Deadline"), choices=[
        SelectChoice(DURATION, _l("A number of hours per turn")),
        SelectChoice(DAILY, _l("Every day at a fixed time")),
    ])
    deadline_hours = IntegerField(_l("Hours per turn"), validators=[
        Optional(), NumberRange(min=1, max=720)])
    deadline_time = StringField(_l("Time of day (HH:MM)"), validators=[Optional()])
    deadline_zone = StringField(_l("Time zone of that time"), default="Europe/Rome")
    policy = SelectField(_l("When a deadline passes"), choices=[
        SelectChoice(WAIT, _l("Wait, and tell the organiser")),
        SelectChoice(EXTEND, _l("Extend once by a set time")),
        SelectChoice(ACT, _l("Play the safe default for the absent player")),
    ])
    extend_hours = IntegerField(_l("Extension (hours)"), default=24,
                                validators=[InputRequired(), NumberRange(min=1, max=336)])
    excused_misses = IntegerField(_l("Excused missed deadlines per player"), default=1,
                                  validators=[InputRequired(), NumberRange(min=0, max=4)])
    webhook_url = StringField(_l("Chat webhook (Discord-compatible), optional"),
                              validators=[Optional(), URL(require_tld=True)])
    submit = SubmitField(_l("Save settings"))

    def validate_deadline_time(self, field: StringField) -> None:
        if self.deadline_mode.data == DAILY:
            try:
                parse_hhmm(field.data or "")
            except ValueError:
                raise ValidationError(_l("A time of day is written HH:MM, e.g. 21:00.")) from None

    def validate_deadline_zone(self, field: StringField) -> None:
        try:
            zone((field.data or "").strip())
        except ValueError:
            raise ValidationError(_l("Unknown time zone.")) from None

    def validate_webhook_url(self, field: StringField) -> None:
        if field.data and not field.data.startswith("https://"):
            raise ValidationError(_l("A webhook address starts with https://."))


class EmptyForm(FlaskForm):
    """A form with only the CSRF token (delete, retry and confirm buttons)."""
