"""The VICTORY section of the game page: the map, the player's blocks, the forms of every decision
the seat owes (built from ``legal_options``), the battle being fought round by round, and this
player-turn's events. Everything comes from the redacted view and events (``GameReader``)."""

from __future__ import annotations

import json
from collections import OrderedDict
from typing import Any

from flask import url_for

from pbem.ui.base import Audience, GameReader
from pbem.ui.i18n import Translator
from pbem.ui.victory import board_svg
from pbem.ui.victory.describe import CATALOG, MODES, TARGETS, kind_name, side_name, unit

_SVGS: OrderedDict[tuple[Any, ...], str] = OrderedDict()


def safe_json(value: Any) -> str:
    """JSON that can sit inside a ``<script>`` element."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def place_name(scenario: dict[str, Any], h: str) -> str:
    for rec in scenario["map"].get("cities", []) + scenario["map"].get("towns", []):
        if rec["hex"] == h:
            return f"{h} {rec['name']}"
    return h


def labels(_: Translator, scenario: dict[str, Any], names: dict[str, str]) -> tuple[Any, Any]:
    def block_label(b: dict[str, Any], h: str) -> str:
        side = names.get(b["side"], side_name(_, b["side"]))
        if b.get("type"):
            return _(
                "%(side)s %(unit)s, %(steps)s steps, at %(hex)s",
                side=side,
                unit=unit(_, b["type"]),
                steps=b.get("steps"),
                hex=h,
            )
        return _("%(side)s block (hidden) at %(hex)s", side=side, hex=h)

    def hex_label(h: str) -> str:
        return place_name(scenario, h)

    return block_label, hex_label


def svg_for(key: tuple[Any, ...], view: dict[str, Any], _: Translator, names: dict[str, str]) -> str:
    """The map of this position for this viewer and language (a small per-process cache)."""
    if key not in _SVGS:
        block_label, hex_label = labels(_, view["scenario"], names)
        _SVGS[key] = board_svg.board_svg(view["scenario"], view, _, block_label, hex_label)
        while len(_SVGS) > 32:
            _SVGS.popitem(last=False)
    _SVGS.move_to_end(key)
    return _SVGS[key]


def production_points(view: dict[str, Any]) -> dict[str, int]:
    control = view.get("control") or {}
    pp = {"blue": 0, "red": 0}
    for c in view["scenario"]["map"].get("cities", []):
        side = control.get(c["hex"])
        if side in pp:
            pp[side] += int(c["pp"])
    return pp


def battle_reports(story: Any, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each battle of the events, round by round: its sentences (fire with the dice, hits, retreats)."""
    reports: dict[str, dict[str, Any]] = {}
    current: dict[str, int] = {}
    for e in events:
        p = e.get("payload") or {}
        hex_ = p.get("hex")
        if not e["type"].startswith("vic.") or not hex_:
            continue
        if e["type"] == "vic.battle_started":
            reports[hex_] = {"hex": hex_, "start": story.line(e), "rounds": [], "end": None}
            current[hex_] = 0
            continue
        if hex_ not in reports or story.quiet(e):
            continue
        rep = reports[hex_]
        if e["type"] == "vic.battle_ended":
            rep["end"] = story.line(e)
            continue
        rnd = int(p.get("round") or current[hex_] or 1)
        current[hex_] = rnd
        while len(rep["rounds"]) < rnd:
            rep["rounds"].append({"round": len(rep["rounds"]) + 1, "lines": []})
        rep["rounds"][rnd - 1]["lines"].append(story.line(e))
    return list(reports.values())


def own_blocks(_: Translator, view: dict[str, Any]) -> list[dict[str, Any]]:
    sc = view["scenario"]
    return [
        {
            "id": bid,
            "text": _(
                "%(unit)s %(block)s, %(steps)s steps, at %(hex)s",
                unit=unit(_, b["type"]),
                block=bid,
                steps=b["steps"],
                hex=place_name(sc, b["hex"]),
            ),
            "unsupplied": bool(b.get("unsupplied")),
        }
        for bid, b in sorted((view.get("blocks") or {}).items())
    ]


def action_label(_: Translator, a: dict[str, Any]) -> str:
    kind = a.get("action")
    if kind == "fire":
        return _("fire at %(target)s targets", target=_(TARGETS.get(a.get("target", ""), "ground")))
    if kind == "retreat":
        return _("retreat to %(to)s", to=a.get("to"))
    if kind == "abort":
        return _("abort the drop, back to %(to)s", to=a.get("to"))
    if kind == "land":
        return _("land")
    return _("hold (cannot fire)")


def action_value(a: dict[str, Any]) -> str:
    return "|".join(str(a.get(k) or "") for k in ("action", "target", "to"))


def move_value(bid: str, m: dict[str, Any]) -> str:
    return "|".join([bid, m["mode"], ",".join(m["path"]), m.get("onto") or ""])


