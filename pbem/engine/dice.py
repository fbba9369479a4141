"""Dice sources: the only way randomness enters a game.

The engine asks a :class:`DiceSource` for faces bound to the event ``seq`` they
will be recorded at, so a roll can never be taken twice for the same position
(reloading a page or resubmitting gives the same faces). Replaying a log never
asks for dice: the faces are in the ``dice.rolled`` events.

:class:`SeededDice` derives everything from a seed string (tests, bots, the
facade's ``seed`` argument). The server's verifiable source (secret seeds with
published commitments and player salts) implements the same protocol in
``pbem.services``; the derivation of faces from a key is shared: :func:`derive_faces`.
"""

from __future__ import annotations

import hashlib
import hmac
from typing import Any, Protocol

CoreRecord = tuple[str, dict[str, Any]]


class DiceSource(Protocol):
    """What a game needs from its randomness."""

    game_id: str

    def start(self) -> list[CoreRecord]:
        """Records to log when a game starts (e.g. the first seed commitment)."""

    def roll(self, count: int, sides: int, *, seq: int) -> tuple[list[int], int]:
        """``count`` faces in ``1..sides`` for the event at ``seq``, and the period used."""

    def permutation(self, n: int, *, seq: int) -> tuple[list[int], int]:
        """A permutation of ``range(n)`` for the event at ``seq`` (Fisher–Yates), and the period."""

    def end_period(self, final: bool = False) -> list[CoreRecord]:
        """Close the current period: records that reveal its seed and (unless final) commit the next."""

    def add_salt(self, seat: str, salt: str) -> list[CoreRecord]:
        """A player's salt for the next period; the records to log."""

    def bind(self, dice_meta: dict[str, Any]) -> None:
        """Resume from the dice part of a game's meta (current period, salts) after a replay."""


def derive_key(seed: str, salts: list[str]) -> bytes:
    """The HMAC key of a period: SHA-256 over the seed and the salts, each length-prefixed."""
    h = hashlib.sha256()
    for part in [seed, *salts]:
        data = part.encode("utf-8")
        h.update(len(data).to_bytes(4, "big"))
        h.update(data)
    return h.digest()


def commitment(seed: str) -> str:
    """The published commitment of a seed: hex SHA-256 of its UTF-8 bytes."""
    return hashlib.sha256(seed.encode("utf-8")).hexdigest()


def _uniform(key: bytes, game_id: str, seq: int, index: int, n: int) -> int:
    """An unbiased integer in ``0..n-1`` from HMAC-SHA256(key, "game_id|seq|index|attempt")."""
    limit = (1 << 64) - ((1 << 64) % n)
    attempt = 0
    while True:
        msg = f"{game_id}|{seq}|{index}|{attempt}".encode()
        value = int.from_bytes(hmac.new(key, msg, hashlib.sha256).digest()[:8], "big")
        if value < limit:
            return value % n
        attempt += 1


def derive_faces(key: bytes, game_id: str, seq: int, count: int, sides: int) -> list[int]:
    """Faces ``1..sides`` of the rolls with indexes ``0..count-1`` at event ``seq``."""
    return [_uniform(key, game_id, seq, i, sides) + 1 for i in range(count)]


def derive_permutation(key: bytes, game_id: str, seq: int, n: int) -> list[int]:
    """Fisher–Yates over ``range(n)``; draw ``i`` picks from ``0..n-1-i``."""
    order = list(range(n))
    for i in range(n - 1):
        j = i + _uniform(key, game_id, seq, i, n - i)
        order[i], order[j] = order[j], order[i]
    return order


class SeededDice:
    """Deterministic commit-and-reveal dice derived from one seed string.

    Period ``p`` uses the seed ``HMAC(seed, "period|p")``; the commitment to it is
    logged when the period opens and the seed itself when it closes.
    """

    def __init__(self, seed: str, game_id: str = "local") -> None:
        self.game_id = game_id
        self._root = seed.encode("utf-8")
        self.period = 1
        self.salts: dict[int, list[str]] = {}

    def _seed(self, period: int) -> str:
        return hmac.new(self._root, f"period|{period}".encode(), hashlib.sha256).hexdigest()

    def _key(self) -> bytes:
        return derive_key(self._seed(self.period), self.salts.get(self.period, []))

    def start(self) -> list[CoreRecord]:
        return [("dice.committed", {"period": 1, "commitment": commitment(self._seed(1))}),
                ("dice.committed", {"period": 2, "commitment": commitment(self._seed(2))})]

    def roll(self, count: int, sides: int, *, seq: int) -> tuple[list[int], int]:
        return derive_faces(self._key(), self.game_id, seq, count, sides), self.period

    def permutation(self, n: int, *, seq: int) -> tuple[list[int], int]:
        return derive_permutation(self._key(), self.game_id, seq, n), self.period

    def end_period(self, final: bool = False) -> list[CoreRecord]:
        p = self.period
        reveal: dict[str, Any] = {"period": p, "seed": self._seed(p), "salts": list(self.salts.get(p, []))}
        self.period = p + 1
        if final:
            return [("dice.revealed", {**reveal, "final": True})]
        nxt = {"period": p + 2, "commitment": commitment(self._seed(p + 2))}
        return [("dice.revealed", reveal), ("dice.committed", nxt)]

    def add_salt(self, seat: str, salt: str) -> list[CoreRecord]:
        target = self.period + 1
        self.salts.setdefault(target, []).append(salt)
        return [("dice.salted", {"period": target, "seat": seat, "salt": salt})]

    def bind(self, dice_meta: dict[str, Any]) -> None:
        self.period = int(dice_meta.get("period", 1))
        self.salts = {int(k): list(v) for k, v in dice_meta.get("salts", {}).items()}


class ScriptedDice:
    """Dice that return the faces a test scripted, in order; fails loudly when they run out."""

    def __init__(self, faces: list[int], game_id: str = "test") -> None:
        self.game_id = game_id
        self.faces = list(faces)
        self.period = 1

    def start(self) -> list[CoreRecord]:
        return []

    def roll(self, count: int, sides: int, *, seq: int) -> tuple[list[int], int]:
        if len(self.faces) < count:
            raise AssertionError(f"scripted dice exhausted: {count} wanted, {len(self.faces)} left")
        out, self.faces = self.faces[:count], self.faces[count:]
        for face in out:
            if not 1 <= face <= sides:
                raise AssertionError(f"scripted face {face} is not on a d{sides}")
        return out, self.period

    def permutation(self, n: int, *, seq: int) -> tuple[list[int], int]:
        return list(range(n)), self.period

    def end_period(self, final: bool = False) -> list[CoreRecord]:
        self.period += 1
        return []

    def add_salt(self, seat: str, salt: str) -> list[CoreRecord]:
        return []

    def bind(self, dice_meta: dict[str, Any]) -> None:
        self.period = int(dice_meta.get("period", 1))
