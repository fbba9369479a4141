"""docs/dice.md is precise enough to re-implement the check: this file does so with
hashlib and hmac only (no project code in the checker) and compares with verify_dice."""

from __future__ import annotations

import copy
import hashlib
import hmac
from pathlib import Path

from pbem.engine import load_ruleset
from pbem.engine.dice_verify import verify_dice
from tests.engine.test_dice import HiddenRace, play_turns

DOC = Path(__file__).resolve().parents[2] / "docs" / "dice.md"


# ---- the checker, written from docs/dice.md sections 3, 4, 5 and 7 ----------------------
def doc_commitment(seed):
    return hashlib.sha256(seed.encode("utf-8")).hexdigest()


def doc_key(seed, salts):
    data = b""
    for part in [seed, *salts]:
        raw = part.encode("utf-8")
        data += len(raw).to_bytes(4, "big") + raw
    return hashlib.sha256(data).digest()


class DocStream:
    def __init__(self, key, game_id, seq):
        self.key, self.prefix, self.block, self.bytes = key, f"{game_id}|{seq}|", 0, bytearray()

    def read(self, w):
        while len(self.bytes) < w:
            msg = (self.prefix + str(self.block)).encode("utf-8")
            self.bytes += hmac.new(self.key, msg, hashlib.sha256).digest()
            self.block += 1
        out, self.bytes = self.bytes[:w], self.bytes[w:]
        return int.from_bytes(out, "big")

    def draw_below(self, n):
        w = 1 if n <= 256 else 2 if n <= 65536 else 3 if n <= 2 ** 24 else 4
        limit = 256 ** w - (256 ** w) % n
        while True:
            v = self.read(w)
            if v < limit:
                return v % n


def doc_check(log, whole=True):
    """Returns ("OK", checked) or ("BAD", seq of the first failing roll or record)."""
    last = 0
    for e in log:
        if e["seq"] <= last or (whole and e["seq"] != last + 1):
            return "BAD", e["seq"]
        last = e["seq"]
    game_id = log[0]["payload"]["game_id"]
    cur, commits, salts, seeds, listed, rolled = 1, {}, {}, {}, {}, {}
    bad = []
    for e in log:
        t, p = e["type"], e["payload"]
        if t == "dice.committed":
            if p["period"] in commits or salts.get(p["period"]) or rolled.get(p["period"]):
                bad.append(e["seq"])
            commits.setdefault(p["period"], p["commitment"])
        elif t == "dice.salted":
            if p["period"] <= cur or p["period"] not in commits:
                bad.append(e["seq"])
            salts.setdefault(p["period"], []).append(p["salt"])
        elif t in ("dice.rolled", "dice.shuffled"):
            if p["period"] != cur or p["period"] not in commits:
                bad.append(e["seq"])
            rolled.setdefault(p["period"], []).append(e)
        elif t == "dice.revealed":
            seeds[p["period"]], listed[p["period"]] = p["seed"], (p["salts"], e["seq"])
            cur = max(cur, p["period"] + 1)
        elif t == "dice.closed":
            cur = p["period"] + 1
    checked = 0
    for period, seed in seeds.items():
        if doc_commitment(seed) != commits.get(period):
            bad.extend(e["seq"] for e in rolled.get(period, []))
            continue
        if listed[period][0] != salts.get(period, []):
            bad.append(listed[period][1])
        key = doc_key(seed, salts.get(period, []))
        for e in rolled.get(period, []):
            p, s = e["payload"], DocStream(key, game_id, e["seq"])
            if e["type"] == "dice.shuffled":
                order = list(range(p["n"]))
                for i in range(p["n"] - 1):
                    j = i + s.draw_below(p["n"] - i)
                    order[i], order[j] = order[j], order[i]
                good = order == p["order"]
            else:
                good = p["faces"] == [s.draw_below(p["sides"]) + 1 for _ in p["faces"]]
                for i, d in enumerate(p.get("dice") or []):
                    good = good and d["face"] == p["faces"][i]
                    if "target" in d:
                        good = good and d["hit"] == (d["face"] <= d["target"])
            if good:
                checked += 1
            else:
                bad.append(e["seq"])
    return ("BAD", min(bad)) if bad else ("OK", checked)
# ------------------------------------------------------------------------------------------


def project_check(log, whole=True):
    r = verify_dice(log, complete=whole)
    if r.ok:
        return "OK", r.checked
    seqs = [b["seq"] for b in [r.first_bad, *r.problems] if b]
    return "BAD", min(seqs)


def test_doc_describes_every_step_the_reimplementation_uses():
    text = DOC.read_text(encoding="utf-8")
    for phrase in ("len4(seed)", "HMAC-SHA256(key, UTF-8(game_id", "limit = 256^w - (256^w mod n)",
                   "j = i + draw_below(n - i)", "faces[i] = draw_below(s) + 1", "dice.closed"):
        assert phrase in text


def test_reimplementation_from_the_doc_agrees_on_an_honest_game():
    game = load_ruleset("race").new_game({"goal": 40}, seed="doc", game_id="42")
    log = play_turns(game, 400, salts={1: "olio", 3: "ça va ✓"}).log()
    assert doc_check(log) == project_check(log)
    assert doc_check(log)[0] == "OK" and doc_check(log)[1] > 5


def test_reimplementation_agrees_on_a_hidden_game_with_a_shuffle():
    game = HiddenRace().new_game({"goal": 30}, seed="doc", game_id="43")
    game.submit("red", {"type": "deal"})
    log = play_turns(game, 400, salts={2: "s"}).log()
    assert doc_check(log) == project_check(log) == ("OK", doc_check(log)[1])


def test_reimplementation_agrees_on_tampered_logs():
    game = load_ruleset("race").new_game({"goal": 40}, seed="doc", game_id="44")
    log = play_turns(game, 400, salts={2: "olio"}).log()
    tampers = []
    for victim in ("face", "salt", "seed", "period"):
        bad = copy.deepcopy(log)
        if victim == "face":
            e = [x for x in bad if x["type"] == "dice.rolled"][5]
            e["payload"]["faces"][0] = e["payload"]["faces"][0] % 6 + 1
        elif victim == "salt":
            next(x for x in bad if x["type"] == "dice.salted")["payload"]["salt"] = "sale"
        elif victim == "seed":
            [x for x in bad if x["type"] == "dice.revealed"][3]["payload"]["seed"] = "00"
        else:
            [x for x in bad if x["type"] == "dice.rolled"][2]["payload"]["period"] += 1
        tampers.append(bad)
    for bad in tampers:
        assert doc_check(bad)[0] == "BAD"
        assert doc_check(bad) == project_check(bad)


def test_reimplementation_agrees_on_a_dice_ledger_extract():
    game = load_ruleset("race").new_game({"goal": 40}, seed="doc", game_id="45")
    log = play_turns(game, 400, salts={1: "olio"}).log()
    extract = [log[0]] + [e for e in log if e["type"].startswith("dice.")]
    assert doc_check(extract, whole=False) == project_check(extract, whole=False)
    assert doc_check(extract, whole=False)[0] == "OK"
    assert doc_check(extract)[0] == "BAD" == project_check(extract)[0]
