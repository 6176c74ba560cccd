"""The SPMD simulator: a planned module run on every device's local shards, collectives included.

Every value is a `DistributedValue` (its actual sharding and one array per device). An op runs on local
arrays under its planned result sharding (`sdy.sharding`) and its sharding rule: factor shardings are read
from the result (and, for factors only operands have, such as contracting dimensions, from the operands),
each operand is resharded to the projection of those factors (Shardy's collectives, counted), the op's
kernel runs on local shards with local result shapes, and sharded reduction factors leave partial results
(unreduced axes) that are all-reduced (or reduce-scattered) where the planned result is not unreduced.
`sdy.sharding_constraint` / `sdy.reshard` run the collectives of `reshard_collectives`; explicit sdy
collectives run with their own semantics. Ops whose local run needs more than the kernel on local arrays
have a localizer (`localizers.py`: indices moved to a device's block and masked for gather/scatter, halo
exchanges for windowed ops, ...). A plan that shards a factor its op's rule needs replicated is a simulation
error. An op that cannot run on local shards (a sliced sharded dimension, a general reduction body, ...) is
run globally on gathered operands and sliced back: the fallback is counted and reported per op with why.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
from xdsl.dialects.builtin import ModuleOp
from xdsl.dialects.func import CallOp, FuncOp
from xdsl.interpreter import InterpreterFunctions, PythonValues, register_impls
from xdsl.ir import Operation

import autoshard.interpreters.collectives as coll
from autoshard.dialects import sdy
from autoshard.dialects.op_traits import Linear, LinearInFirstOperand
from autoshard.dialects.stablehlo import OptimizationBarrierOp, ReduceOp, ScatterOp
from autoshard.errors import UserError
from autoshard.interpreters.collectives import CollectiveStats
from autoshard.interpreters.device_mesh import DeviceMesh
from autoshard.interpreters.framework import AutoshardInterpreter, SimulationError, impl_op, impl_op_terminator
from autoshard.interpreters.kernels import BINARY, KERNELS, UNARY, KernelContext, simple_reducer
from autoshard.interpreters.local_op import LocalOp
from autoshard.interpreters.localizers import HALO_OPS, KERNEL_LOCAL, LOCALIZERS, PARTIAL_RESULT_OPS
from autoshard.interpreters.manual import manual_shardings
from autoshard.interpreters.reference import case_branch, reference_interpreter, run_manual_body, run_region_vectorized
from autoshard.interpreters.reshard_exec import apply_step, reshard
from autoshard.interpreters.shards import Shards, is_evenly_sharded, local_shape, shard, unshard
from autoshard.interpreters.values import tensor_dtype, tensor_shape
from autoshard.rules.attrs import op_name
from autoshard.rules.rule import FactorType, OpShardingRule
from autoshard.rules.sharding_projection import ShardingProjection, TensorFactorShardings
from autoshard.rules.typed_ops import typed_op
from autoshard.sharding import AxisRef, DimSharding, Mesh, TensorSharding, sort_axis_refs, total_size
from autoshard.sharding.collective_steps import Collective, resolve_mesh


@dataclass
class DistributedValue:
    """A tensor on the mesh: its sharding and each device's local array."""

    sharding: TensorSharding
    shards: Shards
    shape: tuple[int, ...]
    dtype: np.dtype

    def any_shard(self) -> np.ndarray:
        return next(iter(self.shards.values()))


@dataclass(frozen=True)
class FallbackRecord:
    """An op run globally on gathered operands because it could not run on local shards."""

    op: str
    reason: str
    location: str


@dataclass
class SpmdState:
    meshes: dict[str, Mesh]
    default_mesh: str
    stats: CollectiveStats = field(default_factory=CollectiveStats)
    fallbacks: list[FallbackRecord] = field(default_factory=list)
    implicit_reshards: int = 0
    #: Partitioned (explicit-collectives) programs move data only by their own collectives: a sharding change
    #: the program does not spell out reinterprets each device's local array, as a real device would.
    strict: bool = False


# -- reading shardings from the IR ----------------------------------------------------------------


def op_result_shardings(op: Operation) -> list[TensorSharding] | None:
    """The shardings an op's `sdy.sharding` states for its results (`sdy.op_shardings`); None when it has none."""
    declared = sdy.op_shardings(op)
    return None if declared is None else [s.to_sharding() for s in declared]


