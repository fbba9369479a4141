"""The A&A orders as types (``TypedDict``) and their fields (the JSON Schema of ``order_schema()``).

Formats and examples are in ``docs/aa1941.md``. The schema refuses fields an order type does not
have (``ENGINE-ORDER-3``); the values themselves are checked by the rules modules, which refuse a
bad one with the rule id that explains it (``AA41-ORDER-2`` for a malformed list of unit ids...).
"""

from __future__ import annotations

from typing import Any, Literal, TypedDict


class EndPhase(TypedDict):
    type: Literal["end_phase"]


class Purchase(TypedDict, total=False):
    type: Literal["purchase"]
    units: dict[str, int]  # unit type -> count
    treasury: str  # the paying treasury of a power that has several


class Place(TypedDict, total=False):
    type: Literal["place"]
    units: dict[str, int]
    at: str
    factory: str  # which complex's capacity a sea placement counts against


class Move(TypedDict, total=False):
    type: Literal["move"]
    units: list[int]
    route: list[str]
    transport: int  # land units board this transport at the end of the route
    landing: dict[str, Any]  # air unit id -> space or {"space", "carrier"} / {"space", "new_carrier"}
    new_carrier: bool
    interception_losses: list[int]  # the moving transports, first lost first (G40-CMB-32)


class AttackInPlace(TypedDict):
    type: Literal["attack_in_place"]
    units: list[int]


class IgnoreEnemy(TypedDict, total=False):
    type: Literal["ignore_enemy"]
    sea_zone: str
    ignore: bool  # ignore the lone enemy submarines/transports there (G40-CM-06; default true), false: attack


class DeclareAmphibious(TypedDict, total=False):
    type: Literal["declare_amphibious"]
    target: str
    sea_zone: str
    transports: list[int]
    units: list[int]
    air: dict[str, Literal["sea", "land"]]
    sea_battle: bool  # fight enemy submarines/transports in the zone (AA41-AMP-05); default: ignore them
    bombard: list[int]  # battleships/cruisers bombarding the target (AAE-BOMB)


class DeclareRaid(TypedDict, total=False):
    type: Literal["declare_raid"]
    target: str
    units: list[int]  # bombers raiding the target's complex (AAE-SBR-01); [] withdraws
    installation: str  # the installation raided (G40-SBR-01: a complex, air base or naval base)
    escorts: list[int]  # fighters escorting the raids on the target (G40-SBR-03)


class Defend(TypedDict, total=False):
    type: Literal["defend"]
    scramble: dict[str, Any]  # air-base territory -> {sea zone: [aircraft ids]} (G40-CM-21/22)
    kamikaze: dict[str, Any]  # sea zone -> [target ship ids], one per attack (G40-KAMI-04)
    intercept: dict[str, Any]  # raided territory -> [fighter ids] (G40-SBR-04)


class DeclareRocket(TypedDict):
    type: Literal["declare_rocket"]
    target: str
    # "from" is a Python keyword: the field is added below




class Battle(TypedDict, total=False):
    type: Literal["battle", "press"]
    place: str
    submerge: list[int]


class Submerge(TypedDict):
    type: Literal["submerge"]
    place: str
    units: list[int]


class Casualties(TypedDict):
    type: Literal["casualties"]
    place: str
    units: list[int]


class AirBattleCasualties(TypedDict):
    type: Literal["air_battle_casualties"]
    place: str  # the raided territory (G40-SBR-05)
    units: list[int]  # the seat's aircraft lost, one per hit


class Retreat(TypedDict, total=False):
    type: Literal["retreat"]
    place: str
    to: str


class Standing(TypedDict, total=False):
    type: Literal["standing"]
    loss_order: list[str]
    keep_last: list[str]
    submerge: bool
    damage_battleships_first: bool
    auto_casualties: bool


class LandStranded(TypedDict, total=False):
    type: Literal["land_stranded"]
    unit: int
    to: str
    carrier: int


class Research(TypedDict, total=False):
    type: Literal["research"]
    tokens: int  # research tokens bought before the roll (0: roll those held)
    treasury: str  # the paying treasury of a power that has several


class ResearchChart(TypedDict):
    type: Literal["research_chart"]
    chart: int  # 1 or 2, after a successful research roll


