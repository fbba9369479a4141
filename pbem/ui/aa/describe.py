"""The A&A family's describer: every event as a sentence in the reader's language.

One :class:`AAStory` per reader and game (``UI.story(ruleset, audience, view)``) is used by the
game page, the history, the emails, the webhooks and the API's readable log alike. Events arrive
redacted for the reader (``pbem.services.reading``). Unit types of a move are taken from the
reader's view and from the events themselves (placements, battle rounds), never guessed.
Messages live in the ``aa`` domain (``pbem/ui/aa/translations``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from pbem.ui.base import Story
from pbem.ui.i18n import N_, Catalog, Translator

CATALOG = Catalog(Path(__file__).parent / "translations", "aa")

#: Unit type -> (singular, plural), English; translated where shown.
UNIT_NAMES: dict[str, tuple[str, str]] = {
    "infantry": (N_("infantry"), N_("infantry")), "tank": (N_("tank"), N_("tanks")),
    "artillery": (N_("artillery"), N_("artillery")),
    "fighter": (N_("fighter"), N_("fighters")), "bomber": (N_("bomber"), N_("bombers")),
    "submarine": (N_("submarine"), N_("submarines")), "transport": (N_("transport"), N_("transports")),
    "destroyer": (N_("destroyer"), N_("destroyers")),
    "carrier": (N_("aircraft carrier"), N_("aircraft carriers")),
    "battleship": (N_("battleship"), N_("battleships")),
}
PHASES = {"purchase": N_("purchase units"), "combat_move": N_("combat move"), "combat": N_("conduct combat"),
          "noncombat_move": N_("noncombat move"), "mobilize": N_("mobilize new units")}
SIDES = {"attacker": N_("attacker"), "defender": N_("defender"), "none": N_("nobody")}
STEPS = {"surprise strike": N_("surprise strike"), "attacker fire": N_("attacker fire"),
         "defender fire": N_("defender fire")}
POWERS = {"germany": N_("Germany"), "ussr": N_("Soviet Union"), "japan": N_("Japan"), "uk": N_("United Kingdom"),
          "usa": N_("United States"), "italy": N_("Italy"), "china": N_("China"), "anzac": N_("ANZAC"),
          "france": N_("France")}
TEAMS = {"axis": N_("the Axis"), "allies": N_("the Allies")}
BY = {"automatic": N_("automatically"), "owner": N_("by its owner"), "standing orders": N_("by standing orders"),
      "attacker": N_("by the attacker")}


def unit_names(language: str) -> dict[str, tuple[str, str]]:
    _ = CATALOG.bind(language)
    return {t: (_(one), _(many)) for t, (one, many) in UNIT_NAMES.items()}


def count_text(_: Translator, counts: dict[str, int]) -> str:
    parts = []
    for utype, n in counts.items():
        one, many = UNIT_NAMES.get(utype, (N_("unit"), N_("units")))
        parts.append(f"{n} {_(one) if n == 1 else _(many)}")
    return ", ".join(parts) or _("nothing")


def phase_name(_: Translator, phase: str | None) -> str:
    return _(PHASES[phase]) if phase in PHASES else _("another phase")


def side_name(_: Translator, side: str) -> str:
    return _(SIDES.get(side, "nobody"))


def step_name(_: Translator, step: str) -> str:
    return _(STEPS[step]) if step in STEPS else _("a firing step")


def power_name(_: Translator, power: str | None, names: dict[str, str]) -> str:
    if power in POWERS:
        return _(POWERS[power])
    return names.get(power or "", power or "")


def spaces_of(event: dict[str, Any]) -> list[str]:
    """The board spaces an event is about (for "what happened here this turn")."""
    p = event.get("payload") or {}
    out = list(p.get("route") or [])
    for key in ("place", "territory", "at", "to", "target", "sea_zone", "space"):
        if isinstance(p.get(key), str):
            out.append(p[key])
    ctx = p.get("context") or {}
    if isinstance(ctx.get("battle"), str):
        out.append(ctx["battle"])
    return list(dict.fromkeys(out))


class AAStory(Story):
    """Sentences for A&A events (see the module docstring)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.types: dict[int, str] = {u["id"]: u["type"] for units in (self.view.get("units") or {}).values()
                                      for u in units if "id" in u}

    def seat_label(self, name: str) -> str:
        return self._(name)

    def learn(self, events: Iterable[dict[str, Any]]) -> None:
        for e in events:
            p = e.get("payload") or {}
            if e["type"] == "aa.battle_round":
                self.types.update({u["id"]: u["type"] for u in p.get("attackers", []) + p.get("defenders", [])})
            elif e["type"] == "aa.placed":
                self.types.update({u["id"]: u["type"] for u in p.get("units", []) if "id" in u})

    def units(self, ids: Iterable[int]) -> str:
        return count_text(self._, dict(Counter(self.types.get(i, "unit") for i in ids)))

    def family_line(self, event: dict[str, Any]) -> str | None:
        t, p, _ = event["type"], event.get("payload") or {}, self._
        self.learn([event])
        who = power_name(_, p.get("power") or event.get("seat"), self.names)
        if t == "aa.moved":
            return _("%(power)s: %(units)s %(route)s", power=who, units=self.units(p.get("units", [])),
                     route=" \u2192 ".join(p.get("route", [])))
        if t == "aa.purchased":
            return _("%(power)s buys %(units)s (%(cost)s IPCs)", power=who,
                     units=count_text(_, p.get("units", {})), cost=p.get("cost"))
        if t == "aa.placed":
            counts = Counter(u.get("type") for u in p.get("units", []))
            return _("%(power)s places %(units)s in %(at)s", power=who, units=count_text(_, dict(counts)),
                     at=p.get("at"))
        if t == "aa.refunded":
            return _("%(power)s gets back %(ipcs)s IPCs for units it could not place", power=who, ipcs=p.get("ipcs"))
        if t == "aa.battle_opened":
            return _("Battle in %(place)s: %(attacker)s attacks", place=p.get("place"),
                     attacker=power_name(_, p.get("attacker"), self.names))
        if t == "aa.battle_round":
            return _("Battle in %(place)s, round %(round)s: %(attackers)s against %(defenders)s",
                     place=p.get("place"), round=p.get("round"),
                     attackers=self.units(u["id"] for u in p.get("attackers", [])),
                     defenders=self.units(u["id"] for u in p.get("defenders", [])))
        if t == "aa.battle_hits":
            step = step_name(_, p.get("step", ""))
            return _.ngettext("%(place)s: %(num)d hit (%(step)s)", "%(place)s: %(num)d hits (%(step)s)",
                              p.get("total", 0), place=p.get("place"), step=step)
        if t == "aa.casualties_owed":
            hits = p.get("hits")
            total = sum(hits.values()) if isinstance(hits, dict) else int(hits or 0)
            side = side_name(_, p.get("side", ""))
            return _.ngettext("%(place)s: the %(side)s must choose %(num)d casualty",
                              "%(place)s: the %(side)s must choose %(num)d casualties", total,
                              place=p.get("place"), side=side)
        if t == "aa.casualty_choice":
            return _("%(power)s chooses its casualties in %(place)s", power=who, place=p.get("place"))
        if t == "aa.casualties":
            lost = p.get("destroyed", [])
            if not lost:
                return _("%(place)s: the %(side)s loses nothing; %(damaged)s damaged", place=p.get("place"),
                         side=side_name(_, p.get("side", "")), damaged=len(p.get("damaged", [])))
            return _("%(place)s: the %(side)s loses %(units)s; %(damaged)s damaged", place=p.get("place"),
                     side=side_name(_, p.get("side", "")), units=self.units(lost),
                     damaged=len(p.get("damaged", [])))
        if t == "aa.submerged":
            return _("%(place)s: %(units)s submerge (%(by)s)", place=p.get("place"),
                     units=self.units(p.get("units", [])), by=_(BY.get(p.get("by", ""), "automatically")))
        if t == "aa.set_aside_removed":
            return _("%(place)s: %(units)s left without escort are lost", place=p.get("place"),
                     units=self.units(list(p.get("units", [])) + list(p.get("cargo", []))))
        if t == "aa.battle_landed":
            return _("%(units)s land in %(place)s from %(zone)s", units=self.units(p.get("units", [])),
                     place=p.get("place"), zone=p.get("sea_zone"))
        if t == "aa.battle_ended":
            return _("Battle in %(place)s ends (%(winner)s wins)", place=p.get("place"),
                     winner=side_name(_, p.get("winner", "")))
        if t == "aa.retreated":
            return _("Retreat from %(place)s to %(to)s", place=p.get("place"), to=p.get("to") or "—")
        if t == "aa.territory_captured":
            return _("%(power)s takes %(territory)s", power=who, territory=p.get("territory"))
        if t == "aa.amphibious_declared":
            return _("%(power)s declares an amphibious assault on %(target)s from %(zone)s", power=who,
                     target=p.get("target"), zone=p.get("sea_zone"))
        if t == "aa.attacked_in_place":
            return _("%(units)s attack where they stand in %(space)s", units=self.units(p.get("units", [])),
                     space=p.get("space"))
        if t == "aa.air_landed":
            n = len(p.get("landings") or {})
            return _.ngettext("%(num)d fighter lands on a carrier", "%(num)d fighters land on carriers", n)
        if t == "aa.air_lost":
            return _("%(units)s find no place to land and are lost", units=self.units(p.get("units", [])))
        if t == "aa.stranded_landed":
            return _("%(units)s land in %(to)s (%(by)s)", units=self.units([p.get("unit")]), to=p.get("to"),
                     by=_(BY.get(p.get("by", ""), "automatically")))
        if t == "aa.stranded_lost":
            return _("%(units)s in %(space)s cannot land and are lost", units=self.units([p.get("unit")]),
                     space=p.get("space"))
        if t == "aa.standing":
            return _("%(power)s updates its standing orders", power=who)
        if t == "aa.turn_started":
            return _("Round %(round)s: %(power)s's turn", round=p.get("round"), power=who)
        if t == "aa.phase_started":
            return _("Phase: %(phase)s", phase=phase_name(_, p.get("phase")))
        if t == "aa.income_collected":
            return _("%(power)s collects %(amount)s IPCs", power=who, amount=p.get("amount"))
        if t == "aa.game_won":
            winner = p.get("winner", "")
            name = _(TEAMS[winner]) if winner in TEAMS else power_name(_, winner, self.names)
            return _("%(winner)s win the game", winner=name)
        if t == "dice.rolled":
            return self.dice_line(event)
        return None

    def dice_line(self, event: dict[str, Any]) -> str | None:
        p, _ = event.get("payload") or {}, self._
        ctx = p.get("context") or {}
        if not ctx.get("battle"):
            return None
        faces = " ".join(str(f) for f in p.get("faces", []))
        return _("%(power)s rolls in %(place)s (%(step)s): %(faces)s",
                 power=power_name(_, ctx.get("roller"), self.names), place=ctx["battle"],
                 step=step_name(_, ctx.get("step", "")), faces=faces)