def func_shardings(func: FuncOp, results: bool) -> list[TensorSharding | None]:
    """The sharding a func states for each of its arguments (or results) (`sdy.func_sharding`), None where none."""
    count = len(func.function_type.outputs.data if results else func.function_type.inputs.data)
    return [None if attr is None else attr.to_sharding()
            for attr in (sdy.func_sharding(func, i, result=results) for i in range(count))]


# -- factor projection ------------------------------------------------------------------------------


def _projects_cleanly(tensor: TensorFactorShardings, dim_factors: Sequence[int], sizes: Sequence[int], mesh: Mesh) -> bool:
    """Whether a dimension's sharding is its factors' shardings: no overflow axes, and each factor's axes divide
    its size."""
    return all(
        not tensor.factor_index_to_sharding[f].overflow_axes
        and sizes[f] % total_size(tensor.factor_index_to_sharding[f].axis_refs, mesh) == 0
        for f in dim_factors
    )


@dataclass
class LocalPlan:
    operand_shardings: list[TensorSharding]
    result_shardings: list[TensorSharding]  # actual sharding of the local results (partial axes unreduced)
    reduction_axes: list[AxisRef]
    factor_axes: dict[int, list[AxisRef]] = field(default_factory=dict)


def plan_local(
    op: Operation,
    rule: OpShardingRule,
    operands: Sequence[DistributedValue],
    declared: Sequence[TensorSharding],
    mesh: Mesh,
    linear_in: Sequence[int],
    permutation_ok: bool = False,
) -> LocalPlan | str:
    """Factor shardings read from the declared results and the operands (their `ShardingProjection`), and
    projected back onto every tensor.

    A declared result sharding that shards a need-replication factor is a plan bug (`SimulationError`); a
    sharded permutation factor is run locally only where `permutation_ok` (a halo exchange), else it is the
    returned reason to run the op globally, as are a result dimension whose axes do not divide its factors
    (overflow or padding) and factor shardings that some tensor could only hold as a strided view. From the
    operands only factors that reach a result or are reduction factors are taken, and no need-replication or
    permutation ones (such operands are resharded).
    """
    sizes = rule.factor_sizes
    projection = ShardingProjection.build([v.sharding for v in operands], declared, rule, mesh)
    factor_axes: dict[int, list[AxisRef]] = {}
    used: set[AxisRef] = set()

    def overlaps_used(refs: Sequence[AxisRef]) -> bool:
        return any(r.overlaps(u, mesh) for r in refs for u in used)

    for mapping, sharding, tensor in zip(rule.result_mappings, declared, projection.results):
        for dim_factors in mapping:
            if not _projects_cleanly(tensor, dim_factors, sizes, mesh):
                return f"result sharding {sharding} does not split onto the op's factors"
            for f in dim_factors:
                refs = list(tensor.factor_index_to_sharding[f].axis_refs)
                if refs and f not in factor_axes:
                    kind = rule.factor_type(f)
                    if kind is FactorType.NEED_REPLICATION:
                        raise SimulationError(
                            f"plan bug: '{op_name(op)}' result sharded {sharding} shards factor {f} of size {sizes[f]}, "
                            f"which its sharding rule needs replicated ({rule})"
                        )
                    if overlaps_used(refs):
                        return f"result sharding {sharding} uses an axis for two factors"
                    factor_axes[f] = refs
                    used.update(refs)
    in_results = {f for mapping in rule.result_mappings for dim_factors in mapping for f in dim_factors}
    for mapping, tensor in zip(rule.operand_mappings, projection.operands):
        for dim_factors in mapping:
            if not _projects_cleanly(tensor, dim_factors, sizes, mesh):
                continue
            for f in dim_factors:
                refs = list(tensor.factor_index_to_sharding[f].axis_refs)
                kind = rule.factor_type(f)
                takeable = kind is FactorType.REDUCTION or (f in in_results and kind is FactorType.PASS_THROUGH)
                if refs and takeable and f not in factor_axes and not overlaps_used(refs):
                    factor_axes[f] = refs
                    used.update(refs)
    for f, refs in factor_axes.items():
        kind = rule.factor_type(f)
        if kind is FactorType.PERMUTATION and not permutation_ok:
            return f"factor {f} ({kind.value}) is sharded on {[str(r) for r in refs]}"
        if sizes[f] % math.prod(r.size(mesh) for r in refs):
            return f"factor {f} of size {sizes[f]} is not divisible by its axes"
    reduction_axes = [r for f in rule.reduction_factors for r in factor_axes.get(f, [])]
    base = declared[0]
    result_unreduced = [r for r in base.unreduced if r not in reduction_axes]
    local = ShardingProjection.from_axes_per_factor([factor_axes.get(f, ()) for f in range(len(sizes))], rule)
    operand_shardings, result_shardings = local.create_tensor_shardings(rule, base.mesh_name, mesh, base.inline_mesh)
    for i, (tensor, sharding) in enumerate(zip((*local.operands, *local.results), (*operand_shardings, *result_shardings))):
        if sharding.num_shards(mesh) < tensor.sharding_size(mesh):
            shown = {f: [str(r) for r in refs] for f, refs in factor_axes.items()}
            return f"the factor shardings {shown} need a strided view of {_tensor_name(i, len(operands))}"
    partial = list(result_unreduced) + reduction_axes if linear_in else reduction_axes
    operand_shardings = [
        _with_unreduced(s, result_unreduced if i in linear_in else (), mesh) for i, s in enumerate(operand_shardings)
    ]
    result_shardings = [_with_unreduced(s, partial, mesh) for s in result_shardings]
    return LocalPlan(operand_shardings, result_shardings, reduction_axes, factor_axes)


