"""Pausing Python's cyclic garbage collector over work that allocates many long-lived objects."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def cyclic_gc_paused() -> Iterator[None]:
    """Run the body with the cyclic collector off, restoring its previous state after.

    Planning a large program builds millions of small objects that live until the plan is written (IR ops and
    attributes, strategies, prices); every collection pass walks all of them again, though almost none are
    garbage. Reference counting still frees acyclic garbage at once. On the way out the body's objects join the
    oldest generation without a pass over them (`gc.freeze` then `gc.unfreeze`): the collection the first
    allocation after `gc.enable` would run over all of them at once is left to the oldest generation's next full
    collection, which also frees the body's cycles. Nests: an inner use leaves the collector as the outer one set
    it.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.freeze()
            gc.unfreeze()
            gc.enable()
