"""What the A&A section of the game page shows: the board, this turn's events, the battles with their
dice, and the order forms the engine's options allow (:func:`page_context`).

Everything comes from ``Ruleset.view(seat)``, ``legal_options`` and the engine's own queries
(``combat_round.candidates``, ``retreat.destinations``); events come redacted from the reader
(``pbem.services.reading``): this package never reads the database.
"""

from __future__ import annotations

import hashlib
import json
import marshal
import pickle
from collections import OrderedDict
from typing import Any

from flask import url_for

from pbem.ui.aa import advance_forms, board_svg, choices, defence_form, status
from pbem.ui.aa.describe import CATALOG, count_text, phase_name, side_name, spaces_of, step_name, unit_names
from pbem.ui.aa.editions_words import advance_name
from pbem.ui.aa.odds import edition_of
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
        "damage": _("damage markers: {n}"),
        "happened": _("This turn here"),
        "pick": _("Units to move (how many of each)"),
        "of": _("of {n}"),
        "moved": _("moved {n}"),
        "where": _("Where can they go?"),
        "all": _("All of them"),
        "none_picked": _("Choose how many units of each type move first."),
        "nowhere": _("These units can go nowhere now."),
        "stale": _("This page is out of date: the game has moved on since you opened it."),
        "changed": _("What happened since then:"),
        "fresh": _("Show the current position"),
        "accepted": _("Order accepted."),
        "plan": _("Landing plan of {unit} #{id}"),
        "choose": _("Choose where to go (on the map or here):"),
        "send": _("Send the move"),
        "cancel": _("Cancel"),
        "moving": _("Move {n} unit(s) to {to} via {route}: {ends}"),
        "cost": _("movement points"),
        "cost_one": _("movement point"),
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
        "landing_urls": _("change it if you want another place"),
        "aboard": _("aboard"),
        "damaged": _("damaged"),
        "odds": _("Odds"),
        "intercepted": _("Enemy submarines in {zones} fire at these unescorted transports (hits on 2). "
                         "Which are lost first, with their cargo?"),
        "lost_nth": _("Loss {n}"),
        "transport": _("transport #{id}"),
    })


def safe_json(value: Any) -> str:
    """JSON that can sit inside a ``<script>`` element (no ``<``, ``>`` or ``&``)."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def space_label(_: Translator) -> Any:
    """The accessible name of a space: ``label(name, owner_name, value)`` in the reader's language."""
    def label(name: str, owner: str, value: int) -> str:
        if owner and value:
            return _("%(space)s: %(owner)s, %(value)s IPCs", space=_(name), owner=owner, value=value)
        if owner:
            return _("%(space)s: %(owner)s", space=_(name), owner=owner)
        return _(name)
    return label


_SVGS: OrderedDict[tuple[Any, ...], str] = OrderedDict()
#: What of a view the board shows (``board_svg.board_svg``): the owners, the neutrals' leanings, the
#: units and the installations or complexes.
BOARD_FACTS = ("owners", "neutrals", "units", "installations", "complexes")


def board_digest(view: dict[str, Any]) -> str:
    """A digest of what of ``view`` the board shows: views equal in these draw the same board (an
    order that moves no unit keeps it). ``marshal`` writes a faithful copy (what it cannot hold,
    ``pickle``), so unequal ones never share a digest; equal ones written otherwise (another key
    order) only miss."""
    facts = tuple(view.get(name) for name in BOARD_FACTS)
    try:
        raw = marshal.dumps(facts, 4)
    except ValueError:
        raw = pickle.dumps(facts, pickle.HIGHEST_PROTOCOL)
    return hashlib.blake2b(raw, digest_size=20).hexdigest()


def cached_svg(board: dict[str, Any], key: tuple[Any, ...], view: dict[str, Any], names: dict[str, str],
               _: Translator) -> str:
    """The board of this position for this reader (a small per-process cache; ``key`` names the
    board, the powers' names, the language and the board's facts of the view, :func:`board_digest`)."""
    if key not in _SVGS:
        _SVGS[key] = board_svg.board_svg(board, view, names, label=_("Board"), space_label=space_label(_),
                                         space_name=_)
        while len(_SVGS) > 32:
            _SVGS.popitem(last=False)
    _SVGS.move_to_end(key)
    return _SVGS[key]


