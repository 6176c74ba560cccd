"""Where a plan's wall time goes: seconds per stage of planning (reading, the plan graph, the strategy graph, the
search, the memory accounting, pricing), and after it, what the caller adds (the references, writing)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field


@dataclass
class StageTimes:
    """Wall seconds per named stage, in the order first timed; a stage timed again (a search again, a plan of the
    program rewritten with recomputation) adds up."""

    seconds: dict[str, float] = field(default_factory=dict)

    @contextmanager
    def stage(self, name: str) -> Iterator[None]:
        start = time.perf_counter()
        try:
            yield
        finally:
            self.add(name, time.perf_counter() - start)

    def add(self, name: str, seconds: float) -> None:
        self.seconds[name] = self.seconds.get(name, 0.0) + seconds

    def to_json(self) -> dict[str, float]:
        return {name: round(s, 3) for name, s in self.seconds.items()}

    def text(self) -> str:
        """`read 1.7 s, plan graph 2.1 s, ...`: every stage, in order."""
        return ", ".join(f"{name} {s:.1f} s" for name, s in self.seconds.items())
