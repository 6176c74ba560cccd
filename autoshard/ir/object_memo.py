"""Facts worked out once per object and looked up by the object's identity.

xDSL attributes recompute their hash on every call, recursively through their parameters, and the parser shares
one object per repeated type and attribute (`memoizing_parser`, `repeated_ops`): a fact of an attribute (a type's
shape, a dot's dimension numbers, an attribute's text) is cheapest looked up by the object's `id`. An entry holds
its object, so no id is reused while the entry is kept.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class ByIdentity(Generic[K, V]):
    """`memo(obj, compute)` is `compute(obj)`, worked out once per object kept; at most `size` objects (all
    dropped once that many are kept), or no bound when `size` is None."""

    def __init__(self, size: int | None = None):
        self._size = size
        self._known: dict[int, tuple[K, V]] = {}

    def __call__(self, obj: K, compute: Callable[[K], V]) -> V:
        known = self._known.get(id(obj))
        if known is not None and known[0] is obj:
            return known[1]
        value = compute(obj)
        self.put(obj, value)
        return value

    def get(self, obj: K, default: V | None = None) -> V | None:
        """The value kept for `obj`, else `default`."""
        known = self._known.get(id(obj))
        return known[1] if known is not None and known[0] is obj else default

    def put(self, obj: K, value: V) -> None:
        """Keep `value` for `obj`."""
        if self._size is not None and len(self._known) >= self._size:
            self._known.clear()
        self._known[id(obj)] = (obj, value)
