"""Opening the battles when Conduct combat starts (AA41-CMB-01/26/32, AA41-AMP-03..08).

Battle spaces (read from the position and ``state["declared"]["amphibious"]``, see the
movement section of ``docs/aa1941.md``):

* a sea zone where the active power has units with ``t_combat`` and enemy units fight
  (not when its units there are only transports facing no surface warship, Interp. AMB-17);
  in a declared assault's zone holding only enemy submarines and/or transports the sea battle
  is fought when an attacking destroyer faces submarines (AA41-AMP-06), when an air unit was
  assigned to the sea battle, or when a warship of the attacker faces transports alone
  (AA41-CM-20); otherwise the transports ignore them (AA41-AMP-05);
* a hostile territory holding the active power's land or air units and enemy units, or the
  target of a declared assault. Hostile territories entered by land units and holding no enemy
  unit are captured at once (AA41-CMB-26).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pbem.engine.ruleset import OrderContext
from pbem.games.aa.capture import capture
from pbem.games.aa.combat_state import Battle, is_cargo
from pbem.games.aa.state import State, Unit, is_enemy

if TYPE_CHECKING:
    from pbem.games.aa.ruleset import AARuleset


def is_amphibious(b: Battle) -> bool:
    return bool(b["amphibious"] or b["for"])


def _enemies(rs: AARuleset, state: State, space: str, power: str, domains: tuple[str, ...]) -> list[Unit]:
    units = state["units"][space]
    by_id = {u["id"]: u for u in units}
    return [u for u in units if is_enemy(rs, state, power, u["owner"]) and rs.data.units[u["type"]].domain in domains
            and not is_cargo(rs, u, by_id)]


def _sea_battle(rs: AARuleset, state: State, zone: str, power: str, assault: list[dict[str, Any]]) -> list[Unit]:
    """The attacking units of the sea battle in ``zone`` (empty: no battle)."""
    types = rs.data.units
    units = state["units"][zone]
    by_id = {u["id"]: u for u in units}
    mine = [u for u in units if u["owner"] == power and u.get("t_combat") and not is_cargo(rs, u, by_id)]
    foes = _enemies(rs, state, zone, power, ("sea", "air"))
    if not mine or not foes:
        return []
    surface = any(types[u["type"]].has("surface_warship") for u in foes)
    if not surface and all(types[u["type"]].has("defenceless") for u in mine):
        return []  # Interp. AMB-17: transports alone fight no submarines or transports
    if assault and not surface:
        subs = any(types[u["type"]].has("stealth") for u in foes)
        destroyer = any(types[u["type"]].has("detects_submarines") for u in mine)
        air_to_sea = any(v == "sea" for d in assault for v in d["air"].values())
        warship = any(not types[u["type"]].has("defenceless") and types[u["type"]].domain == "sea" for u in mine)
        if not (subs and destroyer or air_to_sea or (not subs and warship)):
            return []  # AA41-AMP-05: the transports ignore them and unload
    return mine


def open_battles(rs: AARuleset, ctx: OrderContext) -> None:
    """``PHASE_START["combat"]``: open every battle, capture empty hostile territories."""
    state = ctx.state
    power = state["power"]
    assaults = list(state["declared"].get("amphibious", []))
    for zone in rs.data.sea_zones:
        mine_decl = [d for d in assaults if d["sea_zone"] == zone]
        fighters = _sea_battle(rs, state, zone, power, mine_decl)
        if not fighters:
            continue
        foes = _enemies(rs, state, zone, power, ("sea", "air"))
        ctx.emit("aa.battle_opened", {
            "place": zone, "kind": "sea", "attacker": power, "defenders": sorted({u["owner"] for u in foes}),
            "attackers": sorted(u["id"] for u in fighters), "amphibious": False,
            "for": sorted({d["target"] for d in mine_decl}),
            "hostile": any(rs.data.units[u["type"]].has("surface_warship") for u in foes)})
    for territory in rs.data.land_territories:
        owner = state["owners"].get(territory)
        if owner is None or not is_enemy(rs, state, power, owner):
            continue
        decl = [d for d in assaults if d["target"] == territory]
        mine = [u for u in state["units"][territory] if u["owner"] == power
                and rs.data.units[u["type"]].domain in ("land", "air")]
        if not mine and not decl:
            continue
        foes = _enemies(rs, state, territory, power, ("land", "air"))
        if not foes and not decl:
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


def land_seaborne(rs: AARuleset, ctx: OrderContext, b: Battle) -> None:
    """AA41-AMP-08: after the sea battle, surviving declared land units unload into the target.

    Nothing lands if a sea battle was fought and the zone still holds defending units other than
    transports and submerged submarines, or if the transports retreated (AA41-UNIT-TRN-09).
    """
    state = ctx.state
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
            ctx.emit("aa.battle_landed", {"place": b["place"], "sea_zone": zone, "units": units,
                                          "transports": sorted(ships)})
