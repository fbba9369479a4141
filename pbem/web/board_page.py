"""What the A&A partial of the game page shows: the board, this turn's events, the battles with their
dice, and the order forms the engine's options allow (``aa_page(game)`` in templates).

Everything comes from ``Ruleset.view(seat)``, ``legal_options`` and the engine's own queries
(``combat_round.candidates``, ``retreat.destinations``); events pass through ``event_view``.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from typing import Any

from flask import url_for
from flask_babel import get_locale
from flask_babel import gettext as _
from sqlmodel import col, func, select

from pbem.engine import load_ruleset
from pbem.store.models.games import Event
from pbem.web import board_svg, board_text
from pbem.web.db import db_session


def js_strings() -> str:
    """The script's words, translated (JSON for ``<script type="application/json">``)."""
    return board_text.per_locale("js", lambda: safe_json({
        "owner": _("Owner"),
        "value": _("Production value"),
        "units": _("Units"),
        "none": _("none"),
        "neutral": _("neutral"),
        "sea": _("sea zone"),
        "capital": _("capital"),
        "factory": _("industrial complex"),
        "happened": _("This turn here"),
        "pick": _("Units to move"),
        "where": _("Where can they go?"),
        "all": _("Select all"),
        "nowhere": _("These units can go nowhere now."),
        "choose": _("Choose where to go (on the map or here):"),
        "send": _("Send the move"),
        "cancel": _("Cancel"),
        "moving": _("Move {n} unit(s) to {to} via {route}: {ends}"),
        "cost": _("movement points"),
        "sending": _("Sending…"),
        "failed": _("The server could not be reached."),
        "ends_battle": _("a battle will be fought there"),
        "ends_capture": _("takes the territory (no defenders)"),
        "ends_blitz": _("a tank blitz through an empty territory"),
        "ends_load": _("loads onto a transport"),
        "ends_unload": _("unloads from the transport"),
        "ends_amphibious": _("sea zone for an amphibious assault (declare it afterwards)"),
        "ends_landing_needed": _("air units: they must still be able to land"),
        "ends_landing": _("air units land there"),
        "ends_move": _("a move, no battle"),
        "landing": _("landing plan"),
        "aboard": _("aboard"),
        "damaged": _("damaged")
    }))


