"""`Plan`: the planner's result for one function: the plan graph and the solver's assignment, the plain
`ShardingPlan` extracted from them, the modeled cost and solver statistics; the collectives the plan implies."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from collections.abc import Iterator, Sequence
from typing import Any

from xdsl.dialects.builtin import ModuleOp
from xdsl.dialects.func import FuncOp

from autoshard.planner.cost_breakdown import CostBreakdown, PlannedCollective
from autoshard.planner.plan_graph import NodeKind, NodeStrategy, PlanEdge, PlanGraph
from autoshard.planner.pricing import PlanCostModel
from autoshard.planner.sharding_plan import ShardingPlan, extract_sharding_plan
from autoshard.planner.stage_times import StageTimes
from autoshard.planner.xla_model.fusion_groups import slice_fusing_nodes
from autoshard.planner.xla_model.reshard_cost import COPY_KINDS
from autoshard.sharding import DimSharding, Mesh, SpecEntry, TensorSharding
from autoshard.sharding.collective_steps import Collective

__all__ = ["CostBreakdown", "Plan", "PlanBasis", "PlannedCollective", "SolverStats", "evaluate_assignment",
           "plan_collectives", "resharded_edges"]


@dataclass
class SolverStats:
    """What the search did: status, objective and bound (seconds), gap, time, problem size."""

    status: str
    objective_s: float
    best_bound_s: float
    gap: float
    wall_time_s: float
    num_nodes: int
    num_strategies: int
    num_edges: int
    extra: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "status": self.status,
            "objective_s": self.objective_s,
            "best_bound_s": self.best_bound_s,
            "gap": self.gap,
            "wall_time_s": self.wall_time_s,
            "num_nodes": self.num_nodes,
            "num_strategies": self.num_strategies,
            "num_edges": self.num_edges,
            **self.extra,
        }


@dataclass(frozen=True)
class PlanBasis:
    """What a plan's search starts from: the program and its plan graph, the mesh, the cost model, the memory
    budget and the first strategy graph. What is priced the way a plan is (`tools.reference_plans`) needs no more,
    so it can start before the plan's own search (`planner.api.plan`'s `on_basis`) or after it (`Plan.basis`)."""

    module: ModuleOp
    func: FuncOp
    mesh: Mesh
    mesh_name: str
    graph: PlanGraph
    #: the `PlanCostModel` plans are priced with; None without a hardware config
    model: PlanCostModel | None
    #: the memory budget in bytes per device (None: no budget)
    memory_budget_bytes: int | None
    #: the strategy graph of the first search (`build_strategy_graph` of `graph` under the budget), None if not kept
    problem: Any = field(default=None, repr=False, compare=False)
    #: the recomputation the program was rewritten with (`Plan.recomputed`), if any
    recomputed: Any = None

    @property
    def config(self) -> Any:
        """The hardware config of the cost model (None without one)."""
        return None if self.model is None else self.model.config

    def sharding_plan(self, assignment: Sequence[int]) -> ShardingPlan:
        """The shardings `assignment` (one strategy per node of `graph`) gives the program, unpriced (an empty
        cost, no collectives listed): what emission reads, before the plan's cost is known."""
        return extract_sharding_plan(self.module, self.func, self.mesh, self.mesh_name, self.graph, assignment,
                                     CostBreakdown())


