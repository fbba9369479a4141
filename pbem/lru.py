"""A bounded in-process cache (least recently used out first), safe to share between threads.

For values that are pure functions of their key: callers key on immutable facts only (e.g. a
game's log head ``(seq, hash)``, the viewer's seat, the language), never on something that may
change under the same key, and never cache what belongs to one request (a CSRF token, flash
messages) or to one person but not to the key.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

V = TypeVar("V")


class LRU(Generic[V]):
    """At most ``size`` entries, and with ``weigh`` (e.g. ``len``) at most ``max_weight`` in all;
    :meth:`get` refreshes an entry, :meth:`put` drops the oldest ones."""

    def __init__(self, size: int, *, weigh: Callable[[V], int] | None = None, max_weight: int = 0) -> None:
        self.size = size
        self.weigh, self.max_weight, self.weight = weigh, max_weight, 0
        self._items: OrderedDict[Hashable, V] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = self.misses = 0

    def get(self, key: Hashable) -> V | None:
        with self._lock:
            if key not in self._items:
                self.misses += 1
                return None
            self.hits += 1
            self._items.move_to_end(key)
            return self._items[key]

    def put(self, key: Hashable, value: V) -> None:
        with self._lock:
            if key in self._items:
                self.weight -= self._weight(self._items.pop(key))
            self._items[key] = value
            self.weight += self._weight(value)
            while len(self._items) > self.size or (self.max_weight and self.weight > self.max_weight
                                                   and len(self._items) > 1):
                self.weight -= self._weight(self._items.popitem(last=False)[1])

    def _weight(self, value: V) -> int:
        return self.weigh(value) if self.weigh is not None else 0

    def get_or_make(self, key: Hashable, make: Callable[[], V]) -> V:
        """The cached value, else ``make()`` (called outside the lock), stored."""
        found = self.get(key)
        if found is None:
            found = make()
            self.put(key, found)
        return found

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self.weight = 0

    def __len__(self) -> int:
        return len(self._items)
