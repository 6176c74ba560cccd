"""Write a plan into the IR: `sdy.mesh`, `sdy.sharding` on func args/results and ops, reshards where planned.

Default (what XLA's Shardy pipeline and JAX take): every planned op carries
`sdy.sharding = #sdy.sharding_per_value<[...]>`, and where the plan deliberately reshards a value between
its producer and a consumer, an `sdy.sharding_constraint` feeds the consumer. Since XLA's import keeps only
constraints (and argument/result shardings), every planned value is also pinned by a constraint
(`autoshard.emit.xla_pins`), loop-carried values at the loop's entry, condition, body and exit, so the file
XLA compiles is the planned program. With `explicit_collectives`,
those become `sdy.reshard`s lowered to sdy collectives (`autoshard.emit.lower_reshards`), and
partial sums of ops that shard a reduction factor are marked `unreduced` and settled by the collectives
the same decomposition gives (all-reduce, or reduce-scatter). The planned module itself is not changed:
emission works on a clone.

What is written comes from the plan as plain data (`autoshard.planner.sharding_plan.ShardingPlan`: argument,
result and op shardings, settles, data-flow groups, consumer edges), never from the planner's graph.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence

from xdsl.dialects.builtin import ArrayAttr, DictionaryAttr, IntegerAttr, IntegerType, ModuleOp, TensorType
from xdsl.ir import BlockArgument, Operation, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter

from autoshard.dialects.sdy import (
    SHARDING_ATTR,
    MeshAttr,
    MeshOp,
    ReshardOp,
    ShardingConstraintOp,
    TensorShardingAttr,
    TensorShardingPerValueAttr,
)
from autoshard.emit.xla_pins import pin_op_results, pin_value
from autoshard.gc_pause import cyclic_gc_paused
from autoshard.planner.plan import Plan
from autoshard.planner.sharding_plan import PlannedOp, ShardingPlan, ValueGroup
from autoshard.rules.attrs import op_name
from autoshard.sharding import DimSharding, Mesh, TensorSharding
from autoshard.sharding.axis_ref import sort_axis_refs
from autoshard.planner.xla_model.xla_reshard import xla_full_rematerialization


class _Same(dict):
    """The op map of a module annotated in place: every op is its own."""

    def __missing__(self, op: Operation) -> Operation:
        return op


def _clone_with_map(module: ModuleOp) -> tuple[ModuleOp, dict[Operation, Operation]]:
    clone = module.clone()
    return clone, dict(zip(module.walk(), clone.walk()))


def _ensure_mesh(module: ModuleOp, name: str, mesh: Mesh) -> None:
    for op in module.ops:
        if isinstance(op, MeshOp) and op.sym_name.data == name:
            if op.mesh.to_mesh().shape != mesh.shape:
                raise ValueError(f"module already has a different mesh @{name}")
            return
    first = module.body.blocks[0].first_op
    mesh_op = MeshOp(name, MeshAttr.from_mesh(mesh))
    if first is None:
        module.body.blocks[0].add_op(mesh_op)
    else:
        Rewriter.insert_op(mesh_op, InsertPoint.before(first))


def _set_num_partitions(module: ModuleOp, num_devices: int) -> None:
    """`mhlo.num_partitions` states the device count the planned program is partitioned for (JAX exports 1)."""
    if "mhlo.num_partitions" in module.attributes:
        module.attributes["mhlo.num_partitions"] = IntegerAttr(num_devices, IntegerType(32))


def _set_func_shardings(func, shardings: Sequence[TensorSharding | None], result: bool) -> None:
    """`sdy.sharding` on each of `func`'s arguments (results with `result=True`) that `shardings` gives one;
    the list of attribute dictionaries is rebuilt once, not once per argument."""
    if all(s is None for s in shardings):
        return
    attrs = func.res_attrs if result else func.arg_attrs
    count = len(func.function_type.outputs.data if result else func.function_type.inputs.data)
    current = list(attrs.data) if attrs is not None else [DictionaryAttr({}) for _ in range(count)]
    for index, sharding in enumerate(shardings):
        if sharding is not None:
            entries = dict(current[index].data)
            entries[SHARDING_ATTR] = _sharding_attr(sharding)
            current[index] = DictionaryAttr(entries)
    if result:
        func.res_attrs = ArrayAttr(current)
    else:
        func.arg_attrs = ArrayAttr(current)


@functools.lru_cache(maxsize=4096)
def _sharding_attr(sharding: TensorSharding) -> TensorShardingAttr:
    """The attribute of `sharding`, one object per distinct sharding (attributes are immutable: a planned module
    states the same few shardings on tens of thousands of values)."""
    return TensorShardingAttr.from_sharding(sharding)


@functools.lru_cache(maxsize=4096)
def _per_value_of(shardings: tuple[TensorSharding, ...]) -> TensorShardingPerValueAttr:
    return TensorShardingPerValueAttr([_sharding_attr(s) for s in shardings])


def _per_value(shardings) -> TensorShardingPerValueAttr:
    return _per_value_of(tuple(shardings))


def _set_result_sharding(op: Operation, index: int, sharding: TensorSharding, mesh_name: str) -> None:
    existing = op.attributes.get(SHARDING_ATTR)
    if isinstance(existing, TensorShardingPerValueAttr) and len(existing.shardings) == len(op.results):
        items = [s.to_sharding() for s in existing.shardings]
    else:
        items = [_replicated_like(r, mesh_name) for r in op.results]
    items[index] = sharding
    op.attributes[SHARDING_ATTR] = _per_value(items)


def _replicated_like(value: SSAValue, mesh_name: str) -> TensorSharding:
    rank = len(value.type.get_shape()) if isinstance(value.type, TensorType) else 0
    return TensorSharding.replicated_of(mesh_name, rank)


def emit_plan(plan: ShardingPlan | Plan, explicit_collectives: bool = False, dialect: str = "sdy",
              in_place: bool = False) -> str:
    """The planned module as MLIR text (see module docstring); `plan` is the planner's `Plan` or its
    `ShardingPlan`. `in_place`: annotate the plan's own module rather than a copy (a caller that reads the
    plan's module no more, and emits it once)."""
    from autoshard.ir.printing import print_module

    with cyclic_gc_paused():
        # the mesh dialect states partial sums and reshards as shardings (its spmdization makes the collectives)
        module = annotate_module(plan, explicit_collectives, lower_reshards=dialect != "mesh", in_place=in_place)
        if dialect == "mesh":
            from autoshard.emit.mesh_dialect import to_mesh_dialect

            module = to_mesh_dialect(module)
        return print_module(module)


