"""What a new Global 1940 player needs from the game page's orders panel, over the test client: the
Mobilize panel builds the installations bought (G40-PUR-04) and names the complex ships count
against where a sea zone borders two (G40-MOB-05), a complex built this turn making no zone
ambiguous (G40-MOB-02); the assault form offers shore bombardment (G40-CMB-29) and shows the
assault declared; the raid form shows the raiders declared (G40-SBR-01); a power deciding in another
power's turn reads whose decision it is and gets no "End" button (G40-SEQ-02); the phase's
requirements and the casualty refusals name Global 1940's rules, in English and Italian."""

from __future__ import annotations

import copy
from typing import Any

from flask import Flask
from sqlmodel import Session

from pbem.games.aa.global1940.data import global1940
from pbem.services import games as game_service
from pbem.store import snapshots
from pbem.store.models.games import Game
from pbem.web.db import get_engine
from tests.i18n_leaks import visible_text
from tests.web.test_board import form_post, last_seq
from tests.web.test_play import as_user, post_order

AXIS = ("germany", "japan", "italy")
ALLIES = ("ussr", "usa", "china", "uk", "anzac", "france")


def club_game(app: Flask, user_factory: Any, changes: dict[str, Any], language: str = "en",
              options: dict[str, Any] | None = None) -> tuple[int, Any, Any]:
    """A Global 1940 game from the rulebook setup with ``changes`` applied (power, phase, units of
    some spaces...), one player holding the Axis and one the Allies, both reading ``language``."""
    axis = user_factory(display_name="Asse", language=language)
    allies = user_factory(display_name="Alleati", language=language)
    position: dict[str, Any] = copy.deepcopy(global1940().setup())
    units = changes.pop("units", {})
    position.update(changes)
    position["units"].update(units)
    with Session(get_engine(app), expire_on_commit=False) as s:
        game = game_service.create_game(s, organiser_id=axis.id, ruleset_key="global1940", title="Circolo",
                                        options=options or {})
        for user, seats in ((axis, AXIS), (allies, ALLIES)):
            for seat in seats:
                game_service.join_game(s, game_id=game.id, user_id=user.id, seat=seat)
        game_service.start_game(s, game_id=game.id, user_id=axis.id, position=position)
    return game.id, axis, allies


def state_of(app: Flask, game_id: int) -> dict[str, Any]:
    with Session(get_engine(app)) as s:
        return snapshots.load_game(s, s.get(Game, game_id)).state


def page_of(client: Any, game_id: int, seat: str | None = None) -> str:
    query = f"?seat={seat}" if seat else ""
    return visible_text(client.get(f"/games/{game_id}{query}").get_data(as_text=True))


def ids(app: Flask, game_id: int, space: str, kind: str, owner: str | None = None) -> list[int]:
    return [u["id"] for u in state_of(app, game_id)["units"][space]
            if u["type"] == kind and owner in (None, u["owner"])]


def japan_mobilizes(app: Flask, user_factory: Any, language: str = "en") -> tuple[int, Any]:
    """Japan's Mobilize with a minor complex and a transport bought (SZ 6 borders Japan and Korea)."""
    game_id, axis, _allies = club_game(app, user_factory, {
        "power": "japan", "phase": "mobilize", "bought": {"transport": 1}, "mobilizing": "japan",
        "to_build": {"minor_complex": 1}}, language)
    return game_id, axis


def test_G40_PUR_04_the_mobilize_panel_builds_the_complex_bought(app, client, user_factory) -> None:
    game_id, axis = japan_mobilizes(app, user_factory)
    html = as_user(client, axis).get(f"/games/{game_id}?seat=japan").get_data(as_text=True)
    assert "Installations to build" in visible_text(html)
    assert "Minor industrial complex (1 to build) in" in visible_text(html)
    assert '<option value="Korea">' in html and '<option value="Japan">' not in html.split("build-at-1")[1][:400]
    response = form_post(client, app, game_id, "japan", kind="build", installation="minor_complex", at="Korea")
    assert response.status_code in (302, 303), response.get_data(as_text=True)[:500]
    state = state_of(app, game_id)
    assert state["installations"]["Korea"] == {"minor_complex": 0} and not state["to_build"]
    assert "Japan builds in Korea: minor industrial complex" in page_of(client, game_id, "japan")


