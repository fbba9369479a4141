"""The dice audit's "Turn" column names the power whose turn it is, also for the rolls made right
after a defender's casualty choice (the defender's order starts that group)."""

from __future__ import annotations

from pbem.engine import load_ruleset
from pbem.engine.game import Game
from pbem.services.dice_audit import audit_rows


def test_rolls_after_the_defenders_casualty_choice_are_in_the_attackers_turn() -> None:
    game = Game.create(load_ruleset("aa1941"), {"ask_defender": True}, None, seed="turn")
    game.submit("ussr", {"type": "end_phase"})
    ids = [u["id"] for u in game.state["units"]["Caucasus"] if u["type"] in ("infantry", "tank")]
    game.submit("ussr", {"type": "move", "units": ids, "route": ["Caucasus", "Ukraine"]})
    game.submit("ussr", {"type": "end_phase"})
    for _ in range(30):  # fight to the end, each side choosing its casualties (a fixed seed)
        owed = [o for o in game.owed() if o.get("kind") == "casualties"]
        if owed:
            seat = owed[0]["seat"]
            choice = game.legal_options(seat)["casualties"]
            game.submit(seat, {"type": "casualties", "place": choice["place"], "units": choice["default"]})
        elif game.state["battles"]["Ukraine"]["status"] != "over":
            game.submit("ussr", {"type": "battle", "place": "Ukraine"})
    log = game.log()
    chosen_by = {e.get("seat") for e in log if e["type"] == "order" and e["payload"]["order"]["type"] == "casualties"}
    assert "germany" in chosen_by  # the defender chose, and dice were rolled in its order's group
    rows = audit_rows(log)
    assert rows and {r["turn"] for r in rows} == {"ussr"}
    assert "germany" in {r["roller"] for r in rows}
