"""The dice audit of a stored game: who may see it, one row per die, filters, verification,
and the read-only ledger links an organiser publishes (docs/dice.md).

Rows are built from the log as the viewer may see it (the one read path,
``services.reading``), so a private shuffle shows no order to anyone.
"""

from __future__ import annotations

import secrets
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlmodel import Session, col, select

from pbem.engine import load_ruleset
from pbem.engine.dice_verify import DiceReport, verify_dice
from pbem.services import eventlog as log
from pbem.services import reading
from pbem.services.common import get_game, holders, require_organiser
from pbem.services.errors import BadRequest, Gone, NotFound, _
from pbem.services.queries import visible
from pbem.store.models.dice import DiceLedgerLink
from pbem.store.models.games import FORMING, Game, utcnow

ROW_FIELDS = ["seq", "period", "game_round", "turn", "roller", "battle", "battle_round", "step",
              "low_luck", "die", "unit", "sides", "target", "face", "hit"]


def audit_access(session: Session, game_id: Any, user_id: int | None) -> tuple[Game, str | None]:
    """The game and the seat whose view ``user_id`` gets; ``NotFound`` if they may not see it.

    Members see through their first seat, the organiser and spectators of a public game
    through no seat (``None``). A private game's dice are for its members and organiser.
    """
    game = get_game(session, game_id)
    if not visible(session, game, user_id):
        raise NotFound(f"There is no game {game_id}.")
    mine = sorted(s for s, h in holders(session, game.id).items() if h.user_id == user_id)
    return game, (mine[0] if mine else None)


def dice_events(session: Session, game: Game, seat: str | None) -> list[dict[str, Any]]:
    """``game.created``, the ``dice.*`` events and the orders (whose seat tells the turn of
    the rolls they caused), each as ``seat`` may see it."""
    if game.status == FORMING:
        return []
    ruleset = load_ruleset(game.ruleset_key)
    return [e for e in reading.redact_all(ruleset, log.load(session, game.id), seat,  # type: ignore[arg-type]
                                          reading.reveals(ruleset, game))
            if e["type"] in ("game.created", "order") or e["type"].startswith("dice.")]


def _game_round(context: dict[str, Any]) -> Any:
    if "game_round" in context:
        return context["game_round"]
    return None if "battle" in context else context.get("round")


def audit_rows(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One row per die of every ``dice.rolled`` event, in log order (``ROW_FIELDS``).

    ``turn`` is the context's ``turn`` (or ``power``) when the ruleset gives one, else the
    seat whose order caused the roll; ``roller`` is who rolled (e.g. the defender).
    """
    rows = []
    order_seat = None
    for event in events:
        if event["type"] == "order":
            order_seat = event.get("seat")
        if event["type"] != "dice.rolled":
            continue
        p = event["payload"]
        ctx = p.get("context") or {}
        turn = ctx.get("turn", ctx.get("power", order_seat or event.get("seat")))
        dice = p.get("dice") or [{} for _ in p.get("faces", [])]
        for index, (face, die) in enumerate(zip(p.get("faces", []), dice, strict=False)):
            target = die.get("target")
            rows.append({
                "seq": event["seq"], "period": p.get("period"),
                "game_round": _game_round(ctx), "turn": turn,
                "roller": ctx.get("roller", event.get("seat")),
                "battle": ctx.get("battle"),
                "battle_round": ctx.get("round") if "battle" in ctx else None,
                "step": ctx.get("step"),
                "low_luck": bool(ctx.get("low_luck", False)),
                "die": index, "unit": die.get("unit"), "sides": p.get("sides"),
                "target": target, "face": face,
                "hit": die.get("hit") if target is not None else None,
            })
    return rows


def shuffles(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The shuffles: seq, period, size, context and the order when the viewer may see it."""
    return [{"seq": e["seq"], "period": e["payload"].get("period"), "n": e["payload"].get("n"),
             "context": e["payload"].get("context") or {}, "order": e["payload"].get("order")}
            for e in events if e["type"] == "dice.shuffled"]


def _matches(value: Any, wanted: str | None) -> bool:
    return wanted in (None, "") or str(value) == wanted


def filter_rows(rows: list[dict[str, Any]], *, player: str | None = None,
                battle: str | None = None, round_: str | None = None) -> list[dict[str, Any]]:
    """Rows of one roller, one battle and one game round (``None`` or ``""``: any)."""
    return [r for r in rows if _matches(r["roller"], player) and _matches(r["battle"], battle)
            and _matches(r["game_round"], round_)]


def filter_choices(rows: list[dict[str, Any]]) -> dict[str, list[str]]:
    """The values each filter offers, in order of first appearance."""
    def distinct(key: str) -> list[str]:
        return list(dict.fromkeys(str(r[key]) for r in rows if r[key] is not None))

    return {"player": distinct("roller"), "battle": distinct("battle"),
            "round": distinct("game_round")}


def verify(session: Session, game: Game) -> DiceReport:
    """Recompute every revealed roll of the stored game (the whole, unredacted log)."""
    events = log.load(session, game.id)
    if not events:
        return DiceReport(True)
    return verify_dice(events)


def ledger_extract(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """What the JSON export carries for offline checking (``verify_dice(..., complete=False)``)."""
    return [e for e in events if e["type"] == "game.created" or e["type"].startswith("dice.")]


# -- published ledger links ---------------------------------------------------------------
def publish_ledger(session: Session, *, game_id: int, user_id: int | None) -> DiceLedgerLink:
    """A new read-only ledger link for the game (organiser only); commits."""
    game = get_game(session, game_id)
    require_organiser(game, user_id)
    if game.status == FORMING:
        raise BadRequest("The game has not started: it has no dice yet.")
    link = DiceLedgerLink(game_id=game.id, nonce=secrets.token_urlsafe(18),
                          created_by=game.organiser_id)
    session.add(link)
    session.commit()
    return link


def revoke_ledger(session: Session, *, game_id: int, user_id: int | None, link_id: int) -> None:
    """Revoke one published link (organiser only); commits."""
    game = get_game(session, game_id)
    require_organiser(game, user_id)
    link = session.get(DiceLedgerLink, link_id)
    if link is None or link.game_id != game.id:
        raise NotFound("There is no such ledger link for this game.")
    if link.revoked_at is None:
        link.revoked_at = utcnow()
        session.add(link)
        session.commit()


def active_links(session: Session, game_id: int) -> list[DiceLedgerLink]:
    return list(session.exec(
        select(DiceLedgerLink)
        .where(DiceLedgerLink.game_id == game_id, col(DiceLedgerLink.revoked_at).is_(None))
        .order_by(col(DiceLedgerLink.id))
    ))


def ledger_game(session: Session, *, game_id: int, nonce: str, max_age: timedelta | None = None,
                now: datetime | None = None) -> Game:
    """The game a (signature-checked) ledger token names, if its link is still published and,
    with ``max_age``, was published less than ``max_age`` ago (else ``Gone``, 410)."""
    link = session.exec(select(DiceLedgerLink).where(DiceLedgerLink.nonce == nonce)).first()
    if link is None or link.revoked_at is not None or link.game_id != game_id:
        raise NotFound("This ledger link is not valid (it may have been revoked).")
    if max_age is not None:
        published = link.created_at if link.created_at.tzinfo else link.created_at.replace(tzinfo=UTC)
        if (now or utcnow()) - published > max_age:
            raise Gone(_("This ledger link has expired. The organiser can publish a new one on "
                         "the game's dice page."))
    return get_game(session, game_id)
