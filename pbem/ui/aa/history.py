"""History of an A&A game: "since your last turn", the board at any past event (a stepper), the log
grouped by round and turn with links to the dice audit, and a chart of production and IPCs by round.

Everything comes from the reader (``pbem.services.reading``): the board at event ``seq`` is
``Ruleset.view(state after seq, seat)`` and every event is redacted for the seat before it is
described here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import url_for

from pbem.ui.aa import board_svg
from pbem.ui.aa.describe import CATALOG, power_name
from pbem.ui.aa.page import power_names, space_label
from pbem.ui.base import Audience, GameReader, Story
from pbem.ui.i18n import Translator

BOARD_TYPES = ("aa.", "dice.rolled")
SKIPPED = ("order", "dice.committed", "dice.revealed", "aa.battle_hits", "game.created")


def grouped_log(story: Story, events: list[dict[str, Any]], first_label: str, game_id: int) -> list[dict[str, Any]]:
    """Events in groups per round and turn; each line with its seq and, for a roll, a dice-audit link."""
    story.learn(events)
    groups: list[dict[str, Any]] = [{"label": first_label, "lines": []}]
    for e in events:
        p = e["payload"]
        if e["type"] == "aa.turn_started":
            groups.append({"label": story.line(e), "lines": []})
            continue
        if e["type"] in SKIPPED:
            continue
        line = {"seq": e["seq"], "text": story.line(e), "dice": None,
                "faces": p.get("faces") if e["type"] == "dice.rolled" else None}
        if e["type"] == "dice.rolled":
            ctx = p.get("context") or {}
            line["dice"] = url_for("dice.page", game_id=game_id, battle=ctx.get("battle"), round=ctx.get("game_round"))
            line["hits"] = [d.get("hit") for d in p.get("dice", [])]
        groups[-1]["lines"].append(line)
    return [g for g in groups if g["lines"]]


def _income_point(event: dict[str, Any], view: dict[str, Any]) -> tuple[str, int, int, int]:
    power = event["payload"]["power"]
    return power, view["round"], view["ipcs"][power], event["payload"]["amount"]


def chart(read: GameReader) -> dict[str, Any]:
    """Production and IPCs of each power after each income collection, by round (the points are
    kept by the reader and extended with the events since, not replayed on every request)."""
    series: dict[str, dict[int, dict[str, int]]] = {}
    for power, round_, ipcs, amount in read.series("aa.income", ["aa.income_collected"], _income_point):
        series.setdefault(power, {})[round_] = {"ipcs": ipcs, "production": amount}
    rounds = sorted({r for by_round in series.values() for r in by_round})
    return {"rounds": rounds, "series": series, "svg": _chart_svg(rounds, series)}


def _chart_svg(rounds: list[int], series: dict[str, dict[int, dict[str, int]]]) -> dict[str, Any]:
    """Polylines for the template (viewBox 0 0 400 200): one per power and measure."""
    top = max([v[k] for s in series.values() for v in s.values() for k in ("ipcs", "production")] or [1])
    n = max(len(rounds) - 1, 1)
    lines = []
    for power, by_round in series.items():
        for measure in ("production", "ipcs"):
            pts = " ".join(f"{30 + 360 * i / n:.0f},{190 - 170 * by_round[r][measure] / top:.0f}"
                           for i, r in enumerate(rounds) if r in by_round)
            lines.append({"power": power, "measure": measure, "points": pts})
    return {"lines": lines, "top": top}


def frame(data: dict[str, Any], read: GameReader, at: int, _: Translator) -> dict[str, Any]:
    view = read.view_at(at)
    names = power_names(data["seats"], _)
    owners = view.get("owners", {})
    label = space_label(_)
    board = board_svg.board_for(read.ruleset)
    labels = {name: label(name, names.get(owners.get(name) or "", ""), sp["value"])
              for name, sp in board["spaces"].items()}
    return {"view": view, "names": names, "owners": owners, "labels": labels, "round": view.get("round"),
            "power": power_name(_, view.get("power"), names), "marks": board_svg.marks_svg(board, view, _)}


def at_arg(args: Mapping[str, str], last_seq: int, default: int | None = None) -> int:
    """The event to show the board at (``?at=``; by default ``default``, else the latest)."""
    fallback = last_seq if default is None else default
    try:
        return max(1, min(int(args.get("at", fallback)), last_seq))
    except ValueError:
        return max(1, min(fallback, last_seq))


def default_start(data: dict[str, Any], read: GameReader) -> int:
    """Where the history begins by default: a player's last turn; for a spectator, the turn of
    the power now playing one round ago (as much as a player sees, never the whole log)."""
    if data["seat"] is not None:
        return read.since_last_turn()
    seq = read.last_seq or 1
    for _turn in range(len(data["seats"]) + 1):
        found = read.last_seq_of("aa.turn_started", upto=seq - 1)
        if not found:
            return 1
        seq = found
    return seq


def history(ui: Any, data: dict[str, Any], read: GameReader, args: Mapping[str, str],
            language: str) -> tuple[str, dict[str, Any]]:
    _ = CATALOG.bind(language)
    start = default_start(data, read)
    try:
        start = max(1, min(int(args.get("from", start)), data["last_seq"] + 1))
    except ValueError:
        pass
    at = at_arg(args, data["last_seq"], start - 1)  # "since your last turn" begins with the board as you left it
    events = read.events(after=start - 1)
    steps = [e["seq"] for e in events if e["type"].startswith(BOARD_TYPES)]
    fr = frame(data, read, at, _)
    story = ui.story(read.ruleset, Audience(language, data["seat"], {s["id"]: s["name"] for s in data["seats"]}),
                     fr["view"])
    turn = read.last_of("aa.turn_started", upto=start - 1) if start > 1 else None
    first = story.line(turn) if turn else _("Start of the game")
    prev = max([s for s in steps if s < at] or [start - 1 if start > 1 else 1])
    nxt = min([s for s in steps if s > at] or [data["last_seq"]])
    svg = board_svg.board_svg(board_svg.board_for(read.ruleset), fr["view"], fr["names"],
                              label=_("Board at event %(seq)s", seq=at), space_label=space_label(_),
                              space_name=_)
    return "aa/history.html", {
        "data": data, "at": at, "start": start, "steps": steps, "prev": prev, "nxt": nxt, "svg": svg, "frame": fr,
        "groups": grouped_log(story, events, first, data["id"]), "chart": chart(read),
        "symbols": board_svg.symbols_for(read.ruleset),
        "legend_marks": board_svg.legend_marks(board_svg.board_for(read.ruleset)),
        "neutral_kinds": board_svg.neutral_legend(board_svg.board_for(read.ruleset)),
        "unit_names": ui.unit_names(language)}


def history_frame(data: dict[str, Any], read: GameReader, args: Mapping[str, str], language: str) -> dict[str, Any]:
    at = at_arg(args, data["last_seq"])
    fr = frame(data, read, at, CATALOG.bind(language))
    return {k: fr[k] for k in ("owners", "labels", "marks", "round", "power")} | {"at": at}
