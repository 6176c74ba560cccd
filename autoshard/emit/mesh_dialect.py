"""Re-express an sdy-annotated module in MLIR's mesh dialect (`autoshard plan --dialect mesh`).

- `sdy.mesh @m = <["data"=2, "model"=4]>` becomes `mesh.mesh @m(shape = 2x4)`, the axis names kept in
  `autoshard.axis_names`;
- a func argument's `sdy.sharding` becomes a `mesh.shard ... annotate_for_users` at function entry (how
  the function's ops take the argument), a func result's one a `mesh.shard ... annotate_for_users` of the
  returned value;
- an op's `sdy.sharding` becomes a `mesh.shard` of each result right after the op (the sharding the op
  produces), `unreduced` axes as `partial = <kind> [...]`;
- an `sdy.sharding_constraint` or `sdy.reshard` becomes a pair: the value's own sharding (a `mesh.shard`
  without `annotate_for_users`, unless the value already has one) and the wanted one for its users.

Each `mesh.shard` gets its own `mesh.sharding` right before it. The mesh dialect has no sub-axes, no
open dimensions and no explicit device order: sub-axes and device orders raise a `UserError` naming the
value or mesh; open dimensions and `replicated` axes (implicit in the mesh dialect) are dropped.
"""

from __future__ import annotations

from xdsl.dialects.builtin import ArrayAttr, DictionaryAttr, ModuleOp, TensorType
from xdsl.dialects.func import FuncOp
from xdsl.ir import Block, Operation, OpResult, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter

from autoshard.dialects.mesh import MeshOp, ReductionKind, ShardingOp, ShardOp
from autoshard.dialects.sdy import MeshOp as SdyMeshOp
from autoshard.dialects.sdy import (
    SHARDING_ATTR,
    ReshardOp,
    ShardingConstraintOp,
    TensorShardingAttr,
    TensorShardingPerValueAttr,
)
from autoshard.errors import UserError
from autoshard.sharding import Mesh


#: sdy reduction kinds of `unreduced` axes -> mesh `partial` types.
PARTIAL_TYPES: dict[str, ReductionKind] = {
    "sum": ReductionKind.SUM,
    "max": ReductionKind.MAX,
    "min": ReductionKind.MIN,
    "prod": ReductionKind.PRODUCT,
    "and": ReductionKind.BITWISE_AND,
    "or": ReductionKind.BITWISE_OR,
    "xor": ReductionKind.BITWISE_XOR,
}


def to_mesh_dialect(module: ModuleOp) -> ModuleOp:
    """A copy of the sdy-annotated `module` with its meshes and shardings in the mesh dialect (see above)."""
    module = module.clone()
    meshes = _convert_meshes(module)
    converter = _Converter(meshes)
    for func in [op for op in module.walk() if isinstance(op, FuncOp)]:
        converter.convert_func(func)
    leftover = next((op for op in module.walk() if op.name.startswith("sdy.")), None)
    if leftover is not None:
        raise UserError(
            f"'{leftover.name}'{_where(leftover)} has no mesh-dialect form; "
            "--dialect mesh takes plans with shardings and reshards only (not explicit collectives)"
        )
    return module


# ------------------------------------------------------------------------------------------------
# meshes


def _convert_meshes(module: ModuleOp) -> dict[str, Mesh]:
    meshes: dict[str, Mesh] = {}
    for op in list(module.walk()):
        if not isinstance(op, SdyMeshOp):
            continue
        name = op.sym_name.data
        mesh = op.mesh.to_mesh()
        if not mesh.axes:
            raise UserError(f"mesh @{name} has no axes: the mesh dialect cannot express a single-device mesh")
        if mesh.device_ids is not None and tuple(mesh.device_ids) != tuple(range(mesh.num_devices)):
            raise UserError(
                f"mesh @{name} has device_ids {list(mesh.device_ids)}: the mesh dialect has no device order"
            )
        meshes[name] = mesh
        Rewriter.replace_op(op, MeshOp(name, [a.size for a in mesh.axes], mesh.axis_names))
    return meshes


# ------------------------------------------------------------------------------------------------
# shardings