@dataclass
class Plan:
    """A sharding plan for one function of a module (see `autoshard.plan`): the planner's view of it (`graph`,
    the solver's `assignment` and statistics, the `config` that priced it) and, extracted from them once, the
    plain `sharding_plan` that emission (`autoshard.emit.emit_plan`), the simulator's callers and reports read."""

    module: ModuleOp
    func: FuncOp
    mesh: Mesh
    mesh_name: str
    graph: PlanGraph
    assignment: list[int]
    cost: CostBreakdown
    solver: SolverStats
    warnings: list[str] = field(default_factory=list)
    config: Any = None
    #: the recomputation the plan's program was rewritten with (`planner.remat.choice.RematChoice`), if any
    recomputed: Any = None
    #: the `PlanCostModel` that priced the plan (its memoized reshard lowerings price `collectives` again); None:
    #: one is made from `config`
    model: Any = field(default=None, repr=False, compare=False)
    #: wall seconds per stage of planning (`StageTimes`; a caller may add its own, e.g. writing the file)
    stages: StageTimes = field(default_factory=StageTimes, repr=False, compare=False)
    #: the strategy graph of the plan's first search (`build_strategy_graph` of `graph` under the budget), which
    #: searches of the same graph with fewer strategies allowed start from; None when not kept
    problem: Any = field(default=None, repr=False, compare=False)
    sharding_plan: ShardingPlan = field(init=False, repr=False)

    def __post_init__(self) -> None:
        performed = () if self.config is None else self.collectives(distinct_reshards=True)
        self.sharding_plan = extract_sharding_plan(self.module, self.func, self.mesh, self.mesh_name, self.graph,
                                                   self.assignment, self.cost, performed)

    # -- shardings ------------------------------------------------------------------------------
    def chosen(self, node_index: int) -> NodeStrategy:
        return self.graph.nodes[node_index].strategies[self.assignment[node_index]]

    def argument_shardings(self) -> list[TensorSharding | None]:
        """The sharding of each func argument (None for non-tensor arguments)."""
        return list(self.sharding_plan.arguments)

    def partition_specs(self) -> list[tuple[SpecEntry, ...] | None]:
        """Each func argument's sharding as a JAX `PartitionSpec`-style tuple, e.g. `("data", None)`."""
        return self.sharding_plan.partition_specs()

    def result_shardings(self) -> list[TensorSharding | None]:
        """The sharding of each func result (None for non-tensor results), as the function returns it."""
        return list(self.sharding_plan.results)

    def result_partition_specs(self) -> list[tuple[SpecEntry, ...] | None]:
        """Each func result's sharding as a JAX `PartitionSpec`-style tuple, like `partition_specs()`."""
        return self.sharding_plan.result_partition_specs()

    def collectives(self, distinct_reshards: bool = False) -> list[PlannedCollective]:
        """Every collective the plan implies, in program order: each op's settle (all_reduce/reduce_scatter of
        partial sums) and each step of the reshard lowering on edges whose shardings differ (Shardy's, or XLA's
        SPMD partitioner's under `hardware.reshard_lowering: xla`, as the planner priced them).

        The planner prices a reshard per consuming edge; with `distinct_reshards` a reshard of one value to one
        sharding is listed once, as the program performs it (its identical constraints are one reshard after
        CSE), and so is a collective that reshards of one value to different targets begin with alike (an
        all-gather to replicated before two different slices)."""
        return plan_collectives(self.graph, self.assignment, self.cost_model(), distinct_reshards)

    def cost_model(self) -> PlanCostModel:
        """The model that priced the plan (`model`), or one made from its `config`."""
        return self.model if self.model is not None else PlanCostModel(self.config)

    def basis(self) -> PlanBasis:
        """What the plan's search started from (its graph, cost model, budget and first strategy graph)."""
        model = self.cost_model() if self.config is not None else None
        return PlanBasis(self.module, self.func, self.mesh, self.mesh_name, self.graph, model,
                         self.cost.memory_budget_bytes, self.problem, self.recomputed)

    def report(self) -> dict[str, Any]:
        """Everything about the plan, machine-readably (what `--report` writes)."""
        return {
            "mesh": {"axes": self.mesh.shape, "name": self.mesh_name},
            "hardware": {"reduce_scatter": self.config.hardware.reduce_scatter,
                         "reshard_lowering": self.config.hardware.reshard_lowering},
            "cost": self.sharding_plan.cost.to_json(),
            "solver": self.solver.to_json(),
            "arguments": [
                {"index": i, "sharding": str(s) if s else None, "partition_spec": _spec_json(s)}
                for i, s in enumerate(self.sharding_plan.arguments)
            ],
            "collectives": [c.to_json() for c in self.sharding_plan.collectives],
            "recomputed": self.recomputed.to_json() if self.recomputed is not None else None,
            "warnings": self.warnings,
            "stages_s": self.stages.to_json(),
        }


def _spec_json(s: TensorSharding | None):
    if s is None:
        return None
    return [list(e) if isinstance(e, tuple) else e for e in s.partition_spec()]


def _node_name(node) -> str:
    return f"{node.label} (node {node.index})"


def _settled_collective(node, strategy: NodeStrategy, model) -> list[PlannedCollective]:
    settle = strategy.settle
    mesh = model.mesh
    out = []
    for sharding, info in zip(strategy.outputs, node.outputs):
        if info is None:
            continue
        if settle.kind == "reduce_scatter" and settle.dim is not None:  # the pre-scatter (full) local buffer
            dims = list(sharding.dims)
            kept = dims[settle.dim].axes[: len(dims[settle.dim].axes) - len(settle.axes)]
            dims[settle.dim] = DimSharding(kept)
            sharding = sharding.with_dims(dims)
        scatter = model.scatter_performed(node, strategy)
        for cost in model.settle_costs(settle, info, sharding.local_shape(info.shape, mesh), scatter):
            out.append(PlannedCollective(cost.kind, cost.axes, cost.bytes_per_device, cost.time_s, node.multiplier,
                                         f"settle of {_node_name(node)}", node.index))
    return out


def resharded_edges(graph: PlanGraph, assignment: Sequence[int]) -> Iterator[tuple[PlanEdge, TensorSharding, TensorSharding]]:
    """The edges whose producer's sharding differs from what the consumer takes: (edge, source, target)."""
    for e in graph.edges:
        src = graph.nodes[e.producer].strategies[assignment[e.producer]].outputs[e.out_port]
        dst = graph.nodes[e.consumer].strategies[assignment[e.consumer]].inputs[e.in_port]
        if src != dst:
            yield e, src, dst


