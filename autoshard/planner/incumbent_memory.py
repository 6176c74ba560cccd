"""The search's incumbent's memory, accounted in a child process while the search goes on.

A search on a deep model often finds its plan long before it proves the bound that ends it (the repeat phase's
plan, then sweeps of the whole graph's dual ascent). `IncumbentMemory` watches the search's progress reports and
starts `plan_memory` of each new incumbent in a forked child (`autoshard.background`), cancelling the one before;
when the search ends on the incumbent the last child accounted, its `StepMemory` is the plan's, and the parent
goes straight on to pricing. The figure is the one `plan_memory` computes in place: the child is a copy of the
planner at the fork. Graphs under `MIN_NODES` nodes, or a process that cannot fork another child, account in place
after the search as before.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from autoshard.background import BackgroundCall, BackgroundCallFailed
from autoshard.planner.plan_graph import PlanGraph
from autoshard.planner.xla_model.backend import XlaBackend
from autoshard.planner.xla_model.memory_accounting import plan_memory
from autoshard.sharding import Mesh
from autoshard.solver.result import Progress
from costmodel.memory import StepMemory

#: plan graphs with fewer nodes account their plan's memory in place (a fork costs more than it saves there)
MIN_NODES = 5000


class IncumbentMemory:
    """`plan_memory` of the search's latest incumbent on `graph`, accounted beside the search (module docstring)."""

    def __init__(self, graph: PlanGraph, mesh: Mesh, backend: XlaBackend):
        self._graph, self._mesh, self._backend = graph, mesh, backend
        self._call: BackgroundCall[StepMemory] | None = None
        self._assignment: list[int] | None = None

    def watching(self, on_progress: Callable[[Progress], None] | None) -> Callable[[Progress], None]:
        """A progress callback that passes each report on to `on_progress` and starts accounting its incumbent."""
        def watch(progress: Progress) -> None:
            if on_progress is not None:
                on_progress(progress)
            if progress.expand is not None:
                self._start([int(x) for x in progress.expand()])
        return watch

    def _start(self, assignment: list[int]) -> None:
        self.cancel()
        graph, mesh, backend = self._graph, self._mesh, self._backend
        call = BackgroundCall(lambda: plan_memory(graph, assignment, mesh, backend))
        if call.in_background:  # else nothing runs: the plan's memory is accounted in place after the search
            self._call, self._assignment = call, assignment

    def of(self, assignment: Sequence[int]) -> StepMemory | None:
        """The memory the child accounted when it accounted `assignment` (waiting for it), else None (any child is
        stopped: account in place)."""
        call, accounted = self._call, self._assignment
        self._call = self._assignment = None
        if call is None:
            return None
        if accounted != list(assignment):
            call.cancel()
            return None
        try:
            return call.result(in_place=False)
        except BackgroundCallFailed:
            return None

    def cancel(self) -> None:
        """Stop the child, if one runs."""
        if self._call is not None:
            self._call.cancel()
        self._call = self._assignment = None


def incumbent_memory(graph: PlanGraph, mesh: Mesh, backend: XlaBackend) -> IncumbentMemory | None:
    """An `IncumbentMemory` for a plan graph of `MIN_NODES` nodes or more, else None."""
    return IncumbentMemory(graph, mesh, backend) if len(graph.nodes) >= MIN_NODES else None
