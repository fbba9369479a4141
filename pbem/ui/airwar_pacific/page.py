"""What the Airwar Pacific! section of the game page shows (:func:`page_context`): both players'
tables (bases with their landed aircraft and War cards, the Industry and Convoy tracks), the
viewer's hand, the attack in progress, this turn's events, and the form of the decision owed.

Everything comes from ``Ruleset.view(seat)`` and ``legal_options`` (already redacted for the
viewer: an opponent's hand, pile and hidden mission are not in them) and the reader's redacted
events; this package never reads the database.
"""

from __future__ import annotations

import json
from typing import Any

from pbem.ui.airwar_pacific.describe import PROMPTS, STAGES, AwpStory, kind_name, seat_name
from pbem.ui.base import Audience, GameReader
from pbem.ui.i18n import N_, Translator

#: the tracks' starting values (AWP-SETUP-03), for the bars
INDUSTRY_MAX, CONVOY_MAX = 60, 15
#: (card field, short label); the labels are translated in the template
STAT_FIELDS = (("air_to_air", N_("A2A")), ("bombing", N_("Bmb")), ("carrier", N_("Car")), ("convoy", N_("Cnv")),
               ("defense", N_("Def")), ("capacity", N_("Cap")))


def stats(card: dict[str, Any]) -> list[tuple[str, Any]]:
    """The printed values of a card, as (short label, value) pairs."""
    if card.get("kind") in ("aircraft", "elite"):
        return [(label, card.get(f, 0)) for f, label in STAT_FIELDS if f != "capacity"]
    return [(label, card[f]) for f, label in STAT_FIELDS if f in card]


class Names:
    """Card names and values for the templates (the story's catalogue and known references)."""

    def __init__(self, story: AwpStory, _: Translator) -> None:
        self.story, self._ = story, _

    def card(self, ref: Any) -> dict[str, Any]:
        if isinstance(ref, dict) and ref.get("face_down") and "card" not in ref:
            return {"id": "", "name": self._("face-down card"), "kind": "", "stats": [], "hidden": True,
                    "text": "", "abilities": ""}
        cid = ref.get("card") if isinstance(ref, dict) else self.story.known.get(str(ref), str(ref))
        entry = self.story.catalogue.get(cid or "", {})
        iid = ref.get("id") if isinstance(ref, dict) else str(ref)
        return {"id": iid, "name": self.story.card(ref), "kind": kind_name(self._, entry.get("kind")),
                "stats": stats(entry), "text": entry.get("text", ""), "hidden": False,
                "face_down": bool(isinstance(ref, dict) and ref.get("face_down")),
                "abilities": ", ".join(a.get("key", "") for a in entry.get("abilities") or [])}


def player_tables(view: dict[str, Any], seat: str | None, names: Names, _: Translator) -> list[dict[str, Any]]:
    """Both players' tables, the opponent's first."""
    order = sorted(view.get("players", {}), key=lambda s: s == seat)
    out = []
    for s in order:
        p = view["players"][s]
        bases = [{**names.card(b), "kind_key": b["kind"], "capacity": b["capacity"], "defense": b["defense"],
                  "damaged": b["damaged"], "war": [names.card(w) for w in b["war"]],
                  "landed": [names.card(x) for x in b["landed"]], "free": b["capacity"] - len(b["landed"])}
                 for b in p["bases"]]
        out.append({"seat": s, "name": seat_name(_, s), "mine": s == seat, "industry": p["industry"],
                    "convoy": p["convoy"], "industry_pct": round(100 * p["industry"] / INDUSTRY_MAX),
                    "convoy_pct": round(100 * p["convoy"] / CONVOY_MAX), "hand_count": p["hand_count"],
                    "pile_count": p["pile_count"], "discard": [names.card(c) for c in p["discard"]],
                    "fingerprint": p["fingerprint"], "parafrag_used": p["parafrag_used"],
                    "industry_war": [names.card(c) for c in p["resource_war"]["industry"]],
                    "convoy_war": [names.card(c) for c in p["resource_war"]["convoy"]],
                    "bases": bases, "hand": [names.card(c) for c in p.get("hand", [])] if s == seat else None,
                    "deck_size": sum(p.get("deck_list", {}).values()) if s == seat else None})
    return out


def attack_panel(view: dict[str, Any], seat: str | None, names: Names, story: AwpStory,
                 _: Translator) -> dict[str, Any] | None:
    atk = view.get("attack")
    if not atk:
        return None
    fight = atk.get("fight")
    return {
        "attacker": seat_name(_, atk["attacker"]), "defender": seat_name(_, atk["defender"]),
        "target": story.target(atk["target"], atk["defender"]), "size": atk["size"],
        "hidden_slots": [n + 1 for n in atk["hidden_slots"]],
        "revealed": [names.card(c) for c in atk["ra"]], "out": [names.card(c) for c in atk["out"]],
        "destroyed": [names.card(c) for c in atk["destroyed"]],
        "intercept_size": atk["intercept_size"], "intercept_left": atk["intercept_left"],
        "interceptors": [names.card(c) for c in atk["interceptors_played"]],
        "mission": [names.card(c) for c in atk.get("mission", [])] if "mission" in atk else None,
        "my_intercept": [names.card(c) for c in atk.get("intercept", [])] if "intercept" in atk else None,
        "fight": {"attacker": names.card(fight["attacker_card"]), "defender": names.card(fight["defender_card"]),
                  "battle": [{**names.card(b), "by": seat_name(_, b["by"]), "on": names.card(b["on"])["name"],
                              "cancelled": b["cancelled"]} for b in fight["battle"]]} if fight else None,
    }