def compact(name: str, space: dict[str, Any]) -> dict[str, Any]:
    """A space for the page's script without what it reads as missing anyway (no owner, no value,
    not a capital, undamaged units, a name the same in the reader's language): Global 1940's 332
    spaces cost half the bytes."""
    out = {k: v for k, v in space.items() if v or k in ("kind", "units")}
    if out.get("name") == name:
        del out["name"]
    out["units"] = [{k: v for k, v in u.items() if v or k == "id"} for u in space["units"]]
    return out


def power_names(seats: list[dict[str, Any]], _: Translator) -> dict[str, str]:
    return {s["id"]: _(s["name"]) for s in seats}


def turn_events(read: GameReader) -> list[dict[str, Any]]:
    """The events of the current turn (since the latest ``aa.turn_started``), redacted for the reader."""
    start = read.last_seq_of("aa.turn_started")
    return read.events(after=max(start - 1, 0))


#: what a battle may open with before round 1, and the step its dice name
_OPENING = {"aa.antiaircraft_fire": "antiaircraft fire", "aa.bombarded": "shore bombardment"}


def battle_reports(_: Translator, events: list[dict[str, Any]], types: dict[int, str],
                   odds: dict[int, dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    """Per battle of the turn: its rounds, each firing step's dice (faces, hits) and the casualties;
    ``odds`` (stored odds by opening seq, ``Reader.battles``): its pre-battle odds and luck."""
    reports: dict[str, dict[str, Any]] = {}
    rolled: dict[str, dict[str, Any]] = {}
    opened: dict[str, int] = {}
    for e in events:
        t, p = e["type"], e["payload"]
        if t == "aa.battle_opened":
            opened[p["place"]] = e["seq"]
        if (t == "aa.battle_round" or (t in _OPENING and not p.get("pooled"))) and p.get("place") in opened \
                and p["place"] not in reports:
            reports[p["place"]] = {"place": p["place"], "rounds": [], "before": [], "ended": None,
                                   "odds": (odds or {}).get(opened.get(p["place"], -1))}
        if t == "aa.battle_round":
            for u in p["attackers"] + p["defenders"]:
                types.setdefault(u["id"], u["type"])
            rep = reports.setdefault(p["place"], {"place": p["place"], "rounds": [], "ended": None})
            rep["rounds"].append({"round": p["round"], "steps": [], "casualties": [],
                                  "attackers": count_text(_, _counts(p["attackers"])),
                                  "defenders": count_text(_, _counts(p["defenders"]))})
        elif t in _OPENING and p.get("place") in opened and not p.get("pooled"):
            _opening_step(_, reports, rolled, t, p, types)
        elif t == "dice.rolled" and ((p.get("context") or {}).get("battle") in reports or (
                (p.get("context") or {}).get("battle") in opened
                and (p.get("context") or {}).get("step") in _OPENING.values())):
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
            winner = p.get("winner", "")
            reports[p["place"]]["ended"] = side_name(_, winner) if winner in ("attacker", "defender") else None
            reports[p["place"]]["no_winner"] = winner not in ("attacker", "defender")
            reports[p["place"]]["retreated"] = p.get("reason") == "attacker retreated"
        if p.get("place") in reports:
            reports[p["place"]]["last"] = e["seq"]
    return sorted(reports.values(), key=lambda r: r.get("last", 0))  # the latest battle last


def _opening_step(_: Translator, reports: dict[str, dict[str, Any]], rolled: dict[str, dict[str, Any]], kind: str,
                  p: dict[str, Any], types: dict[int, str]) -> None:
    """A battle's antiaircraft fire (before round 1, G40-AA-02) or shore bombardment (AAE-BOMB-04,
    G40-CMB-29) as a step of its report: its dice, hits and the aircraft it shot down."""
    report = reports[p["place"]]
    dice = rolled.pop(p["place"], {"seq": None, "dice": []})
    aa = kind == "aa.antiaircraft_fire"
    step = {"step": step_name(_, p.get("step") or _OPENING[kind]),
            "side": side_name(_, "defender" if aa else "attacker"), "low_luck": p.get("low_luck"),
            "hits": len(p.get("destroyed") or []) if aa and "hits" not in p else int(p.get("hits") or 0), **dice}
    lost = _counts([{"type": types.get(i, "unit")} for i in p.get("destroyed") or []])
    casualties = [{"side": side_name(_, "attacker"), "lost": count_text(_, lost), "damaged": 0}] if lost else []
    if report["rounds"]:
        report["rounds"][-1]["steps"].append(step)
        report["rounds"][-1]["casualties"] += casualties
    else:
        report.setdefault("before", []).append(step)
        report.setdefault("before_casualties", []).extend(casualties)


def _counts(units: list[dict[str, Any]]) -> dict[str, int]:
    out: dict[str, int] = {}
    for u in units:
        out[u["type"]] = out.get(u["type"], 0) + 1
    return out


def pick_rows(units: list[dict[str, Any]], names: dict[str, tuple[str, str]], _: Translator,
              chosen: list[int] | None = None, second: list[int] | None = None,
              powers: dict[str, str] | None = None) -> list[dict[str, Any]]:
    """Units as "N of M" rows, one per type (a damaged battleship apart): ``key``, ``label``, the
    ``ids`` in the order they are taken, ``count`` of ``chosen`` ids. ``second``: undamaged
    battleships that may take a second hit (their own row). Units of several owners (allies
    defending together, AA41-MNF-05) get a row per owner, named by ``powers``."""
    rows: dict[str, dict[str, Any]] = {}
    mixed = len({u.get("owner") for u in units}) > 1

    def row_of(u: dict[str, Any], kind: str, label: str) -> dict[str, Any]:
        key = u["type"] + (f"-{u.get('owner')}" if mixed else "") + kind
        label += f" ({(powers or {}).get(u.get('owner') or '', u.get('owner') or '')})" if mixed else ""
        return rows.setdefault(key, {"key": key, "label": label, "ids": [], "count": 0})

    for u in units:
        damaged = bool(u.get("hits"))
        label = names.get(u["type"], (u["type"],))[0] + (f" ({_('damaged')})" if damaged else "")
        row_of(u, "-damaged" if damaged else "", label)["ids"].append(u["id"])
    for u in units:
        if second is not None and u["id"] in second:
            label = _("%(unit)s, second hit", unit=names.get(u["type"], (u["type"],))[0])
            row_of(u, "-second", label)["ids"].append(u["id"])
    seen: dict[int, int] = {}
    for uid in chosen or []:
        seen[uid] = seen.get(uid, 0) + 1
    for row in rows.values():
        if row["key"].endswith("-second"):
            row["count"] = sum(1 for i in row["ids"] if seen.get(i, 0) > 1)
        else:
            row["count"] = sum(1 for i in row["ids"] if seen.get(i, 0) >= 1)
    return list(rows.values())


def combat_forms(rs: Any, view: dict[str, Any], seat: str, legal: dict[str, Any], _: Translator,
                 names: dict[str, tuple[str, str]], powers: dict[str, str] | None = None) -> dict[str, Any]:
    """Battles the attacker may fight now (with retreat destinations, the engine's ``retreat``
    query) and an owed casualty choice (the engine's candidates, pre-set to its default: the
    player's standing orders, ``legal_options["casualties"]["default"]``; its ``kind`` is the order
    the form sends: ``casualties``, or Global 1940's ``air_battle_casualties``, G40-SBR-05)."""
    battles = []
    for b in legal.get("battles") or []:
        retreat = rs.query(view, seat, "retreat", {"place": b["place"]})
        battles.append({**b, "retreat_to": retreat["to"], "may_retreat": retreat["may_retreat"],
                        "subs": retreat["submarines"]})
    casualties = None
    owed = legal.get("casualties") or {}
    place = legal.get("owed_casualties")
    if place:
        candidates = set(owed.get("candidates") or [])
        units = [u for u in view["units"].get(place, []) if u["id"] in candidates]
        twice = [u["id"] for u in units if rs.data.units[u["type"]].two_hit and not u.get("hits")]
        hits = owed.get("count") or sum((owed.get("hits") or {}).values())
        casualties = {"place": place, "hits": hits, "kind": owed.get("kind") or "casualties",
                      "rows": pick_rows(units, names, _, list(owed.get("default") or []), twice, powers)}
    return {"battles": battles, "casualties": casualties}


def last_place(events: list[dict[str, Any]], power: str | None) -> str | None:
    """Where the power placed units last this turn (the placement form starts there)."""
    for e in reversed(events):
        if e["type"] == "aa.placed" and e["payload"].get("power") == power:
            return str(e["payload"].get("at"))
    return None


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
    complexes = board_svg.complexes_of(board, view)
    facts = status.space_facts(view, _)
    sited = "installations" in view  # Global 1940: every installation among the facts, with its damage
    spaces = {name: {"name": _(name), "kind": sp["kind"], "value": sp["value"],
                     "owner": view.get("owners", {}).get(name),
                     "capital": bool(sp["capital_of"]), "factory": name in complexes and not sited,
                     "damage": 0 if sited else complexes.get(name, 0),
                     "units": [{k: u[k] for k in ("id", "type", "owner", "hits") if k in u}
                               | ({"aboard": u["aboard"]} if "aboard" in u else {})
                               | ({"moved": u["t_moved"]} if u.get("t_moved") else {})
                               | ({"paratrooper": True} if u.get("t_paratrooper") else {})
                               for u in view.get("units", {}).get(name, [])],
                     "events": here.get(name, [])} | ({"facts": facts[name]} if name in facts else {})
              for name, sp in data.items()}
    phase = view.get("phase")
    active = bool(seat and owes and game["status"] == "active")
    units = unit_names(language)
    forms = combat_forms(rs, view, seat, legal, _, units, names) if active and seat and phase == "combat" else {}
    capital = next((sp["label"] for sp in data.values() if sp["capital_of"] == view.get("power")), None)
    script = {"game": game["id"], "focus": capital, "seat": seat, "phase": phase, "power": view.get("power"),
              "active": active,
              "moving": active and phase in ("combat_move", "noncombat_move"), "last_seq": game["last_seq"],
              "names": names, "spaces": {n: compact(n, sp) for n, sp in spaces.items()},
              "units": {t: n[0] for t, n in units.items()},
              "urls": {"orders": url_for("api.submit", game_id=game["id"]),
                       "reachable": url_for("board.query", game_id=game["id"], name="reachable"),
                       "landing": url_for("board.query", game_id=game["id"], name="landing"),
                       "log": url_for("api.log", game_id=game["id"]),
                       "game": url_for("play.game", game_id=game["id"]),
                       "odds": url_for("odds.page", key=rs.key)},
              "edition": edition_of(rs), "sides": {s: list(p) for s, p in rs.data.sides.items()},
              "advances": {p: list(r.get("advances") or []) for p, r in (view.get("research") or {}).items()
                           if r.get("advances")}}
    svg_key = (board["folder"], language, tuple(sorted(names.items())), board_digest(view))
    reader_battles = getattr(read, "battles", None)
    odds = {b["seq"]: b for b in reader_battles()} if reader_battles else {}
    reports = battle_reports(_, events, story.types, odds)
    mobilize = legal.get("mobilize")
    return {
        "amphibious": amphibious(rs, view, seat, units, legal, _) if active and phase == "combat_move" else {},
        "treasury_names": status.treasury_names(names, _),
        "economies": list((legal.get("mobilize_economy") or {}).get("waiting") or []) if active else [],
        "repairs": defence_form.repairs(view, view.get("power"), units) if active and phase == "purchase" else [],
        "raids": defence_form.raids(legal.get("raids") or [], view, units),
        "rockets": advance_forms.rockets(legal, units, _) if active else [],
        "paradrops": advance_forms.paradrops(legal, _) if active else [],
        "defence": defence_form.context(legal["defence"], view, units) if active and legal.get("defence") else None,
        "svg": cached_svg(board, svg_key, view, names, _),
        "names": names, "seat": seat, "phase": phase, "phase_name": phase_name(_, phase),
        "power": view.get("power"), "round": view.get("round"), "ipcs": view.get("ipcs", {}),
        "active": active, "legal": legal, "requirements": requirements(ui, legal, language, rs),
        "purchase": legal.get("purchase"), "mobilize": mobilize,
        "place_at": last_place(events, view.get("power")) if mobilize else None,
        "factory_zones": ", ".join(_(z) for z in (mobilize or {}).get("factories") or {}),
        "owed_text": owed_line(ui, game, names, language),
        "my_owed": owed_line(ui, game, names, language, seat) if active else "",
        "combat": forms, "battles": reports[:-1], "latest_battle": reports[-1] if reports else None,
        "error": game.get("error"), "latest": log[-3:],
        "log": log,
        "unit_names": units, "symbols": board_svg.symbols_for(rs),
        "legend_marks": board_svg.legend_marks(board), "neutral_kinds": board_svg.neutral_legend(board),
        "script": safe_json(script), "strings": js_strings(_),
        "space_lines": [(name, names.get(sp["owner"] or "", ""),
                         ", ".join(f"{units.get(u['type'], (u['type'],))[0]} #{u['id']} "
                                   f"({names.get(u['owner'], u['owner'])})"
                                   for u in sp["units"])) for name, sp in spaces.items() if sp["units"]],
        "production": view.get("production") or {},
        "powers": status.power_rows(view, names, _, board), "edition_lines": status.edition_lines(view, _),
        "advance_names": [advance_name(_, a) for a in (legal.get("research") or {}).get("advances") or []],
        "choices": choices.context(rs, view, seat, names, units) if game["status"] == "active" else {},
    }


def requirements(ui: Any, legal: dict[str, Any], language: str, rs: Any) -> list[dict[str, Any]]:
    """What still blocks the end of the phase (``legal_options["phase_requirements"]``), each as
    the refusal ``end_phase`` would give, in the reader's language."""
    return [{**r, "message": ui.refusal(r, language, rs)} for r in legal.get("phase_requirements") or []]


def owed_line(ui: Any, game: dict[str, Any], names: dict[str, str], language: str, seat: str | None = None) -> str:
    """Who the game waits for now, as a sentence (the panel's heading when the viewer owes nothing);
    ``seat``: only what that seat owes ("United Kingdom: decide scrambles, ...", the heading of a
    player who holds several powers or defends in another power's turn)."""
    owed = [o for o in game.get("owed") or [] if seat is None or o.get("seat") == seat]
    return "; ".join(str(o.get("text") or ui.owed_text(o, names, language)) for o in owed)


def amphibious(rs: Any, view: dict[str, Any], seat: str | None, names: dict[str, tuple[str, str]],
               legal: dict[str, Any] | None = None, _: Translator | None = None) -> dict[str, Any]:
    """The engine's ``amphibious`` query: per sea zone the loaded transports (with their cargo
    named), the territories an assault may be declared on, whether fighting the enemy
    submarines/transports there is the player's choice (``sea_battle``) and the ships the engine's
    ``legal_options["bombard"]`` lists there, which may be named to bombard (AAE-BOMB-01)."""
    if not seat or "amphibious" not in rs.queries:
        return {}
    zones = rs.query(view, seat, "amphibious", {}).get("zones", {})
    types = {u["id"]: u["type"] for units in view.get("units", {}).values() for u in units}
    bombard = (legal or {}).get("bombard") or {}
    out = {}
    for zone, z in zones.items():
        ships = [{"id": s["id"], "cargo": count_names(names, [types.get(i, "") for i in s["cargo"]])}
                 for s in z["transports"]]
        declared = (z.get("declared") or [{}])[0]
        out[zone] = {"transports": ships, "targets": z["targets"], "sea_battle": z.get("sea_battle"),
                     "bombard": [{"id": i, "name": names.get(types.get(i, ""), (types.get(i, ""),))[0],
                                  "on": i in (declared.get("bombard") or [])}
                                 for i in bombard.get(zone, [])],
                     "declared": declared.get("target"),
                     "declared_text": "; ".join(
                         f'{_(d["target"])} ({count_names(names, [types.get(i, "") for i in d.get("transports", [])])})'
                         for d in z.get("declared") or [])}
    return out


def count_names(names: dict[str, tuple[str, str]], types: list[str]) -> str:
    counts: dict[str, int] = {}
    for t in types:
        counts[t] = counts.get(t, 0) + 1
    return ", ".join(f"{n} {names.get(t, (t, t))[0 if n == 1 else 1]}" for t, n in counts.items())
