"""`sdy.manual_computation` (jax.shard_map): its body run once per device, op by op in lockstep across devices.

The body sees each device's local block of its operands (`in_shardings`, along the manual axes) and returns the
device's block of its results (`out_shardings`). Ops other than collectives run on one device's arrays with the
(listener-free) reference interpreter; StableHLO collectives (`all_reduce`, `all_gather`, `reduce_scatter`,
`all_to_all`, `collective_permute`) combine the devices' arrays over their `replica_groups` /
`source_target_pairs`, whose entries are device ids (with `use_global_device_ids`, as jax emits; one replica).
Only manual axes that cover every axis the shardings use are supported (free axes would keep a global view).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
from xdsl.interpreter import Interpreter
from xdsl.ir import Operation, SSAValue

from autoshard.dialects.stablehlo.misc import BODY_COLLECTIVE_KINDS
from autoshard.interpreters.collectives import CollectiveStats, record_sent
from autoshard.interpreters.device_mesh import DeviceMesh
from autoshard.interpreters.framework import SimulationError
from autoshard.interpreters.shards import local_shape
from autoshard.interpreters.values import tensor_shape
from autoshard.dialects.sdy import ManualComputationOp, ReturnOp
from autoshard.dialects.stablehlo import (
    STABLEHLO_OPS, AllGatherOp, AllReduceOp, AllToAllOp, CollectivePermuteOp, ReduceScatterOp,
)
from autoshard.rules.attrs import op_name
from autoshard.rules.typed_ops import typed_op
from autoshard.sharding import Mesh, TensorSharding
from autoshard.sharding.reshard import resolve_mesh

MANUAL_COMPUTATION = "sdy.manual_computation"

#: The op classes of the StableHLO collectives a manual computation's body may run (`BODY_COLLECTIVE_KINDS`).
_BODY_COLLECTIVES = tuple(cls for cls in STABLEHLO_OPS if cls.name in BODY_COLLECTIVE_KINDS)

#: runs one non-collective body op on one device's operands (the reference interpreter's `run_op`)
LocalRunner = Callable[[Operation, Sequence[np.ndarray]], Sequence[np.ndarray]]
#: combines two arrays with a collective's reducer region
Reducer = Callable[[Operation, np.ndarray, np.ndarray], np.ndarray]


def _shardings(per_value) -> list[TensorSharding]:
    return [s.to_sharding() for s in per_value.shardings]


def manual_shardings(op: Operation, meshes: dict[str, Mesh]) -> tuple[list[TensorSharding], list[TensorSharding], DeviceMesh]:
    """The op's in/out shardings and their device mesh; a SimulationError for forms the simulator does not run
    (free axes, unreduced shardings, nested collectives, uneven blocks)."""
    manual_op = typed_op(op, ManualComputationOp)
    ins, outs = _shardings(manual_op.in_shardings), _shardings(manual_op.out_shardings)
    if len(ins) != len(op.operands) or len(outs) != len(op.results):
        raise SimulationError(f"'{MANUAL_COMPUTATION}' has {len(ins)}/{len(outs)} shardings for {len(op.operands)}/{len(op.results)} values")
    all_shardings = ins + outs
    mesh = resolve_mesh(all_shardings[0], meshes) if all_shardings else next(iter(meshes.values()))
    manual = set(manual_op.manual_axes.axis_names)
    for s in all_shardings:
        if resolve_mesh(s, meshes) != mesh:
            raise SimulationError(f"'{MANUAL_COMPUTATION}' uses two meshes")
        if s.unreduced:
            raise SimulationError(f"'{MANUAL_COMPUTATION}' with unreduced sharding {s} is not supported by the simulator")
        free = sorted({a.name for a in s.all_axes()} - manual)
        if free:
            raise SimulationError(
                f"'{MANUAL_COMPUTATION}' shards on free (non-manual) axes {free}: the simulator runs only bodies manual on "
                "every axis their shardings use"
            )
    for inner in op.regions[0].walk():
        if isinstance(inner, _BODY_COLLECTIVES) and inner.parent_op() is not op:
            raise SimulationError(f"'{op_name(inner)}' inside control flow of a manual computation body is not supported")
        if inner is not op and isinstance(inner, ManualComputationOp):
            raise SimulationError("a manual computation nested in another is not supported by the simulator")
    dmesh = DeviceMesh(mesh)
    body = op.regions[0].blocks.first
    assert body is not None
    for value, arg, s in zip(op.operands, body.args, ins):
        _check_local(tensor_shape(value.type), tensor_shape(arg.type), s, dmesh, "operand")
    returned = body.last_op
    assert returned is not None
    for value, ret, s in zip(op.results, returned.operands, outs):
        _check_local(tensor_shape(value.type), tensor_shape(ret.type), s, dmesh, "result")
    return ins, outs, dmesh


def _check_local(global_shape, body_shape, sharding: TensorSharding, dmesh: DeviceMesh, what: str) -> None:
    if tuple(local_shape(global_shape, sharding, dmesh)) != tuple(body_shape) or any(
        g % max(b, 1) for g, b in zip(global_shape, body_shape)
    ):
        raise SimulationError(
            f"'{MANUAL_COMPUTATION}' {what} of shape {tuple(global_shape)} sharded {sharding} does not evenly give the body's {tuple(body_shape)}"
        )


def run_body(
    op: Operation,
    args: dict[int, list[np.ndarray]],
    run_local: LocalRunner,
    reduce: Reducer,
    interpreter: Interpreter,
    stats: CollectiveStats | None = None,
) -> dict[int, list[np.ndarray]]:
    """Run `op`'s body on every device's local operands (`args[device]`), op by op across devices; returns
    every device's returned values. Ops with regions run inside a scope that holds the device's values so far."""
    body = op.regions[0].blocks.first
    assert body is not None
    devices = list(args)
    env: dict[int, dict[SSAValue, np.ndarray]] = {d: dict(zip(body.args, args[d])) for d in devices}
    for inner in body.ops:
        per_device = {d: [env[d][v] for v in inner.operands] for d in devices}
        if isinstance(inner, ReturnOp):
            return {d: [np.asarray(x) for x in per_device[d]] for d in devices}
        if isinstance(inner, _BODY_COLLECTIVES):
            results = run_collective(inner, per_device, reduce, stats)
        else:
            results = {}
            for d in devices:
                if inner.regions:
                    interpreter.push_scope("manual")
                    interpreter.set_values(env[d].items())
                try:
                    results[d] = [np.asarray(x) for x in run_local(inner, per_device[d])]
                finally:
                    if inner.regions:
                        interpreter.pop_scope()
        for d in devices:
            env[d].update(zip(inner.results, results[d]))
    raise SimulationError(f"'{MANUAL_COMPUTATION}' body has no sdy.return")


# -- StableHLO collectives on per-device arrays ---------------------------------------------------


def _has_channel(op: AllToAllOp | AllGatherOp | AllReduceOp | ReduceScatterOp) -> bool:
    return op.channel_handle is not None and op.channel_handle.handle > 0


def _global_device_ids(op: Operation) -> bool:
    if isinstance(op, AllToAllOp):
        return _has_channel(op)
    return isinstance(op, (AllGatherOp, AllReduceOp, ReduceScatterOp)) and op.use_global_device_ids is not None


def device_groups(op: Operation, devices: Sequence[int]) -> list[list[int]]:
    """The op's device groups, in group order, as device ids (StableHLO's process groups with one replica)."""
    collective = typed_op(op, _BODY_COLLECTIVES)
    rows = [list(r) for r in collective.replica_group_list if r]
    name = op_name(op)
    global_ids = _global_device_ids(collective)
    if global_ids:
        groups = rows or [list(devices)]
    elif all(r == [0] for r in rows):  # replica ids of the only replica
        groups = [list(devices)] if _has_channel(collective) else [[d] for d in devices]
    else:
        raise SimulationError(f"'{name}': replica groups {rows} over replicas need use_global_device_ids (one replica)")
    members = sorted(d for g in groups for d in g)
    if members != sorted(devices):
        raise SimulationError(f"'{name}': replica groups {groups} do not cover each device {sorted(devices)} exactly once")
    return groups


def run_collective(op: Operation, args: dict[int, list[np.ndarray]], reduce: Reducer, stats: CollectiveStats | None) -> dict[int, list[np.ndarray]]:
    """One body collective: every device's operands in, every device's results out."""
    collective = typed_op(op, _BODY_COLLECTIVES)
    name = collective.name
    devices = list(args)
    if isinstance(collective, CollectivePermuteOp):
        pairs_list = list(collective.pairs)
        out = {d: [np.zeros_like(args[d][0])] for d in devices}
        sent: dict[int, float] = {}
        for src, tgt in pairs_list:
            if src not in args or tgt not in args:
                raise SimulationError(f"'{name}': pair ({src}, {tgt}) names a device outside the mesh")
            out[tgt] = [np.array(args[src][0], copy=True)]
            if src != tgt:
                sent[src] = sent.get(src, 0.0) + args[src][0].nbytes
        record_sent(stats, "collective_permute", sent)
        return out
    out: dict[int, list[np.ndarray]] = {d: [] for d in devices}
    sent = {}
    for group in device_groups(op, devices):
        n = len(group)
        for k in range(len(op.operands)):
            arrays = [np.asarray(args[d][k]) for d in group]
            if isinstance(collective, AllReduceOp):
                total = arrays[0]
                for a in arrays[1:]:
                    total = reduce(op, total, a)
                pieces = [total] * n
                share = 2.0 * (n - 1) / n * arrays[0].nbytes
            elif isinstance(collective, AllGatherOp):
                full = np.concatenate(arrays, axis=collective.all_gather_dim)
                pieces = [full] * n
                share = (n - 1) / n * full.nbytes
            elif isinstance(collective, ReduceScatterOp):
                total = arrays[0]
                for a in arrays[1:]:
                    total = reduce(op, total, a)
                pieces = np.split(total, n, axis=collective.scatter_dimension)
                share = (n - 1) / n * arrays[0].nbytes
            else:  # all_to_all
                split, concat = collective.split_dimension, collective.concat_dimension
                if collective.split_count != n:
                    raise SimulationError(f"'{name}': split_count {collective.split_count} is not the group size {n}")
                parts = [np.split(a, n, axis=split) for a in arrays]
                pieces = [np.concatenate([parts[j][i] for j in range(n)], axis=concat) for i in range(n)]
                share = (n - 1) / n * arrays[0].nbytes
            for d, piece in zip(group, pieces):
                out[d].append(np.array(piece, copy=True))
                sent[d] = sent.get(d, 0.0) + (share if n > 1 else 0.0)
    record_sent(stats, name.removeprefix("stablehlo."), sent)
    return out

