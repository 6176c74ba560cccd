"""What `autoshard plan` measures its plan against: the same program on one device, and plain data parallel.

Both are priced the way the plan is, by `autoshard.planner.api.plan` with the plan's hardware config, memory
budget and options, so the comparison uses one cost model:

- `1 device`: the module on a mesh of the same axes, each of size 1 (nothing to shard, nothing to move): the plan
  graph's fully replicated assignment, which every device runs whole, priced on the plan's mesh.
- `data parallel`: the experiments' `data_parallel` layout (`autoshard.experiments.baselines`): the batch
  inputs' first dimension split over every mesh axis, every other argument replicated; the solver completes
  the rest at least cost, as for any sharding the module gives, searching the plan's own graph with its
  arguments restricted so (`planner.api.plan_with_argument_shardings`), or the module annotated so when the
  graph cannot take them.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from autoshard.errors import InfeasibleError, UserError
from autoshard.experiments.baselines import analyze_arguments, baseline_argument_specs
from autoshard.planner.api import plan as plan_module
from autoshard.planner.api import plan_with_argument_shardings
from autoshard.planner.plan import Plan, PlanBasis, evaluate_assignment
from autoshard.planner.plan_graph import NodeKind
from autoshard.planner.strategy_problem import least_sharded_start
from autoshard.planner.xla_model.memory_accounting import plan_memory, sharded_bytes
from autoshard.planner.user_constraints import PlanOptions
from autoshard.sharding import Mesh, SpecEntry, TensorSharding
from autoshard.sharding.hardware_profiles import with_mesh
from autoshard.solver.solve import OPTIMAL
from autoshard.units import fmt_bytes
from autoshard.xla.hand_annotate import annotate_arguments

ONE_DEVICE = "1 device"
DATA_PARALLEL = "data parallel"
#: what every Shardy attribute and op in a module's text contains
SHARDY_PREFIX = "sdy."


@dataclass(frozen=True)
class ReferenceTime:
    """One reference's modeled step time (None when it could not be priced: `why_not` says why)."""

    name: str
    step_time_s: float | None
    #: the solver's gap on the reference (0: proven optimal; else its time is the best one found)
    gap: float = float("nan")
    #: how the reference shards, e.g. "%arg5, %arg6 split over data,model; other arguments replicated"
    layout: str = ""
    why_not: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "step_time_s": self.step_time_s, "gap": None if math.isnan(self.gap) else self.gap,
                "layout": self.layout, "why_not": self.why_not}


@dataclass(frozen=True)
class SolveSettings:
    """How the references are solved (the plan's own settings, with their own time limit)."""

    options: PlanOptions
    time_limit: float
    seed: int = 0
    num_workers: int = 8
    function: str | None = None
    deterministic: bool = True


def reference_time_limit(plan_time_limit: float) -> float:
    """Each reference's solver time limit: a third of the plan's, at least 2 s (at most the plan's): enough for
    the data-parallel completion of the bundled models to come within 1% of its bound."""
    return min(plan_time_limit, max(2.0, plan_time_limit / 3))


def _solve(module, basis: PlanBasis, mesh: Mesh, settings: SolveSettings, options: PlanOptions) -> Plan:
    return plan_module(module, config=with_mesh(basis.config, mesh), memory_budget=basis.memory_budget_bytes,
                       time_limit=settings.time_limit, seed=settings.seed, num_workers=settings.num_workers,
                       options=options, function=settings.function, deterministic=settings.deterministic)


def arguments_bytes(basis: PlanBasis, mesh: Mesh, specs: dict[int, list[SpecEntry]] | None = None) -> int:
    """Per-device bytes of the program's arguments on `mesh`, each laid out by `specs` (PartitionSpec-style, by
    argument index; replicated where absent). Arguments are held all step, so this much must fit."""
    total = 0
    for node in basis.graph.nodes:
        if node.kind == NodeKind.ARGUMENT and node.outputs:
            rank = len(node.outputs[0].shape)
            spec = (specs or {}).get(node.ir[1])
            sharding = (TensorSharding.from_partition_spec(spec, mesh, basis.mesh_name, rank) if spec
                        else TensorSharding.replicated_of(basis.mesh_name, rank))
            total += sharded_bytes(node.outputs[0], sharding, mesh)
    return total


def _does_not_fit(name: str, budget: int | None, layout: str = "") -> ReferenceTime:
    where = f"the {fmt_bytes(budget)} per-device" if budget else "the"
    return ReferenceTime(name, None, layout=layout, why_not=f"does not fit in {where} memory budget")


def _priced(name: str, solve: Callable[[], Plan], budget: int | None, layout: str = "",
            arguments: int = 0) -> ReferenceTime:
    """The reference `solve` plans, priced; not solved when its `arguments` bytes alone exceed the budget."""
    if budget and arguments > budget:
        return _does_not_fit(name, budget, layout)
    try:
        result = solve()
    except InfeasibleError:
        return _does_not_fit(name, budget, layout)
    except UserError as e:
        return ReferenceTime(name, None, layout=layout, why_not=e.message)
    gap = 0.0 if result.solver.status == OPTIMAL else result.solver.gap
    return ReferenceTime(name, result.cost.step_time_s, gap, layout)