def test_G40_MOB_02_a_complex_built_this_turn_leaves_one_complex_for_the_sea_zone(app, client,
                                                                                 user_factory) -> None:
    """Korea's new complex places nothing this turn: the transport in SZ 6 counts against Japan's
    without the player naming it (it was refused: "SZ 6 borders several complexes")."""
    game_id, axis = japan_mobilizes(app, user_factory)
    as_user(client, axis)
    built = post_order(client, game_id, "japan", {"type": "build", "kind": "minor_complex", "at": "Korea"},
                       last_seq(app, game_id))  # the JSON order, as a player without the form wrote it
    assert built.status_code in (302, 303) and "Korea" in state_of(app, game_id)["installations"]
    response = form_post(client, app, game_id, "japan", kind="place", unit="transport", count="1", at="SZ 6")
    assert response.status_code in (302, 303), response.get_data(as_text=True)[:500]
    assert "Counted against the complex in" not in page_of(client, game_id, "japan")
    assert len(ids(app, game_id, "SZ 6", "transport")) == 2


def test_G40_MOB_05_ships_next_to_two_complexes_name_the_one_they_count_against(app, client,
                                                                                user_factory) -> None:
    """SZ 113 borders Germany and Western Germany: the place form asks which complex, and the
    order counts against the one chosen."""
    game_id, axis, _allies = club_game(app, user_factory, {
        "power": "germany", "phase": "mobilize", "bought": {"submarine": 1}, "mobilizing": "germany"})
    html = as_user(client, axis).get(f"/games/{game_id}?seat=germany").get_data(as_text=True)
    assert 'id="place-factory"' in html
    assert "Ships placed in SZ 113 border several of your complexes" in visible_text(html)
    response = form_post(client, app, game_id, "germany", kind="place", unit="submarine", count="1", at="SZ 113",
                         factory="Western Germany")
    assert response.status_code in (302, 303), response.get_data(as_text=True)[:500]
    (sub,) = [u for u in state_of(app, game_id)["units"]["SZ 113"] if u["type"] == "submarine"]
    assert sub["t_placed"] == "Western Germany"


def assault_from_sz20(app: Flask, user_factory: Any, language: str = "en") -> tuple[int, Any, Any]:
    """Japan's combat move, at war with the UK: a transport with an infantry aboard and a cruiser
    in SZ 20, next to British Kwangtung."""
    japan_units = [{"type": "transport", "owner": "japan"}, {"type": "infantry", "owner": "japan", "aboard_entry": 0},
                   {"type": "cruiser", "owner": "japan"}]
    wars = [*global1940().setup()["wars"], ["japan", "uk"], ["anzac", "japan"]]
    return club_game(app, user_factory, {"power": "japan", "phase": "combat_move", "wars": wars,
                                          "units": {"SZ 20": japan_units}}, language)


def test_G40_CMB_29_the_assault_form_offers_shore_bombardment_and_shows_the_declaration(app, client,
                                                                                       user_factory) -> None:
    game_id, axis, _allies = assault_from_sz20(app, user_factory)
    (cruiser,) = ids(app, game_id, "SZ 20", "cruiser")
    (transport,) = ids(app, game_id, "SZ 20", "transport")
    as_user(client, axis)
    assert f"cruiser #{cruiser} bombards the coast" in page_of(client, game_id, "japan")
    response = form_post(client, app, game_id, "japan", kind="declare_amphibious", sea_zone="SZ 20",
                         target="Kwangtung", transports=str(transport), bombard=str(cruiser))
    assert response.status_code in (302, 303), response.get_data(as_text=True)[:500]
    (declared,) = state_of(app, game_id)["declared"]["amphibious"]
    assert declared["target"] == "Kwangtung" and declared["bombard"] == [cruiser]
    html = client.get(f"/games/{game_id}?seat=japan").get_data(as_text=True)
    assert "Assault declared: Kwangtung (1 transport). Declare it again to change it." in visible_text(html)
    assert f'name="bombard" value="{cruiser}" checked' in html


