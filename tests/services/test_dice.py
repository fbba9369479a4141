"""The server's dice source, the audit rows, verification, ledger links and luck (issue 3)."""

from __future__ import annotations

import copy

import pytest
from sqlalchemy import Engine
from sqlmodel import Session, select

from pbem.engine.dice import commitment, derive_faces, derive_key
from pbem.engine.dice_verify import verify_dice
from pbem.services import dice_audit, orders
from pbem.services.dice import DiceUnavailable, ServerDice, dice_for
from pbem.services.errors import Forbidden, NotFound
from pbem.services.luck import luck_report
from pbem.store import events as log
from pbem.store.models.dice import DiceSeed
from pbem.store.models.games import Game

SEATS = {"red": "rita", "blue": "bruno"}


def play_turn(session: Session, game: Game, users, salt: str | None = None) -> None:
    """The active seat (optionally salts,) rolls, the other answers a six, the turn ends."""
    session.refresh(game)
    if game.status != "active":
        return
    engine_state = log.load(session, game.id)
    red_turns = sum(1 for e in engine_state if e["type"] == "race.ended")
    seat = "red" if red_turns % 2 == 0 else "blue"
    user = users[SEATS[seat]].id
    if salt:
        orders.add_salt(session, game_id=game.id, user_id=user, seat=seat, salt=salt)
    result = orders.submit_order(session, game_id=game.id, user_id=user, seat=seat,
                                 order={"type": "roll"}, expected_seq=game.last_seq)
    session.refresh(game)
    if game.status != "active":
        return
    if any(e["type"] == "race.rolled" and e["payload"]["face"] == 6 for e in result.events):
        other = "blue" if seat == "red" else "red"
        orders.submit_order(session, game_id=game.id, user_id=users[SEATS[other]].id, seat=other,
                            order={"type": "answer", "block": False}, expected_seq=game.last_seq)
        session.refresh(game)
    orders.submit_order(session, game_id=game.id, user_id=user, seat=seat,
                        order={"type": "end"}, expected_seq=game.last_seq)


def seeds(session: Session, game_id: int) -> dict[int, DiceSeed]:
    rows = session.exec(select(DiceSeed).where(DiceSeed.game_id == game_id))
    return {r.period: r for r in rows}


def test_start_commits_two_secret_seeds_that_are_stored_not_logged(session, game) -> None:
    stored = seeds(session, game.id)
    assert sorted(stored) == [1, 2]
    events = log.load(session, game.id)
    committed = {e["payload"]["period"]: e["payload"]["commitment"]
                 for e in events if e["type"] == "dice.committed"}
    assert committed == {p: commitment(r.seed) for p, r in stored.items()}
    assert all(len(r.seed) == 64 and r.revealed_at is None for r in stored.values())
    assert stored[1].seed != stored[2].seed
    text = str(events)
    assert not any(r.seed in text for r in stored.values())


def test_reloaded_game_rolls_with_the_committed_seed(session, db_engine: Engine, game,
                                                     users) -> None:
    # another session (as another request or process would) continues the game
    with Session(db_engine, expire_on_commit=False) as other:
        row = other.get(Game, game.id)
        play_turn(other, row, users)
    session.expire_all()
    events = log.load(session, game.id)
    roll = next(e for e in events if e["type"] == "dice.rolled")
    seed = seeds(session, game.id)[1]
    assert roll["payload"]["faces"] == derive_faces(derive_key(seed.seed, []), str(game.id),
                                                    roll["seq"], 1, 6)
    assert seed.revealed_at is not None  # the turn ended, period 1 is revealed
    assert sorted(seeds(session, game.id)) == [1, 2, 3]


def test_played_game_verifies_and_salts_count(session, make_game, users) -> None:
    game = make_game(goal=25)
    for turn in range(60):
        play_turn(session, game, users, salt="basilico" if turn in (1, 4) else None)
    session.refresh(game)
    assert game.status == "finished"
    events = log.load(session, game.id)
    report = verify_dice(events)
    assert report.ok and report.checked == sum(e["type"] == "dice.rolled" for e in events) > 3
    assert dice_audit.verify(session, game).ok
    salted = [e for e in events if e["type"] == "dice.salted"]
    assert len(salted) == 2
    period = salted[0]["payload"]["period"]
    revealed = next(e for e in events if e["type"] == "dice.revealed"
                    and e["payload"]["period"] == period)
    assert revealed["payload"]["salts"] == ["basilico"]
    assert all(r.revealed_at is not None for p, r in seeds(session, game.id).items()
               if p <= revealed["payload"]["period"])


