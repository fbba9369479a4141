"""The unit table (spec section 4; VIC-UNIT-*): classes, moves, firepower, firing positions."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class UnitType:
    code: str
    name: str
    cls: str  # "air" | "naval" | "army"
    move: int
    fire: dict[str, int]  # target class ("A", "N", "G") -> firepower
    position: int  # 1..10 in the firing sequence (VIC-CMB-06)


UNITS: dict[str, UnitType] = {
    u.code: u for u in (
        UnitType("FA", "fighter", "air", 3, {"A": 2, "G": 1}, 1),
        UnitType("DB", "dive bomber", "air", 3, {"A": 1, "N": 2, "G": 2}, 2),
        UnitType("HB", "heavy bomber", "air", 6, {"A": 1, "N": 1, "G": 2}, 3),
        UnitType("SS", "submarine", "naval", 2, {"N": 2}, 4),
        UnitType("BB", "battleship", "naval", 3, {"A": 1, "N": 3, "G": 2}, 5),
        UnitType("CV", "carrier", "naval", 3, {"A": 1, "N": 1}, 6),
        UnitType("AR", "armor", "army", 3, {"A": 1, "G": 2}, 7),
        UnitType("AB", "airborne", "army", 2, {"G": 1}, 8),
        UnitType("MA", "marines", "army", 2, {"G": 2}, 9),
        UnitType("IN", "infantry", "army", 2, {"A": 1, "G": 2}, 10),
    )
}

#: The fixed firing sequence, fighters first, infantry last (VIC-CMB-06).
SEQUENCE: list[str] = sorted(UNITS, key=lambda c: UNITS[c].position)
MAX_STEPS = 4  # VIC-UNIT-GEN-01, VIC-PROD-09
STRATEGIC_MOVE = 6  # VIC-STRAT-01
PARA_RANGE = 4  # VIC-UNIT-AB-01
AMPHIBIOUS_RANGE = 2  # VIC-UNIT-MA-02
COVER_RANGE = 2  # VIC-AIR-08
AIR_STACK = 2  # VIC-AIR-02
CARRIER_LOAD = 2  # VIC-UNIT-CV-02
PORT_CAPACITY = 2  # VIC-STRAT-08


def cls_of(code: str) -> str:
    return UNITS[code].cls


def move_of(code: str) -> int:
    return UNITS[code].move