class Repair(TypedDict, total=False):
    type: Literal["repair"]
    complexes: dict[str, int]  # territory -> damage markers removed
    installations: dict[str, Any]  # territory -> {installation kind: damage removed}
    treasury: str  # the paying treasury of a power that has several


class AttackNeutral(TypedDict):
    type: Literal["attack_neutral"]
    territory: str  # the neutral territory attacked


class MobilizeEconomy(TypedDict):
    type: Literal["mobilize_economy"]
    treasury: str  # the next treasury whose purchases are placed


class DeclareWar(TypedDict):
    type: Literal["declare_war"]
    target: str  # the power declared on


class Build(TypedDict):
    type: Literal["build"]
    kind: str  # an installation bought this turn (complex, upgrade, base) placed in Mobilize
    at: str


class CombatBlock(TypedDict):
    type: Literal["combat_block"]
    first: str  # the power whose combat move and combat come first (a host and its guest)


class PlaceFreeInfantry(TypedDict):
    type: Literal["place_free_infantry"]
    units: dict[str, int]  # territory -> infantry


class Paradrop(TypedDict, total=False):
    type: Literal["paradrop"]
    bomber: int
    infantry: int
    route: list[str]
    landing: dict[str, Any]  # the bomber's landing plan, as in "move"


AAOrder = (EndPhase | Purchase | Place | Move | AttackInPlace | DeclareAmphibious | Battle | Submerge
           | Casualties | Retreat | Standing | LandStranded | Research | ResearchChart | Repair
           | CombatBlock | PlaceFreeInfantry | DeclareRaid | DeclareRocket | Paradrop | DeclareWar
           | MobilizeEconomy | Defend | Build | AttackNeutral | AirBattleCasualties
           | IgnoreEnemy)

_TYPED: dict[str, type[Any]] = {
    "end_phase": EndPhase, "purchase": Purchase, "place": Place, "move": Move,
    "attack_in_place": AttackInPlace, "declare_amphibious": DeclareAmphibious, "battle": Battle,
    "press": Battle, "submerge": Submerge, "casualties": Casualties, "retreat": Retreat,
    "standing": Standing, "land_stranded": LandStranded, "research": Research,
    "research_chart": ResearchChart, "repair": Repair, "combat_block": CombatBlock,
    "place_free_infantry": PlaceFreeInfantry, "declare_raid": DeclareRaid, "declare_rocket": DeclareRocket,
    "paradrop": Paradrop, "declare_war": DeclareWar,
    "mobilize_economy": MobilizeEconomy, "defend": Defend, "build": Build,
    "attack_neutral": AttackNeutral, "air_battle_casualties": AirBattleCasualties,
    "ignore_enemy": IgnoreEnemy,
}

_INT: dict[str, Any] = {"type": "integer"}
_STR: dict[str, Any] = {"type": "string"}
_BOOL = {"type": "boolean"}
_IDS = {"type": "array", "items": _INT}
_NAMES = {"type": "array", "items": _STR}
_COUNTS = {"type": "object", "additionalProperties": _INT}
_JSON_TYPES: dict[str, dict[str, Any]] = {"int": _INT, "str": _STR, "bool": _BOOL, "list[int]": _IDS,
                                          "list[str]": _NAMES, "dict[str, int]": _COUNTS}


def _field_schema(annotation: str) -> dict[str, Any]:
    """The JSON Schema of a field from its annotation (objects are checked by the rules).

    ``null`` is accepted everywhere: the rules read a null field as an absent one
    (``{"type": "land_stranded", "unit": 7, "to": "SZ 5", "carrier": null}``).
    """
    known = _JSON_TYPES.get(annotation, {"type": "object"} if annotation.startswith("dict") else None)
    if known is None:
        return {}
    return {"anyOf": [known, {"type": "null"}]}


#: ``{order type: {field: JSON Schema}}``: JSON types only; the rules check the values.
ORDER_FIELDS: dict[str, dict[str, Any]] = {
    kind: {name: _field_schema(str(getattr(annotation, "__forward_arg__", annotation)))
           for name, annotation in typed.__annotations__.items()
           if name != "type"}
    for kind, typed in _TYPED.items()
}
ORDER_FIELDS["declare_rocket"]["from"] = _field_schema("str")  # AAE-TECH-02: the launching territory
ORDER_FIELDS["declare_rocket"]["kind"] = _field_schema("str")  # G40-TECH-09: the installation struck