def test_stored_face_changed_in_the_database_fails_verification_at_that_roll(
        session, game, users) -> None:
    for _ in range(3):
        play_turn(session, game, users)
    events = copy.deepcopy(log.load(session, game.id))
    roll = [e for e in events if e["type"] == "dice.rolled"][1]
    roll["payload"]["faces"][0] = roll["payload"]["faces"][0] % 6 + 1
    report = verify_dice(events)
    assert not report.ok and report.first_bad["seq"] == roll["seq"]


def test_imported_game_without_its_seeds_cannot_roll(session, game) -> None:
    source = ServerDice(session, game.id)
    source.bind({"period": 1, "commitments": {"1": "ab" * 32}, "revealed": {}, "salts": {}})
    with pytest.raises(DiceUnavailable):
        source.roll(2, 6, seq=999)
    stranger = ServerDice(session, 10_000)
    stranger.bind({"period": 1, "commitments": {"1": "ab" * 32}})
    with pytest.raises(DiceUnavailable):
        stranger.roll(1, 6, seq=5)


def test_seed_that_does_not_match_its_commitment_is_refused(session, game) -> None:
    source = dice_for(session, game)
    source.bind({"period": 1, "commitments": {"1": "0" * 64}})
    with pytest.raises(DiceUnavailable):
        source.roll(1, 6, seq=50)


def test_audit_rows_carry_the_context_of_each_die(session, game, users) -> None:
    for _ in range(4):
        play_turn(session, game, users)
    rows = dice_audit.audit_rows(dice_audit.dice_events(session, game, None))
    rolls = [e for e in log.load(session, game.id) if e["type"] == "dice.rolled"]
    assert [r["seq"] for r in rows] == [e["seq"] for e in rolls]
    first = rows[0]
    assert first["roller"] == "red" and first["game_round"] == 1 and first["unit"] == "token"
    assert first["target"] == 6 and first["hit"] is True and first["battle"] is None
    assert dice_audit.filter_rows(rows, player="blue") == [r for r in rows if r["roller"] == "blue"]
    assert {r["game_round"] for r in dice_audit.filter_rows(rows, round_="2")} == {2}
    assert dice_audit.filter_choices(rows)["player"] == ["red", "blue"]


def test_aa_battle_context_and_low_luck_become_rows() -> None:
    events = [{"seq": 40, "seat": "germany", "type": "dice.rolled", "v": 1, "payload": {
        "sides": 6, "faces": [2, 5], "period": 3,
        "context": {"battle": "Ukraine", "round": 2, "game_round": 3, "roller": "germany",
                    "low_luck": True},
        "dice": [{"unit": "remainder", "target": 4, "face": 2, "hit": True},
                 {"unit": "tank", "target": 3, "face": 5, "hit": False}]}}]
    rows = dice_audit.audit_rows(events)
    assert [(r["battle"], r["battle_round"], r["game_round"], r["low_luck"], r["target"],
             r["hit"]) for r in rows] == [("Ukraine", 2, 3, True, 4, True),
                                          ("Ukraine", 2, 3, True, 3, False)]
    report = luck_report(rows)
    assert report["players"][0]["player"] == "germany"
    assert report["game"]["expected"] == pytest.approx(4 / 6 + 3 / 6)
    assert report["game"]["hits"] == 1


def test_private_game_dice_are_only_for_members_and_organiser(session, make_game,
                                                              users) -> None:
    game = make_game(visibility="private")
    assert dice_audit.audit_access(session, game.id, users["rita"].id)[1] == "red"
    assert dice_audit.audit_access(session, game.id, users["olga"].id)[1] is None
    with pytest.raises(NotFound):
        dice_audit.audit_access(session, game.id, users["carla"].id)
    with pytest.raises(NotFound):
        dice_audit.audit_access(session, game.id, None)


def test_only_the_organiser_publishes_and_revokes_ledger_links(session, game, users) -> None:
    with pytest.raises(Forbidden):
        dice_audit.publish_ledger(session, game_id=game.id, user_id=users["rita"].id)
    link = dice_audit.publish_ledger(session, game_id=game.id, user_id=users["olga"].id)
    assert dice_audit.ledger_game(session, game_id=game.id, nonce=link.nonce).id == game.id
    with pytest.raises(NotFound):
        dice_audit.ledger_game(session, game_id=game.id + 1, nonce=link.nonce)
    with pytest.raises(Forbidden):
        dice_audit.revoke_ledger(session, game_id=game.id, user_id=users["rita"].id,
                                 link_id=link.id)
    dice_audit.revoke_ledger(session, game_id=game.id, user_id=users["olga"].id, link_id=link.id)
    with pytest.raises(NotFound):
        dice_audit.ledger_game(session, game_id=game.id, nonce=link.nonce)
    assert dice_audit.active_links(session, game.id) == []