def safe_json(value: Any) -> str:
    """JSON that can sit inside a ``<script>`` element (no ``<``, ``>`` or ``&``)."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def space_label(name: str, owner: str, value: int) -> str:
    if owner and value:
        return _("%(space)s: %(owner)s, %(value)s IPCs", space=name, owner=owner, value=value)
    if owner:
        return _("%(space)s: %(owner)s", space=name, owner=owner)
    return name


_SVGS: OrderedDict[tuple[Any, ...], str] = OrderedDict()


def cached_svg(game: dict[str, Any], seat: str | None, view: dict[str, Any], names: dict[str, str]) -> str:
    """The board of this position for this viewer and language (a small per-process cache: a
    position never changes once its event is logged)."""
    key = (str(db_session().get_bind().url), game["id"], game["last_seq"], seat, str(get_locale()),
           tuple(sorted(names.items())))
    if key not in _SVGS:
        _SVGS[key] = board_svg.board_svg(view, names, label=_("Board"), space_label=space_label)
        while len(_SVGS) > 32:
            _SVGS.popitem(last=False)
    _SVGS.move_to_end(key)
    return _SVGS[key]


def power_names(seats: list[dict[str, Any]]) -> dict[str, str]:
    return {s["id"]: s["name"] for s in seats}


def turn_events(game_id: int, ruleset: Any, seat: str | None) -> list[dict[str, Any]]:
    """The events of the current turn (since the latest ``aa.turn_started``), redacted for ``seat``."""
    session = db_session()
    start = session.exec(select(func.max(Event.seq)).where(
        Event.game_id == game_id, Event.type == "aa.turn_started")).one() or 0
    rows = session.exec(select(Event).where(Event.game_id == game_id, Event.seq >= start)
                        .order_by(col(Event.seq))).all()
    out = []
    for row in rows:
        event = ruleset.event_view({"seq": row.seq, "seat": row.seat, "type": row.type, "v": row.v,
                                    "payload": json.loads(row.payload)}, seat)
        if event is not None:
            out.append(event)
    return out


def unit_types(view: dict[str, Any]) -> dict[int, str]:
    return {u["id"]: u["type"] for units in view.get("units", {}).values() for u in units}


def battle_reports(events: list[dict[str, Any]], types: dict[int, str]) -> list[dict[str, Any]]:
    """Per battle of the turn: its rounds, each firing step's dice (faces, hits) and the casualties."""
    reports: dict[str, dict[str, Any]] = {}
    rolled: dict[str, dict[str, Any]] = {}
    for e in events:
        t, p = e["type"], e["payload"]
        if t == "aa.battle_round":
            for u in p["attackers"] + p["defenders"]:
                types.setdefault(u["id"], u["type"])
            rep = reports.setdefault(p["place"], {"place": p["place"], "rounds": [], "ended": None})
            rep["rounds"].append({"round": p["round"], "steps": [], "casualties": [],
                                  "attackers": board_text.count_text(_counts(p["attackers"])),
                                  "defenders": board_text.count_text(_counts(p["defenders"]))})
        elif t == "dice.rolled" and (p.get("context") or {}).get("battle") in reports:
            rolled[p["context"]["battle"]] = {"seq": e["seq"], "dice": [
                {"face": d.get("face"), "hit": d.get("hit"), "unit": d.get("unit"), "target": d.get("target")}
                for d in p.get("dice", [])]}
        elif t == "aa.battle_hits" and p["place"] in reports:
            dice = rolled.pop(p["place"], {"seq": None, "dice": []})
            reports[p["place"]]["rounds"][-1]["steps"].append(
                {"step": board_text.step_name(p.get("step", "")), "side": board_text.side_name(p.get("side", "")),
                 "hits": p.get("total", 0), "low_luck": p.get("low_luck"), **dice})
        elif t == "aa.casualties" and p["place"] in reports:
            lost = _counts([{"type": types.get(i, "?")} for i in p.get("destroyed", [])])
            reports[p["place"]]["rounds"][-1]["casualties"].append(
                {"side": board_text.side_name(p["side"]), "lost": board_text.count_text(lost),
                 "damaged": len(p.get("damaged", [])), "by": p.get("by")})
        elif t == "aa.battle_ended" and p["place"] in reports:
            reports[p["place"]]["ended"] = board_text.side_name(p.get("winner", ""))
    return list(reports.values())


def _counts(units: list[dict[str, Any]]) -> dict[str, int]:
    out: dict[str, int] = {}
    for u in units:
        out[u["type"]] = out.get(u["type"], 0) + 1
    return out


def combat_forms(rs: Any, state: dict[str, Any], legal: dict[str, Any]) -> dict[str, Any]:
    """Battles the attacker may fight now (with retreat destinations) and an owed casualty choice."""
    from pbem.games.aa import combat_round, retreat

    battles = []
    for b in legal.get("battles") or []:
        rec = state["battles"][b["place"]]
        moving = retreat.movers(rs, state, rec)[0]
        subs = [u["id"] for u in combat_round.side_units(rs, state, rec, "attacker") if u["type"] == "submarine"]
        battles.append({**b, "retreat_to": retreat.destinations(rs, state, rec, moving) if rec["round"] else [],
                        "may_retreat": bool(rec["round"]), "subs": subs})
    casualties = None
    place = legal.get("owed_casualties")
    if place:
        rec = state["battles"][place]
        pending = rec["pending"]
        cands = combat_round.candidates(rs, state, rec, pending["side"])
        casualties = {"place": place, "hits": sum(pending["hits"].values()),
                      "units": [{"id": u["id"], "type": u["type"], "twice": u["type"] == "battleship"
                                 and not u.get("hits")} for u in cands]}
    return {"battles": battles, "casualties": casualties}


