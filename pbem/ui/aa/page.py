"""What the A&A section of the game page shows: the board, this turn's events, the battles with their
dice, and the order forms the engine's options allow (:func:`page_context`).

Everything comes from ``Ruleset.view(seat)``, ``legal_options`` and the engine's own queries
(``combat_round.candidates``, ``retreat.destinations``); events come redacted from the reader
(``pbem.services.reading``): this package never reads the database.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from typing import Any

from flask import url_for

from pbem.ui.aa import board_svg
from pbem.ui.aa.describe import CATALOG, count_text, phase_name, side_name, spaces_of, step_name, unit_names
from pbem.ui.base import Audience, GameReader
from pbem.ui.i18n import Translator


def js_strings(_: Translator) -> str:
    """The script's words, translated (JSON for ``<script type="application/json">``)."""
    return safe_json({
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
    })


def safe_json(value: Any) -> str:
    """JSON that can sit inside a ``<script>`` element (no ``<``, ``>`` or ``&``)."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def space_label(_: Translator) -> Any:
    """The accessible name of a space: ``label(name, owner_name, value)`` in the reader's language."""
    def label(name: str, owner: str, value: int) -> str:
        if owner and value:
            return _("%(space)s: %(owner)s, %(value)s IPCs", space=name, owner=owner, value=value)
        if owner:
            return _("%(space)s: %(owner)s", space=name, owner=owner)
        return name
    return label


_SVGS: OrderedDict[tuple[Any, ...], str] = OrderedDict()


def cached_svg(board: dict[str, Any], key: tuple[Any, ...], view: dict[str, Any], names: dict[str, str],
               _: Translator) -> str:
    """The board of this position for this viewer and language (a small per-process cache: a
    position never changes once its event is logged; ``key`` names game, seq, seat, language)."""
    if key not in _SVGS:
        _SVGS[key] = board_svg.board_svg(board, view, names, label=_("Board"), space_label=space_label(_),
                                         space_name=_)
        while len(_SVGS) > 32:
            _SVGS.popitem(last=False)
    _SVGS.move_to_end(key)
    return _SVGS[key]


def power_names(seats: list[dict[str, Any]], _: Translator) -> dict[str, str]:
    return {s["id"]: _(s["name"]) for s in seats}


def turn_events(read: GameReader) -> list[dict[str, Any]]:
    """The events of the current turn (since the latest ``aa.turn_started``), redacted for the reader."""
    start = read.last_seq_of("aa.turn_started")
    return read.events(after=max(start - 1, 0))


def battle_reports(_: Translator, events: list[dict[str, Any]], types: dict[int, str]) -> list[dict[str, Any]]:
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
                                  "attackers": count_text(_, _counts(p["attackers"])),
                                  "defenders": count_text(_, _counts(p["defenders"]))})
        elif t == "dice.rolled" and (p.get("context") or {}).get("battle") in reports:
            rolled[p["context"]["battle"]] = {"seq": e["seq"], "dice": [
                {"face": d.get("face"), "hit": d.get("hit"), "unit": d.get("unit"), "target": d.get("target")}
                for d in p.get("dice", [])]}
        elif t == "aa.battle_hits" and p["place"] in reports:
            dice = rolled.pop(p["place"], {"seq": None, "dice": []})
            reports[p["place"]]["rounds"][-1]["steps"].append(
                {"step": step_name(_, p.get("step", "")), "side": side_name(_, p.get("side", "")),
                 "hits": p.get("total", 0), "low_luck": p.get("low_luck"), **dice})
        elif t == "aa.casualties" and p["place"] in reports:
            lost = _counts([{"type": types.get(i, "unit")} for i in p.get("destroyed", [])])
            reports[p["place"]]["rounds"][-1]["casualties"].append(
                {"side": side_name(_, p["side"]), "lost": count_text(_, lost),
                 "damaged": len(p.get("damaged", [])), "by": p.get("by")})
        elif t == "aa.battle_ended" and p["place"] in reports:
            reports[p["place"]]["ended"] = side_name(_, p.get("winner", ""))
    return list(reports.values())


def _counts(units: list[dict[str, Any]]) -> dict[str, int]:
    out: dict[str, int] = {}
    for u in units:
        out[u["type"]] = out.get(u["type"], 0) + 1
    return out


def combat_forms(rs: Any, view: dict[str, Any], seat: str, legal: dict[str, Any]) -> dict[str, Any]:
    """Battles the attacker may fight now (with retreat destinations, the engine's ``retreat``
    query) and an owed casualty choice (the pending side's units, from ``view["battle_sides"]``)."""
    battles = []
    for b in legal.get("battles") or []:
        retreat = rs.query(view, seat, "retreat", {"place": b["place"]})
        battles.append({**b, "retreat_to": retreat["to"], "may_retreat": retreat["may_retreat"],
                        "subs": retreat["submarines"]})
    casualties = None
    place = legal.get("owed_casualties")
    if place:
        rec = view["battles"][place]
        pending = rec["pending"]
        aside = set(rec.get("set_aside", []))
        ids = set(view.get("battle_sides", {}).get(place, {}).get(pending["side"], [])) - aside
        units = [u for u in view["units"].get(place, []) if u["id"] in ids]
        casualties = {"place": place, "hits": sum(pending["hits"].values()),
                      "units": [{"id": u["id"], "type": u["type"], "twice": rs.data.units[u["type"]].two_hit
                                 and not u.get("hits")} for u in units]}
    return {"battles": battles, "casualties": casualties}