def pick_label(order: dict[str, Any], names: Names, _: Translator) -> str:
    """A complete order the engine listed, as the words of its button."""
    t = order.get("type")

    def card(key: str) -> str:
        return str(names.card(order.get(key))["name"])

    if t == "deal":
        return _("Shuffle my deck and draw my hand")
    if t == "engage":
        target = order["target"]
        if "slot" in target:
            return _("%(card)s attacks the hidden card in slot %(slot)s", card=card("interceptor"),
                     slot=target["slot"] + 1)
        return _("%(card)s attacks %(target)s", card=card("interceptor"), target=names.card(target["card"])["name"])
    if t == "end_combat":
        return _("End the combat")
    if t == "battle":
        return _("Play %(card)s on %(on)s", card=card("card"), on=card("on"))
    if t == "battle_pass":
        return _("Play no Battle card")
    if t == "counter":
        return _("Counter-attack with %(card)s", card=card("card"))
    if t == "counter_pass":
        return _("Do not counter-attack")
    if t == "base_loss":
        return _("Lose %(card)s with the base", card=card("discard"))
    if t == "pass":
        return _("Pass")
    return _("Send")


def decision(legal: dict[str, Any], view: dict[str, Any], names: Names, story: AwpStory,
             _: Translator) -> dict[str, Any] | None:
    """The form of the decision the viewer owes, built from ``legal_options``."""
    kind = legal.get("kind")
    if not kind:
        return None
    out: dict[str, Any] = {"kind": kind, "prompt": _(PROMPTS.get(kind, kind))}
    if kind in ("deal", "engage", "battle", "counter", "base_loss"):
        out["picks"] = [{"json": json.dumps(o, sort_keys=True), "label": pick_label(o, names, _)}
                        for o in legal.get("orders", [])]
    elif kind == "mobilize":
        out["cards"] = [{**names.card(c), "hosts": [{"value": h, "label": kind_name(_, h) if h in (
            "industry", "convoy") else names.card(h)["name"]} for h in c["hosts"] or []], "war": c["kind"] == "war"}
            for c in legal["cards"]]
        out["max_cards"] = legal.get("max_cards")
    elif kind == "attack":
        out["targets"] = [{"value": "resources" if t["kind"] == "resources" else f"base:{t['base']}",
                           "label": story.target(t if t["kind"] == "resources" else {"base": t["base"]},
                                                 _other(view.get("active") or "axis"))}
                          for t in legal["targets"]]
        out["aircraft"] = [names.card(a) for a in legal["aircraft"]]
        out["bases"] = [{**names.card(b), "free": b["free"]} for b in legal["bases"]]
        out["capacity"] = legal["capacity"]
    elif kind == "intercept":
        out["aircraft"] = [{**names.card(a), "slots": a["slots"]} for a in legal["aircraft"]]
        out["bases"] = [{**names.card(b), "free": b["free"], "kind_key": b["kind"]} for b in legal["bases"]]
        out["size"] = legal["size"]
    elif kind == "allocate":
        out["arrived"] = [names.card(a) for a in legal["arrived"]]
        out["convoy_eligible"] = [names.card({"id": i}) for i in legal["convoy_eligible"]]
        out["parafrag"] = legal["parafrag"]
    elif kind == "convoy_discard":
        out["eligible"] = [names.card(c) for c in legal["eligible"]]
        out["count"] = legal["count"]
    return out


def _other(seat: str) -> str:
    return "allies" if seat == "axis" else "axis"


def page_context(ui: Any, game: dict[str, Any], read: GameReader, language: str) -> dict[str, Any]:
    """The Airwar Pacific! section's context, from the game page's context ``game``."""
    _ = ui.catalog.bind(language)
    view = game["view"] or {}
    seat = game["viewer_seats"][0] if game["viewer_seats"] else None
    legal = game.get("legal_options") or {}
    start = read.last_seq_of("awp.turn_started")
    events = read.events(after=max(start - 1, 0))
    story: AwpStory = ui.story(read.ruleset, Audience(language, seat, {s["id"]: s["name"] for s in game["seats"]}),
                               view)
    story.learn(events)
    story.learn([{"payload": legal}])
    log = [{"seq": e["seq"], "text": story.line(e)} for e in events if not story.quiet(e)]
    names = Names(story, _)
    owes = bool(seat and game["status"] == "active" and any(o["seat"] == seat for o in game["owed"]))
    card_list = view.get("card_list") or {}
    stage = view.get("stage")  # a variable, so pybabel extracts no "stage" from the _() call
    return {
        "seat": seat, "round": view.get("round"), "turn": view.get("turn"),
        "active": seat_name(_, view.get("active")), "stage": _(STAGES[stage]) if stage in STAGES else None,
        "tables": player_tables(view, seat, names, _), "attack": attack_panel(view, seat, names, story, _),
        "decision": decision(legal, view, names, story, _) if owes else None, "log": log[-40:],
        "card_list": {"name": card_list.get("name", ""), "sample": bool(card_list.get("sample"))},
        "result": view.get("result"),
    }
