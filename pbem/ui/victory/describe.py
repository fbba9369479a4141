"""The VICTORY describer: every ``vic.`` event as a sentence in the reader's language.

Events arrive redacted for the reader (``pbem.services.reading``): a sentence tells the opponent's
moves as "a block" (VIC-FOG-03) and names a block's type only where the event carries it (battle
blocks are revealed for the battle's duration, VIC-FOG-04) or where it is the reader's own block
(its secret part of the event, or the reader's view). Messages live in the ``victory`` domain.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from pbem.ui.base import Story
from pbem.ui.i18n import N_, Catalog, Translator

CATALOG = Catalog(Path(__file__).parent / "translations", "victory")

#: block type -> (singular, plural), English; translated where shown
UNIT_NAMES: dict[str, tuple[str, str]] = {
    "FA": (N_("fighter"), N_("fighters")),
    "DB": (N_("dive bomber"), N_("dive bombers")),
    "HB": (N_("heavy bomber"), N_("heavy bombers")),
    "SS": (N_("submarine"), N_("submarines")),
    "BB": (N_("battleship"), N_("battleships")),
    "CV": (N_("carrier"), N_("carriers")),
    "AR": (N_("armor"), N_("armor")),
    "AB": (N_("airborne"), N_("airborne")),
    "MA": (N_("marines"), N_("marines")),
    "IN": (N_("infantry"), N_("infantry")),
}
SIDES = {"blue": N_("Blue"), "red": N_("Red")}
TARGETS = {"A": N_("air"), "N": N_("naval"), "G": N_("ground")}
MODES = {
    "normal": N_("normal move"),
    "strategic": N_("strategic move"),
    "convoy": N_("naval transport"),
    "para": N_("parachute drop"),
    "amphibious": N_("amphibious landing"),
}
KINDS = {
    "deploy": N_("deploy the blocks (sealed)"),
    "move": N_("movement"),
    "air_cover": N_("air cover"),
    "choose_battle": N_("choose the next battle"),
    "act": N_("a block acts in battle"),
    "take_hit": N_("choose which block takes the hit"),
    "retreat_all": N_("retreat after the last round"),
    "rebase": N_("rebase air after the battle"),
    "end_turn": N_("end the player-turn"),
    "produce": N_("production (sealed)"),
}
REASONS = {
    "sudden_death": N_("sudden death"),
    "both_sudden_death": N_("both reached sudden death"),
    "turn_limit": N_("the last turn was played"),
}


def unit(_: Translator, code: Any, n: int = 1) -> str:
    one, many = UNIT_NAMES.get(str(code), (N_("block"), N_("blocks")))
    return _(one) if n == 1 else _(many)


def side_name(_: Translator, side: Any) -> str:
    return _(SIDES[side]) if side in SIDES else _("nobody")


def kind_name(_: Translator, kind: Any) -> str:
    return _(KINDS[kind]) if kind in KINDS else _("a decision")


def hexes_text(_: Translator, hexes: Iterable[Any]) -> str:
    return ", ".join(str(h) for h in hexes) or _("none")


class VictoryStory(Story):
    """Sentences for one reader; ``learn`` notes the types of battle blocks (by alias) and the
    reader's own blocks, so later events can name them."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.types: dict[str, str] = {bid: b.get("type", "") for bid, b in (self.view.get("blocks") or {}).items()}

    def learn(self, events: Iterable[dict[str, Any]]) -> None:
        for e in events:
            p = e.get("payload") or {}
            if e["type"] == "vic.battle_started":
                for b in p.get("blocks", []):
                    self.types[f"{p['hex']}:{b['alias']}"] = b["type"]

    def side(self, side: Any) -> str:
        return self.names.get(side, "") or side_name(self._, side)

    def block(self, hex_: Any, alias: Any, typ: Any = None) -> str:
        """A battle block: "A1 (armor)" where its type is known."""
        code = typ or self.types.get(f"{hex_}:{alias}")
        return f"{alias} ({unit(self._, code)})" if code else str(alias)

    def family_line(self, event: dict[str, Any]) -> str | None:
        t = event["type"]
        if not t.startswith("vic."):
            return None
        handler = getattr(self, "_" + t[4:], None)
        if t == "vic.battle_started":
            self.learn([event])
        return handler(event["payload"] or {}, (event["payload"] or {}).get("secret") or {}) if handler else None

    def quiet(self, event: dict[str, Any]) -> bool:
        return super().quiet(event) or event["type"] in ("vic.hits_done",)

    # -- set-up, turns ------------------------------------------------------------------------
    def _deployed(self, p: dict[str, Any], secret: dict[str, Any]) -> str:
        mine = secret.get(self.audience.seat or "")
        if mine:
            return self._.ngettext(
                "%(side)s deploys its blocks: %(num)d block placed by choice.",
                "%(side)s deploys its blocks: %(num)d blocks placed by choice.",
                len(mine),
                side=self.side(p.get("side")),
            )
        return self._("%(side)s has deployed its blocks.", side=self.side(p.get("side")))

    def _initiative(self, p: dict[str, Any], secret: dict[str, Any]) -> str:
        rolls = "; ".join(", ".join(f"{self.side(s)} {n}" for s, n in sorted(r.items())) for r in p.get("rolls", []))
        return self._(
            "Turn %(turn)s, initiative (2 dice each): %(rolls)s. %(first)s plays first.",
            turn=p.get("turn"),
            rolls=rolls,
            first=self.side((p.get("order") or [None])[0]),
        )

    def _player_turn(self, p: dict[str, Any], secret: dict[str, Any]) -> str:
        return self._(
            "Turn %(turn)s: %(side)s's player-turn begins.", turn=p.get("turn"), side=self.side(p.get("active"))
        )

    def _moved(self, p: dict[str, Any], secret: dict[str, Any]) -> str:
        path = p.get("path") or []
        mine = secret.get(self.audience.seat or "")
        if mine:
            code = self.types.get(mine.get("block", ""))
            return self._(
                "%(side)s moves its %(unit)s %(block)s from %(start)s to %(end)s (%(mode)s).",
                side=self.side(p.get("side")),
                unit=unit(self._, code),
                block=mine.get("block"),
                start=path[0] if path else "?",
                end=path[-1] if path else "?",
                mode=self._(MODES.get(mine.get("mode", ""), N_("normal move"))),
            )
        return self._(
            "%(side)s moves a block from %(start)s to %(end)s (by %(path)s).",
            side=self.side(p.get("side")),
            start=path[0] if path else "?",
            end=path[-1] if path else "?",
            path=" – ".join(path),
        )

    def _movement_ended(self, p: dict[str, Any], secret: dict[str, Any]) -> str:
        if p.get("battles"):
            return self._(
                "%(side)s ends movement; battles at %(hexes)s.",
                side=self.side(p.get("side")),
                hexes=hexes_text(self._, p["battles"]),
            )
        return self._("%(side)s ends movement; no battles.", side=self.side(p.get("side")))

    def _air_cover(self, p: dict[str, Any], secret: dict[str, Any]) -> str:
        moves = p.get("moves") or []
        if not moves:
            return self._("%(side)s sends no air cover.", side=self.side(p.get("side")))
        text = ", ".join(
            self._(
                "%(unit)s of %(steps)s from %(start)s to %(end)s",
                unit=unit(self._, m.get("type")),
                steps=m.get("steps"),
                start=m["path"][0],
                end=m["path"][-1],
            )
            for m in moves
        )
        return self._("%(side)s sends air cover: %(moves)s.", side=self.side(p.get("side")), moves=text)

    # -- battles -------------------------------------------------------------------------------
    def _battle_started(self, p: dict[str, Any], secret: dict[str, Any]) -> str:
        blocks = ", ".join(
            f"{b['alias']} {self.side(b['side'])} {unit(self._, b['type'])} {b['steps']}" for b in p.get("blocks", [])
        )
        return self._(
            "Battle at %(hex)s (%(rounds)s rounds at most): %(attacker)s attacks %(defender)s. "
            "Blocks revealed: %(blocks)s.",
            hex=p.get("hex"),
            rounds=p.get("rounds"),
            attacker=self.side(p.get("attacker")),
            defender=self.side(p.get("defender")),
            blocks=blocks,
        )

    def _fired(self, p: dict[str, Any], secret: dict[str, Any]) -> str:
        faces = " ".join(str(f) for f in p.get("faces", [])) or "–"
        text = self._.ngettext(
            "Round %(round)s at %(hex)s: %(block)s fires at %(target)s targets, rolls %(faces)s: %(num)d hit.",
            "Round %(round)s at %(hex)s: %(block)s fires at %(target)s targets, rolls %(faces)s: %(num)d hits.",
            p.get("hits", 0),
            round=p.get("round"),
            hex=p.get("hex"),
            block=self.block(p.get("hex"), p.get("block"), p.get("type")),
            target=self._(TARGETS.get(p.get("target", ""), N_("ground"))),
            faces=faces,
        )
        if p.get("own"):
            text += " " + self._.ngettext(
                "%(num)d hit on its own side (sixes).", "%(num)d hits on its own side (sixes).", p["own"]
            )
        return text

    def _hit(self, p: dict[str, Any], secret: dict[str, Any]) -> str:
        who = self.block(p.get("hex"), p.get("block"), p.get("type"))
        if not p.get("steps"):
            return self._("%(block)s is eliminated.", block=who)
        return self._("%(block)s loses a step (%(steps)s left).", block=who, steps=p.get("steps"))

    def _hits_done(self, p: dict[str, Any], secret: dict[str, Any]) -> str:
        return self._("The hits at %(hex)s are applied.", hex=p.get("hex"))

    def _hits_lost(self, p: dict[str, Any], secret: dict[str, Any]) -> str:
        return self._.ngettext(
            "%(num)d hit at %(hex)s finds no target and is lost.",
            "%(num)d hits at %(hex)s find no target and are lost.",
            p.get("count", 0),
            hex=p.get("hex"),
        )

    def _hit_tie(self, p: dict[str, Any], secret: dict[str, Any]) -> str:
        return self._(
            "%(side)s chooses which block takes the hit at %(hex)s: %(blocks)s.",
            side=self.side(p.get("side")),
            hex=p.get("hex"),
            blocks=", ".join(self.block(p.get("hex"), a) for a in p.get("blocks", [])),
        )

    def _hit_chosen(self, p: dict[str, Any], secret: dict[str, Any]) -> str:
        return self._("%(block)s takes the hit.", block=self.block(p.get("hex"), p.get("block")))

    def _acted(self, p: dict[str, Any], secret: dict[str, Any]) -> str:
        who, action = self.block(p.get("hex"), p.get("block"), p.get("type")), p.get("action")
        if action == "hold":
            return self._("%(block)s holds (it cannot fire).", block=who)
        if action == "land":
            return self._("%(block)s lands at %(hex)s.", block=who, hex=p.get("hex"))
        if p.get("to"):
            return self._("%(block)s aborts its drop and returns to %(to)s.", block=who, to=p.get("to"))
        return self._("%(block)s aborts its drop with no base to reach and is eliminated.", block=who)

    def _retreated(self, p: dict[str, Any], secret: dict[str, Any]) -> str:
        return self._(
            "%(block)s retreats from %(hex)s to %(to)s.",
            block=self.block(p.get("hex"), p.get("block")),
            hex=p.get("hex"),
            to=p.get("to"),
        )

    def _eliminated(self, p: dict[str, Any], secret: dict[str, Any]) -> str:
        return self._(
            "%(block)s cannot retreat from %(hex)s and is eliminated (%(rule)s).",
            block=self.block(p.get("hex"), p.get("block"), p.get("type")),
            hex=p.get("hex"),
            rule=p.get("rule"),
        )

    def _round_ended(self, p: dict[str, Any], secret: dict[str, Any]) -> str:
        return self._("Round %(round)s at %(hex)s is over.", round=p.get("round"), hex=p.get("hex"))

    def _rounds_over(self, p: dict[str, Any], secret: dict[str, Any]) -> str:
        return self._(
            "The last round at %(hex)s is over: %(side)s must retreat.",
            hex=p.get("hex"),
            side=self.side(p.get("retreating")),
        )

    def _blockade(self, p: dict[str, Any], secret: dict[str, Any]) -> str:
        return self._(
            "%(side)s's ships stay at %(hex)s as a blockade: %(blocks)s.",
            side=self.side(p.get("side")),
            hex=p.get("hex"),
            blocks=", ".join(f"{unit(self._, b.get('type'))} {b.get('steps')}" for b in p.get("blocks", [])),
        )

    def _battle_decided(self, p: dict[str, Any], secret: dict[str, Any]) -> str:
        if p.get("winner"):
            return self._("%(side)s wins the battle at %(hex)s.", side=self.side(p["winner"]), hex=p.get("hex"))
        return self._("The battle at %(hex)s is undecided: both sides stay.", hex=p.get("hex"))

    def _rebase_due(self, p: dict[str, Any], secret: dict[str, Any]) -> str:
        return self._(
            "%(side)s rebases its air from the battle at %(hex)s.", side=self.side(p.get("side")), hex=p.get("hex")
        )

    def _rebased(self, p: dict[str, Any], secret: dict[str, Any]) -> str:
        parts = [
            self._("%(block)s to %(to)s", block=self.block(p.get("hex"), m.get("block"), m.get("type")), to=m["to"])
            if m.get("to")
            else self._("%(block)s eliminated (no base)", block=self.block(p.get("hex"), m.get("block"), m.get("type")))
            for m in p.get("moves", [])
        ]
        return self._(
            "%(side)s rebases air from %(hex)s: %(moves)s.",
            side=self.side(p.get("side")),
            hex=p.get("hex"),
            moves=", ".join(parts) or self._("none"),
        )

    def _battle_ended(self, p: dict[str, Any], secret: dict[str, Any]) -> str:
        return self._("The battle at %(hex)s is over; its blocks are hidden again.", hex=p.get("hex"))

    # -- end of a player-turn, production, victory ----------------------------------------------
    def _beachheads(self, p: dict[str, Any], secret: dict[str, Any]) -> str:
        text = self._("%(side)s ends its player-turn.", side=self.side(p.get("side")))
        if p.get("designated"):
            text += " " + self._(
                "Beachheads: %(hexes)s.",
                hexes=", ".join(
                    f"{d['hex']} ({unit(self._, d.get('type'))} {d.get('steps')})" if isinstance(d, dict) else str(d)
                    for d in p["designated"]
                ),
            )
        if p.get("cancelled"):
            text += " " + self._("Beachheads given up: %(hexes)s.", hexes=hexes_text(self._, p["cancelled"]))
        return text

    def _control(self, p: dict[str, Any], secret: dict[str, Any]) -> str:
        held = p.get("control") or {}
        counts = {s: sum(1 for v in held.values() if v == s) for s in SIDES}
        return self._(
            "Control of cities and towns: %(blue)s %(nblue)s, %(red)s %(nred)s.",
            blue=self.side("blue"),
            nblue=counts["blue"],
            red=self.side("red"),
            nred=counts["red"],
        )

    def _attrition(self, p: dict[str, Any], secret: dict[str, Any]) -> str:
        lost = p.get("eliminated") or []
        mine = secret.get(self.audience.seat or "") or []
        text = self._.ngettext(
            "Supply of %(side)s: %(num)d block eliminated by attrition.",
            "Supply of %(side)s: %(num)d blocks eliminated by attrition.",
            len(lost),
            side=self.side(p.get("side")),
        )
        if lost:
            text += " " + ", ".join(f"{unit(self._, b.get('type'))} ({b.get('hex')})" for b in lost) + "."
        steps = sum(1 for r in mine if r.get("loss"))
        if steps:
            text += " " + self._.ngettext(
                "Your unsupplied blocks lose %(num)d step.", "Your unsupplied blocks lose %(num)d steps.", steps
            )
        return text

    def _victory_check(self, p: dict[str, Any], secret: dict[str, Any]) -> str:
        result = p.get("result")
        if not result:
            return self._("End of turn %(turn)s: nobody has won yet.", turn=p.get("turn"))
        reason = self._(REASONS.get(result.get("reason", ""), N_("the scenario's conditions")))
        if result.get("winner"):
            return self._("%(side)s wins the game (%(reason)s).", side=self.side(result["winner"]), reason=reason)
        return self._("The game ends in a draw (%(reason)s).", reason=reason)

    def _production_started(self, p: dict[str, Any], secret: dict[str, Any]) -> str:
        pp = p.get("pp") or {}
        return self._(
            "Production of turn %(turn)s: %(blue)s %(pblue)s PP, %(red)s %(pred)s PP; orders are sealed.",
            turn=p.get("turn"),
            blue=self.side("blue"),
            pblue=pp.get("blue", 0),
            red=self.side("red"),
            pred=pp.get("red", 0),
        )

    def builds_text(self, builds: list[dict[str, Any]]) -> str:
        parts = []
        for b in builds:
            if b.get("new"):
                parts.append(
                    self._(
                        "new %(unit)s of %(steps)s at %(city)s",
                        unit=unit(self._, b["new"]),
                        steps=b.get("steps"),
                        city=b.get("city"),
                    )
                )
            else:
                parts.append(
                    self._(
                        "%(block)s +%(steps)s at %(city)s",
                        block=b.get("block"),
                        steps=b.get("steps"),
                        city=b.get("city"),
                    )
                )
        return ", ".join(parts) or self._("nothing")

    def _production_sealed(self, p: dict[str, Any], secret: dict[str, Any]) -> str:
        mine = secret.get(self.audience.seat or "")
        if mine is not None:
            return self._(
                "%(side)s seals its production: %(builds)s.",
                side=self.side(p.get("side")),
                builds=self.builds_text(mine),
            )
        return self._("%(side)s has sealed its production orders.", side=self.side(p.get("side")))

    def _production_revealed(self, p: dict[str, Any], secret: dict[str, Any]) -> str:
        new = p.get("new_blocks") or []
        counts = ", ".join(f"{self.side(s)} {sum(1 for b in new if b.get('side') == s)}" for s in SIDES)
        text = self._("Production revealed: new blocks %(counts)s.", counts=counts)
        for seat, rec in sorted(secret.items()):
            text += " " + self._(
                "%(side)s built: %(builds)s.", side=self.side(seat), builds=self.builds_text(rec.get("builds") or [])
            )
        return text
