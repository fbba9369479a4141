"""The rule IDs the shared code names (A&A 1941's ``AA41-*``, the Anniversary modules'
``AAE-*``) whose Global 1940 rule has another number: a refusal names the Global 1940 rule
(specs/global1940.md). IDs not listed keep their number with the ``G40`` prefix."""

from __future__ import annotations

_AIR = {"AA41-AIR-01": "G40-CM-26", "AA41-AIR-03": "G40-CM-09", "AA41-AIR-04": "G40-NCM-07",
        "AA41-AIR-05": "G40-CM-11", "AA41-AIR-07": "G40-CM-28", "AA41-AIR-08": "G40-NCM-09",
        "AA41-AIR-09": "G40-NCM-08", "AA41-AIR-12": "G40-NCM-07", "AA41-AIR-13": "G40-NCM-13",
        "AA41-AIR-14": "G40-NCM-04"}
_MOVES = {"AA41-CM-02": "G40-CM-05", "AA41-CM-03": "G40-CM-05", "AA41-CM-05": "G40-CM-02",
          "AA41-CM-07": "G40-CM-03", "AA41-CM-09": "G40-CM-01", "AA41-CM-10": "G40-CM-07",
          "AA41-CM-11": "G40-CM-06", "AA41-CM-13": "G40-CM-31", "AA41-CM-15": "G40-CM-16",
          "AA41-CM-17": "G40-CM-29", "AA41-CM-21": "G40-CM-03", "AA41-NCM-03": "G40-NCM-04",
          "AA41-NCM-04": "G40-NCM-05", "AA41-NCM-05": "G40-NCM-11", "AA41-NCM-06": "G40-NCM-03",
          "AA41-NCM-07": "G40-NCM-12", "AA41-UNIT-SEA-01": "G40-CM-05",
          "AA41-MAP-07": "G40-MAP-10", "AA41-MAP-08": "G40-MAP-12", "AA41-MAP-09": "G40-MAP-12",
          "AA41-MAP-10": "G40-MAP-12", "AA41-DEF-03": "G40-MAP-01"}
_AMPHIBIOUS = {"AA41-AMP-01": "G40-CM-12", "AA41-AMP-02": "G40-CM-30",
               "AA41-AMP-03": "G40-CM-29", "AA41-AMP-04": "G40-CMB-02",
               "AA41-AMP-05": "G40-CMB-38", "AA41-AMP-09": "G40-CMB-31",
               "AA41-AMP-11": "G40-CMB-30", "AA41-AMP-12": "G40-CMB-28",
               "AA41-AMP-13": "G40-CM-12", "AA41-AMP-14": "G40-CM-17",
               "AA41-UNIT-TRN-02": "G40-CM-27", "AA41-UNIT-TRN-03": "G40-UNIT-TT-02",
               "AA41-UNIT-TRN-04": "G40-NCM-14", "AA41-UNIT-TRN-05": "G40-NCM-14",
               "AA41-UNIT-TRN-07": "G40-NCM-12", "AA41-UNIT-TRN-08": "G40-CMB-31",
               "AA41-UNIT-TRN-09": "G40-CMB-15", "AA41-UNIT-TRN-10": "G40-CMB-31",
               "AA41-UNIT-TRN-11": "G40-NCM-15", "AA41-MNF-03": "G40-UNIT-CV-01",
               "AA41-MNF-06": "G40-UNIT-TT-02", "AA41-MNF-07": "G40-CMB-33"}
_COMBAT = {"AA41-CMB-01": "G40-CMB-02", "AA41-CMB-02": "G40-CMB-02",
           "AA41-CMB-08": "G40-CMB-10", "AA41-CMB-11": "G40-CMB-07",
           "AA41-CMB-15": "G40-CMB-08", "AA41-CMB-18": "G40-CMB-14",
           "AA41-CMB-22": "G40-CMB-15", "AA41-CMB-23": "G40-CMB-15",
           "AA41-CMB-33": "G40-CMB-02", "AA41-MNF-02": "G40-CMB-26", "AA41-GEN-07": "G40-CMB-01"}
_TURN = {"AA41-DEF-02": "G40-SEQ-02", "AA41-SEQ-03": "G40-SEQ-02", "AA41-GEN-09": "G40-PUR-02",
         "AA41-PUR-02": "G40-PUR-01", "AA41-PUR-03": "G40-SEQ-02", "AA41-PUR-07": "G40-PUR-04",
         "AA41-MOB-07": "G40-MOB-05", "AA41-MOB-08": "G40-MOB-09", "AA41-MOB-09": "G40-MOB-10",
         "AA41-MOB-10": "G40-MOB-05"}
#: the Anniversary research phase (AAE-RD), reused while research is on (G40-TECH)
_RESEARCH = {"AAE-SEQ-04": "G40-SEQ-02", "AAE-SEQ-06": "G40-SEQ-02", "AAE-RD-01": "G40-TECH-01",
             "AAE-RD-02": "G40-TECH-03", "AAE-RD-03": "G40-TECH-04", "AAE-RD-05": "G40-TECH-05",
             "AAE-RD-06": "G40-TECH-04", "AAE-RD-07": "G40-TECH-05", "AAE-RD-10": "G40-SEQ-04",
             "AAE-RD-11": "G40-TECH-02", "AAE-AA-03": "G40-AA-02"}

RULE_IDS: dict[str, str] = {**_AIR, **_MOVES, **_AMPHIBIOUS, **_COMBAT, **_TURN, **_RESEARCH}
