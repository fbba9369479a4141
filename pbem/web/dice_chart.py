"""Geometry of the small inline SVG charts on the dice page (no JavaScript, no styles).

The templates draw rectangles and lines from these numbers; colours are SVG
presentation attributes, which the site's Content-Security-Policy allows.
"""

from __future__ import annotations

from typing import Any

WIDTH, HEIGHT, PAD, AXIS = 300, 120, 6, 16


def face_chart(counts: list[int]) -> dict[str, Any]:
    """Bars of the face counts 1..n and the line of the count expected with fair dice."""
    total = sum(counts)
    n = max(len(counts), 1)
    expected = total / n if total else 0.0
    top = max([*counts, expected, 1])
    inner = HEIGHT - AXIS - PAD
    slot = (WIDTH - 2 * PAD) / n
    bars = []
    for i, count in enumerate(counts):
        h = inner * count / top
        bars.append({"face": i + 1, "count": count, "x": round(PAD + i * slot + slot * 0.15, 1),
                     "y": round(PAD + inner - h, 1), "w": round(slot * 0.7, 1), "h": round(h, 1),
                     "label_x": round(PAD + (i + 0.5) * slot, 1)})
    return {"width": WIDTH, "height": HEIGHT, "bars": bars,
            "expected": round(expected, 1), "expected_y": round(PAD + inner - inner * expected / top, 1),
            "label_y": HEIGHT - 4, "x0": PAD, "x1": WIDTH - PAD}


def hits_chart(players: list[dict[str, Any]]) -> dict[str, Any]:
    """One row per player: a bar of hits scored and a tick at the hits expected."""
    row_h = 22
    label_w = 90
    top = max([1.0, *(max(p["hits"], p["expected"]) for p in players)])
    span = WIDTH - label_w - PAD
    rows = []
    for i, p in enumerate(players):
        y = PAD + i * row_h
        rows.append({"player": p["player"], "y": y, "text_y": y + 14,
                     "w": round(span * p["hits"] / top, 1),
                     "tick_x": round(label_w + span * p["expected"] / top, 1),
                     "hits": p["hits"], "expected": round(p["expected"], 2)})
    return {"width": WIDTH, "height": PAD * 2 + row_h * max(len(players), 1),
            "label_w": label_w, "rows": rows, "bar_h": 16}
