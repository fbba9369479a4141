"""The A&A family's words, marked for the ``aa`` catalog (``N_``) and translated where shown.

Everything a reader may meet of the game's vocabulary is here: unit types (the describer's
lower-case names and the rules data's names used by refusals), powers of every edition, sides,
phases, firing steps, battle endings and the names of the board's spaces. Space names are the
rules data's keys (the names printed on the board); the Italian catalog gives the Italian name
where the Italian rulebook uses one ("Germania", "Gibilterra", "zona di mare 5" as "ZM 5") and
the board's name otherwise. ``tests/web/test_italian_aa.py`` checks that every space, unit type,
power, side and phase of every A&A ruleset is here and translated.
"""

from __future__ import annotations

from pbem.ui.i18n import N_

#: Unit type -> (singular, plural), English; translated where shown.
UNIT_NAMES: dict[str, tuple[str, str]] = {
    "infantry": (N_("infantry"), N_("infantry")), "tank": (N_("tank"), N_("tanks")),
    "artillery": (N_("artillery"), N_("artillery")),
    "fighter": (N_("fighter"), N_("fighters")), "bomber": (N_("bomber"), N_("bombers")),
    "submarine": (N_("submarine"), N_("submarines")), "transport": (N_("transport"), N_("transports")),
    "destroyer": (N_("destroyer"), N_("destroyers")),
    "carrier": (N_("aircraft carrier"), N_("aircraft carriers")),
    "battleship": (N_("battleship"), N_("battleships")),
    "cruiser": (N_("cruiser"), N_("cruisers")), "mech_infantry": (N_("mechanized infantry"),
                                                                    N_("mechanized infantry")),
    "aa_gun": (N_("antiaircraft gun"), N_("antiaircraft guns")),
    "tactical_bomber": (N_("tactical bomber"), N_("tactical bombers")),
    "factory": (N_("industrial complex"), N_("industrial complexes")),
    "industrial_complex": (N_("industrial complex"), N_("industrial complexes")),
    "major_complex": (N_("major industrial complex"), N_("major industrial complexes")),
    "minor_complex": (N_("minor industrial complex"), N_("minor industrial complexes")),
    "air_base": (N_("air base"), N_("air bases")), "naval_base": (N_("naval base"), N_("naval bases")),
    "complex_upgrade": (N_("upgrade to a major complex"), N_("upgrades to a major complex")),
}
#: The rules data's unit names (``Ruleset.vocabulary("unit", ...)``, used in refusals).
DATA_UNIT_NAMES = (N_("Infantry"), N_("Artillery"), N_("Tank"), N_("Fighter"), N_("Bomber"), N_("Submarine"),
                   N_("Transport"), N_("Destroyer"), N_("Aircraft carrier"), N_("Battleship"), N_("Cruiser"),
                   N_("Mechanized infantry"), N_("Antiaircraft gun"), N_("Industrial complex"),
                   # Global 1940's names (rules/global1940/units.json)
                   N_("AA gun"), N_("Armour"), N_("Tactical bomber"), N_("Air base"), N_("Naval base"),
                   N_("Major industrial complex"), N_("Minor industrial complex"),
                   N_("Upgrade of a minor complex to major"))
PHASES = {"purchase": N_("purchase units"), "combat_move": N_("combat move"), "combat": N_("conduct combat"),
          "noncombat_move": N_("noncombat move"), "mobilize": N_("mobilize new units"),
          "research": N_("research and development"), "repair": N_("repair units"),
          "collect_income": N_("collect income")}
SIDES = {"attacker": N_("attacker"), "defender": N_("defender"), "none": N_("nobody")}
STEPS = {"surprise strike": N_("surprise strike"), "attacker fire": N_("attacker fire"),
         "strategic bombing raid": N_("strategic bombing raid"), "rocket attack": N_("rocket attack"),
         "antiaircraft fire": N_("antiaircraft fire"), "shore bombardment": N_("shore bombardment"),
         "research": N_("research"), "development": N_("development"), "war_bonds": N_("War Bonds"),
         "defender fire": N_("defender fire"), "defenseless transports": N_("defenseless transports"),
         # Global 1940's dice outside battles
         "convoy": N_("convoy disruption"), "air battle": N_("air battle"),
         "installation antiaircraft fire": N_("installation antiaircraft fire"), "bombing raid": N_("bombing raid"),
         "kamikaze attack": N_("kamikaze attack")}