def annotate_module(plan: ShardingPlan | Plan, explicit_collectives: bool = False, lower_reshards: bool = True,
                    in_place: bool = False) -> ModuleOp:
    """A clone of the planned module (`in_place`: the module itself) carrying the plan's shardings (and explicit
    collectives if asked; with `lower_reshards=False` the explicit form stops at `sdy.reshard`s and `unreduced`
    shardings)."""
    plan = plan.sharding_plan if isinstance(plan, Plan) else plan
    module, op_map = (plan.module, _Same()) if in_place else _clone_with_map(plan.module)
    _ensure_mesh(module, plan.mesh_name, plan.mesh)
    _set_num_partitions(module, plan.mesh.num_devices)
    func = op_map[plan.func]
    _set_func_shardings(func, plan.arguments, result=False)
    _set_func_shardings(func, plan.results, result=True)
    for group in plan.groups:
        if not explicit_collectives and group.loop_carried:
            # conveyed by constraints on the loop's operand and yield (see _insert_reshards) and on its result
            _pin_loop_carried(group, op_map)
            continue
        for member in group.values:
            owner = member.owner
            if isinstance(owner, Operation) and member in getattr(owner, "results", ()):
                _set_result_sharding(op_map[owner], list(owner.results).index(member), group.sharding, plan.mesh_name)
    gathered_reductions: list[tuple[Operation, PlannedOp]] = []
    for planned in plan.ops:
        op = op_map[planned.op]
        outputs = list(planned.results)
        if explicit_collectives and planned.settle is not None:
            if _sums_partials(op):
                outputs = [o if o is None else _with_unreduced(o, planned.settle, plan.mesh) for o in outputs]
                _insert_after_settle(op, planned)
            else:
                gathered_reductions.append((op, planned))
        op.attributes[SHARDING_ATTR] = _per_value(
            o if o is not None else _replicated_like(r, plan.mesh_name) for o, r in zip(outputs, op.results)
        )
    _insert_reshards(plan, op_map, explicit_collectives)
    for op, planned in gathered_reductions:
        _gather_reduced_dimensions(op, planned)
    if not explicit_collectives:
        pin_op_results(module)
    if explicit_collectives and lower_reshards:
        from autoshard.emit.lower_reshards import lower_reshards as lower

        lower(module)
    return module


