"""Fill every plan node with its candidate strategies and their own costs.

Op nodes take the factor strategies of their sharding rule; a strategy that shards a reduction factor leaves
partial sums, settled inside the op by an all-reduce (result keeps the pass-through sharding) or by a
reduce-scatter onto one result dimension. Value nodes (arguments, constants, data-flow groups, fixed
results) take every candidate sharding of their tensor.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from autoshard.planner.factor_strategies import (
    FactorStrategy,
    enumerate_factor_strategies,
    local_factor_sizes,
    project_tensor,
    reduction_axes,
)
from autoshard.planner.plan_graph import NodeStrategy, PlanGraph, PlanNode, Settle, TensorInfo
from autoshard.sharding import AxisRef, DimSharding, Mesh, TensorSharding


class CostOracle(Protocol):
    """Prices what a strategy does on its own (the planner's link to `costmodel`)."""

    def compute_s(self, node: PlanNode, flops_fraction: float) -> float: ...

    def settle_s(self, settle: Settle, info: TensorInfo, local_shape: Sequence[int]) -> float: ...


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


def candidate_shardings(info: TensorInfo, mesh: Mesh, mesh_name: str, allow_sub_axes: bool = True) -> list[TensorSharding]:
    """Every sharding of a tensor the planner considers (replicated first)."""
    rule = IdentityRule.of(info)
    return [
        project_tensor(rule.result_mappings[0], s, mesh_name)
        for s in enumerate_factor_strategies(rule, mesh, allow_sub_axes=allow_sub_axes)
    ]


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


def op_strategies(node: PlanNode, rule, mesh: Mesh, mesh_name: str, oracle: CostOracle, allow_sub_axes: bool = True) -> list[NodeStrategy]:
    """Strategies of an op node under its factor rule."""
    total = math.prod(max(s, 1) for s in rule.factor_sizes)
    reduction = frozenset(rule.reduction_factors)
    out: list[NodeStrategy] = []
    for fs in enumerate_factor_strategies(rule, mesh, allow_sub_axes=allow_sub_axes):
        inputs = tuple(project_tensor(m, fs, mesh_name) for m in rule.operand_mappings)
        results = tuple(project_tensor(m, fs, mesh_name, reduction) for m in rule.result_mappings)
        local = math.prod(max(s, 1) for s in local_factor_sizes(rule, fs, mesh))
        compute = oracle.compute_s(node, local / total)
        partial = reduction_axes(rule, fs)
        if not partial:
            out.append(NodeStrategy(inputs, results, compute, 0.0, fs))
            continue
        out.extend(_settled(node, inputs, results, compute, fs, partial, mesh, oracle))
    return out


def _settled(node, inputs, results, compute, fs: FactorStrategy, partial, mesh: Mesh, oracle: CostOracle) -> list[NodeStrategy]:
    out = []
    settle = Settle("all_reduce", partial)
    cost = sum(
        oracle.settle_s(settle, info, r.local_shape(info.shape, mesh)) for r, info in zip(results, node.outputs) if info
    )
    out.append(NodeStrategy(inputs, results, compute, cost, fs, settle))
    if len(results) == 1 and node.outputs[0] is not None:
        info = node.outputs[0]
        for scattered, d in _reduce_scatter_variants(results[0], info, partial, mesh):
            settle = Settle("reduce_scatter", partial, d)
            cost = oracle.settle_s(settle, info, results[0].local_shape(info.shape, mesh))
            out.append(NodeStrategy(inputs, (scattered,), compute, cost, fs, settle))
    return out


#: ops XLA's SPMD partitioner (GSPMD) runs replicated whatever their sharding: its default action all-gathers
#: the operands, computes on every device and slices the results (seen for HLO `topk`, jaxlib 0.10). Under
#: `hardware.reshard_lowering: xla` they are offered replicated only, so the operand all-gather is priced on the
#: edge into them and the result's slicing (free) on the edges out, as XLA runs them.
XLA_REPLICATED_OPS = frozenset({"chlo.top_k"})


def _replicated_under_xla(node: PlanNode, oracle: CostOracle) -> bool:
    config = getattr(oracle, "config", None)
    return (node.label in XLA_REPLICATED_OPS and config is not None
            and getattr(config.hardware, "reshard_lowering", "shardy") == "xla")


def value_strategies(node: PlanNode, mesh: Mesh, mesh_name: str, allow_sub_axes: bool = True) -> list[NodeStrategy]:
    """Strategies of a value node: one per candidate sharding, every input wanting that same sharding."""
    info = node.outputs[0] if node.outputs else node.inputs[0]
    out = []
    for s in candidate_shardings(info, mesh, mesh_name, allow_sub_axes):
        out.append(NodeStrategy(tuple(s for _ in node.inputs), tuple(s for _ in node.outputs)))
    return out


def fill_strategies(graph: PlanGraph, rules: dict[int, object], mesh: Mesh, oracle: CostOracle, allow_sub_axes: bool = True) -> None:
    """Give every node its strategies (`rules` maps op node index to its rule).

    Nodes with the same signature (op name, rule, tensor shapes and types) share one strategy list, so
    repeated layers cost one enumeration, and edge cost matrices between shared lists are computed once.
    Lists are shared read-only: whoever restricts a node's strategies copies the list first.
    """
    cache: dict[tuple, list[NodeStrategy]] = {}
    for node in graph.nodes:
        if node.kind == "manual":
            continue  # the user's shardings: autoshard.planner.manual_computation
        if node.kind == "op":
            node.rule = rules[node.index]
            key = ("op", node.label, node.rule, tuple(node.inputs), tuple(node.outputs))
            if key not in cache:
                cache[key] = op_strategies(node, node.rule, mesh, graph.mesh_name, oracle, allow_sub_axes)
                if _replicated_under_xla(node, oracle):
                    cache[key] = [s for s in cache[key] if s.factor_strategy is None or s.factor_strategy.is_replicated()]
        else:
            key = ("value", node.kind == "constraint", tuple(node.inputs), tuple(node.outputs))
            if key not in cache:
                cache[key] = value_strategies(node, mesh, graph.mesh_name, allow_sub_axes)
        node.strategies = cache[key]