def one_device_time(basis: PlanBasis, settings: SolveSettings) -> ReferenceTime:
    """The program on one device (its mesh's axes, each of size 1): the plan graph's fully replicated assignment,
    priced as a plan is (every device computes every op whole and moves nothing, as one device does), its memory
    as XLA lays it out; planned again on a one-device mesh when the graph has no such assignment."""
    single = Mesh.from_sizes({name: 1 for name in basis.mesh.axis_names})
    budget = basis.memory_budget_bytes
    replicated = _replicated_assignment(basis)
    if replicated is None:
        # options that constrain shardings mean nothing on one device; carried state still ties results to arguments
        options = replace(settings.options, replicate_arguments=(), batch_axes=(), batch_arguments=())
        return _priced(ONE_DEVICE, lambda: _solve(basis.module, basis, single, settings, options), budget,
                       arguments=arguments_bytes(basis, single))
    if budget and arguments_bytes(basis, single) > budget:
        return _does_not_fit(ONE_DEVICE, budget)
    if budget and plan_memory(basis.graph, replicated, basis.mesh, basis.model.backend).total_bytes > budget:
        return _does_not_fit(ONE_DEVICE, budget)
    return ReferenceTime(ONE_DEVICE, evaluate_assignment(basis.graph, replicated, basis.model).step_time_s, 0.0)


def _replicated_assignment(basis: PlanBasis) -> list[int] | None:
    """Per node of the plan graph, its allowed strategy sharding nothing and leaving nothing unreduced; None when a
    node has none (or there is no hardware config to price it with)."""
    if basis.model is None:
        return None
    start = least_sharded_start(basis.graph)
    for node, chosen in zip(basis.graph.nodes, start):
        if not node.strategies:
            continue
        strategy = node.strategies[chosen]
        if any(t.unreduced or any(d.axes for d in t.dims) for t in (*strategy.inputs, *strategy.outputs)):
            return None
    return start


def _layout_text(inputs: Sequence[int], specs: dict[int, list[SpecEntry]]) -> str:
    """`%arg5, %arg6 split over data,model; other arguments replicated` (each input's first dimension)."""
    splits: dict[str, list[int]] = {}
    for i in inputs:
        first = specs[i][0] if specs[i] else None
        axes = "" if first is None else first if isinstance(first, str) else ",".join(first)
        splits.setdefault(axes, []).append(i)
    parts = [f"{', '.join(f'%arg{i}' for i in args)} " + (f"split over {axes}" if axes else "not split")
             for axes, args in splits.items()]
    return "; ".join(parts) + "; other arguments replicated"


def data_parallel_time(source: str, basis: PlanBasis, settings: SolveSettings) -> ReferenceTime:
    """The program (`source`: its MLIR text as JAX exports it) with the batch inputs (`options.batch_arguments`,
    else found by shape) split over every mesh axis and every other argument replicated; the rest completed by the
    solver."""
    try:
        facts = analyze_arguments(basis.module, settings.options.batch_arguments or None, settings.function)
    except UserError as e:
        return ReferenceTime(DATA_PARALLEL, None, why_not=e.message)
    if not facts.inputs:
        return ReferenceTime(DATA_PARALLEL, None, why_not="no batch input found (name them with --batch-args)")
    specs = baseline_argument_specs("data_parallel", facts, basis.mesh)
    if specs is None or all(not specs[i] or specs[i][0] is None for i in facts.inputs):
        return ReferenceTime(DATA_PARALLEL, None, why_not="no batch input's first dimension divides by a mesh axis")
    layout = _layout_text(facts.inputs, specs)

    def solve() -> Plan:
        shardings = {i: TensorSharding.from_partition_spec(spec, basis.mesh, basis.mesh_name)
                     for i, spec in specs.items()}
        again = plan_with_argument_shardings(
            basis, shardings, memory_budget=basis.memory_budget_bytes, time_limit=settings.time_limit,
            seed=settings.seed, num_workers=settings.num_workers, deterministic=settings.deterministic)
        if again is not None:
            return again
        text = annotate_arguments(source, basis.mesh.shape, specs, basis.mesh_name)
        return _solve(text, basis, basis.mesh, settings, settings.options)

    return _priced(DATA_PARALLEL, solve, basis.memory_budget_bytes, layout,
                   arguments=arguments_bytes(basis, basis.mesh, specs))


def reference_times(source: str, basis: PlanBasis, settings: SolveSettings) -> list[ReferenceTime]:
    """The references of the program of `basis` (a plan's, `Plan.basis`, or its search's as it starts), made from
    the module text `source`: one device, then data parallel. A module with Shardy shardings or ops of its own gets
    none (they fix part of the layout a reference would choose)."""
    if not compares(source):
        return not_priced("the module carries shardings of its own")
    return [one_device_time(basis, settings), data_parallel_time(source, basis, settings)]


def not_priced(why_not: str) -> list[ReferenceTime]:
    """Both references, neither priced, for the reason `why_not`."""
    return [ReferenceTime(ONE_DEVICE, None, why_not=why_not), ReferenceTime(DATA_PARALLEL, None, why_not=why_not)]


def compares(source: str) -> bool:
    """Whether a module (its text) gets references: not when it carries Shardy shardings or ops of its own."""
    return SHARDY_PREFIX not in source