def _with_unreduced(s: TensorSharding, settle, mesh: Mesh) -> TensorSharding:
    """The op's own (pre-settle) result sharding: partial over the settle axes (in mesh order, as Shardy's
    verifier requires), which a reduce-scatter settle has not yet appended to its scatter dimension."""
    dims = list(s.dims)
    if settle.kind == "reduce_scatter" and settle.dim is not None:
        dim = dims[settle.dim]
        dims[settle.dim] = DimSharding(dim.axes[: len(dim.axes) - len(settle.axes)], dim.is_closed, dim.priority)
    return TensorSharding(s.mesh_name, tuple(dims), s.replicated, sort_axis_refs(settle.axes, mesh), s.inline_mesh)


def _sums_partials(op: Operation) -> bool:
    """Whether `op`'s partial results over a sharded reduction factor are partial sums (`unreduced` in Shardy
    means sum): contractions, and reduces whose body only adds."""
    if op_name(op) != "stablehlo.reduce":
        return True
    body = [op_name(inner) for inner in op.regions[0].walk()]
    return "stablehlo.add" in body and all(n in ("stablehlo.add", "stablehlo.return") for n in body)


def _gather_reduced_dimensions(op: Operation, planned: PlannedOp) -> None:
    """A reduce whose reducer is not a sum (max, min, ...) and whose strategy shards reduced dimensions: Shardy's
    `unreduced` (jaxlib 0.10) only holds partial sums, so the explicit form reshards each input to its planned
    sharding without the settle's axes (appended instead to the dimension a reduce-scatter settle scatters
    onto), reduces locally, and the result has the planned (settled) sharding: the same values, moved by an
    all-gather (or all-to-all) of the input instead of the all-reduce of partial results the plan priced."""
    settle = planned.settle
    assert settle is not None
    dims = tuple(op.properties["dimensions"].get_values())  # type: ignore[union-attr]
    kept = [d for d in range(len(planned.operands[0].dims)) if d not in dims]
    count = len(op.results)
    for index, sharding in enumerate(planned.operands[:count]):
        new_dims = [DimSharding(tuple(a for a in d.axes if a not in settle.axes)) for d in sharding.dims]
        if settle.kind == "reduce_scatter" and settle.dim is not None:
            target = kept[settle.dim]
            result = planned.results[index]
            assert result is not None
            new_dims[target] = DimSharding(result.dims[settle.dim].axes)
        gathered = TensorSharding(sharding.mesh_name, tuple(new_dims), (), (), sharding.inline_mesh)
        _read_operand_through(op, index, ReshardOp, gathered)


def _insert_after_settle(op: Operation, planned: PlannedOp) -> None:
    """Settle the partial sums of `op` with a reshard to the planned (reduced) sharding right after it."""
    for result, settled in zip(op.results, planned.results):
        if settled is None or not isinstance(result.type, TensorType):
            continue
        reshard = ReshardOp(result, _sharding_attr(settled))
        Rewriter.insert_op(reshard, InsertPoint.after(op))
        result.replace_uses_with_if(reshard.result, lambda use: use.operation is not reshard)