class _Converter:
    def __init__(self, meshes: dict[str, Mesh]):
        self.meshes = meshes
        #: the sharding each value has (as produced), for the source half of a reshard pair
        self.known: dict[SSAValue, TensorShardingAttr] = {}

    # -- building blocks ---------------------------------------------------------------------------
    def sharding_op(self, attr: TensorShardingAttr, what: str) -> ShardingOp:
        """`mesh.sharding` for `attr`; `what` names the value in errors."""
        sharding = attr.to_sharding()
        if sharding.inline_mesh is not None:
            raise UserError(f"the sharding of {what} has an inlined mesh; the mesh dialect needs a mesh symbol")
        mesh = self.meshes.get(sharding.mesh_name)
        if mesh is None:
            raise UserError(f"the sharding of {what} refers to an undefined mesh @{sharding.mesh_name}")
        refs = list(sharding.all_axes()) + list(sharding.unreduced)
        sub = next((r for r in refs if not r.is_full()), None)
        if sub is not None:
            raise UserError(
                f"the sharding of {what} uses the sub-axis {sub}, which the mesh dialect cannot express "
                f"({sharding})"
            )
        split = [[mesh.axis_index(r.name) for r in d.axes] for d in sharding.dims]
        while split and not split[-1]:
            split.pop()
        partial = [mesh.axis_index(r.name) for r in sharding.unreduced]
        return ShardingOp(sharding.mesh_name, split or [[]], partial, PARTIAL_TYPES.get(attr.reduction, ReductionKind.SUM))

    def shard(self, value: SSAValue, sharding: TensorShardingAttr, for_users: bool, at: InsertPoint, what: str) -> ShardOp:
        spec = self.sharding_op(sharding, what)
        shard = ShardOp(value, spec.result, annotate_for_users=for_users)
        Rewriter.insert_op([spec, shard], at)
        self.known[shard.result] = sharding
        return shard

    def for_users(self, value: SSAValue, wanted: TensorShardingAttr, at: InsertPoint, what: str) -> SSAValue:
        """The value as its users want it: the pair (own sharding, wanted sharding for users)."""
        own = self.known.get(value)
        defined_by_shard = isinstance(value, OpResult) and isinstance(value.op, ShardOp) and not value.op.for_users
        if own is not None and not defined_by_shard:
            value = self.shard(value, own, False, at, what).result
        return self.shard(value, wanted, True, at, what).result

    # -- a function --------------------------------------------------------------------------------
    def convert_func(self, func: FuncOp) -> None:
        if not func.body.blocks:
            return
        name = func.sym_name.data
        entry = func.body.blocks[0]
        for index, (arg, sharding) in enumerate(zip(entry.args, _take_func_shardings(func, results=False))):
            if sharding is None or not isinstance(arg.type, TensorType):
                continue
            shard = self.shard(arg, sharding, True, _entry_point(entry), f"argument #{index} of @{name}")
            arg.replace_uses_with_if(shard.result, lambda use, s=shard: use.operation is not s)
        for op in list(func.body.walk()):
            self.convert_op(op)
        result_shardings = _take_func_shardings(func, results=True)
        for block in func.body.blocks:
            ret = block.last_op
            if ret is None or ret.name != "func.return":
                continue
            for index, sharding in enumerate(result_shardings):
                value = ret.operands[index]
                if sharding is None or not isinstance(value.type, TensorType):
                    continue
                new = self.for_users(value, sharding, InsertPoint.before(ret), f"result #{index} of @{name}")
                ret.operands[index] = new

    def convert_op(self, op: Operation) -> None:
        if isinstance(op, (ShardingConstraintOp, ReshardOp)):
            wanted = op.sharding
            value = self.for_users(op.input, wanted, InsertPoint.before(op), f"the {op.name}{_where(op)}")
            self.known[value] = wanted
            op.result.replace_all_uses_with(value)
            Rewriter.erase_op(op)
            return
        per_value = op.attributes.pop(SHARDING_ATTR, None)
        if per_value is None:
            return
        if not isinstance(per_value, TensorShardingPerValueAttr):
            raise UserError(f"'{op.name}'{_where(op)}: {SHARDING_ATTR} is not a #sdy.sharding_per_value")
        at = InsertPoint.after(op)
        for index, (result, attr) in enumerate(zip(op.results, per_value.shardings)):
            if not isinstance(result.type, TensorType):
                continue
            shard = self.shard(result, attr, False, at, f"result #{index} of '{op.name}'{_where(op)}")
            at = InsertPoint.after(shard)
            result.replace_uses_with_if(shard.result, lambda use, s=shard: use.operation is not s)


def _entry_point(block: Block) -> InsertPoint:
    """After the shard ops already placed at the top of `block`."""
    op = block.first_op
    while op is not None and isinstance(op, (ShardingOp, ShardOp)):
        op = op.next_op
    return InsertPoint.before(op) if op is not None else InsertPoint.at_end(block)


def _take_func_shardings(func: FuncOp, results: bool) -> list[TensorShardingAttr | None]:
    """The `sdy.sharding` of each func argument (or result), removed from the func."""
    attrs = func.res_attrs if results else func.arg_attrs
    count = len(func.function_type.outputs.data if results else func.function_type.inputs.data)
    if attrs is None:
        return [None] * count
    out: list[TensorShardingAttr | None] = []
    remaining = []
    for entry in attrs.data:
        items = dict(entry.data)
        attr = items.pop(SHARDING_ATTR, None)
        out.append(attr if isinstance(attr, TensorShardingAttr) else None)
        remaining.append(DictionaryAttr(items))
    if results:
        func.res_attrs = ArrayAttr(remaining)
    else:
        func.arg_attrs = ArrayAttr(remaining)
    return out


def _where(op: Operation) -> str:
    loc = getattr(op, "location", None)
    text = str(loc) if loc is not None else ""
    return "" if not text or "unknown" in text else f" at {text}"