def _with_unreduced(sharding: TensorSharding, unreduced: Sequence[AxisRef], mesh: Mesh) -> TensorSharding:
    return dataclasses.replace(sharding, unreduced=sort_axis_refs(unreduced, mesh))


def _tensor_name(index: int, num_operands: int) -> str:
    return f"operand {index}" if index < num_operands else f"result {index - num_operands}"


#: Ops whose kernel gives the right local result for any sharded pass-through factor.
LOCAL_OPS = frozenset(
    set(UNARY) | set(BINARY)
    | {"stablehlo.compare", "stablehlo.select", "stablehlo.clamp", "stablehlo.convert", "stablehlo.broadcast_in_dim",
       "stablehlo.reshape", "stablehlo.transpose", "stablehlo.dot_general", "stablehlo.dot", "stablehlo.reduce",
       "stablehlo.concatenate", "stablehlo.slice", "stablehlo.pad", "stablehlo.reverse", "stablehlo.optimization_barrier",
       "stablehlo.custom_call", "chlo.broadcast_compare", "chlo.broadcast_select", "stablehlo.sort",
       "stablehlo.dynamic_slice", "chlo.top_k"}
    | set(LOCALIZERS)
)  # fmt: skip


# -- the interpreter ------------------------------------------------------------------------------


@dataclass
class SpmdInterpreter(AutoshardInterpreter):
    state: SpmdState = None  # type: ignore[assignment]
    reference: AutoshardInterpreter = None  # type: ignore[assignment]

    def mesh_of(self, sharding: TensorSharding) -> Mesh:
        return resolve_mesh(sharding, self.state.meshes)

    def dmesh(self, sharding: TensorSharding) -> DeviceMesh:
        return DeviceMesh(self.mesh_of(sharding))

    def replicated(self, rank: int) -> TensorSharding:
        return TensorSharding.replicated_of(self.state.default_mesh, rank)

    def reshard_value(self, value: DistributedValue, target: TensorSharding) -> DistributedValue:
        target = _closed(target)
        if _same(value.sharding, target):
            return value
        if self.state.strict:
            expected = local_shape(value.shape, target, self.dmesh(target))
            if value.any_shard().shape != expected:
                raise SimulationError(
                    f"local shape {value.any_shard().shape} of a value sharded {value.sharding} does not fit {target} "
                    f"({expected}) and no collective converts it"
                )
            return DistributedValue(target, value.shards, value.shape, value.dtype)
        shards = reshard(value.shards, value.sharding, target, self.state.meshes, value.shape, self.state.stats)
        return DistributedValue(target, shards, value.shape, value.dtype)

    def distribute(self, array: np.ndarray, sharding: TensorSharding) -> DistributedValue:
        sharding = _closed(sharding)
        return DistributedValue(sharding, shard(array, sharding, self.dmesh(sharding)), array.shape, array.dtype)

    def gather_global(self, value: DistributedValue) -> np.ndarray:
        target = _closed(self.replicated(len(value.shape)))
        shards = reshard(value.shards, value.sharding, target, self.state.meshes, value.shape, self.state.stats)
        return np.asarray(next(iter(shards.values())))[tuple(slice(0, s) for s in value.shape)]


