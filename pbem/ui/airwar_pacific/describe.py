"""The Airwar Pacific! describer: every ``awp.`` event as a sentence in the reader's language.

One :class:`AwpStory` per reader and game serves the game page, the history, the emails, the
webhooks and the API's readable log. Events arrive redacted for the reader
(``pbem.services.reading``): a card the reader may not see is simply not in them. Card names come
from the game's card list (``view["catalogue"]``) and from the events' own card references
(``{"id", "card"}``), which :meth:`AwpStory.learn` collects. Messages live in the
``airwar_pacific`` domain (``pbem/ui/airwar_pacific/translations``).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from pbem.ui.base import Story
from pbem.ui.i18n import N_, Catalog, Translator

HERE_TRANSLATIONS = Path(__file__).parent / "translations"
CATALOG = Catalog(HERE_TRANSLATIONS, "airwar_pacific")

SEATS = {"axis": N_("Axis"), "allies": N_("Allies")}
KINDS = {"aircraft": N_("Aircraft"), "elite": N_("Elite aircraft"), "airbase": N_("Airbase"),
         "carrier": N_("Carrier"), "war": N_("War card"), "battle": N_("Battle card"),
         "industry": N_("Industry"), "convoy": N_("Convoy")}
STAGES = {"airbase": N_("Airbase stage"), "carrier": N_("Carrier stage")}
#: what each owed decision asks (``owed[].kind``)
PROMPTS = {
    "deal": N_("shuffle your deck and draw your opening hand"),
    "mobilize": N_("mobilize Airbase, Carrier and War cards"),
    "attack": N_("attack or pass"), "intercept": N_("intercept the incoming mission or pass"),
    "engage": N_("play an interceptor or end the combat"), "battle": N_("play a Battle card or pass"),
    "counter": N_("counter-attack the surviving interceptor or pass"), "allocate": N_("allocate the damage"),
    "base_loss": N_("choose the landed aircraft lost with the base"),
    "convoy_discard": N_("discard 2 cards for the Convoy"),
}
REASONS = {"industry_destroyed": N_("an Industry reached zero"), "round_limit": N_("the round limit was reached"),
           "no_attacks": N_("both draw piles are empty and nobody attacked for two turns"),
           "no_further_action": N_("neither player can attack any more")}
COMBAT_END = {"defender": N_("%(seat)s ends the combat."),
              "no_interceptors": N_("The combat ends: no interceptor is left."),
              "no_targets": N_("The combat ends: no attacker is left to fight."),
              "no_interception": N_("The mission is not intercepted.")}
ENGAGED = {"blind": N_("%(interceptor)s attacks the mission's card in slot %(slot)s: it is %(target)s."),
           "survivor": N_("%(interceptor)s attacks the surviving %(target)s."),
           "scouted": N_("%(interceptor)s attacks %(target)s.")}


def kind_name(_: Translator, kind: str | None) -> str:
    return _(KINDS[kind]) if kind in KINDS else _("card")


def seat_name(_: Translator, seat: str | None) -> str:
    return _(SEATS[seat]) if seat in SEATS else str(seat or "")


def other(seat: str) -> str:
    return "allies" if seat == "axis" else "axis"


def collect_refs(value: Any, into: dict[str, str]) -> None:
    """Every ``{"id": instance, "card": card_id}`` inside ``value`` (a view or a payload)."""
    if isinstance(value, dict):
        if isinstance(value.get("id"), str) and isinstance(value.get("card"), str):
            into[value["id"]] = value["card"]
        for v in value.values():
            collect_refs(v, into)
    elif isinstance(value, list):
        for v in value:
            collect_refs(v, into)


class AwpStory(Story):
    """Sentences of one game for one reader."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.catalogue: dict[str, Any] = dict(self.view.get("catalogue") or {})
        self.known: dict[str, str] = {}
        collect_refs(self.view, self.known)

    def seat_label(self, name: str) -> str:
        return self._(name)

    def learn(self, events: Iterable[dict[str, Any]]) -> None:
        for e in events:
            if e.get("type") == "game.created" and not self.catalogue:
                cards = (((e.get("payload") or {}).get("position") or {}).get("card_list") or {}).get("cards")
                self.catalogue = {c["id"]: c for c in cards or [] if isinstance(c, dict) and "id" in c}
            collect_refs(e.get("payload"), self.known)

    # -- names -----------------------------------------------------------------------------
    def who(self, seat: str | None) -> str:
        return self.names.get(seat or "") or seat_name(self._, seat)

    def card(self, ref: Any) -> str:
        """A card's printed name from a reference, an instance id or a card id."""
        if isinstance(ref, dict):
            cid = ref.get("card") or self.known.get(str(ref.get("id")), "")
        else:
            cid = self.known.get(str(ref), str(ref))
        entry = self.catalogue.get(cid)
        return str(entry.get("name") or cid) if isinstance(entry, dict) else str(cid or self._("a card"))

    def cards(self, refs: Iterable[Any]) -> str:
        names = [self.card(r) for r in refs]
        return ", ".join(names) if names else self._("no card")

    def target(self, target: dict[str, Any], defender: str) -> str:
        if target.get("kind") == "resources":
            return self._("the Industry and Convoy of %(seat)s", seat=self.who(defender))
        return self.card(target.get("base"))

    # -- sentences -------------------------------------------------------------------------
    def family_line(self, event: dict[str, Any]) -> str | None:
        t = event["type"]
        if not t.startswith("awp."):
            return None
        method = getattr(self, "_" + t[4:], None)
        if method is None:
            return None
        p = event.get("payload") or {}
        text: str = method(p, self.who(p.get("seat") or event.get("seat")), p.get("secret") or {})
        return text

    def _dealt(self, p: dict[str, Any], who: str, secret: dict[str, Any]) -> str:
        _ = self._
        text = _("%(seat)s shuffles a deck of %(n)s cards and draws %(hand)s.", seat=who, n=p["n"], hand=p["hand"])
        if secret.get("hand"):
            text += " " + _("Your hand: %(cards)s.", cards=self.cards(secret["hand"]))
        return text

    def _turn_started(self, p: dict[str, Any], who: str, secret: dict[str, Any]) -> str:
        _ = self._
        text = _.ngettext("Round %(round)s: %(seat)s begins the turn and draws %(num)d card.",
                          "Round %(round)s: %(seat)s begins the turn and draws %(num)d cards.",
                          p.get("draw", 0), round=p["round"], seat=who)
        if secret.get("drawn"):
            text += " " + _("You draw: %(cards)s.", cards=self.cards(secret["drawn"]))
        return text

    def _mobilized(self, p: dict[str, Any], who: str, secret: dict[str, Any]) -> str:
        _ = self._
        if not p["cards"]:
            return _("%(seat)s mobilizes no card.", seat=who)
        parts = []
        for c in p["cards"]:
            host = c.get("host")
            if host in ("industry", "convoy"):
                parts.append(_("%(card)s on the %(host)s", card=self.card(c), host=kind_name(_, host)))
            elif host:
                parts.append(_("%(card)s on %(host)s", card=self.card(c), host=self.card(host)))
            else:
                parts.append(self.card(c))
        return _("%(seat)s mobilizes %(cards)s.", seat=who, cards=", ".join(parts))

    def _stage_started(self, p: dict[str, Any], who: str, secret: dict[str, Any]) -> str:
        return self._("%(seat)s: %(stage)s.", seat=who, stage=self._(STAGES.get(p["stage"], p["stage"])))

    def _stage_ended(self, p: dict[str, Any], who: str, secret: dict[str, Any]) -> str:
        return self._("%(seat)s ends the %(stage)s.", seat=who, stage=self._(STAGES.get(p["stage"], p["stage"])))

    def _attack_passed(self, p: dict[str, Any], who: str, secret: dict[str, Any]) -> str:
        if p.get("auto"):
            return self._("%(seat)s has no free capacity and cannot attack.", seat=who)
        return self._("%(seat)s does not attack.", seat=who)

    def _mission_formed(self, p: dict[str, Any], who: str, secret: dict[str, Any]) -> str:
        _ = self._
        text = _.ngettext("%(seat)s sends a mission of %(num)d aircraft against %(target)s.",
                          "%(seat)s sends a mission of %(num)d aircraft against %(target)s.",
                          p["size"], seat=who, target=self.target(p["target"], p["defender"]))
        if secret.get("slots"):
            text += " " + _("Your mission, slot by slot: %(cards)s.", cards=self.cards(secret["slots"]))
        return text

    def _intercept_passed(self, p: dict[str, Any], who: str, secret: dict[str, Any]) -> str:
        return self._("%(seat)s does not intercept.", seat=who)

    def _intercept_formed(self, p: dict[str, Any], who: str, secret: dict[str, Any]) -> str:
        _ = self._
        text = _.ngettext("%(seat)s intercepts with %(num)d aircraft.", "%(seat)s intercepts with %(num)d aircraft.",
                          p["size"], seat=who)
        if secret.get("cards"):
            text += " " + _("Your interceptors: %(cards)s.", cards=self.cards(secret["cards"]))
        return text

    def _engaged(self, p: dict[str, Any], who: str, secret: dict[str, Any]) -> str:
        template = ENGAGED.get(p.get("how", ""), ENGAGED["scouted"])
        slot = p.get("slot")
        return self._(template, interceptor=self.card(p["interceptor"]), target=self.card(p["target"]),
                      slot=(slot + 1) if isinstance(slot, int) else "?")

    def _battle_played(self, p: dict[str, Any], who: str, secret: dict[str, Any]) -> str:
        _ = self._
        text = _("%(seat)s plays %(card)s on %(on)s.", seat=who, card=self.card(p["card"]), on=self.card(p["on"]))
        if p.get("cancels"):
            text += " " + _("It cancels %(card)s.", card=self.card(p["cancels"]))
        return text

    def _battle_passed(self, p: dict[str, Any], who: str, secret: dict[str, Any]) -> str:
        return self._("%(seat)s plays no Battle card.", seat=who)

    def _fight_resolved(self, p: dict[str, Any], who: str, secret: dict[str, Any]) -> str:
        _ = self._
        a, d = p["attacker_card"], p["defender_card"]
        a2a, dfn = p.get("air_to_air") or {}, p.get("defense") or {}
        text = _("Fight: %(attacker)s (Air to Air %(a)s, Defence %(ad)s) against %(defender)s (Air to Air %(d)s, "
                 "Defence %(dd)s).", attacker=self.card(a), a=a2a.get(a, 0), ad=dfn.get(a, 0),
                 defender=self.card(d), d=a2a.get(d, 0), dd=dfn.get(d, 0))
        if p.get("destroyed"):
            text += " " + _("Destroyed: %(cards)s.", cards=self.cards(p["destroyed"]))
        else:
            text += " " + _("Nobody is destroyed.")
        if p.get("left"):
            text += " " + _("Leaving the combat: %(cards)s.", cards=self.cards(p["left"]))
        return text

    def _countered(self, p: dict[str, Any], who: str, secret: dict[str, Any]) -> str:
        return self._("%(seat)s counter-attacks %(target)s with %(card)s.", seat=who,
                      target=self.card(p["target"]), card=self.card(p["card"]))

    def _counter_passed(self, p: dict[str, Any], who: str, secret: dict[str, Any]) -> str:
        return self._("%(seat)s does not counter-attack.", seat=who)

    def _combat_ended(self, p: dict[str, Any], who: str, secret: dict[str, Any]) -> str:
        _ = self._
        text = _(COMBAT_END.get(p.get("reason", ""), N_("The combat ends.")), seat=who)
        if p.get("revealed"):
            text += " " + _("The mission's hidden cards are revealed: %(cards)s.", cards=self.cards(p["revealed"]))
        return text

    def _damage_dealt(self, p: dict[str, Any], who: str, secret: dict[str, Any]) -> str:
        _ = self._
        defender = self.who(other(p.get("seat", "axis")))
        parts = []
        base = p.get("base")
        if base:
            values = {"base": self.card(base["id"]), "total": base["total"], "defense": base["defense"]}
            if base.get("destroyed"):
                parts.append(_("%(base)s is destroyed (%(total)s damage against Defence %(defense)s).", **values))
            elif base.get("damaged"):
                parts.append(_("%(base)s is damaged (%(total)s damage against Defence %(defense)s).", **values))
            else:
                parts.append(_("%(base)s holds (%(total)s damage against Defence %(defense)s).", **values))
        ind, con = p.get("industry") or {}, p.get("convoy") or {}
        if con.get("damage") or (not base and con):
            parts.append(_("Convoy of %(seat)s: %(before)s to %(after)s.", seat=defender, before=con["before"],
                           after=con["after"]))
            if con.get("zeroed"):
                parts.append(_("The Convoy is sunk."))
        if ind.get("damage") or (not base and ind):
            parts.append(_("Industry of %(seat)s: %(before)s to %(after)s.", seat=defender, before=ind["before"],
                           after=ind["after"]))
        if p.get("parafrag"):
            parts.append(_("Para-Frag bombs were used."))
        return " ".join(parts) or _("The attack deals no damage.")

    def _base_removed(self, p: dict[str, Any], who: str, secret: dict[str, Any]) -> str:
        _ = self._
        text = _("%(seat)s loses %(base)s.", seat=who, base=self.card(p["base"]))
        if p.get("discarded"):
            text += " " + _("%(card)s is lost with it.", card=self.card(p["discarded"]))
        if p.get("returned"):
            text += " " + _.ngettext("%(num)d aircraft returns to the hand.", "%(num)d aircraft return to the hand.",
                                     p["returned"])
        return text

    def _convoy_discarded(self, p: dict[str, Any], who: str, secret: dict[str, Any]) -> str:
        return self._("%(seat)s discards %(cards)s for the sunk Convoy.", seat=who, cards=self.cards(p["cards"]))

    def _landed(self, p: dict[str, Any], who: str, secret: dict[str, Any]) -> str:
        _ = self._
        parts = [_("%(card)s on %(base)s", card=self.card(x["id"]), base=self.card(x["base"]))
                 for x in [*p.get("attacker", []), *p.get("defender", []), *secret.get("defender", [])]
                 if x.get("base")]
        for base, n in (p.get("face_down") or {}).items():
            parts.append(_.ngettext("%(num)d face-down card on %(base)s", "%(num)d face-down cards on %(base)s",
                                    n, base=self.card(base)))
        text = _("The aircraft land: %(list)s.", list=", ".join(parts)) if parts else _("No aircraft lands.")
        if p.get("returned"):
            text += " " + _.ngettext("%(num)d aircraft returns to the hand.", "%(num)d aircraft return to the hand.",
                                     p["returned"])
        return text

    def _turn_ended(self, p: dict[str, Any], who: str, secret: dict[str, Any]) -> str:
        return self._("%(seat)s ends the turn.", seat=who)

    def _game_ended(self, p: dict[str, Any], who: str, secret: dict[str, Any]) -> str:
        _ = self._
        ind = p.get("industry") or {}
        reason = _(REASONS.get(p.get("reason", ""), N_("the game is over")))
        values = {"reason": reason, "axis": ind.get("axis", "?"), "allies": ind.get("allies", "?"),
                  "axis_name": self.who("axis"), "allies_name": self.who("allies")}
        if p.get("winner") == "draw":
            return _("The game ends in a draw: %(reason)s (Industry: %(axis_name)s %(axis)s, %(allies_name)s "
                     "%(allies)s).", **values)
        return _("%(seat)s wins: %(reason)s (Industry: %(axis_name)s %(axis)s, %(allies_name)s %(allies)s).",
                 seat=self.who(p.get("winner")), **values)