def test_G40_CM_16_the_requirements_name_global1940_rules_in_italian(app, client, user_factory) -> None:
    """Loaded in Combat Move, not yet landed: the phase's requirement is read in Italian and names
    G40-CM-16, not A&A 1941's AA41-CM-16."""
    japan_units = [{"type": "transport", "owner": "japan"},
                   {"type": "infantry", "owner": "japan", "aboard_entry": 0, "t_loaded": "combat_move"}]
    game_id, axis, _allies = club_game(app, user_factory, {"power": "japan", "phase": "combat_move",
                                                            "units": {"SZ 20": japan_units}}, "it")
    app.config["DEFAULT_LANGUAGE"] = "it"
    page = page_of(as_user(client, axis), game_id, "japan")
    assert "Prima che questa fase possa finire:" in page
    assert "G40-CM-16" in page and "AA41" not in page
    assert "was loaded in combat move" not in page


def test_G40_SBR_01_the_raid_form_shows_the_raiders_already_declared(app, client, user_factory) -> None:
    bombers = [{"type": "bomber", "owner": "germany", "t_combat": True, "t_moved": 4, "t_from": "Germany"},
               {"type": "bomber", "owner": "germany", "t_combat": True, "t_moved": 4, "t_from": "Germany"}]
    game_id, axis, _allies = club_game(app, user_factory, {
        "power": "germany", "phase": "combat_move",
        "units": {"United Kingdom": [*global1940().setup()["units"]["United Kingdom"], *bombers]}})
    raiders = ids(app, game_id, "United Kingdom", "bomber", "germany")
    as_user(client, axis)
    response = form_post(client, app, game_id, "germany", kind="declare_raid", target="United Kingdom",
                         installation="major_complex", units=str(raiders[0]))
    assert response.status_code in (302, 303), visible_text(response.get_data(as_text=True))[:1500]
    html = client.get(f"/games/{game_id}?seat=germany").get_data(as_text=True)
    form = html.split('name="installation" value="major_complex"')[1].split("</form>")[0]
    assert f'value="{raiders[0]}" checked' in form and f'value="{raiders[1]}" checked' not in form
    assert "Declared: 1 raider on this installation." in visible_text(form)


def test_G40_SEQ_02_a_defender_reads_its_decision_and_gets_no_end_phase_button(app, client,
                                                                               user_factory) -> None:
    """Germany's submarine attacks the British ships in SZ 109 next to Scotland's air base: the
    Allied player owes the United Kingdom's scrambles in Germany's turn."""
    sz109 = [*global1940().setup()["units"]["SZ 109"],
             {"type": "submarine", "owner": "germany", "t_combat": True, "t_moved": 1, "t_from": "SZ 108"}]
    game_id, axis, allies = club_game(app, user_factory, {"power": "germany", "phase": "combat_move",
                                                           "units": {"SZ 109": sz109}})
    as_user(client, axis)
    form_post(client, app, game_id, "germany", kind="end_phase")
    client.get("/auth/logout")
    html = as_user(client, allies).get(f"/games/{game_id}?seat=uk").get_data(as_text=True)
    page = visible_text(html)
    assert "Your move — United Kingdom: decide scrambles" in page, page[:2000]
    assert 'id="end-phase"' not in html and "End conduct combat" not in page
    assert 'id="defence-form"' in html