def _pin_loop_carried(group: ValueGroup, op_map: dict[Operation, Operation]) -> None:
    """A constraint with the planned sharding on the loop's carried value where XLA's propagation could
    re-decide it: the loop's result and its condition and body block arguments, each feeding all their uses.

    The loop itself carries no `sdy.sharding` (see `_insert_reshards`), so without these a propagating
    partitioner (XLA's Shardy pipeline) pulls a consumer's sharding into the loop's carried value: a constraint
    on a body argument's use (to slice it) would then shard the whole carried tensor.
    """
    attr = _sharding_attr(group.sharding)
    for member in group.values:
        if isinstance(member, BlockArgument):
            loop = member.block.parent_op()
            if loop is None or op_name(loop) != "stablehlo.while":
                continue
            region = list(loop.regions).index(member.block.parent)
            pin_value(op_map[loop].regions[region].blocks[0].args[member.index], attr)
            continue
        owner = member.owner
        if isinstance(owner, Operation) and op_name(owner) == "stablehlo.while" and member in owner.results:
            pin_value(op_map[owner].results[list(owner.results).index(member)], attr)


def _insert_reshards(plan: ShardingPlan, op_map: dict[Operation, Operation], explicit: bool) -> None:
    """A constraint (or reshard) where the plan changes a value's sharding between producer and consumer.

    Loop-carried values are constrained on the loop's operand and yield even when nothing changes (replicated
    too): XLA (jaxlib 0.10) rejects `sdy.sharding` on a `stablehlo.while` whose carried values are sharded
    (RET_CHECK in hlo_sharding.cc), so those constraints are what carries the plan into the loop.
    """
    gathers_whole: dict[tuple, bool] = {}  # many edges reshard alike: XLA's lowering is worked out once each
    for edge in plan.edges:
        if not edge.is_reshard and (explicit or not edge.into_loop):
            continue
        site = op_map[edge.consumer]
        shape = tuple(edge.value.type.get_shape()) if isinstance(edge.value.type, TensorType) else None
        key = (edge.source, edge.target, shape)
        if not explicit and key not in gathers_whole:
            gathers_whole[key] = _gathers_whole(edge.source, edge.target, plan.mesh, shape)
        if not explicit and gathers_whole[key]:
            _read_operand_through(site, edge.operand, ShardingConstraintOp,
                                  TensorSharding.replicated_of(edge.target.mesh_name, edge.target.rank))
        _read_operand_through(site, edge.operand, ReshardOp if explicit else ShardingConstraintOp, edge.target)


def _gathers_whole(source: TensorSharding, target: TensorSharding, mesh: Mesh, shape: tuple[int, ...] | None) -> bool:
    """Whether XLA performs `source -> target` by its last resort with nothing in common to keep (no dimension's
    tile counts share a factor): it gathers the whole tensor and slices the target out, and warns "Involuntary
    full rematerialization". Written as a constraint to replicated first, the same all-gathers and slice are
    what XLA asked for, and it does not warn."""
    if not xla_full_rematerialization(source, target, mesh, shape):
        return False
    counts = [[math.prod(a.size(mesh) for a in d.axes) for d in s.dims] for s in (source, target)]
    return all(math.gcd(a, b) == 1 for a, b in zip(*counts))


def _read_operand_through(site: Operation, operand: int, op_cls: type[ReshardOp] | type[ShardingConstraintOp],
                          sharding: TensorSharding) -> None:
    """`site` reads its operand `operand` through a new `op_cls` (an `sdy.reshard` or `sdy.sharding_constraint`)
    to `sharding`, inserted right before it."""
    new = op_cls(site.operands[operand], _sharding_attr(sharding))
    Rewriter.insert_op(new, InsertPoint.before(site))
    site.operands[operand] = new.result  # one use rewired (the whole list's uses would be rebuilt)
