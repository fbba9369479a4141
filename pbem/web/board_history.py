"""History of an A&A game: "since your last turn", the board at any past event (a stepper), the log
grouped by round and turn with links to the dice audit, and a chart of production and IPCs by round.

The board at event ``seq`` is rebuilt from the log prefix (the newest snapshot at or before ``seq``
plus the events after it, else a replay from the start) and shown through ``Ruleset.view(seat)``;
every event passes through ``Ruleset.event_view(event, seat)`` before it is described.
"""

from __future__ import annotations

import copy
import json
from typing import Any

from flask import Blueprint, abort, jsonify, render_template, request
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from sqlmodel import col, select

from pbem.engine import Game as EngineGame
from pbem.engine import load_ruleset
from pbem.store import snapshots
from pbem.store.models.games import Event
from pbem.web import board_page, board_svg, board_text
from pbem.web.db import db_session
from pbem.web.play import load_view

BOARD_TYPES = ("aa.", "dice.rolled")


def _rows(game_id: int, after: int = 0, upto: int | None = None) -> list[dict[str, Any]]:
    stmt = select(Event).where(Event.game_id == game_id, Event.seq > after)
    if upto is not None:
        stmt = stmt.where(Event.seq <= upto)
    return [{"seq": r.seq, "seat": r.seat, "type": r.type, "v": r.v, "payload": json.loads(r.payload)}
            for r in db_session().exec(stmt.order_by(col(Event.seq)))]


def state_at(game_row: Any, seq: int) -> dict[str, Any]:
    """The engine state just after event ``seq`` (snapshot + later events, else a prefix replay)."""
    rs = load_ruleset(game_row.ruleset_key)
    found = snapshots._parsed(db_session(), game_row.id, seq)
    if found is not None and found[1] == rs.version:
        try:
            return EngineGame.from_snapshot(rs, found[2], _rows(game_row.id, found[0], seq)).state
        except (ValueError, KeyError, TypeError):
            pass
    return rs.replay(_rows(game_row.id, 0, seq)).state


def since_last_turn(game_id: int, my_seats: list[str]) -> int:
    """The first event after the viewer's latest order that others' orders followed."""
    rows = db_session().exec(select(Event.seq, Event.seat).where(
        Event.game_id == game_id, col(Event.type).in_(("order", "undo"))).order_by(col(Event.seq).desc())).all()
    seen_others = False
    for seq, seat in rows:
        if seat in my_seats and seen_others:
            return seq + 1
        if seat not in my_seats:
            seen_others = True
    return 1  # never acted before the others: everything


def visible_events(rs: Any, rows: list[dict[str, Any]], seat: str | None) -> list[dict[str, Any]]:
    return [e for e in (rs.event_view(r, seat) for r in rows) if e is not None]


def grouped_log(rs: Any, events: list[dict[str, Any]], names: dict[str, str], first_label: str,
                game_id: int) -> list[dict[str, Any]]:
    """Events in groups per round and turn; each line with its seq and, for a roll, a dice-audit link."""
    from flask import url_for

    types: dict[int, str] = {}
    groups = [{"label": first_label, "lines": []}]
    for e in events:
        p = e["payload"]
        if e["type"] == "aa.turn_started":
            groups.append({"label": board_text.describe(e, rs, names, types), "lines": []})
            continue
        if e["type"] == "aa.battle_round":
            types.update({u["id"]: u["type"] for u in p["attackers"] + p["defenders"]})
        if e["type"] in ("order", "dice.committed", "dice.revealed", "aa.battle_hits"):
            continue
        line = {"seq": e["seq"], "text": board_text.describe(e, rs, names, types), "dice": None,
                "faces": p.get("faces") if e["type"] == "dice.rolled" else None}
        if e["type"] == "dice.rolled":
            ctx = p.get("context") or {}
            line["dice"] = url_for("dice.page", game_id=game_id, battle=ctx.get("battle"), round=ctx.get("game_round"))
            line["hits"] = [d.get("hit") for d in p.get("dice", [])]
        groups[-1]["lines"].append(line)
    return [g for g in groups if g["lines"]]