def _closed(s: TensorSharding) -> TensorSharding:
    return TensorSharding(s.mesh_name, tuple(DimSharding(d.axes) for d in s.dims), (), s.unreduced, s.inline_mesh)


def _same(a: TensorSharding, b: TensorSharding) -> bool:
    return (a.mesh_name, a.inline_mesh, a.dim_axes(), set(a.unreduced)) == (b.mesh_name, b.inline_mesh, b.dim_axes(), set(b.unreduced)) or (
        not a.all_axes() and not b.all_axes() and not a.unreduced and not b.unreduced
    )


def _location(op: Operation) -> str:
    loc = getattr(op, "location", None)
    return str(loc) if loc is not None and "unknown" not in str(loc) else ""


def _declared(interp: SpmdInterpreter, op: Operation, operands: Sequence[DistributedValue]) -> list[TensorSharding]:
    declared = op_result_shardings(op)
    if declared is not None:
        if len(declared) != len(op.results):
            raise SimulationError(f"'{op_name(op)}' has {len(declared)} shardings for {len(op.results)} results")
        return [_closed(s) for s in declared]
    # no planned sharding: keep an elementwise op's operand sharding, else replicate
    out = []
    for r in op.results:
        rank = len(tensor_shape(r.type))
        same_rank = [v for v in operands if len(v.shape) == rank and not v.sharding.unreduced]
        if op_name(op) in LOCAL_OPS and (op_name(op) in UNARY or op_name(op) in BINARY) and same_rank:
            out.append(TensorSharding(same_rank[0].sharding.mesh_name, same_rank[0].sharding.dims, (), (), same_rank[0].sharding.inline_mesh))
        else:
            out.append(interp.replicated(rank))
    return out


def _kernel_ctx(interp: SpmdInterpreter, op: Operation, shapes: Sequence[tuple[int, ...]]) -> KernelContext:
    return KernelContext(
        list(shapes), [tensor_dtype(r.type) for r in op.results], lambda region, args: run_region_vectorized(interp.reference, region, args)
    )


_REDUCE_COMBINERS = {
    "stablehlo.add": np.add,
    "stablehlo.maximum": np.maximum,
    "stablehlo.minimum": np.minimum,
    "stablehlo.multiply": np.multiply,
    "stablehlo.and": np.logical_and,
    "stablehlo.or": np.logical_or,
}
#: Reducers that are not idempotent: their init value must be the identity to fold it into every partial.
_SUM_IDENTITIES = {"stablehlo.add": 0, "stablehlo.multiply": 1}


def run_fallback(interp: SpmdInterpreter, op: Operation, operands: Sequence[DistributedValue], declared: Sequence[TensorSharding], reason: str) -> list[DistributedValue]:
    """Gather every operand, run the op globally, slice the results to their planned shardings."""
    any_sharded = any(v.sharding.all_axes() or v.sharding.unreduced for v in operands) or any(s.all_axes() or s.unreduced for s in declared)
    if any_sharded:
        interp.state.fallbacks.append(FallbackRecord(op_name(op), reason, _location(op)))
    arrays = [interp.gather_global(v) for v in operands]
    shapes = [tensor_shape(r.type) for r in op.results]
    kernel = KERNELS[op_name(op)]
    results = kernel(op, _kernel_ctx(interp, op, shapes), arrays)
    return [interp.distribute(np.asarray(r), s) for r, s in zip(results, declared)]


