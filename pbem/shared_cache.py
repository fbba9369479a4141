"""Kept values shared by every web process of a site: a Redis store behind each process's own LRU.

The game page's kept parts (``pbem.web.page_cache.PARTS``) and the engine's answers
(``pbem.services.views.POSITIONS``) are pure functions of their keys (a game's log head, the
viewer's seat, the language...). Per process, each of the web workers would compute them once
more after every new event; with ``PBEM_PAGE_CACHE_URL`` set (a Redis URL) the first process to
need one computes it and the others read it (:class:`Kept`: the process's LRU first, then Redis).

What is stored outside the process is checked before use: every value is stored with a keyed
BLAKE2b tag (a MAC) made with a key derived from the site's ``SECRET_KEY`` over its Redis key and
its bytes, and a value whose tag does not match (written by anyone without the secret, or
damaged) is ignored and computed afresh. Redis keys are digests of the cache keys, under the
site's prefix and a digest of the code itself (:func:`code_digest`), so a deploy of other
templates or rules never reads what the previous code rendered. Values expire after
``PBEM_PAGE_CACHE_TTL`` seconds. When Redis fails the processes go on with their own LRUs (and
try Redis again after :data:`RETRY_AFTER` seconds): a slower page, never an error.

One site per process: :func:`configure` sets the store for the whole process (``create_app``).
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import time
from collections.abc import Callable, Hashable
from functools import cache
from pathlib import Path
from typing import Any, Generic, TypeVar

from pbem.lru import LRU

log = logging.getLogger(__name__)

V = TypeVar("V")
TAG_SIZE = 32
#: Seconds without Redis after it failed.
RETRY_AFTER = 30.0
ROOT = Path(__file__).resolve().parent.parent


@cache
def code_digest() -> str:
    """A digest of the code that renders what is kept (``pbem/`` and ``templates/``, names and
    contents; about 15 ms, once per process)."""
    found = hashlib.blake2b(digest_size=8)
    for folder in (ROOT / "pbem", ROOT / "templates"):
        for path in sorted(folder.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                found.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes())
    return found.hexdigest()


class SharedStore:
    """Signed values in Redis under ``<prefix>:<code digest>:<kind>:<digest of the key>``."""

    def __init__(self, url: str, secret: str, *, prefix: str = "pbem", ttl: int = 86400,
                 client: Any = None) -> None:
        if client is None:
            import redis

            client = redis.Redis.from_url(url, socket_timeout=0.5, socket_connect_timeout=0.5)
        self.client = client
        self.ttl = ttl
        self.mac_key = hashlib.sha256(b"pbem shared cache\0" + secret.encode("utf-8")).digest()
        self.prefix = f"{prefix}:kept:{code_digest()}:"
        self.down_until = 0.0

    def name(self, kind: str, key: Hashable) -> str:
        return self.prefix + kind + ":" + hashlib.blake2b(repr(key).encode("utf-8"), digest_size=20).hexdigest()

    def tag(self, name: str, payload: bytes) -> bytes:
        return hashlib.blake2b(name.encode("utf-8") + b"\0" + payload, key=self.mac_key,
                               digest_size=TAG_SIZE).digest()

    def get(self, kind: str, key: Hashable) -> bytes | None:
        """The stored bytes, if present and signed with this site's key."""
        if time.monotonic() < self.down_until:
            return None
        return self.read(self.name(kind, key))

    def read(self, name: str) -> bytes | None:
        try:
            raw = self.client.get(name)
        except Exception as exc:  # redis.RedisError, OSError: go on without it for a while
            self._failed(exc)
            return None
        if not isinstance(raw, bytes) or len(raw) < TAG_SIZE:
            return None
        payload = raw[TAG_SIZE:]
        if not hmac.compare_digest(raw[:TAG_SIZE], self.tag(name, payload)):
            log.warning("shared cache: %s has a wrong signature; ignored", name)
            return None
        return payload

    def put(self, kind: str, key: Hashable, payload: bytes) -> None:
        if time.monotonic() < self.down_until:
            return
        name = self.name(kind, key)
        try:
            self.client.set(name, self.tag(name, payload) + payload, ex=self.ttl)
        except Exception as exc:
            self._failed(exc)

    def _failed(self, exc: Exception) -> None:
        log.warning("shared cache unavailable for %.0f s: %s", RETRY_AFTER, exc)
        self.down_until = time.monotonic() + RETRY_AFTER


#: The process's store (``None``: every process keeps its own values only).
STORE: SharedStore | None = None


def configure(store: SharedStore | None) -> None:
    global STORE
    STORE = store


class Kept(Generic[V]):
    """An :class:`LRU` of this process in front of the shared store (when configured), for values
    that are pure functions of their key; ``encode``/``decode`` turn them into bytes and back."""

    def __init__(self, kind: str, local: LRU[V], encode: Callable[[V], bytes],
                 decode: Callable[[bytes], V]) -> None:
        self.kind, self.local, self.encode, self.decode = kind, local, encode, decode
        self.shared_hits = 0

    @property
    def hits(self) -> int:
        return self.local.hits

    def get(self, key: Hashable) -> V | None:
        found = self.local.get(key)
        if found is None and STORE is not None:
            payload = STORE.get(self.kind, key)
            if payload is not None:
                found = self.decode(payload)
                self.shared_hits += 1
                self.local.put(key, found)
        return found

    def put(self, key: Hashable, value: V) -> None:
        self.local.put(key, value)
        if STORE is not None:
            STORE.put(self.kind, key, self.encode(value))

    def clear(self) -> None:
        """Forget this process's values (the shared ones expire by themselves)."""
        self.local.clear()

    def __len__(self) -> int:
        return len(self.local)
