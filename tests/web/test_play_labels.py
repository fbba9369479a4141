"""Every control on the lobby, game and token pages has a label (and buttons have names)."""

from __future__ import annotations

from html.parser import HTMLParser

from sqlmodel import Session

from pbem.services import games as game_service
from pbem.web.db import get_engine
from tests.web.test_play import as_user, last_seq, post_order, race_game


class Controls(HTMLParser):
    """Collects form controls, label targets and button texts of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.controls: list[dict[str, str | None]] = []
        self.label_for: set[str] = set()
        self.buttons: list[str] = []
        self._button: list[str] | None = None
        self._button_attrs: dict[str, str | None] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "label" and a.get("for"):
            self.label_for.add(a["for"] or "")
        if tag in ("select", "textarea") or (tag == "input" and a.get("type") not in (
                "hidden", "submit")):
            self.controls.append({"tag": tag, **a})
        if tag == "button":
            self._button, self._button_attrs = [], a

    def handle_data(self, data: str) -> None:
        if self._button is not None:
            self._button.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "button" and self._button is not None:
            self.buttons.append("".join(self._button).strip() or
                                (self._button_attrs.get("aria-label") or ""))
            self._button = None


def unlabelled(html: str) -> list[str]:
    page = Controls()
    page.feed(html)
    missing = [str(c.get("name") or c.get("id")) for c in page.controls
               if not c.get("aria-label") and c.get("id") not in page.label_for]
    missing += ["<button without a name>" for b in page.buttons if not b]
    return missing


def test_game_lobby_and_token_pages_label_every_control(app, client, user_factory):
    game_id, red, _blue = race_game(app, user_factory, visibility="private")
    with Session(get_engine(app), expire_on_commit=False) as s:
        forming = game_service.create_game(s, organiser_id=red.id, ruleset_key="race",
                                           title="Nuova", options={}, visibility="private")
    as_user(client, red)
    moved = post_order(client, game_id, "red", {"type": "step", "n": 1}, last_seq(app, game_id))
    assert moved.status_code == 302  # so that the page also shows the undo button
    pages = [f"/games/{game_id}", f"/games/{forming.id}", "/games", "/games/open", "/games/new",
             "/account/tokens"]
    for path in pages:
        response = client.get(path)
        assert response.status_code == 200, path
        assert unlabelled(response.get_data(as_text=True)) == [], path
    created = client.post("/account/tokens", data={"name": "bot"}).get_data(as_text=True)
    assert unlabelled(created) == []
    guest = app.test_client()
    as_user(guest, user_factory())
    invite = guest.get(f"/games/{forming.id}/join/{forming.invite_token}").get_data(as_text=True)
    assert "Take seat Red" in invite and unlabelled(invite) == []


def test_the_checker_notices_a_control_without_label():
    assert unlabelled('<input type="text" name="x"><button></button>') == [
        "x", "<button without a name>"]
