"""How the sdy verification rules report: errors raise `VerifyException`, warnings go to a collector.

Warnings are rules Shardy does not enforce (a dimension not divisible by its number of shards: Shardy pads it,
so its own tests accept such shardings). Op verifiers run through xDSL's `verify_()`, which takes no
arguments, so the collector is installed for a verification run with `collecting_warnings(collector)`;
outside such a run, warnings are dropped.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field

from xdsl.utils.exceptions import VerifyException


def fail(message: str) -> None:
    """Reject the op being verified with `message`."""
    raise VerifyException(message)


def check(condition: bool, message: str) -> None:
    """Reject the op being verified with `message` unless `condition` holds."""
    if not condition:
        raise VerifyException(message)


@dataclass
class WarningCollector:
    """The warnings of one verification run, in the order the rules found them."""

    messages: list[str] = field(default_factory=list)

    def warn(self, message: str) -> None:
        self.messages.append(message)


_ACTIVE: ContextVar[WarningCollector | None] = ContextVar("sdy_warning_collector", default=None)


@contextmanager
def collecting_warnings(collector: WarningCollector) -> Iterator[WarningCollector]:
    """Send the warnings of the rules run inside this block to `collector`."""
    token = _ACTIVE.set(collector)
    try:
        yield collector
    finally:
        _ACTIVE.reset(token)


def warn(message: str) -> None:
    """Report `message` to the active collector (none outside `collecting_warnings`)."""
    collector = _ACTIVE.get()
    if collector is not None:
        collector.warn(message)