POWERS = {"germany": N_("Germany"), "ussr": N_("Soviet Union"), "japan": N_("Japan"), "uk": N_("United Kingdom"),
          "usa": N_("United States"), "italy": N_("Italy"), "china": N_("China"), "anzac": N_("ANZAC"),
          "france": N_("France")}
#: Treasuries other than a power's own (Global 1940: the UK's two economies, ``ipcs`` keys).
TREASURIES = {"uk_europe": N_("United Kingdom (Europe)"), "uk_pacific": N_("United Kingdom (Pacific)")}
TREASURY_POWERS = {"uk_europe": "uk", "uk_pacific": "uk"}
#: Words the rules pass as a refusal's parameter ("China never buys {kind}.").
REFUSAL_WORDS = (N_("repairs"),
                 # Global 1940's canals and straits (rules/global1940/map.json "canals", G40-MAP-10)
                 N_("Danish Straits"), N_("Panama Canal"), N_("Strait of Gibraltar"), N_("Suez Canal"),
                 N_("Turkish Straits"))
#: The rules data's side names (``Ruleset.vocabulary("side", ...)``).
SIDE_NAMES = {"axis": N_("Axis"), "allies": N_("Allies")}
TEAMS = {"axis": N_("the Axis"), "allies": N_("the Allies")}
BY = {"automatic": N_("automatically"), "owner": N_("by its owner"), "standing orders": N_("by standing orders"),
      "attacker": N_("by the attacker")}
#: Why a battle ended (``aa.battle_ended`` ``reason``).
ENDINGS = {"defender destroyed": N_("the defenders are destroyed"),
           "attacker destroyed": N_("the attackers are destroyed"),
           "both sides destroyed": N_("both sides are destroyed"),
           "stalemate": N_("no side can hit the other"),
           "attacker retreated": N_("the attacker retreated")}
#: The victory conditions (``aa.game_won`` ``mode``).
MODES = {"two_capitals": N_("standard game"), "one_capital": N_("quick game")}