def test_G40_CMB_10_a_wrong_casualty_choice_is_refused_in_italian_naming_the_rule(app, client,
                                                                                  user_factory) -> None:
    """Transports are taken last: choosing the transport while a cruiser and a destroyer are left
    is refused in the reader's language, naming G40-CMB-10 and no A&A 1941 rule."""
    ships = [{"type": kind, "owner": "germany", "t_combat": True, "t_moved": 1, "t_from": "SZ 113"}
             for kind in ("transport", "cruiser", "destroyer")]
    sz115 = [*ships, {"type": "destroyer", "owner": "ussr", "count": 3}]  # low luck: exactly 1 hit back
    wars = [*global1940().setup()["wars"], ["germany", "ussr"]]
    game_id, axis, _allies = club_game(app, user_factory, {
        "power": "germany", "phase": "combat_move", "wars": wars,
        "units": {"SZ 115": sz115, "Novgorod": [{"type": "infantry", "owner": "ussr"}]}}, "it",
        options={"dice": "low_luck"})
    app.config["DEFAULT_LANGUAGE"] = "it"
    as_user(client, axis)
    form_post(client, app, game_id, "germany", kind="end_phase")
    form_post(client, app, game_id, "germany", kind="battle", place="SZ 115")
    owed = state_of(app, game_id)["battles"]["SZ 115"]["pending"]
    assert owed and owed["side"] == "attacker", owed
    (transport,) = ids(app, game_id, "SZ 115", "transport")
    response = form_post(client, app, game_id, "germany", kind="casualties", place="SZ 115",
                         units=str(transport))
    page = visible_text(response.get_data(as_text=True)) if response.status_code != 302 else page_of(
        client, game_id, "germany")
    assert "I trasporti si scelgono come perdite per ultimi." in page, page[:3000]
    assert "G40-CMB-10" in page and "AA41" not in page


def test_G40_AA_02_the_battle_report_shows_the_antiaircraft_fire_before_round_1(app, client, user_factory) -> None:
    """German fighters attack France, defended by an antiaircraft gun: the orders panel's battle
    report shows the gun's dice before round 1 (it showed round 1 only)."""
    attackers = [{"type": kind, "owner": "germany", "t_combat": True, "t_moved": 1, "t_from": "Western Germany"}
                 for kind in ("tank", "fighter", "fighter")]
    france = [*attackers, {"type": "infantry", "owner": "france"}, {"type": "aa_gun", "owner": "france"}]
    game_id, axis, _allies = club_game(app, user_factory, {"power": "germany", "phase": "combat_move",
                                                            "units": {"France": france}})
    as_user(client, axis)
    form_post(client, app, game_id, "germany", kind="end_phase")
    response = form_post(client, app, game_id, "germany", kind="battle", place="France")
    assert response.status_code in (302, 303), visible_text(response.get_data(as_text=True))[:1500]
    html = client.get(f"/games/{game_id}?seat=germany").get_data(as_text=True)
    report = visible_text(html.split('id="latest-battle"')[1].split("</article>")[0])
    assert "Before round 1" in report and "antiaircraft fire" in report, report
    assert report.index("antiaircraft fire") < report.index("Round 1")


def test_G40_CM_12_an_amphibious_assault_is_told_with_the_units_landing(app, client, user_factory) -> None:
    """The assault's opening line named the overland attackers only ("with nothing" for a landing
    alone): it names the infantry landing from SZ 20."""
    game_id, axis, _allies = assault_from_sz20(app, user_factory)
    (transport,) = ids(app, game_id, "SZ 20", "transport")
    as_user(client, axis)
    post_order(client, game_id, "japan", {"type": "declare_amphibious", "sea_zone": "SZ 20", "target": "Kwangtung",
                                          "transports": [transport]}, last_seq(app, game_id))
    form_post(client, app, game_id, "japan", kind="end_phase")
    page = page_of(client, game_id, "japan")
    assert "Amphibious assault on Kwangtung from SZ 20: Japan attacks United Kingdom with 1 infantry" in page, page


def test_G40_PUR_01_the_purchase_form_says_what_the_power_may_spend_before_the_list(app, client,
                                                                                   user_factory) -> None:
    game_id, axis, _allies = club_game(app, user_factory, {}, "it")
    app.config["DEFAULT_LANGUAGE"] = "it"
    html = as_user(client, axis).get(f"/games/{game_id}?seat=germany").get_data(as_text=True)
    form = visible_text(html.split('id="purchase-form"')[1].split("</form>")[0])
    assert form.index("IPC da spendere: 30.") < form.index("Fanteria")