def test_luck_report_z_score_percentile_and_chi_square() -> None:
    rows = [{"roller": "red", "sides": 6, "face": f, "target": 3} for f in [1, 2, 3, 1, 2, 3]]
    rows += [{"roller": "blue", "sides": 6, "face": f, "target": 3} for f in [4, 5, 6, 4, 5, 6]]
    report = luck_report(rows)
    red, blue = report["players"]
    assert (red["hits"], red["expected"], blue["hits"]) == (6, 3.0, 0)
    assert red["z"] == pytest.approx(3 / (6 * 0.25) ** 0.5)
    assert red["percentile"] > 99 and blue["percentile"] < 1
    assert report["game"]["faces"] == [2, 2, 2, 2, 2, 2]
    assert report["game"]["chi2"] == 0 and report["game"]["p_value"] == pytest.approx(1.0)
    skew = luck_report([{"roller": "x", "sides": 6, "face": 6} for _ in range(60)])["game"]
    assert skew["chi2"] == pytest.approx(300.0) and skew["p_value"] < 1e-9
    assert skew["z"] is None and skew["dice"] == 0


def test_a_roll_cannot_be_retaken_by_resubmitting_or_reloading(session, game, users) -> None:
    from pbem.services.errors import StaleGame
    from pbem.store import snapshots

    seq_before = game.last_seq
    # two fresh loads of the game (two requests) derive the same faces for the next seq
    first = snapshots.load_game(session, game, dice=dice_for(session, game))
    second = snapshots.load_game(session, game, dice=dice_for(session, game))
    assert first.dice.roll(5, 6, seq=seq_before + 2) == second.dice.roll(5, 6, seq=seq_before + 2)
    orders.submit_order(session, game_id=game.id, user_id=users["rita"].id, seat="red",
                        order={"type": "roll"}, expected_seq=seq_before)
    with pytest.raises(StaleGame):  # the same form sent again
        orders.submit_order(session, game_id=game.id, user_id=users["rita"].id, seat="red",
                            order={"type": "roll"}, expected_seq=seq_before)
    rolls = [e for e in log.load(session, game.id) if e["type"] == "dice.rolled"]
    assert len(rolls) == 1 and rolls[0]["seq"] == seq_before + 2
    assert rolls[0]["payload"]["faces"] == first.dice.roll(1, 6, seq=seq_before + 2)[0][:1]


def test_hidden_game_keeps_every_seed_secret_until_it_ends(session, users) -> None:
    from pbem.engine import register
    from pbem.engine.registry import unregister
    from pbem.services import games
    from tests.engine.test_dice import HiddenRace

    register("hidden-race", HiddenRace)
    try:
        game = games.create_game(session, organiser_id=users["olga"].id, ruleset_key="hidden-race",
                                 title="Carte", options={"goal": 20})
        games.join_game(session, game_id=game.id, user_id=users["rita"].id, seat="red")
        games.join_game(session, game_id=game.id, user_id=users["bruno"].id, seat="blue")
        games.start_game(session, game_id=game.id, user_id=users["olga"].id)
        for _ in range(3):
            play_turn(session, game, users)
        text = str(log.load(session, game.id))
        stored = seeds(session, game.id)
        assert len(stored) >= 4 and all(r.revealed_at is None for r in stored.values())
        assert not any(r.seed in text for r in stored.values())
        assert "dice.revealed" not in text
        for _ in range(80):
            play_turn(session, game, users)
        session.refresh(game)
        assert game.status == "finished"
        events = log.load(session, game.id)
        revealed = {e["payload"]["period"] for e in events if e["type"] == "dice.revealed"}
        used = {e["payload"]["period"] for e in events if e["type"] == "dice.rolled"}
        assert used <= revealed
        session.expire_all()
        assert all(seeds(session, game.id)[p].revealed_at is not None for p in revealed)
        report = verify_dice(events)
        assert report.ok and report.checked == sum(e["type"] == "dice.rolled" for e in events)
    finally:
        unregister("hidden-race")


@pytest.mark.parametrize(("statistic", "dof", "expected"), [
    (3.841458820694124, 1, 0.05), (11.070497693516351, 5, 0.05), (15.08627246938899, 5, 0.01),
    (1.1454762260617692, 5, 0.95), (0.0, 5, 1.0), (5.0, 5, 0.415880186995508),
    (100.0, 5, 5.285148360943219e-20), (0.5, 2, 0.7788007830714049), (30.0, 10, 0.000856641210775301),
    (50.0, 40, 0.1335748340856504), (0.01, 1, 0.920344325445942),
])
def test_chi_square_tail_matches_known_values(statistic: float, dof: int, expected: float) -> None:
    from pbem.services.luck import chi2_sf

    assert chi2_sf(statistic, dof) == pytest.approx(expected, rel=1e-5, abs=1e-12)