def plan_collectives(graph: PlanGraph, assignment: list[int], model, distinct_reshards: bool = False
                     ) -> list[PlannedCollective]:
    """The collectives of `assignment` on `graph` priced by `model` (a `PlanCostModel`), in program order; reshards
    use `model.reshard_steps`, i.e. the lowering its config names (`hardware.reshard_lowering`); with
    `distinct_reshards`, one value's reshard to one sharding once, and the collectives two reshards of one value
    begin with alike once (XLA's common-subexpression elimination merges them; see `Plan.collectives`)."""
    by_position: list[tuple[int, int, PlannedCollective]] = []
    for node, choice in zip(graph.nodes, assignment):
        s = node.strategies[choice]
        if s.settle is not None:
            by_position.extend((node.position, 1, c) for c in _settled_collective(node, s, model))
        by_position.extend(
            (node.position, 1, PlannedCollective(c.kind, c.axes, c.bytes_per_device, c.time_s, node.multiplier,
                                                 f"inside {_node_name(node)}", node.index))
            for c in s.own_collectives
        )  # fmt: skip
    reshards_seen: set[tuple[int, int, TensorSharding]] = set()
    performed: set[tuple[int, int, tuple[Collective, ...]]] = set()  # (value, steps up to a collective)
    slice_fusing = slice_fusing_nodes(graph)
    for e, src, dst in resharded_edges(graph, assignment):
        if distinct_reshards:
            if (e.producer, e.out_port, dst) in reshards_seen:
                continue
            reshards_seen.add((e.producer, e.out_port, dst))
        producer, consumer = graph.nodes[e.producer], graph.nodes[e.consumer]
        count = graph.edge_weight(e)
        where = f"reshard {_node_name(producer)} -> {_node_name(consumer)} operand {e.in_port}"
        fused_slice = e.consumer in slice_fusing
        priced = model.reshard_steps(src, dst, graph.moved(e.producer, e.out_port), fused_slice)
        for k, (step, cost) in enumerate(priced):
            prefix = (e.producer, e.out_port, tuple(s for s, _ in priced[:k + 1]))
            if distinct_reshards and cost.bytes_per_device and prefix in performed:
                continue  # XLA's CSE: this value's reshard to another target began with the same collectives
            performed.add(prefix)
            by_position.append((consumer.position, 0, PlannedCollective(  # the kind as the backend performs it
                cost.kind, cost.axes, cost.bytes_per_device, cost.time_s, count, where, consumer.index)))
    by_position.sort(key=lambda item: (item[0], item[1]))
    return [c for _, _, c in by_position]


def evaluate_assignment(graph: PlanGraph, assignment: list[int], model) -> CostBreakdown:
    """The modeled time of `assignment`, recomputed from the plan graph without the solver, with the compute
    model's FLOPs and bytes per device (`model.strategy_work`); peak memory is filled in by the caller from the
    solver problem."""
    cost = CostBreakdown()
    by_kind: dict[str, float] = defaultdict(float)
    fusion = model.fusion(graph)
    # an op's strategy list is shared by the ops of one signature (`fill_strategies`): their work under one choice
    # and traffic is one
    works: dict[tuple, Any] = {}
    for node, choice in zip(graph.nodes, assignment):
        s = node.strategies[choice]
        cost.compute_s += s.compute_s * node.multiplier
        traffic = fusion.traffic[node.index]
        if node.kind == NodeKind.OP:
            key = (id(node.strategies), choice, traffic)
            work = works.get(key)
            if work is None:
                work = works[key] = model.strategy_work(node, s, traffic)
        else:
            work = model.strategy_work(node, s, traffic)
        cost.flops += work.flops * node.multiplier
        cost.bytes_accessed += work.bytes_accessed * node.multiplier
        own = 0.0
        if node.kind == NodeKind.ARGUMENT:
            cost.input_feed_bytes += model.input_feed_bytes(s.outputs[0], node.outputs[0])
            own = model.input_feed_s(s.outputs[0], node.outputs[0])
            cost.input_feed_s += own
        for c in s.own_collectives:
            by_kind[c.kind] += c.time_s * node.multiplier
            own += c.time_s
        if s.settle is not None:
            kind, settle_s = model.settle_kind(s.settle), s.collective_s - own
            if model.scatter_performed(node, s) is not None:  # the part's all-reduce and its permute, each its kind
                collectives = _settled_collective(node, s, model)
                kind = collectives[0].kind
                for c in collectives[1:]:
                    by_kind[c.kind] += c.time_s * node.multiplier
                    settle_s -= c.time_s
            by_kind[kind] += settle_s * node.multiplier
        elif s.collective_s - own > 0:
            cost.penalty_s += (s.collective_s - own) * node.multiplier
    slice_fusing = slice_fusing_nodes(graph)
    for e, src, dst in resharded_edges(graph, assignment):
        weight = graph.edge_weight(e)
        info = graph.moved(e.producer, e.out_port)
        fused_slice = e.consumer in slice_fusing
        for kind, seconds in model.reshard_kinds(src, dst, info, fused_slice).items():
            by_kind[kind] += seconds * weight
    cost.compute_s += sum(by_kind.pop(kind, 0.0) for kind in COPY_KINDS)
    cost.collectives_s = dict(by_kind)
    cost.communication_s = sum(by_kind.values())
    return cost
