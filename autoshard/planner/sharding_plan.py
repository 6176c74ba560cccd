"""`ShardingPlan`: the planner's result as plain data, what emission, the simulator's callers and reports read.

It names IR objects of the planned (unannotated) module: each func argument's and result's sharding, each
planned op's result shardings, the shardings it takes its operands in and how it settles partial sums, the
data-flow groups (a loop's carried value, a case's result) that carry one sharding, and every consumer edge
where a value reaches an op in another sharding than it was produced in (a reshard), or enters a loop. It is
extracted once from the plan graph and the solver's assignment (`extract_sharding_plan`); nothing in it refers
to plan nodes, strategies or node kinds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from xdsl.dialects.builtin import ModuleOp
from xdsl.dialects.func import FuncOp
from xdsl.ir import Operation, SSAValue

from autoshard.planner.cost_breakdown import CostBreakdown, PlannedCollective
from autoshard.planner.plan_graph import NodeKind, PlanGraph, Settle
from autoshard.sharding import Mesh, SpecEntry, TensorSharding


@dataclass(frozen=True)
class PlannedOp:
    """An op whose result shardings the plan decides (an op with a factor rule, or a constant).

    `results[i]` is None for a result the plan does not cover (not a ranked tensor); `operands` are the
    shardings the op takes its operands in; `settle` says how it settles partial sums over the sharded
    reduction factors (None: it makes none)."""

    op: Operation
    results: tuple[TensorSharding | None, ...]
    operands: tuple[TensorSharding, ...]
    settle: Settle | None = None


@dataclass(frozen=True)
class ValueGroup:
    """Values that carry one sharding: a `stablehlo.while`'s carried value (`loop_carried`: the condition's and
    body's block arguments and the loop's result) or the results of the branches of a case/if."""

    values: tuple[SSAValue, ...]
    sharding: TensorSharding
    loop_carried: bool


@dataclass(frozen=True)
class ConsumerEdge:
    """`value` read as operand `operand` of `consumer`: produced in `source`, taken in `target`.

    Listed where `source != target` (a reshard) or where the consumer carries it into a loop (`into_loop`,
    listed even when unchanged); edges into user sharding constraints are not listed (those are kept as
    written)."""

    value: SSAValue
    consumer: Operation
    operand: int
    source: TensorSharding
    target: TensorSharding
    into_loop: bool = False

    @property
    def is_reshard(self) -> bool:
        return self.source != self.target


@dataclass(frozen=True)
class ShardingPlan:
    """The sharding of every planned value of `func` in `module` on `mesh` (named `mesh_name`), with the
    reshards between them, the plan's modeled `cost` and the `collectives` the program performs, priced, in
    program order (see module docstring)."""

    module: ModuleOp
    func: FuncOp
    mesh: Mesh
    mesh_name: str
    #: per func argument / result (None for a non-tensor one)
    arguments: tuple[TensorSharding | None, ...]
    results: tuple[TensorSharding | None, ...]
    #: in program order
    ops: tuple[PlannedOp, ...]
    groups: tuple[ValueGroup, ...]
    edges: tuple[ConsumerEdge, ...]
    cost: CostBreakdown
    #: each settle and each step of a reshard, a value's reshard to one sharding once (`Plan.collectives`)
    collectives: tuple[PlannedCollective, ...] = ()

    def reshards(self) -> list[ConsumerEdge]:
        """The edges where a value changes sharding between its producer and a consumer."""
        return [e for e in self.edges if e.is_reshard]

    def value_shardings(self) -> dict[SSAValue, TensorSharding]:
        """The planned sharding of each value: func arguments, op results and data-flow group members."""
        out: dict[SSAValue, TensorSharding] = {}
        for arg, sharding in zip(self.func.body.blocks[0].args, self.arguments):
            if sharding is not None:
                out[arg] = sharding
        for planned in self.ops:
            out.update((r, s) for r, s in zip(planned.op.results, planned.results) if s is not None)
        for group in self.groups:
            out.update((v, group.sharding) for v in group.values)
        return out

    def partition_specs(self) -> list[tuple[SpecEntry, ...] | None]:
        """Each func argument's sharding as a JAX `PartitionSpec`-style tuple, e.g. `("data", None)`."""
        return [s.partition_spec() if s is not None else None for s in self.arguments]

    def result_partition_specs(self) -> list[tuple[SpecEntry, ...] | None]:
        """Each func result's sharding as a JAX `PartitionSpec`-style tuple, like `partition_specs()`."""
        return [s.partition_spec() if s is not None else None for s in self.results]


def extract_sharding_plan(module: ModuleOp, func: FuncOp, mesh: Mesh, mesh_name: str, graph: PlanGraph,
                          assignment: Sequence[int], cost: CostBreakdown,
                          collectives: Sequence[PlannedCollective] = ()) -> ShardingPlan:
    """The plan `assignment` (one strategy index per node of `graph`, built from `func`) makes, with its `cost`
    and the `collectives` it performs."""
    chosen = [node.strategies[choice] for node, choice in zip(graph.nodes, assignment)]
    arguments: list[TensorSharding | None] = [None] * len(func.body.blocks[0].args)
    results: list[TensorSharding | None] = [None] * len(func.function_type.outputs.data)
    ops: list[PlannedOp] = []
    groups: list[ValueGroup] = []
    for node, s in zip(graph.nodes, chosen):
        if node.kind == NodeKind.ARGUMENT:
            arguments[node.ir[1]] = s.outputs[0]
        elif node.kind == NodeKind.RESULT:
            results[node.ir[1]] = s.inputs[0]
        elif node.kind == NodeKind.DATA_FLOW:
            groups.append(ValueGroup(tuple(node.ir), s.outputs[0], node.loop_carried))
        elif node.kind in (NodeKind.OP, NodeKind.CONSTANT):
            outputs = tuple(o if info is not None else None for o, info in zip(s.outputs, node.outputs))
            ops.append(PlannedOp(node.ir, outputs, tuple(s.inputs), s.settle))
        # "constraint" nodes are the user's sharding constraints, "manual" ones shard_map bodies: kept as written
    edges = []
    for e in graph.edges:
        consumer = graph.nodes[e.consumer]
        source = chosen[e.producer].outputs[e.out_port]
        target = chosen[e.consumer].inputs[e.in_port]
        into_loop = consumer.loop_carried
        if (source == target and not into_loop) or consumer.kind == NodeKind.CONSTRAINT:
            continue
        site, operand = consumer.input_sites[e.in_port]
        edges.append(ConsumerEdge(site.operands[operand], site, operand, source, target, into_loop))
    return ShardingPlan(module, func, mesh, mesh_name, tuple(arguments), tuple(results), tuple(ops), tuple(groups),
                        tuple(edges), cost, tuple(collectives))