def forms(_: Translator, view: dict[str, Any], legal: dict[str, Any]) -> dict[str, Any]:
    """What the template's forms list, per kind owed."""
    blocks = view.get("blocks") or {}

    def name(bid: str) -> str:
        b = blocks.get(bid)
        return (
            _(
                "%(unit)s %(block)s (%(steps)s) at %(hex)s",
                unit=unit(_, b["type"]),
                block=bid,
                steps=b["steps"],
                hex=b["hex"],
            )
            if b
            else bid
        )

    out: dict[str, Any] = {"owed": legal.get("owed") or []}
    if "move" in out["owed"]:
        out["moves"] = [
            {
                "block": bid,
                "name": name(bid),
                "options": [
                    {
                        "value": move_value(bid, m),
                        "text": _(
                            "%(to)s by %(mode)s%(battle)s",
                            to=m["to"],
                            mode=_(MODES.get(m["mode"], m["mode"])),
                            battle=_(", battle") if m["battle"] else "",
                        ),
                    }
                    for m in ms
                ],
            }
            for bid, ms in sorted((legal.get("moves") or {}).items())
            if ms
        ]
        out["restart"] = legal.get("restart") or []
    if "air_cover" in out["owed"]:
        out["cover"] = [{"block": bid, "name": name(bid), "hexes": hs} for bid, hs in sorted(legal["cover"].items())]
    if "act" in out["owed"]:
        out["actors"] = [
            {
                "block": a["block"],
                "name": f"{a['alias']} · {name(a['block'])}",
                "actions": [{"value": action_value(x), "text": action_label(_, x)} for x in a["actions"]],
            }
            for a in legal.get("actors") or []
        ]
    if "take_hit" in out["owed"]:
        out["tied"] = [{"block": bid, "name": name(bid)} for bid in legal.get("tied") or []]
    if "retreat_all" in out["owed"]:
        out["retreats"] = [
            {"block": bid, "name": name(bid), "hexes": hs} for bid, hs in sorted((legal.get("retreats") or {}).items())
        ]
        out["blockade"] = bool(legal.get("blockade"))
    if "rebase" in out["owed"]:
        out["bases"] = [{"block": bid, "name": name(bid), "hexes": hs} for bid, hs in sorted(legal["bases"].items())]
    if "end_turn" in out["owed"]:
        out["beachheads"], out["cancel"] = legal.get("beachheads") or [], legal.get("cancel") or []
    if "produce" in out["owed"]:
        prod = legal.get("production") or {"cities": {}, "pool": {}}
        out["production"] = [
            {
                "city": h,
                "name": place_name(view["scenario"], h),
                "pp": c["pp"],
                "new": [{"type": t, "text": unit(_, t), "left": prod["pool"].get(t, 0)} for t in c["new"]],
                "blocks": [
                    {"block": bid, "name": name(bid), "room": 4 - blocks[bid]["steps"]}
                    for bid in c["blocks"]
                    if bid in blocks
                ],
            }
            for h, c in sorted(prod["cities"].items())
        ]
    if "deploy" in out["owed"]:
        out["deploy"] = {
            "free": bool(legal.get("free")),
            "bases": [{"hex": h, "name": place_name(view["scenario"], h)} for h in legal.get("bases") or []],
            "blocks": [{"block": bid, "name": name(bid), "hex": b["hex"]} for bid, b in sorted(blocks.items())],
        }
    return out


def js_strings(_: Translator) -> str:
    return safe_json(
        {
            "pick": _("Select one of your blocks on the map (or in the list below the map)."),
            "selected": _("Selected: %(block)s. Click a highlighted hex to move it there."),
            "nowhere": _("This block cannot move now."),
            "choose": _("Several ways to reach %(hex)s:"),
            "send": _("Move"),
            "cancel": _("Cancel"),
            "sending": _("Sending…"),
            "failed": _("The server could not be reached."),
            "battle": _("battle"),
            "modes": {k: _(v) for k, v in MODES.items()},
        }
    )


def page_context(ui: Any, game: dict[str, Any], read: GameReader, language: str) -> dict[str, Any]:
    _ = CATALOG.bind(language)
    view = game["view"] or {}
    seat = game["viewer_seats"][0] if game["viewer_seats"] else None
    names = {s["id"]: _(s["name"]) for s in game["seats"]}
    legal = game.get("legal_options") or {}
    active = bool(seat and any(o["seat"] == seat for o in game["owed"]) and game["status"] == "active")
    start = read.last_seq_of("vic.player_turn") or read.last_seq_of("vic.production_started")
    events = read.events(after=max(start - 1, 0))
    story = ui.story(read.ruleset, Audience(language, seat, {s["id"]: s["name"] for s in game["seats"]}), view)
    story.learn(events)
    log = [{"seq": e["seq"], "text": story.line(e)} for e in events if not story.quiet(e)]
    key = (game.get("cache_key"), game["id"], game["last_seq"], seat, language)
    moves = {bid: ms for bid, ms in (legal.get("moves") or {}).items() if ms} if active else {}
    script = {
        "seat": seat,
        "last_seq": game["last_seq"],
        "moves": moves,
        "urls": {"orders": url_for("api.submit", game_id=game["id"])},
    }
    battle = view.get("battle")
    sc = view.get("scenario") or {}
    return {
        "seat": seat,
        "names": names,
        "active": active,
        "turn": view.get("turn"),
        "phase": view.get("phase"),
        "side_now": names.get(view.get("active") or "", ""),
        "owed_text": [kind_name(_, k) for k in legal.get("owed") or []],
        "scenario": sc.get("name"),
        "description": sc.get("description"),
        "special": sc.get("special_rules"),
        "rules_version": view.get("rules_version"),
        "pp": production_points(view),
        "turns": (sc.get("victory") or {}).get("turns", 10),
        "pool": ", ".join(
            f"{unit(_, t, n)} {n}" for t, n in sorted(((view.get("pool") or {}).get(seat or "") or {}).items()) if n
        ),
        "sealed": view.get("sealed") or {},
        "svg": svg_for(key, view, _, names),
        "blocks": own_blocks(_, view),
        "forms": forms(_, view, legal) if active else {"owed": []},
        "battle": battle,
        "battle_mine": (battle or {}).get("mine", {}),
        "battles": battle_reports(story, events),
        "log": log,
        "unit": lambda code: unit(_, code),
        "targets": {k: _(v) for k, v in TARGETS.items()},
        "script": safe_json(script),
        "strings": js_strings(_),
    }
