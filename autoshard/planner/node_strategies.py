"""Fill every plan node with its candidate strategies and their own costs.

Op nodes take the factor strategies of their sharding rule; a strategy that shards a reduction factor leaves
partial sums, settled inside the op by an all-reduce (result keeps the pass-through sharding) or by a
reduce-scatter onto one result dimension, or left unreduced when an add of partial sums follows (settled once
after it, on the edge to the first consumer that needs the sum). Value nodes (arguments, constants, data-flow
groups, fixed results) take every candidate sharding of their tensor.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Protocol

from autoshard.dialects.op_traits import AddsOperands, RunsReplicatedUnderXla, SumReduction
from autoshard.dialects.ops_by_name import has_trait
from autoshard.planner.factor_strategies import (
    FactorStrategy,
    axis_units,
    enumerate_factor_strategies,
    local_factor_sizes,
    reduction_axes,
)
from autoshard.planner.xla_model.backend import XlaBackend
from autoshard.planner.xla_model.fusion_groups import NodeTraffic, plan_fusion
from autoshard.planner.xla_model.idle_axis_scatter import IdleAxisScatter
from autoshard.planner.plan_graph import NodeKind, NodeStrategy, PlanGraph, PlanNode, Settle, TensorInfo
from autoshard.rules.sharding_projection import ShardingProjection
from autoshard.sharding import AxisRef, DimSharding, Mesh, TensorSharding
from autoshard.sharding.axis_ref import sort_axis_refs
from costmodel.hardware import DEFAULT_RESHARD_LOWERING


class CostOracle(Protocol):
    """Prices what a strategy does on its own (the planner's link to `costmodel`)."""

    #: the XLA backend whose compiled program the prices follow (its fusion decides each node's traffic)
    backend: XlaBackend

    def compute_s(self, node: PlanNode, flops_fraction: float, inputs: Sequence[TensorSharding] | None = None,
                  outputs: Sequence[TensorSharding] | None = None, traffic: NodeTraffic | None = None) -> float: ...

    def settle_s(self, settle: Settle, info: TensorInfo, local_shape: Sequence[int],
                 scatter: IdleAxisScatter | None = None) -> float: ...

    # optional: `scatter_performed(node, strategy) -> IdleAxisScatter | None` (`PlanCostModel.scatter_performed`)


@dataclass
class IdentityRule:
    """The rule of a value node: each dimension is its own pass-through factor."""

    factor_sizes: list[int]
    operand_mappings: list = field(default_factory=list)
    result_mappings: list = field(default_factory=list)
    reduction_factors: list = field(default_factory=list)
    need_replication_factors: list = field(default_factory=list)
    permutation_factors: list = field(default_factory=list)
    blocked_propagation_factors: list = field(default_factory=list)

    @staticmethod
    def of(info: TensorInfo) -> IdentityRule:
        rank = len(info.shape)
        return IdentityRule(list(info.shape), result_mappings=[[[d] for d in range(rank)]])


def candidate_shardings(info: TensorInfo, mesh: Mesh, mesh_name: str, allow_sub_axes: bool = True,
                        axis_groups: Sequence[Sequence[str]] = ()) -> list[TensorSharding]:
    """Every sharding of a tensor the planner considers (replicated first)."""
    rule = IdentityRule.of(info)
    out = []
    for s in enumerate_factor_strategies(rule, mesh, allow_sub_axes=allow_sub_axes, axis_groups=axis_groups):
        _, (sharding,) = ShardingProjection.from_axes_per_factor(s.factor_axes, rule).create_tensor_shardings(
            rule, mesh_name, mesh)
        out.append(sharding)
    return out


def _reduce_scatter_variants(
    result: TensorSharding, info: TensorInfo, axes: tuple[AxisRef, ...], mesh: Mesh
) -> list[tuple[TensorSharding, int]]:
    """Result shardings reachable by reduce-scattering partial sums over `axes` onto one dimension."""
    out = []
    extra = math.prod(a.size(mesh) for a in axes)
    for d, dim in enumerate(result.dims):
        shards = dim.num_shards(mesh) * extra
        if info.shape[d] % shards == 0 and info.shape[d] >= shards:
            dims = list(result.dims)
            dims[d] = DimSharding(dim.axes + axes)
            out.append((result.with_dims(dims), d))
    return out


def op_strategies(node: PlanNode, rule, mesh: Mesh, mesh_name: str, oracle: CostOracle, allow_sub_axes: bool = True,
                  unreduced: bool = False, traffic: NodeTraffic | None = None,
                  axis_groups: Sequence[Sequence[str]] = ()) -> list[NodeStrategy]:
    """Strategies of an op node under its factor rule; with `unreduced`, also those that leave partial sums
    unreduced (a sum-reduction op) or add unreduced operands (an add/subtract), see `partial_sum_nodes`. Each pays
    its compute on its own local shapes, moving through memory what its fusion `traffic` says (None: all of its
    tensors, as a kernel of its own). A group of `axis_groups` is used as one axis."""
    total = math.prod(max(s, 1) for s in rule.factor_sizes)
    out: list[NodeStrategy] = []
    for fs in enumerate_factor_strategies(rule, mesh, allow_sub_axes=allow_sub_axes, axis_groups=axis_groups):
        inputs, results = ShardingProjection.from_axes_per_factor(fs.factor_axes, rule).create_tensor_shardings(
            rule, mesh_name, mesh)
        local = math.prod(max(s, 1) for s in local_factor_sizes(rule, fs, mesh))
        compute = oracle.compute_s(node, local / total, inputs, results, traffic)
        partial = reduction_axes(rule, fs)
        if not partial:
            out.append(NodeStrategy(inputs, results, compute, 0.0, fs))
            continue
        per_dimension = tuple(tuple(fs.factor_axes[f]) for f in rule.reduction_factors if fs.factor_axes[f])
        settles_per_dimension = getattr(oracle, "settles_per_dimension", None)
        if settles_per_dimension is None or not settles_per_dimension(node.label, per_dimension):
            per_dimension = ()
        out.extend(_settled(node, inputs, results, compute, fs, partial, mesh, oracle, per_dimension,
                            local / total, traffic))
        if unreduced and keeps_partial_sums(node):
            axes = sort_axis_refs(partial, mesh)
            out.append(NodeStrategy(inputs, tuple(_unreduced(r, axes) for r in results), compute, 0.0, fs))
    if unreduced and has_trait(node.label, AddsOperands):
        out.extend(_unreduced_variants(out, mesh, axis_groups))
    return out


def partial_sum_nodes(graph: PlanGraph) -> set[int]:
    """Nodes offered unreduced strategies: adds/subtracts whose operands all come from sum reductions or other
    such adds, and the sum reductions feeding them. Elsewhere an unreduced value could only be settled right away,
    which the in-op settle already prices; leaving those out keeps strategy lists and edge matrices small."""
    producers: dict[int, list[int]] = {}
    consumers: dict[int, list[int]] = {}
    for e in graph.edges:
        producers.setdefault(e.consumer, []).append(e.producer)
        consumers.setdefault(e.producer, []).append(e.consumer)
    nodes = graph.nodes
    combining: set[int] = set()
    for node in nodes:  # program order: an add's producers come first
        if node.kind == NodeKind.OP and has_trait(node.label, AddsOperands) and producers.get(node.index) and all(
            p in combining or (nodes[p].kind == NodeKind.OP and keeps_partial_sums(nodes[p]))
            for p in producers[node.index]
        ):
            combining.add(node.index)
    feeding = {n.index for n in nodes if n.kind == NodeKind.OP and keeps_partial_sums(n)
               and any(c in combining for c in consumers.get(n.index, ()))}  # fmt: skip
    return combining | feeding


def keeps_partial_sums(node: PlanNode) -> bool:
    """Whether `node`'s partial sums can stay unreduced past it, to be settled downstream: its reduction adds (a
    `SumReduction` op, or a `reduce` with an add body)."""
    if has_trait(node.label, SumReduction):
        return True
    if node.label != "stablehlo.reduce" or node.ir is None or not getattr(node.ir, "regions", None):
        return False
    body = [op.name for op in node.ir.regions[0].walk()]
    return "stablehlo.add" in body and all(n in ("stablehlo.add", "stablehlo.return") for n in body)


def _unreduced(sharding: TensorSharding, axes: tuple[AxisRef, ...]) -> TensorSharding:
    return TensorSharding(sharding.mesh_name, sharding.dims, sharding.replicated, axes, sharding.inline_mesh)


def _unreduced_variants(strategies: Sequence[NodeStrategy], mesh: Mesh,
                        axis_groups: Sequence[Sequence[str]] = ()) -> list[NodeStrategy]:
    """For an elementwise sum or difference: every operand and the result unreduced over the same axes (any
    non-empty set of the mesh's axes, or of `axis_groups` used whole, that the strategy leaves unused), at the
    strategy's own compute cost."""
    out = []
    units = axis_units(mesh, axis_groups)
    for s in strategies:
        if s.settle is not None or any(t.unreduced for t in (*s.inputs, *s.outputs)):
            continue
        used = {a.name for t in (*s.inputs, *s.outputs) for a in t.all_axes()}
        free = [u for u in units if not used.intersection(u)]
        for k in range(1, len(free) + 1):
            for chosen in itertools.combinations(free, k):
                axes = tuple(AxisRef(n) for u in chosen for n in u)  # mesh order
                out.append(NodeStrategy(tuple(_unreduced(t, axes) for t in s.inputs),
                                        tuple(_unreduced(t, axes) for t in s.outputs), s.compute_s, 0.0,
                                        s.factor_strategy))  # fmt: skip
    return out


def _settled(node, inputs, results, compute, fs: FactorStrategy, partial, mesh: Mesh, oracle: CostOracle,
             per_dimension: tuple[tuple[AxisRef, ...], ...] = (), flops_fraction: float = 1.0,
             traffic: NodeTraffic | None = None) -> list[NodeStrategy]:
    """The strategies settling a factor strategy's partial sums: by an all-reduce, and by a reduce-scatter onto
    each dimension that can take the axes; a reduce-scatter XLA runs by computing only a part of the dot
    (`oracle.scatter_performed`) is priced so: the part's FLOPs, and its all-reduce and collective-permute."""
    performed = getattr(oracle, "scatter_performed", None)
    out = []
    settle = Settle("all_reduce", partial, None, per_dimension)
    cost = sum(
        oracle.settle_s(settle, info, r.local_shape(info.shape, mesh)) for r, info in zip(results, node.outputs) if info
    )
    out.append(NodeStrategy(inputs, results, compute, cost, fs, settle))
    if len(results) == 1 and node.outputs[0] is not None:
        info = node.outputs[0]
        local = results[0].local_shape(info.shape, mesh)  # the unscattered sum's
        for scattered, d in _reduce_scatter_variants(results[0], info, partial, mesh):
            settle = Settle("reduce_scatter", partial, d, per_dimension)
            strategy = NodeStrategy(inputs, (scattered,), compute, 0.0, fs, settle)
            scatter = performed(node, strategy) if performed is not None else None
            if scatter is None:
                out.append(replace(strategy, collective_s=oracle.settle_s(settle, info, local)))
                continue
            part_s = oracle.compute_s(node, flops_fraction / scatter.parts, inputs, (scattered,), traffic)
            out.append(replace(strategy, compute_s=part_s, collective_s=oracle.settle_s(settle, info, local, scatter)))
    return out


def _replicated_under_xla(node: PlanNode, oracle: CostOracle) -> bool:
    """Whether the node is an op XLA's SPMD partitioner runs replicated (`RunsReplicatedUnderXla`) and the plan is
    for `hardware.reshard_lowering: xla`: it is then offered replicated only, so the operand all-gather is priced
    on the edge into it and the result's slicing (free) on the edges out, as XLA runs it."""
    config = getattr(oracle, "config", None)
    return (has_trait(node.label, RunsReplicatedUnderXla) and config is not None
            and getattr(config.hardware, "reshard_lowering", DEFAULT_RESHARD_LOWERING) == "xla")


def value_strategies(node: PlanNode, mesh: Mesh, mesh_name: str, allow_sub_axes: bool = True,
                     oracle: CostOracle | None = None, axis_groups: Sequence[Sequence[str]] = ()) -> list[NodeStrategy]:
    """Strategies of a value node: one per candidate sharding, every input wanting that same sharding; an argument
    pays the oracle's input-feeding tie-break (`input_feed_s`) as its own cost."""
    info = node.outputs[0] if node.outputs else node.inputs[0]
    feed = getattr(oracle, "input_feed_s", None) if node.kind == NodeKind.ARGUMENT else None
    out = []
    for s in candidate_shardings(info, mesh, mesh_name, allow_sub_axes, axis_groups):
        out.append(NodeStrategy(tuple(s for _ in node.inputs), tuple(s for _ in node.outputs),
                                collective_s=feed(s, info) if feed is not None else 0.0))
    return out


def fill_strategies(graph: PlanGraph, rules: dict[int, object], mesh: Mesh, oracle: CostOracle, allow_sub_axes: bool = True,
                    axis_groups: Sequence[Sequence[str]] = ()) -> None:
    """Give every node its strategies (`rules` maps op node index to its rule), each group of `axis_groups` used
    as one axis.

    Nodes with the same signature (op name, rule, tensor shapes and types) share one strategy list, so
    repeated layers cost one enumeration, and edge cost matrices between shared lists are computed once.
    Lists are shared read-only: whoever restricts a node's strategies copies the list first.
    """
    cache: dict[tuple, list[NodeStrategy]] = {}
    partial_sums = partial_sum_nodes(graph)
    for node in graph.nodes:
        if node.kind == NodeKind.OP:
            node.rule = rules[node.index]  # before the fusion plan: a group's FLOPs count its dots by their factors
    # the plan is priced with the same fusion plan (`PlanCostModel.fusion`)
    fusion = oracle.fusion(graph) if hasattr(oracle, "fusion") else plan_fusion(graph, oracle.backend)
    for node in graph.nodes:
        if node.kind == NodeKind.MANUAL:
            continue  # the user's shardings: autoshard.planner.manual_computation
        if node.kind == NodeKind.OP:
            unreduced = node.index in partial_sums
            traffic = fusion.traffic[node.index]
            key = ("op", node.label, node.rule, tuple(node.inputs), tuple(node.outputs), unreduced, traffic)
            if key not in cache:
                cache[key] = op_strategies(node, node.rule, mesh, graph.mesh_name, oracle, allow_sub_axes, unreduced,
                                           traffic, axis_groups)
                if _replicated_under_xla(node, oracle):
                    cache[key] = [s for s in cache[key] if s.factor_strategy is None or s.factor_strategy.is_replicated()]
        else:
            key = ("value", node.kind in (NodeKind.CONSTRAINT, NodeKind.ARGUMENT) and node.kind, tuple(node.inputs),
                   tuple(node.outputs))
            if key not in cache:
                cache[key] = value_strategies(node, mesh, graph.mesh_name, allow_sub_axes, oracle, axis_groups)
        node.strategies = cache[key]
