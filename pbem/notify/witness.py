"""Stamp each outgoing email and webhook of a game with the log's head at sending time.

An email gets the header ``X-Pbem-Log-Head: game=<id>; seq=<n>; hash=<hex>`` and a last
line in the recipient's language naming the same event and hash; a webhook post gets that
line at the end of its ``content``. ``pbem-verify --mailbox DIR`` reads the header back.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from html import escape

from pbem.notify.i18n import gettext as _
from pbem.notify.i18n import in_language
from pbem.notify.outbox import SessionFactory
from pbem.store.models.accounts import User
from pbem.store.models.outbox import EMAIL, WEBHOOK, OutboxMessage
from pbem.store.witness import HEADER, head, header_value


def make_witness(session_factory: SessionFactory) -> Callable[[OutboxMessage], None]:
    """The callback the dispatcher runs on each row just before sending it."""

    def stamp(row: OutboxMessage) -> None:
        if row.game_id is None:
            return
        with session_factory() as session:
            found = head(session, row.game_id)
            user = session.get(User, row.user_id) if row.user_id else None
            language = user.language if user is not None else None
        if found is None:
            return
        seq, digest = found
        line = _line(row.game_id, seq, digest, language)
        if row.channel == EMAIL:
            headers = json.loads(row.headers or "{}")
            headers[HEADER] = header_value(row.game_id, seq, digest)
            row.headers = json.dumps(headers, sort_keys=True)
            row.text = (row.text or "").rstrip("\n") + "\n\n-- \n" + line + "\n"
            if row.html:
                tail = f'<p style="color:#555;font-size:small">{escape(line)}</p>'
                at = row.html.rfind("</body>")
                row.html = row.html[:at] + tail + row.html[at:] if at >= 0 else row.html + tail
        elif row.channel == WEBHOOK:
            body = json.loads(row.headers or "{}")
            if isinstance(body, dict) and isinstance(body.get("content", ""), str):
                body["content"] = (body.get("content") or "").rstrip("\n") + "\n" + line
                row.headers = json.dumps(body, sort_keys=True)

    return stamp


def _line(game_id: int, seq: int, digest: str, language: str | None) -> str:
    with in_language(language):
        return _("Game %(game)s log when this was sent: event %(seq)s, hash %(hash)s "
                 "(keep it: it proves what you were shown).", game=game_id, seq=seq,
                 hash=digest)
