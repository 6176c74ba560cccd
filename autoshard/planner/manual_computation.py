"""`sdy.manual_computation` in the plan: the user's in/out shardings are fixed, the body is priced per device.

The body of a manual computation works on local shards along its manual axes and talks to other devices only
through the collectives the user wrote. The planner does not re-shard inside it: the node has exactly one
strategy, taking its operands as `in_shardings` and producing `out_shardings`; reshards into and out of it are
priced on the edges like any other. Its cost is the body's compute on the local shapes (a body op's shapes are
already per device) plus the body's collectives, whose device groups are matched to mesh axes.
"""

from __future__ import annotations

import math

import numpy as np
from xdsl.ir import Operation

from autoshard.dialects.stablehlo.misc import BODY_COLLECTIVE_KINDS
from autoshard.errors import UserError
from autoshard.planner.plan_graph import NodeKind, NodeStrategy, PlanNode, TensorInfo
from autoshard.planner.program import tensor_info
from autoshard.planner.user_constraints import read_user_sharding
from autoshard.rules.registry import rule_for
from autoshard.sharding import AxisRef, Mesh, TensorSharding
from autoshard.sharding.device_groups import axes_of_device_groups
from autoshard.sharding.hardware_profiles import axis_specs, element_bytes
from costmodel import collectives as cc

MANUAL_COMPUTATION = "sdy.manual_computation"


def manual_strategy(node: PlanNode, mesh: Mesh, model) -> NodeStrategy:
    """The single strategy of a manual computation node: its declared shardings, its body's cost."""
    op: Operation = node.ir
    ins = _shardings(op, "in_shardings", len(node.inputs), mesh)
    outs = _shardings(op, "out_shardings", len(node.outputs), mesh)
    compute, collectives = body_cost(op, mesh, model)
    return NodeStrategy(tuple(ins), tuple(outs), compute, sum(c.time_s for c in collectives),
                        own_collectives=tuple(collectives))  # fmt: skip


def _shardings(op: Operation, prop: str, count: int, mesh: Mesh) -> list[TensorSharding]:
    attr = op.properties.get(prop) or op.attributes.get(prop)
    shardings = [read_user_sharding(s, mesh) for s in attr.shardings] if attr is not None else []
    if len(shardings) != count:
        raise UserError(f"{op.name}: {prop} has {len(shardings)} shardings for {count} values")
    return shardings


def body_cost(op: Operation, mesh: Mesh, model) -> tuple[float, list[cc.CollectiveCost]]:
    """Compute seconds and the collectives of one run of the body on one device."""
    compute = 0.0
    collectives: list[cc.CollectiveCost] = []
    for inner in op.regions[0].walk():
        if inner is op or not inner.results:
            continue
        infos = [tensor_info(v) for v in inner.operands]
        outs = [tensor_info(r) for r in inner.results]
        kind = BODY_COLLECTIVE_KINDS.get(inner.name)
        if kind is not None:
            priced = _collective_cost(inner, kind, infos, outs, mesh, model)
            if priced is not None:
                collectives.append(priced)
            continue
        local = body_op_node(op, inner)
        if local is not None:
            compute += model.compute_s(local, 1.0)
    return compute, collectives


def body_op_node(op: Operation, inner: Operation) -> PlanNode | None:
    """A body op of manual computation `op` as a one-off plan node on its (per-device) shapes, to price its work;
    None for ops that are part of another op's work (reducer bodies) or touch no tensor."""
    if inner.parent_op() is not op:
        return None
    infos, outs = [tensor_info(v) for v in inner.operands], [tensor_info(r) for r in inner.results]
    if not any(t is not None for t in (*infos, *outs)):
        return None
    local = PlanNode(0, NodeKind.OP, inner.name, infos, outs, ir=inner)
    try:
        local.rule = rule_for(inner)
    except UserError:
        local.rule = None
    return local


def _collective_cost(op: Operation, kind: str, infos, outs, mesh: Mesh, model) -> cc.CollectiveCost | None:
    """A body collective priced on the mesh axes of its device groups; None when they match no axes (unpriced)."""
    axes = _group_axes(op, mesh)
    info: TensorInfo | None = (outs[0] if kind == "all_gather" else infos[0]) if (outs and infos) else None
    if axes is None or info is None:
        return None
    buffer = math.prod(info.shape) * element_bytes(info.dtype)
    return cc.collective(kind, model.config, axis_specs(axes), float(buffer))


def _group_axes(op: Operation, mesh: Mesh) -> tuple[AxisRef, ...] | None:
    """The mesh axes whose device groups are the op's replica groups (None when no axes match)."""
    attr = op.properties.get("replica_groups") or op.attributes.get("replica_groups")
    if attr is None:
        return tuple(AxisRef(a.name) for a in mesh.axes) if op.name == "stablehlo.collective_permute" else None
    try:
        groups = np.array(attr.get_values() if hasattr(attr, "get_values") else [], dtype=np.int64)
        groups = groups.reshape(attr.get_type().get_shape())
    except (ValueError, AttributeError, TypeError):
        return None
    members = [[int(d) for d in g if d >= 0] for g in groups]
    return axes_of_device_groups(members, [(a.name, a.size) for a in mesh.axes], mesh.device_ids or ())
