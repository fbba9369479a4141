"""Dice sources: the only way randomness enters a game (the scheme is in docs/dice.md).

The engine asks a :class:`DiceSource` for faces bound to the event ``seq`` they
will be recorded at, so a roll can never be taken twice for the same position
(reloading a page or resubmitting gives the same faces). Replaying a log never
asks for dice: the faces are in the ``dice.rolled`` events.

Commit and reveal: each *period* (a turn in open games) has a secret seed whose
SHA-256 commitment is logged two periods ahead; players' salts logged during
period ``p`` go into period ``p + 1``'s key. The faces of the event at ``seq``
come from the byte stream ``HMAC-SHA256(key, "<game_id>|<seq>|<block>")`` for
blocks 0, 1, 2..., read by rejection sampling (no modulo bias).

:class:`SeededDice` derives every period's seed from one seed string (tests,
bots, the facade's ``seed`` argument). The server's source
(:mod:`pbem.services.dice`) keeps secret random seeds in the database; both
share :class:`CommitRevealDice` and the derivation functions below.
"""

from __future__ import annotations

import hashlib
import hmac
from abc import ABC, abstractmethod
from functools import lru_cache
from typing import Any, Protocol

CoreRecord = tuple[str, dict[str, Any]]

#: Largest die or deck the derivation accepts (draws read at most 4 bytes).
MAX_SIDES = 1 << 32


class DiceSource(Protocol):
    """What a game needs from its randomness."""

    game_id: str

    def start(self) -> list[CoreRecord]:
        """Records to log when a game starts (the commitments of periods 1 and 2)."""

    def roll(self, count: int, sides: int, *, seq: int) -> tuple[list[int], int]:
        """``count`` faces in ``1..sides`` for the event at ``seq``, and the period used."""

    def permutation(self, n: int, *, seq: int) -> tuple[list[int], int]:
        """A permutation of ``range(n)`` for the event at ``seq`` (Fisher–Yates), and the period."""

    def end_period(self, final: bool = False, reveal: bool = True) -> list[CoreRecord]:
        """Close the current period.

        ``reveal``: log its seed (open games) or only close it (``dice.closed``, hidden
        games). ``final``: the game is over; reveal every period not yet revealed.
        """

    def add_salt(self, seat: str, salt: str) -> list[CoreRecord]:
        """A player's salt for the next period; the records to log."""

    def bind(self, dice_meta: dict[str, Any]) -> None:
        """Resume from the dice part of a game's meta (period, salts, revealed) after a replay."""

    def checkpoint(self) -> Any:
        """A copy of the source's internal state (the Game restores it when an order is refused)."""

    def restore(self, saved: Any) -> None:
        """Go back to a :meth:`checkpoint`."""


# -- the derivation (docs/dice.md, sections 3 to 5) -----------------------------------


def commitment(seed: str) -> str:
    """The published commitment of a seed: hex SHA-256 of its UTF-8 bytes."""
    return hashlib.sha256(seed.encode("utf-8")).hexdigest()


def derive_key(seed: str, salts: list[str]) -> bytes:
    """The HMAC key of a period: SHA-256 over the seed and the salts, each length-prefixed."""
    h = hashlib.sha256()
    for part in [seed, *salts]:
        data = part.encode("utf-8")
        h.update(len(data).to_bytes(4, "big"))
        h.update(data)
    return h.digest()


@lru_cache(maxsize=256)
def _pads(key: bytes) -> tuple[Any, Any]:
    """HMAC-SHA256's inner and outer hashes after the padded key (RFC 2104), reused per key."""
    padded = (hashlib.sha256(key).digest() if len(key) > 64 else key).ljust(64, b"\0")
    inner = hashlib.sha256(bytes(b ^ 0x36 for b in padded))
    outer = hashlib.sha256(bytes(b ^ 0x5C for b in padded))
    return inner, outer