def run_local(interp: SpmdInterpreter, op: Operation, operands: Sequence[DistributedValue]) -> list[DistributedValue]:
    from autoshard.rules.registry import rule_for

    name = op_name(op)
    declared = _declared(interp, op, operands)
    shapes = [tensor_shape(r.type) for r in op.results]
    if name not in LOCAL_OPS or not declared:
        return run_fallback(interp, op, operands, declared, "no local (per-shard) implementation")
    if isinstance(op, OptimizationBarrierOp):  # a data-flow tie per value: no factor spans two of its values
        return [interp.reshard_value(v, s) for v, s in zip(operands, declared)]
    mesh = interp.mesh_of(declared[0])
    rule = rule_for(op, on_unknown=lambda message: None)
    if op.has_trait(Linear):
        linear_in = list(range(len(operands)))
    else:
        linear_in = [0] if op.has_trait(LinearInFirstOperand) else []
    plan = plan_local(op, rule, operands, declared, mesh, linear_in, permutation_ok=name in HALO_OPS)
    if isinstance(plan, str):
        return run_fallback(interp, op, operands, declared, plan)
    dmesh = DeviceMesh(mesh)
    for value, s in zip(operands, plan.operand_shardings):
        if not is_evenly_sharded(value.shape, s, dmesh):
            return run_fallback(interp, op, operands, declared, f"operand shape {value.shape} is not divisible by {s}")
    for shape, s in zip(shapes, plan.result_shardings):
        if not is_evenly_sharded(shape, s, dmesh):
            return run_fallback(interp, op, operands, declared, f"result shape {shape} is not divisible by {s}")
    combiner = np.add
    if plan.reduction_axes:
        reducer = simple_reducer(op.regions[0]) if isinstance(op, ReduceOp) and len(op.operands) == 2 else None
        if isinstance(op, ReduceOp):
            if reducer is None:
                return run_fallback(interp, op, operands, declared, "reduction over a sharded dimension with a general body")
            combiner = _REDUCE_COMBINERS[reducer]
            identity = _SUM_IDENTITIES.get(reducer)
            init = interp.gather_global(operands[1])
            if identity is not None and not np.all(init == identity):
                return run_fallback(interp, op, operands, declared, f"partial {reducer} with a non-identity init value")
        elif isinstance(op, ScatterOp):
            reducer = simple_reducer(op.regions[0]) if len(op.results) == 1 else None
            if reducer is None:
                return run_fallback(interp, op, operands, declared, "sharded update batch dimensions of a multi-result scatter")
            combiner = _REDUCE_COMBINERS[reducer]
        elif name not in PARTIAL_RESULT_OPS:
            return run_fallback(interp, op, operands, declared, "a reduction factor is sharded")
    local_shapes = [local_shape(shape, s, dmesh) for shape, s in zip(shapes, plan.result_shardings)]
    ctx = _kernel_ctx(interp, op, local_shapes)

    def run_kernel(inputs: Sequence[np.ndarray], overrides: dict[str, object]) -> list[np.ndarray]:
        return KERNELS[name](op, dataclasses.replace(ctx, overrides=overrides), list(inputs))

    call = LocalOp(
        op, rule, list(plan.operand_shardings), [v.shape for v in operands], list(plan.result_shardings), shapes,
        plan.factor_axes, plan.reduction_axes, dmesh, interp.state.stats, run_kernel,
    )  # fmt: skip
    localizer = LOCALIZERS.get(name, KERNEL_LOCAL)
    reason = localizer.unsupported(call)
    if reason is not None:
        return run_fallback(interp, op, operands, declared, reason)
    # operands resharded to what the op needs (implicit reshards are counted in the stats like any other)
    for value, s in zip(operands, plan.operand_shardings):
        if not _same(value.sharding, s):
            interp.state.implicit_reshards += 1
        call.operand_shards.append(interp.reshard_value(value, s).shards)
    per_device = localizer.run(call)
    results = []
    for i, (shape, s, target) in enumerate(zip(shapes, plan.result_shardings, declared)):
        shards = {d: np.asarray(outs[i]) for d, outs in per_device.items()}
        value = DistributedValue(s, shards, shape, tensor_dtype(op.results[i].type))
        if plan.reduction_axes and combiner is not np.add:
            reduced = coll.all_reduce(shards, plan.reduction_axes, dmesh, interp.state.stats, combiner=combiner)
            keep = tuple(r for r in s.unreduced if r not in plan.reduction_axes)
            value = DistributedValue(TensorSharding(s.mesh_name, s.dims, (), keep, s.inline_mesh), reduced, shape, value.dtype)
        results.append(interp.reshard_value(value, target))
    return results