#: The board's spaces of every edition (A&A 1941, then Anniversary's own): territories, then the
#: numbered sea zones ("SZ 5").
SPACES = (
    N_("Afghanistan"), N_("Alaska"), N_("Anglo-Egypt Sudan"), N_("Angola"), N_("Archangel"), N_("Australia"),
    N_("Belgian Congo Kenya"), N_("Borneo"), N_("Brazil"), N_("Caroline Islands"), N_("Caucasus"),
    N_("Central America"), N_("Chile Argentina"), N_("Coastal China"), N_("Colombia Venezuela"),
    N_("East Indies"), N_("East Mexico"), N_("Eastern Canada"), N_("Eastern Europe"), N_("Eastern United States"),
    N_("Eire"), N_("French Equatorial Africa"), N_("French Madagascar"), N_("French West Africa"), N_("Germany"),
    N_("Gibraltar"), N_("Greenland"), N_("Hawaiian Islands"), N_("Himalaya"), N_("Iceland"), N_("India"),
    N_("Italian East Africa"), N_("Iwo Jima"), N_("Japan"), N_("Karelia"), N_("Manchuria"), N_("Mexico"),
    N_("Middle East"), N_("Midway"), N_("Mongolia"), N_("Mozambique"), N_("New Guinea"), N_("New Zealand"),
    N_("North Africa"), N_("Northwestern China"), N_("Norway Finland"), N_("Okinawa"), N_("Philippine Islands"),
    N_("Russia"), N_("Sahara"), N_("Saudi Arabia"), N_("Siberia"), N_("Solomon Islands"), N_("Southeast Asia"),
    N_("Southern Europe"), N_("Soviet Far East"), N_("Spain Portugal"), N_("Sweden"), N_("Switzerland"),
    N_("Szechwan"), N_("Turkey"), N_("Ukraine"), N_("Union of South Africa"), N_("United Kingdom"), N_("Urals"),
    N_("Wake Island"), N_("West Indies"), N_("West Russia"), N_("Western Canada"), N_("Western Europe"),
    N_("Western United States"),
    N_("SZ 1"), N_("SZ 2"), N_("SZ 3"), N_("SZ 4"), N_("SZ 5"), N_("SZ 6"), N_("SZ 7"), N_("SZ 8"), N_("SZ 9"),
    N_("SZ 10"), N_("SZ 11"), N_("SZ 12"), N_("SZ 13"), N_("SZ 14"), N_("SZ 15"), N_("SZ 16"), N_("SZ 17"),
    N_("SZ 18"), N_("SZ 19"), N_("SZ 20"), N_("SZ 21"), N_("SZ 22"), N_("SZ 23"), N_("SZ 24"), N_("SZ 25"),
    N_("SZ 26"), N_("SZ 27"), N_("SZ 28"), N_("SZ 29"), N_("SZ 30"), N_("SZ 31"), N_("SZ 32"), N_("SZ 33"),
    N_("SZ 34"), N_("SZ 35"), N_("SZ 36"), N_("SZ 37"), N_("SZ 38"), N_("SZ 39"), N_("SZ 40"), N_("SZ 41"),
    N_("SZ 42"), N_("SZ 43"), N_("SZ 44"), N_("SZ 45"), N_("SZ 46"), N_("SZ 47"), N_("SZ 48"), N_("SZ 49"),
    # Anniversary Edition's board: its own territories, and sea zones 50-65
    N_("Argentina Chile"), N_("Balkans"), N_("Baltic States"), N_("Belgian Congo"), N_("Belorussia"),
    N_("Bulgaria Romania"), N_("Burma"), N_("Buryatia S.S.R."), N_("Central United States"), N_("Chinghai"),
    N_("Czechoslovakia Hungary"), N_("East Poland"), N_("Eastern Ukraine"), N_("Egypt"),
    N_("Evenki National Okrug"), N_("Finland"), N_("Formosa"), N_("France"), N_("French Indo-China Thailand"),
    N_("Fukien"), N_("Hupeh"), N_("Italian Africa"), N_("Italy"), N_("Karelia S.S.R."), N_("Kazakh S.S.R."),
    N_("Kiangsu"), N_("Kwangtung"), N_("Libya"), N_("Morocco Algeria"), N_("Ningxia"),
    N_("Northern South America"), N_("Northwestern Europe"), N_("Norway"), N_("Novosibirsk"), N_("Panama"),
    N_("Persia"), N_("Peruvian Central"), N_("Poland"), N_("Rhodesia"), N_("Sikang"), N_("Spain"),
    N_("Stanovoj Chrebet"), N_("Suiyuan"), N_("Trans-Jordan"), N_("Yakut S.S.R."), N_("Yunnan"),
    N_("SZ 50"), N_("SZ 51"), N_("SZ 52"), N_("SZ 53"), N_("SZ 54"), N_("SZ 55"), N_("SZ 56"), N_("SZ 57"),
    N_("SZ 58"), N_("SZ 59"), N_("SZ 60"), N_("SZ 61"), N_("SZ 62"), N_("SZ 63"), N_("SZ 64"), N_("SZ 65"),
    # Global 1940's board: its own territories (the rulebook's setup tables use the board's English names;
    # Italian here where the words translate), and sea zones 66-128
    N_("Albania"), N_("Alberta Saskatchewan Manitoba"), N_("Aleutian Islands"), N_("Alexandria"), N_("Algeria"),
    N_("Amur"), N_("Anglo Egyptian Sudan"), N_("Anhwe"), N_("Argentina"), N_("Belarus"), N_("Bessarabia"),
    N_("Bolivia"), N_("British Columbia"), N_("British Guiana"), N_("British Somaliland"), N_("Bryansk"),
    N_("Bulgaria"), N_("Buryatia"), N_("Buyant-Uhaa"), N_("Celebes"), N_("Central Mongolia"), N_("Ceylon"),
    N_("Chahar"), N_("Chile"), N_("Colombia"), N_("Crete"), N_("Cyprus"), N_("Denmark"), N_("Dutch New Guinea"),
    N_("Dzavhan"), N_("Eastern Persia"), N_("Eastern Poland"), N_("Ecuador"), N_("Ethiopia"), N_("Evenkiyskiy"),
    N_("Fiji"), N_("French Central Africa"), N_("French Guiana"), N_("French Indo China"), N_("Gilbert Islands"),
    N_("Gold Coast"), N_("Greater Southern Germany"), N_("Greece"), N_("Guam"), N_("Hainan"), N_("Himalayas"),
    N_("Holland Belgium"), N_("Hopei"), N_("Hunan"), N_("Iraq"), N_("Italian Somaliland"), N_("Java"), N_("Jehol"),
    N_("Johnston Island"), N_("Kansu"), N_("Kazakhstan"), N_("Kenya"), N_("Kiangsi"), N_("Korea"), N_("Kwangsi"),
    N_("Kweichow"), N_("Liberia"), N_("Line Islands"), N_("Malaya"), N_("Malta"), N_("Marianas"),
    N_("Marshall Islands"), N_("Morocco"), N_("Nenetsia"), N_("New Britain"), N_("New Brunswick Nova Scotia"),
    N_("New Hebrides"), N_("New South Wales"), N_("Newfoundland Labrador"), N_("Nigeria"), N_("Normandy Bordeaux"),
    N_("Northern Italy"), N_("Northern Territory"), N_("Northwest Persia"), N_("Novgorod"), N_("Olgiy"),
    N_("Ontario"), N_("Paraguay"), N_("Paulau Island"), N_("Peru"), N_("Philippines"), N_("Portugal"),
    N_("Portuguese Guinea"), N_("Pripet Marshes"), N_("Quebec"), N_("Queensland"), N_("Rio de Oro"), N_("Romania"),
    N_("Rostov"), N_("Sakha"), N_("Samara"), N_("Samoa"), N_("Sardinia"), N_("Scotland"), N_("Shan State"),
    N_("Shantung"), N_("Shensi"), N_("Siam"), N_("Sicily"), N_("Sierra Leone"), N_("Slovakia Hungary"),
    N_("Smolensk"), N_("South Australia"), N_("South West Africa"), N_("Southeast Mexico"), N_("Southern France"),
    N_("Southern Italy"), N_("Suiyuyan"), N_("Sumatra"), N_("Suriname"), N_("Syria"), N_("Tambov"),
    N_("Tanganyika Territory"), N_("Timguska"), N_("Tobruk"), N_("Tsagaan Olom"), N_("Tsinghai"), N_("Tunisia"),
    N_("Turkmenistan"), N_("Ulaanbaatar"), N_("Uruguay"), N_("Venezuela"), N_("Victoria"), N_("Volgograd"),
    N_("Vologda"), N_("Vyborg"), N_("West India"), N_("Western Australia"), N_("Western Germany"),
    N_("Western Ukraine"), N_("Yenisey"), N_("Yugoslavia"),
    N_("SZ 66"), N_("SZ 67"), N_("SZ 68"), N_("SZ 69"), N_("SZ 70"), N_("SZ 71"), N_("SZ 72"), N_("SZ 73"),
    N_("SZ 74"), N_("SZ 75"), N_("SZ 76"), N_("SZ 77"), N_("SZ 78"), N_("SZ 79"), N_("SZ 80"), N_("SZ 81"),
    N_("SZ 82"), N_("SZ 83"), N_("SZ 84"), N_("SZ 85"), N_("SZ 86"), N_("SZ 87"), N_("SZ 88"), N_("SZ 89"),
    N_("SZ 90"), N_("SZ 91"), N_("SZ 92"), N_("SZ 93"), N_("SZ 94"), N_("SZ 95"), N_("SZ 96"), N_("SZ 97"),
    N_("SZ 98"), N_("SZ 99"), N_("SZ 100"), N_("SZ 101"), N_("SZ 102"), N_("SZ 103"), N_("SZ 104"), N_("SZ 105"),
    N_("SZ 106"), N_("SZ 107"), N_("SZ 108"), N_("SZ 109"), N_("SZ 110"), N_("SZ 111"), N_("SZ 112"), N_("SZ 113"),
    N_("SZ 114"), N_("SZ 115"), N_("SZ 116"), N_("SZ 117"), N_("SZ 118"), N_("SZ 119"), N_("SZ 120"), N_("SZ 121"),
    N_("SZ 122"), N_("SZ 123"), N_("SZ 124"), N_("SZ 125"), N_("SZ 126"), N_("SZ 127"), N_("SZ 128"),
)