def hmac_sha256(key: bytes, msg: bytes) -> bytes:
    """HMAC-SHA256(key, msg), equal to ``hmac.digest(key, msg, "sha256")`` but faster per call."""
    inner, outer = _pads(key)
    i = inner.copy()
    i.update(msg)
    o = outer.copy()
    o.update(i.digest())
    digest: bytes = o.digest()
    return digest


def _block(key: bytes, game_id: str, seq: int, block: int) -> bytes:
    return hmac_sha256(key, f"{game_id}|{seq}|{block}".encode())


class ByteStream:
    """The bytes ``HMAC(key, "game_id|seq|0") || HMAC(key, "game_id|seq|1") || ...``."""

    def __init__(self, key: bytes, game_id: str, seq: int) -> None:
        self.key, self.game_id, self.seq = key, game_id, seq
        self.block = 0
        self.buf = b""
        self.pos = 0

    def take(self, width: int) -> int:
        """The next ``width`` bytes as a big-endian unsigned integer."""
        while len(self.buf) - self.pos < width:
            self.buf = self.buf[self.pos:] + _block(self.key, self.game_id, self.seq, self.block)
            self.pos = 0
            self.block += 1
        value = int.from_bytes(self.buf[self.pos:self.pos + width], "big")
        self.pos += width
        return value

    def below(self, n: int) -> int:
        """An unbiased integer in ``0..n-1``: rejection sampling over ``width(n)`` bytes."""
        width = draw_width(n)
        span = 1 << (8 * width)
        limit = span - span % n
        while True:
            value = self.take(width)
            if value < limit:
                return value % n