@register_impls
class SpmdFuncFunctions(InterpreterFunctions):
    @impl_op("func.call")
    def run_call(self, interp: SpmdInterpreter, op: Operation, args: PythonValues) -> PythonValues:
        name = typed_op(op, CallOp).callee.root_reference.data
        func = interp.lookup_function(name)
        wanted = func_shardings(func, results=False)
        args = tuple(interp.reshard_value(a, s) if s is not None else a for a, s in zip(args, wanted))
        results = interp.run_ssacfg_region(func.regions[0], args, name)
        declared = op_result_shardings(op)
        if declared is not None:
            results = tuple(interp.reshard_value(r, s) for r, s in zip(results, declared))
        return results

    @impl_op_terminator("func.return")
    def run_return(self, interp: SpmdInterpreter, op: Operation, args: PythonValues) -> PythonValues:
        func = op.parent_op()
        if isinstance(func, FuncOp):
            wanted = func_shardings(func, results=True)
            return tuple(interp.reshard_value(a, s) if s is not None else a for a, s in zip(args, wanted))
        return args


@register_impls
class SpmdStablehloFunctions(InterpreterFunctions):
    @impl_op(*[n for n in KERNELS if n.startswith("stablehlo.") or n.startswith("chlo.")])
    def run_op_kernel(self, interp: SpmdInterpreter, op: Operation, args: PythonValues) -> PythonValues:
        name = op_name(op)
        if name in ("stablehlo.constant", "stablehlo.iota"):
            declared = _declared(interp, op, args)
            shapes = [tensor_shape(r.type) for r in op.results]
            value = KERNELS[name](op, _kernel_ctx(interp, op, shapes), [])[0]
            return (interp.distribute(value, declared[0]),)
        try:
            return tuple(run_local(interp, op, args))
        except (SimulationError, UserError):
            raise
        except Exception as e:
            raise SimulationError(f"'{name}' failed on local shards: {type(e).__name__}: {e}") from e

    @impl_op("stablehlo.while")
    def run_while(self, interp: SpmdInterpreter, op: Operation, args: PythonValues) -> PythonValues:
        declared = _declared(interp, op, args)
        values = tuple(interp.reshard_value(a, s) for a, s in zip(args, declared))
        for _ in range(1_000_000):
            if not _agreed_truth(interp, interp.run_ssacfg_region(op.regions[0], values, "while.cond")[0], op):
                return values
            body = interp.run_ssacfg_region(op.regions[1], values, "while.body")
            values = tuple(interp.reshard_value(v, s) for v, s in zip(body, declared))
        raise SimulationError("stablehlo.while did not finish")

    @impl_op("stablehlo.case")
    def run_case(self, interp: SpmdInterpreter, op: Operation, args: PythonValues) -> PythonValues:
        index = interp.gather_global(args[0])
        results = interp.run_ssacfg_region(case_branch(op, index), (), "case")
        declared = _declared(interp, op, results)
        return tuple(interp.reshard_value(r, s) for r, s in zip(results, declared))

    @impl_op("stablehlo.if")
    def run_if(self, interp: SpmdInterpreter, op: Operation, args: PythonValues) -> PythonValues:
        branch = op.regions[0] if _agreed_truth(interp, args[0], op) else op.regions[1]
        results = interp.run_ssacfg_region(branch, (), "if")
        declared = _declared(interp, op, results)
        return tuple(interp.reshard_value(r, s) for r, s in zip(results, declared))

    @impl_op_terminator("stablehlo.return", "chlo.return")
    def run_return(self, interp: SpmdInterpreter, op: Operation, args: PythonValues) -> PythonValues:
        return args


def _agreed_truth(interp: SpmdInterpreter, value: DistributedValue, op: Operation) -> bool:
    full = interp.reshard_value(value, interp.replicated(len(value.shape)))
    truths = {bool(np.asarray(a).reshape(())) for a in full.shards.values()}
    if len(truths) != 1:
        raise SimulationError(f"'{op_name(op)}': devices disagree on the predicate")
    return truths.pop()


def _collective_step(op: Operation) -> Collective:
    """An sdy collective op as plain data (`to_collective`), its `out_sharding` closed."""
    collective = typed_op(op, sdy.CollectiveOp).to_collective()
    return dataclasses.replace(collective, out_sharding=_closed(collective.out_sharding))  # type: ignore[type-var]


_COMBINERS = {"sum": np.add, "max": np.maximum, "min": np.minimum, "prod": np.multiply, "product": np.multiply}