def test_G40_CMB_10_allies_defending_together_choose_casualties_by_owner() -> None:
    """France and the United Kingdom defend France together (AMB-20: each chooses among all the
    defenders): the casualty rows say whose units they are."""
    from pbem.ui.aa.describe import CATALOG, unit_names
    from pbem.ui.aa.page import pick_rows

    units = [{"id": 1, "type": "infantry", "owner": "france"}, {"id": 2, "type": "infantry", "owner": "france"},
             {"id": 3, "type": "infantry", "owner": "uk"}, {"id": 4, "type": "battleship", "owner": "uk"}]
    rows = pick_rows(units, unit_names("it"), CATALOG.bind("it"), [1, 4, 4], [4],
                     {"france": "Francia", "uk": "Regno Unito"})
    assert [(r["label"], r["ids"], r["count"]) for r in rows] == [
        ("fanteria (Francia)", [1, 2], 1), ("fanteria (Regno Unito)", [3], 0), ("corazzata (Regno Unito)", [4], 1),
        ("corazzata, secondo colpo (Regno Unito)", [4], 1)]
    alone = pick_rows(units[:2], unit_names("en"), CATALOG.bind("en"), [1])
    assert [(r["key"], r["label"]) for r in alone] == [("infantry", "infantry")]


def test_G40_NEUT_08_the_combat_move_panel_attacks_a_neutral_before_units_move_in(app, client,
                                                                                  user_factory) -> None:
    """The map never offers a neutral (no route enters one undeclared): the panel declares the
    attack, then Norway's infantry may move into Sweden to fight its army."""
    game_id, axis, _allies = club_game(app, user_factory, {"power": "germany", "phase": "combat_move"})
    html = as_user(client, axis).get(f"/games/{game_id}?seat=germany").get_data(as_text=True)
    assert 'id="neutral-form"' in html and '<option value="Sweden">Sweden (strict neutral)</option>' in html
    (infantry, *_rest) = ids(app, game_id, "Norway", "infantry")
    reachable = f"/games/{game_id}/query/reachable?seat=germany&units={infantry}"
    assert "Sweden" not in client.get(reachable).get_json()["destinations"]
    response = form_post(client, app, game_id, "germany", kind="attack_neutral", territory="Sweden")
    assert response.status_code in (302, 303), visible_text(response.get_data(as_text=True))[:1500]
    assert state_of(app, game_id)["owners"]["Sweden"] is not None  # its army placed, held by an Allied operator
    assert client.get(reachable).get_json()["destinations"]["Sweden"]["ends"] == "battle"
    assert '<option value="Sweden">' not in client.get(f"/games/{game_id}?seat=germany").get_data(as_text=True)


def test_G40_CMB_a_battle_where_both_sides_fall_reads_nobody_wins(app) -> None:
    """Sweden's last infantry and Germany's last fighter fall together: the report said "won by
    the nobody"."""
    from pbem.ui import ui_for
    from pbem.ui.aa.describe import CATALOG
    from pbem.ui.aa.page import battle_reports

    events = [{"seq": 1, "type": "aa.battle_opened", "payload": {"place": "Sweden"}},
              {"seq": 2, "type": "aa.battle_round", "payload": {
                  "place": "Sweden", "round": 1, "attackers": [{"id": 1, "type": "fighter"}],
                  "defenders": [{"id": 2, "type": "infantry"}]}},
              {"seq": 3, "type": "aa.battle_ended", "payload": {"place": "Sweden", "winner": "none",
                                                                "reason": "both sides destroyed"}}]
    for language, wanted in (("en", "Battle in Sweden — nobody wins"), ("it", "nessun vincitore")):
        (report,) = battle_reports(CATALOG.bind(language), events, {})
        with app.test_request_context():
            html = ui_for("global1940").render("aa/_battle.html", language, b=report, aa={"unit_names": {}},
                                               game={"id": 1})
        assert wanted in visible_text(html) and "nobody)" not in html and "the nobody" not in html


def test_G40_CMB_10_the_standing_loss_order_offers_units_not_installations(app, client, user_factory) -> None:
    """Complexes and bases are bought like units but never taken as casualties: the standing
    orders' loss order listed them (air base, naval base, complexes, upgrade) among the units."""
    game_id, _axis, allies = club_game(app, user_factory, {})
    html = as_user(client, allies).get(f"/games/{game_id}/standing?seat=uk").get_data(as_text=True)
    assert '<option value="infantry">' in html and '<option value="battleship">' in html
    for kind in ("air_base", "naval_base", "major_complex", "minor_complex", "complex_upgrade"):
        assert f'<option value="{kind}">' not in html, kind