def draw_width(n: int) -> int:
    """Bytes read per draw below ``n``: the fewest whose range covers ``0..n-1``."""
    if not 1 <= n <= MAX_SIDES:
        raise ValueError(f"cannot draw below {n}: 1..{MAX_SIDES} only")
    return max(1, ((n - 1).bit_length() + 7) // 8)


def derive_faces(key: bytes, game_id: str, seq: int, count: int, sides: int) -> list[int]:
    """Faces ``1..sides`` of the ``count`` dice of the event at ``seq``."""
    if count < 0:
        raise ValueError("a negative number of dice")
    if not 1 <= sides <= 256:
        stream = ByteStream(key, game_id, seq)
        return [stream.below(sides) + 1 for _ in range(count)]
    # the fast path (one byte per draw): the same stream and rules as ByteStream.below
    limit = 256 - 256 % sides
    inner, outer = _pads(key)
    prefix = f"{game_id}|{seq}|"
    out: list[int] = []
    block = 0
    while len(out) < count:
        i = inner.copy()
        i.update(f"{prefix}{block}".encode())
        o = outer.copy()
        o.update(i.digest())
        if count - len(out) <= 16:  # a few dice: stop reading as soon as they are complete
            for b in o.digest():
                if b < limit:
                    out.append(b % sides + 1)
                    if len(out) == count:
                        return out
        else:
            out.extend([b % sides + 1 for b in o.digest() if b < limit])
        block += 1
    del out[count:]
    return out


def derive_permutation(key: bytes, game_id: str, seq: int, n: int) -> list[int]:
    """Fisher–Yates over ``range(n)``: draw ``i`` swaps position ``i`` with ``i + below(n - i)``."""
    order = list(range(n))
    stream = ByteStream(key, game_id, seq)
    for i in range(n - 1):
        j = i + stream.below(n - i)
        order[i], order[j] = order[j], order[i]
    return order


# -- sources ----------------------------------------------------------------------------


class CommitRevealDice(ABC):
    """The period bookkeeping shared by every verifiable source.

    Subclasses provide :meth:`seed_for` (the secret seed of a period, created on first
    use) and may override :meth:`on_reveal` (e.g. to mark a stored seed as public).
    """

    game_id: str

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self.period = 1
        self.salts: dict[int, list[str]] = {}
        self.revealed: set[int] = set()
        self._keys: dict[int, bytes] = {}

    @abstractmethod
    def seed_for(self, period: int) -> str:
        """The secret seed of ``period`` (each source keeps its seeds its own way)."""

    def on_reveal(self, period: int) -> None:
        """Hook: the seed of ``period`` is being revealed (optional; nothing by default)."""
        return None

    def _key(self) -> bytes:
        key = self._keys.get(self.period)
        if key is None:
            key = derive_key(self.seed_for(self.period), self.salts.get(self.period, []))
            self._keys[self.period] = key
        return key

    def _commit(self, period: int) -> CoreRecord:
        seed = self.seed_for(period)
        return ("dice.committed", {"period": period, "commitment": commitment(seed)})

    def _reveal(self, period: int, final: bool = False) -> CoreRecord:
        self.on_reveal(period)
        self.revealed.add(period)
        rec: dict[str, Any] = {"period": period, "seed": self.seed_for(period),
                               "salts": list(self.salts.get(period, []))}
        if final:
            rec["final"] = True
        return ("dice.revealed", rec)

    def start(self) -> list[CoreRecord]:
        return [self._commit(1), self._commit(2)]

    def roll(self, count: int, sides: int, *, seq: int) -> tuple[list[int], int]:
        return derive_faces(self._key(), self.game_id, seq, count, sides), self.period

    def permutation(self, n: int, *, seq: int) -> tuple[list[int], int]:
        return derive_permutation(self._key(), self.game_id, seq, n), self.period

    def end_period(self, final: bool = False, reveal: bool = True) -> list[CoreRecord]:
        p = self.period
        if final:
            hidden = [q for q in range(1, p + 1) if q not in self.revealed]
            records = [self._reveal(q, final=q == p) for q in hidden]
            self.period = p + 1
            return records
        first = self._reveal(p) if reveal else ("dice.closed", {"period": p})
        self.period = p + 1
        return [first, self._commit(p + 2)]

    def add_salt(self, seat: str, salt: str) -> list[CoreRecord]:
        target = self.period + 1
        self.salts.setdefault(target, []).append(salt)
        self._keys.pop(target, None)
        return [("dice.salted", {"period": target, "seat": seat, "salt": salt})]

    def bind(self, dice_meta: dict[str, Any]) -> None:
        self.period = int(dice_meta.get("period", 1))
        self.salts = {int(k): list(v) for k, v in dice_meta.get("salts", {}).items()}
        self.revealed = {int(k) for k in dice_meta.get("revealed", {})}
        self._keys = {}

    def checkpoint(self) -> Any:
        return (self.period, {k: list(v) for k, v in self.salts.items()}, set(self.revealed))

    def restore(self, saved: Any) -> None:
        period, salts, revealed = saved
        self.period, self.salts, self.revealed = period, {k: list(v) for k, v in salts.items()}, set(revealed)


class SeededDice(CommitRevealDice):
    """Deterministic commit-and-reveal dice: period ``p``'s seed is ``HMAC(seed, "period|p")``."""

    def __init__(self, seed: str, game_id: str = "local") -> None:
        super().__init__(game_id)
        self._root = seed.encode("utf-8")

    def seed_for(self, period: int) -> str:
        return hmac.new(self._root, f"period|{period}".encode(), hashlib.sha256).hexdigest()


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

    def end_period(self, final: bool = False, reveal: bool = True) -> list[CoreRecord]:
        self.period += 1
        return []

    def add_salt(self, seat: str, salt: str) -> list[CoreRecord]:
        return []

    def bind(self, dice_meta: dict[str, Any]) -> None:
        self.period = int(dice_meta.get("period", 1))

    def checkpoint(self) -> Any:
        return (list(self.faces), self.period)

    def restore(self, saved: Any) -> None:
        self.faces, self.period = list(saved[0]), saved[1]
