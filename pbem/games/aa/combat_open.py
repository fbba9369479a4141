"""Opening the battles when Conduct combat starts (AA41-CMB-01/26/32, AA41-AMP-03..08).

Battle spaces (read from the position and ``state["declared"]["amphibious"]``, see the
movement section of ``docs/aa1941.md``):

* a sea zone where the active power has units with ``t_combat`` and enemy units fight
  (not when its units there are only transports facing no surface warship, Interp. AMB-17);
  in a declared assault's zone holding only enemy submarines and/or transports the sea battle
  is fought when an attacking destroyer faces submarines (AA41-AMP-06), when an air unit was
  assigned to the sea battle, or when a warship of the attacker faces transports alone
  (AA41-CM-20); otherwise the transports ignore them (AA41-AMP-05); where the edition lets the
  active power ignore them (``routes.ignored_zones``, Global 1940's G40-CM-06) no sea battle is
  fought unless enemy aircraft came (G40-CMB-38);
* a hostile territory holding the active power's land or air units and enemy units, or the
  target of a declared assault. Hostile territories entered by land units and holding no enemy
  unit are captured at once (AA41-CMB-26).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pbem.engine.ruleset import OrderContext
from pbem.games.aa import combat_opening, combat_round, combat_rules
from pbem.games.aa.capture import capture
from pbem.games.aa.combat_state import Battle, attackers, defenders, is_cargo
from pbem.games.aa.routes import holder_of, ignored_zones
from pbem.games.aa.state import State, Unit, is_enemy

if TYPE_CHECKING:
    from pbem.games.aa.ruleset import AARuleset


def is_amphibious(b: Battle) -> bool:
    return bool(b["amphibious"] or b["for"])


def _enemies(rs: AARuleset, state: State, space: str, power: str, domains: tuple[str, ...]) -> list[Unit]:
    units = state["units"][space]
    by_id = {u["id"]: u for u in units}
    return [u for u in units if is_enemy(rs, state, power, u["owner"]) and rs.data.units[u["type"]].domain in domains
            and not is_cargo(rs, u, by_id) and not rs.data.units[u["type"]].has("never_casualty")
            and not u.get("t_intercepted")]  # G40-SBR-12: interceptors fight no other battle


def sea_participants(rs: AARuleset, state: State, zone: str, power: str) -> list[Unit]:
    """Every unit of ``power`` in ``zone`` that fights if a sea battle is fought there (AA41-CMB-01/04).

    Step 1 lines up all of them, moved in or not (AA41-CMB-32 only keeps units out of a space where
    no attack is made); the power's own fighters resting on a friendly power's carrier take off and
    fight on their own turn (AA41-MNF-03). Cargo (land units aboard, other powers' fighters) never fights.
    """
    units = state["units"][zone]
    by_id = {u["id"]: u for u in units}
    return [u for u in units if u["owner"] == power
            and (not is_cargo(rs, u, by_id) or takes_off(rs, u, by_id, power))]


def takes_off(rs: AARuleset, unit: Unit, by_id: dict[int, Unit], power: str) -> bool:
    """AA41-MNF-03: a fighter of the active power aboard a friendly power's carrier launches to fight."""
    ship = by_id.get(unit.get("aboard", -1))
    return (unit["owner"] == power and rs.data.units[unit["type"]].domain == "air"
            and ship is not None and ship["owner"] != power)


def _must_fight(rs: AARuleset, foe: Unit) -> bool:
    """Enemy surface warships, or aircraft (scrambled to the zone, G40-CMB-38), make a sea battle
    mandatory; submarines and transports alone may be ignored (AA41-AMP-05)."""
    return rs.data.units[foe["type"]].has("surface_warship") or rs.data.units[foe["type"]].domain == "air"


def lone_foes(rs: AARuleset, state: State, zone: str, power: str) -> list[Unit]:
    """The enemy units in ``zone`` when they are only submarines and/or transports, which the
    attacker may fight or ignore (AA41-AMP-05, G40-CM-06); empty otherwise (none there, or enemy
    surface warships or aircraft that must be fought)."""
    foes = _enemies(rs, state, zone, power, ("sea", "air"))
    return [] if any(_must_fight(rs, u) for u in foes) else foes


def sea_battle_chosen(rs: AARuleset, state: State, zone: str, power: str,
                      assault: list[dict[str, Any]]) -> bool:
    """In an assault's zone holding only enemy submarines and/or transports, is the sea battle fought?

    The attacker chooses (``"sea_battle"`` of the declaration; air units assigned to the sea battle
    mean it fights), whatever its escort (AA41-AMP-05, AA41-CMB-33); an attacking destroyer in the
    zone at the end of Combat move, moved or not, makes it mandatory against submarines (AA41-AMP-06);
    warships that ended their combat move there destroy transports alone automatically (AA41-CM-20).
    """
    types = rs.data.units
    foes = _enemies(rs, state, zone, power, ("sea", "air"))
    mine = sea_participants(rs, state, zone, power)
    if any(types[u["type"]].has("stealth") for u in foes):
        if any(types[u["type"]].has("detects_submarines") for u in mine):
            return True
    elif any(u.get("t_combat") and not types[u["type"]].has("defenceless") for u in mine):
        return True
    return any(d.get("sea_battle") or "sea" in d["air"].values() for d in assault)


def sea_battle_question(rs: AARuleset, state: State, zone: str, power: str) -> str | None:
    """For an amphibious assault from ``zone`` (interfaces): is fighting the enemy there the
    attacker's choice, by :func:`sea_battle_chosen`'s own test?

    ``"choice"``: only enemy submarines and/or transports, the attacker may fight or ignore them
    (AA41-AMP-05, AA41-CMB-33); ``"mandatory"``: they must be fought (an attacking destroyer
    against submarines, AA41-AMP-06; warships that moved in, AA41-CM-20); ``None``: no such
    question (no enemy there, enemy surface warships, only transports of the attacker there,
    which never attack alone, Interp. AMB-17, or an enemy the attacker already ignores, G40-CM-06).
    """
    types = rs.data.units
    foes = _enemies(rs, state, zone, power, ("sea", "air"))
    mine = sea_participants(rs, state, zone, power)
    if not foes or any(_must_fight(rs, u) for u in foes) \
            or all(types[u["type"]].has("defenceless") for u in mine) or zone in ignored_zones(state):
        return None  # (an ignored enemy: no sea battle, G40-CM-06)
    ignoring = [{"air": {}, "sea_battle": False}]
    return "mandatory" if sea_battle_chosen(rs, state, zone, power, ignoring) else "choice"


def sea_battle_units(rs: AARuleset, state: State, zone: str, power: str, assault: list[dict[str, Any]]) -> list[Unit]:
    """The attacking units of the sea battle in ``zone`` (empty: no battle)."""
    types = rs.data.units
    mine = sea_participants(rs, state, zone, power)
    foes = _enemies(rs, state, zone, power, ("sea", "air"))
    if not foes or not (assault or any(u.get("t_combat") for u in mine)):
        return []  # no attack made here (AA41-CMB-01, AA41-CMB-32)
    surface = any(_must_fight(rs, u) for u in foes)
    if not surface and all(types[u["type"]].has("defenceless") for u in mine):
        return []  # Interp. AMB-17: transports alone fight no submarines or transports
    if not surface and zone in ignored_zones(state):
        return []  # G40-CM-06: the attacker ignores them (scrambled aircraft would force the battle)
    if assault and not surface and not sea_battle_chosen(rs, state, zone, power, assault):
        return []  # AA41-AMP-05: the transports ignore them and unload
    return mine


def open_battles(rs: AARuleset, ctx: OrderContext) -> None:
    """``PHASE_START["combat"]``: open every battle, capture empty hostile territories."""
    state = ctx.state
    power = state["power"]
    assaults = list(state["declared"].get("amphibious", []))
    for zone in rs.data.sea_zones:
        mine_decl = [d for d in assaults if d["sea_zone"] == zone]
        fighters = sea_battle_units(rs, state, zone, power, mine_decl)
        if not fighters:
            continue
        foes = _enemies(rs, state, zone, power, ("sea", "air"))
        ctx.emit("aa.battle_opened", {
            "place": zone, "kind": "sea", "attacker": power, "defenders": sorted({u["owner"] for u in foes}),
            "attackers": sorted(u["id"] for u in fighters), "amphibious": False,
            "for": sorted({d["target"] for d in mine_decl}),
            "hostile": any(rs.data.units[u["type"]].has("surface_warship") for u in foes)})
        if all(rs.data.units[u["type"]].has("defenceless") for u in foes):
            # AA41-CM-20, AA41-CMB-20: transports alone are destroyed at once, no battle left to conduct
            combat_round.conclude_if_over(rs, ctx, state["battles"][zone])
    for territory in rs.data.land_territories:
        owner = holder_of(rs, state, territory)  # held by an enemy (Edition.holder)
        if owner is None or not is_enemy(rs, state, power, owner):
            continue
        decl = [d for d in assaults if d["target"] == territory]
        mine = [u for u in state["units"][territory] if u["owner"] == power and not u.get("t_raided")
                and rs.data.units[u["type"]].domain in ("land", "air")]
        if not mine and not decl:
            continue
        foes = _enemies(rs, state, territory, power, ("land", "air"))
        if not decl and all(rs.data.units[u["type"]].has("destroyed_on_capture") for u in foes):
            # AAE-CMB-19: no rounds; an AA gun there first fires at the attacking aircraft (not where
            # guns fire only before a battle: a territory held by guns alone is taken, G40-AA-04)
            if combat_rules.rules(rs).aa_without_battle:
                combat_opening.antiaircraft_fire(rs, ctx, territory, power, mine, "antiaircraft fire")
            if any(rs.data.units[u["type"]].domain == "land" for u in mine):
                capture(rs, ctx, territory, power)  # AA41-CMB-26, AA41-CAP-01b
            continue
        ctx.emit("aa.battle_opened", {
            "place": territory, "kind": "land", "attacker": power,
            "defenders": sorted({u["owner"] for u in foes} or {owner}),
            "attackers": sorted(u["id"] for u in mine), "amphibious": bool(decl),
            "sea_zone": decl[0]["sea_zone"] if decl else None,
            "landing": [{"sea_zone": d["sea_zone"], "transports": d["transports"], "units": d["units"]}
                        for d in decl]})
    end_failed_assaults(rs, ctx)


def seaborne(rs: AARuleset, state: State, b: Battle) -> list[dict[str, Any]]:
    """AA41-AMP-08: the land units that would land now from each declared landing on ``b``.

    Nothing lands if a sea battle was fought and the zone still holds defending units other than
    transports and submerged submarines, or if the transports retreated (AA41-UNIT-TRN-09).
    """
    out = []
    for landing in b.get("landing", []):
        zone = landing["sea_zone"]
        foes = [u for u in _enemies(rs, state, zone, b["attacker"], ("sea", "air"))
                if not rs.data.units[u["type"]].has("defenceless") and not u.get("t_submerged")]
        if zone in state["battles"] and foes:
            continue  # a sea battle was fought and did not clear the zone
        ships = {u["id"] for u in state["units"][zone] if u["id"] in set(landing["transports"])
                 and not u.get("t_retreated")}
        units = sorted(u["id"] for u in state["units"][zone]
                       if u["id"] in set(landing["units"]) and u.get("aboard") in ships)
        if units:
            out.append({"place": b["place"], "sea_zone": zone, "units": units, "transports": sorted(ships)})
    return out


def land_seaborne(rs: AARuleset, ctx: OrderContext, b: Battle) -> None:
    """After the sea battle, surviving declared land units unload into the target (AA41-AMP-08)."""
    for payload in seaborne(rs, ctx.state, b):
        ctx.emit("aa.battle_landed", payload)


def end_failed_assaults(rs: AARuleset, ctx: OrderContext) -> None:
    """AA41-AMP-10: an amphibious assault with no land or air unit left to land on the target ends.

    Checked whenever a sea battle ends (and when combat starts): a land battle whose landings'
    sea battles are all over, with no attacker in the territory and nothing left to land, is
    concluded at once instead of waiting for an attacker that does not exist.
    """
    state = ctx.state
    for b in list(state["battles"].values()):
        if b["kind"] != "land" or not b["amphibious"] or b["status"] != "open":
            continue
        zones = {landing["sea_zone"] for landing in b["landing"]}
        if any(state["battles"].get(z, {}).get("status", "over") != "over" for z in zones):
            continue  # a sea battle before the landing is still to be fought (AA41-AMP-03)
        if attackers(rs, state, b) or seaborne(rs, state, b):
            continue
        winner = "defender" if defenders(rs, state, b) else "none"
        combat_round.end(rs, ctx, b, winner, "amphibious assault ended: no unit left to land")