def aa_page(game: dict[str, Any]) -> dict[str, Any]:
    """The A&A partial's context, from the game page's context ``game``."""
    rs = load_ruleset(game["ruleset_key"])
    view = game["view"] or {}
    seat = game["viewer_seats"][0] if game["viewer_seats"] else None
    names = power_names(game["seats"])
    legal = game.get("legal_options") or {}
    owes = any(o["seat"] == seat for o in game["owed"])
    events = turn_events(game["id"], rs, seat)
    types = unit_types(view)
    here: dict[str, list[str]] = {}
    log = []
    for e in events:
        if e["type"] == "order":
            continue
        text = board_text.describe(e, rs, names, types)
        log.append({"seq": e["seq"], "text": text})
        if e["type"] not in ("dice.rolled", "aa.battle_hits"):
            for space in board_text.spaces_of(e):
                here.setdefault(space, []).append(text)
    data = board_svg.board_data()
    units = board_text.unit_names()
    spaces = {name: {"kind": sp["kind"], "value": sp["value"], "owner": view.get("owners", {}).get(name),
                     "capital": bool(sp["capital_of"]), "factory": sp["factory"],
                     "units": [{k: u[k] for k in ("id", "type", "owner", "hits") if k in u}
                               | ({"aboard": u["aboard"]} if "aboard" in u else {})
                               for u in view.get("units", {}).get(name, [])],
                     "events": here.get(name, [])}
              for name, sp in data["spaces"].items()}
    phase = view.get("phase")
    active = bool(seat and owes and game["status"] == "active")
    forms = combat_forms(rs, _full_state(rs, game), legal) if active and phase == "combat" else {}
    capital = next((sp["label"] for sp in data["spaces"].values() if sp["capital_of"] == view.get("power")), None)
    script = {"game": game["id"], "focus": capital, "seat": seat, "phase": phase, "power": view.get("power"),
              "active": active,
              "moving": active and phase in ("combat_move", "noncombat_move"), "last_seq": game["last_seq"],
              "names": names, "spaces": spaces, "units": {t: n[0] for t, n in units.items()},
              "urls": {"orders": url_for("api.submit", game_id=game["id"]),
                       "reachable": url_for("board.reachable_units", game_id=game["id"]),
                       "game": url_for("play.game", game_id=game["id"])}}
    return {
        "amphibious": amphibious(view) if active and phase == "combat_move" else {},
        "svg": cached_svg(game, seat, view, names),
        "names": names, "seat": seat, "phase": phase, "phase_name": board_text.phase_names().get(phase or "", phase),
        "power": view.get("power"), "round": view.get("round"), "ipcs": view.get("ipcs", {}),
        "active": active, "legal": legal, "requirements": legal.get("phase_requirements") or [],
        "purchase": legal.get("purchase"), "mobilize": legal.get("mobilize"),
        "combat": forms, "battles": battle_reports(events, types),
        "log": log,
        "unit_names": units, "symbols": board_svg.SYMBOLS, "script": safe_json(script), "strings": js_strings(),
        "space_lines": [(name, names.get(sp["owner"] or "", ""),
                         ", ".join(f"{units[u['type']][0]} #{u['id']} ({names.get(u['owner'], u['owner'])})"
                                   for u in sp["units"])) for name, sp in spaces.items() if sp["units"]],
        "production": production(rs, view),
    }


def amphibious(view: dict[str, Any]) -> dict[str, Any]:
    """Sea zones where the active power has loaded transports, with the land spaces next to them."""
    power, out = view.get("power"), {}
    data = board_svg.board_data()["spaces"]
    for zone, units in view.get("units", {}).items():
        loaded = {u["aboard"] for u in units if "aboard" in u and u["owner"] == power}
        transports = [u["id"] for u in units if u["id"] in loaded and u["owner"] == power]
        if transports:
            targets = [s for s in board_svg.adjacency().get(zone, []) if data.get(s, {}).get("kind") == "land"]
            out[zone] = {"transports": transports, "targets": targets}
    return out


def production(rs: Any, view: dict[str, Any]) -> dict[str, int]:
    """Each power's national production level now (the engine's ``economy.production_level``)."""
    from pbem.games.aa.economy import production_level

    if not view.get("owners"):
        return {}
    return {power: production_level(rs, view, power) for power in rs.power_names}


def _full_state(rs: Any, game: dict[str, Any]) -> dict[str, Any]:
    """The attacker's own view: the combat queries read battles and units (open information)."""
    return game["view"]