def chart(rs: Any, rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Production and IPCs of each power after each income collection, by round (one replay)."""
    points: dict[int, dict[str, Any]] = {}
    proxy = copy.copy(rs)

    def evolve(state: dict[str, Any], event: dict[str, Any]) -> None:
        rs.evolve(state, event)
        if event["type"] == "aa.income_collected":
            power = event["payload"]["power"]
            points[event["seq"]] = {"round": state["round"], "power": power, "ipcs": state["ipcs"][power],
                                    "production": event["payload"]["amount"]}

    proxy.evolve = evolve  # type: ignore[method-assign]
    if rows:
        EngineGame.replay(proxy, rows)
    rounds = sorted({p["round"] for p in points.values()})
    series: dict[str, dict[int, dict[str, int]]] = {}
    for p in points.values():
        series.setdefault(p["power"], {})[p["round"]] = {"ipcs": p["ipcs"], "production": p["production"]}
    return {"rounds": rounds, "series": series, "svg": _chart_svg(rounds, series)}


def _chart_svg(rounds: list[int], series: dict[str, dict[int, dict[str, int]]]) -> dict[str, Any]:
    """Polylines for the template (viewBox 0 0 400 200): one per power and measure."""
    top = max([v[k] for s in series.values() for v in s.values() for k in ("ipcs", "production")] or [1])
    n = max(len(rounds) - 1, 1)
    lines = []
    for power, by_round in series.items():
        for measure in ("production", "ipcs"):
            pts = " ".join(f"{30 + 360 * i / n:.0f},{190 - 170 * by_round[r][measure] / top:.0f}"
                           for i, r in enumerate(rounds) if r in by_round)
            lines.append({"power": power, "measure": measure, "points": pts})
    return {"lines": lines, "top": top}


def frame(data: dict[str, Any], at: int) -> dict[str, Any]:
    rs = load_ruleset(data["ruleset"])
    view = rs.view(state_at(data["game"], at), data["seat"])
    names = {s["id"]: s["name"] for s in data["seats"]}
    owners = view.get("owners", {})
    labels = {name: board_page.space_label(name, names.get(owners.get(name) or "", ""), sp["value"])
              for name, sp in board_svg.board_data()["spaces"].items()}
    return {"view": view, "names": names, "owners": owners, "labels": labels, "round": view.get("round"),
            "power": names.get(view.get("power", ""), ""), "marks": board_svg.marks_svg(view)}


def _at(data: dict[str, Any], default: int | None = None) -> int:
    """The event to show the board at (``?at=``; by default ``default``, else the latest)."""
    fallback = data["last_seq"] if default is None else default
    try:
        return max(1, min(int(request.args.get("at", fallback)), data["last_seq"]))
    except ValueError:
        return max(1, min(fallback, data["last_seq"]))


def history(game_id: int) -> ResponseReturnValue:
    data = load_view(game_id, request.args.get("seat") or None)
    if data["ruleset"] != "aa1941" or data["view"] is None:
        abort(404)
    rs = load_ruleset(data["ruleset"])
    start = since_last_turn(game_id, data["my_seats"])
    try:
        start = max(1, int(request.args.get("from", start)))
    except ValueError:
        pass
    at = _at(data, start - 1)  # "since your last turn" begins with the board as you left it
    rows = _rows(game_id)
    events = visible_events(rs, [r for r in rows if r["seq"] >= start], data["seat"])
    steps = [e["seq"] for e in events if e["type"].startswith(BOARD_TYPES)]
    fr = frame(data, at)
    before = [r for r in rows if r["seq"] < start and r["type"] == "aa.turn_started"]
    first = board_text.describe(before[-1], rs, fr["names"], {}) if before else _("Start of the game")
    prev = max([s for s in steps if s < at] or [start - 1 if start > 1 else 1])
    nxt = min([s for s in steps if s > at] or [data["last_seq"]])
    svg = board_svg.board_svg(fr["view"], fr["names"], label=_("Board at event %(seq)s", seq=at),
                              space_label=board_page.space_label)
    return render_template("board/history.html", data=data, at=at, start=start, steps=steps, prev=prev, nxt=nxt,
                           svg=svg, frame=fr, groups=grouped_log(rs, events, fr["names"], first, game_id),
                           chart=chart(rs, rows), symbols=board_svg.SYMBOLS,
                           unit_names=board_text.unit_names())


def history_frame(game_id: int) -> ResponseReturnValue:
    data = load_view(game_id, request.args.get("seat") or None)
    if data["ruleset"] != "aa1941" or data["view"] is None:
        abort(404)
    fr = frame(data, _at(data))
    return jsonify({k: fr[k] for k in ("owners", "labels", "marks", "round", "power")} | {"at": _at(data)})


def register(bp: Blueprint) -> None:
    bp.add_url_rule("/games/<int:game_id>/history", "history", history)
    bp.add_url_rule("/games/<int:game_id>/history/frame", "history_frame", history_frame)