def page_context(ui: Any, game: dict[str, Any], read: GameReader, language: str) -> dict[str, Any]:
    """The A&A section's context, from the game page's context ``game``."""
    rs = read.ruleset
    _ = CATALOG.bind(language)
    view = game["view"] or {}
    seat = game["viewer_seats"][0] if game["viewer_seats"] else None
    names = power_names(game["seats"], _)
    legal = game.get("legal_options") or {}
    owes = any(o["seat"] == seat for o in game["owed"])
    events = turn_events(read)
    story = ui.story(rs, Audience(language, seat, {s["id"]: s["name"] for s in game["seats"]}), view)
    story.learn(events)
    here: dict[str, list[str]] = {}
    log = []
    for e in events:
        if story.quiet(e):
            continue
        text = story.line(e)
        log.append({"seq": e["seq"], "text": text})
        if e["type"] not in ("dice.rolled", "aa.battle_hits"):
            for space in spaces_of(e):
                here.setdefault(space, []).append(text)
    board = board_svg.board_for(rs)
    data = board["spaces"]
    units = unit_names(language)
    spaces = {name: {"kind": sp["kind"], "value": sp["value"], "owner": view.get("owners", {}).get(name),
                     "capital": bool(sp["capital_of"]), "factory": sp["factory"],
                     "units": [{k: u[k] for k in ("id", "type", "owner", "hits") if k in u}
                               | ({"aboard": u["aboard"]} if "aboard" in u else {})
                               for u in view.get("units", {}).get(name, [])],
                     "events": here.get(name, [])}
              for name, sp in data.items()}
    phase = view.get("phase")
    active = bool(seat and owes and game["status"] == "active")
    forms = combat_forms(rs, view, seat, legal) if active and seat and phase == "combat" else {}
    capital = next((sp["label"] for sp in data.values() if sp["capital_of"] == view.get("power")), None)
    script = {"game": game["id"], "focus": capital, "seat": seat, "phase": phase, "power": view.get("power"),
              "active": active,
              "moving": active and phase in ("combat_move", "noncombat_move"), "last_seq": game["last_seq"],
              "names": names, "spaces": spaces, "units": {t: n[0] for t, n in units.items()},
              "urls": {"orders": url_for("api.submit", game_id=game["id"]),
                       "reachable": url_for("board.query", game_id=game["id"], name="reachable"),
                       "game": url_for("play.game", game_id=game["id"])}}
    svg_key = (game.get("cache_key"), game["id"], game["last_seq"], seat, language, tuple(sorted(names.items())))
    return {
        "amphibious": amphibious(board, view) if active and phase == "combat_move" else {},
        "svg": cached_svg(board, svg_key, view, names, _),
        "names": names, "seat": seat, "phase": phase, "phase_name": phase_name(_, phase),
        "power": view.get("power"), "round": view.get("round"), "ipcs": view.get("ipcs", {}),
        "active": active, "legal": legal, "requirements": legal.get("phase_requirements") or [],
        "purchase": legal.get("purchase"), "mobilize": legal.get("mobilize"),
        "combat": forms, "battles": battle_reports(_, events, story.types),
        "log": log,
        "unit_names": units, "symbols": board_svg.SYMBOLS, "script": safe_json(script), "strings": js_strings(_),
        "space_lines": [(name, names.get(sp["owner"] or "", ""),
                         ", ".join(f"{units.get(u['type'], (u['type'],))[0]} #{u['id']} "
                                   f"({names.get(u['owner'], u['owner'])})"
                                   for u in sp["units"])) for name, sp in spaces.items() if sp["units"]],
        "production": view.get("production") or {},
    }


def amphibious(board: dict[str, Any], view: dict[str, Any]) -> dict[str, Any]:
    """Sea zones where the active power has loaded transports, with the land spaces next to them."""
    power, out = view.get("power"), {}
    data = board["spaces"]
    for zone, units in view.get("units", {}).items():
        loaded = {u["aboard"] for u in units if "aboard" in u and u["owner"] == power}
        transports = [u["id"] for u in units if u["id"] in loaded and u["owner"] == power]
        if transports:
            targets = [s for s in board_svg.adjacency(board).get(zone, []) if data.get(s, {}).get("kind") == "land"]
            out[zone] = {"transports": transports, "targets": targets}
    return out