@register_impls
class SpmdSdyFunctions(InterpreterFunctions):
    @impl_op("sdy.sharding_constraint", "sdy.reshard")
    def run_reshard(self, interp: SpmdInterpreter, op: Operation, args: PythonValues) -> PythonValues:
        constraint = typed_op(op, (sdy.ShardingConstraintOp, sdy.ReshardOp))
        return (interp.reshard_value(args[0], constraint.sharding.to_sharding()),)

    @impl_op("sdy.all_gather", "sdy.all_slice", "sdy.all_reduce", "sdy.reduce_scatter", "sdy.all_to_all",
             "sdy.collective_permute", "sdy.replicated_to_unreduced", "sdy.sharded_to_unreduced")  # fmt: skip
    def run_collective(self, interp: SpmdInterpreter, op: Operation, args: PythonValues) -> PythonValues:
        """Run the collective on the operand's actual shards, after checking that its axes apply to the operand's
        actual sharding and give its `out_sharding` (else the program is inconsistent: a SimulationError)."""
        value: DistributedValue = args[0]
        name = op_name(op)
        step = _collective_step(op)
        try:
            produced = step.result_sharding(value.sharding, interp.state.meshes)
        except UserError as e:
            raise SimulationError(f"'{name}' does not apply to its operand, sharded {value.sharding}: {e}") from None
        if not _same(_closed(produced), step.out_sharding):
            raise SimulationError(
                f"'{name}' on a value sharded {value.sharding} gives {_closed(produced)}, not its out_sharding {step.out_sharding}"
            )
        kind = op.reduction_kind.data if isinstance(op, sdy.AllReduceOp) and op.reduction_kind is not None else "sum"
        shards = apply_step(value.shards, step, value.sharding, interp.state.meshes, interp.state.stats, _COMBINERS[kind])
        out = step.out_sharding
        expected = local_shape(value.shape, out, interp.dmesh(out))
        got = next(iter(shards.values())).shape
        if got != expected:
            raise SimulationError(f"'{name}' produced local shape {got}, its out_sharding {out} needs {expected}")
        return (DistributedValue(out, shards, value.shape, value.dtype),)

    @impl_op("sdy.constant")
    def run_constant(self, interp: SpmdInterpreter, op: Operation, args: PythonValues) -> PythonValues:
        shapes = [tensor_shape(r.type) for r in op.results]
        value = KERNELS["sdy.constant"](op, _kernel_ctx(interp, op, shapes), [])[0]
        return (interp.distribute(value, _declared(interp, op, ())[0]),)

    @impl_op("sdy.manual_computation")
    def run_manual(self, interp: SpmdInterpreter, op: Operation, args: PythonValues) -> PythonValues:
        """Operands resharded to `in_shardings` (collectives counted), the body run per device on the local
        blocks with its own collectives counted, results kept as the devices' blocks of `out_shardings`."""
        ins, outs, dmesh = manual_shardings(op, interp.state.meshes)
        values = [interp.reshard_value(a, s) for a, s in zip(args, ins)]
        per_device = {d: [v.shards[d] for v in values] for d in dmesh.device_ids}
        results = run_manual_body(interp.reference, op, per_device, interp.state.stats)
        return tuple(
            DistributedValue(_closed(s), {d: results[d][i] for d in dmesh.device_ids}, tensor_shape(r.type), tensor_dtype(r.type))
            for i, (r, s) in enumerate(zip(op.results, outs))
        )

    @impl_op("sdy.propagation_barrier")
    def run_barrier(self, interp: SpmdInterpreter, op: Operation, args: PythonValues) -> PythonValues:
        return tuple(args)

    @impl_op("sdy.sharding_group")
    def run_sharding_group(self, interp: SpmdInterpreter, op: Operation, args: PythonValues) -> PythonValues:
        return ()

    @impl_op_terminator("sdy.return")
    def run_return(self, interp: SpmdInterpreter, op: Operation, args: PythonValues) -> PythonValues:
        return args


def has_explicit_collectives(module: ModuleOp) -> bool:
    return any(isinstance(op, sdy.CollectiveOp) for op in module.walk())


def spmd_interpreter(module: ModuleOp, state: SpmdState, listeners=()) -> SpmdInterpreter:
    interp = SpmdInterpreter(module, listeners=tuple(listeners), state=state, reference=reference_interpreter(module))
    for functions in (SpmdFuncFunctions(), SpmdStablehloFunctions(), SpmdSdyFunctions()):
        interp.register_implementations(functions)
    return interp


def unshard_value(interp: SpmdInterpreter, value: DistributedValue):
    return unshard(value.shards, value.sharding, interp.dmesh(value.sharding), value.shape)
