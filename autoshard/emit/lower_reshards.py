"""`sdy.reshard` -> sdy collectives, as Shardy's `-sdy-reshard-to-collectives` does.

The decomposition itself is `autoshard.sharding.reshard.reshard_collectives` (shared with the cost model); this
pass finds each reshard's input sharding (looking through `sdy.propagation_barrier`s), turns every
`Collective` into its sdy op, and replaces the reshard by the last result. Reshards Shardy keeps
(single-device meshes, meshes with different axes, and with `keep_redundant_reshards` those that change
nothing) stay as they are.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp, TensorType
from xdsl.ir import Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    GreedyRewritePatternApplier,
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
    op_type_rewrite_pattern,
)

from autoshard.dialects import sdy
from autoshard.dialects.sdy import (
    AllToAllParamAttr,
    AllToAllParamListAttr,
    AxisRefListAttr,
    ListOfAxisRefListsAttr,
    TensorShardingAttr,
)
from autoshard.errors import UserError
from autoshard.sharding.mesh import Mesh
from autoshard.sharding.collective_steps import (
    AllGather,
    AllReduce,
    AllSlice,
    AllToAll,
    Collective,
    CollectivePermute,
    ReduceScatter,
    ReplicatedToUnreduced,
    ShardedToUnreduced,
)
from autoshard.sharding.reshard import ReshardNotLowerable, is_equivalent, reshard_collectives
from autoshard.sharding.tensor_sharding import DimSharding, TensorSharding


def _bypass_barriers(value: SSAValue) -> SSAValue:
    while isinstance(value.owner, sdy.PropagationBarrierOp):
        value = value.owner.input
    return value


def value_sharding(value: SSAValue) -> TensorShardingAttr | None:
    """The sharding of `value` (`sdy.get_sharding`), None when it has none."""
    return sdy.get_sharding(value)


def _rank_and_shape(value: SSAValue) -> tuple[int, tuple[int, ...] | None]:
    type_ = value.type
    if isinstance(type_, TensorType):
        shape = tuple(type_.get_shape())
        return len(shape), (shape if all(s >= 0 for s in shape) else None)
    return 0, None


def _attr(sharding: TensorSharding) -> TensorShardingAttr:
    return TensorShardingAttr.from_sharding(sharding)


def step_op(step: Collective, operand: SSAValue) -> Operation:
    """The sdy collective op for one step of a reshard."""
    out = _attr(step.out_sharding)
    match step:
        case AllGather():
            return sdy.AllGatherOp(operand, out, ListOfAxisRefListsAttr(step.gathering_axes))
        case AllSlice():
            return sdy.AllSliceOp(operand, out, ListOfAxisRefListsAttr(step.slicing_axes))
        case AllToAll():
            params = AllToAllParamListAttr([AllToAllParamAttr(p.axes, p.src_dim, p.tgt_dim) for p in step.params])
            return sdy.AllToAllOp(operand, out, params)
        case CollectivePermute():
            return sdy.CollectivePermuteOp(operand, out)
        case AllReduce():
            return sdy.AllReduceOp(operand, out, AxisRefListAttr(step.axes))
        case ReduceScatter():
            return sdy.ReduceScatterOp(operand, out, ListOfAxisRefListsAttr(step.reduce_scatter_axes))
        case ReplicatedToUnreduced():
            return sdy.ReplicatedToUnreducedOp(operand, out, AxisRefListAttr(step.axes))
        case ShardedToUnreduced():
            return sdy.ShardedToUnreducedOp(operand, out, ListOfAxisRefListsAttr(step.axes))
    raise AssertionError(f"unknown collective {step}")


@dataclass
class ReshardToCollectivesPattern(RewritePattern):
    """Replace one `sdy.reshard` by the collectives of its decomposition."""

    meshes: dict[str, Mesh]
    keep_redundant_reshards: bool = False

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: sdy.ReshardOp, rewriter: PatternRewriter) -> None:
        dst = op.sharding.to_sharding()
        source = _bypass_barriers(op.input)
        rank, shape = _rank_and_shape(op.input)
        src_attr = value_sharding(source)
        if src_attr is not None:
            src = src_attr.to_sharding()
        else:  # a value without a sharding is replicated (open) on the reshard's mesh
            src = TensorSharding(dst.mesh_name, tuple(DimSharding(is_closed=False) for _ in range(rank)),
                                 inline_mesh=dst.inline_mesh)
        if self.keep_redundant_reshards and is_equivalent(src, dst):
            return
        if not src.all_axes() and not dst.all_axes() and set(src.unreduced) == set(dst.unreduced):
            try:
                reshard_collectives(src, dst, self.meshes, shape)  # still kept for single-device meshes
            except ReshardNotLowerable:
                return
            rewriter.replace(op, [], [op.input])
            return
        try:
            steps = reshard_collectives(src, dst, self.meshes, shape)
        except ReshardNotLowerable:
            return
        except UserError as e:
            raise UserError(f"cannot lower {op.name} to collectives: {e}") from None
        value = source
        new_ops: list[Operation] = []
        for step in steps:
            new_op = step_op(step, value)
            new_ops.append(new_op)
            value = new_op.results[0]
        rewriter.replace(op, new_ops, [value])


@dataclass(frozen=True)
class ReshardToCollectivesPass(ModulePass):
    """`-sdy-reshard-to-collectives`: lower every `sdy.reshard` to sdy collectives."""

    name = "sdy-reshard-to-collectives"

    keep_redundant_reshards: bool = False

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        pattern = ReshardToCollectivesPattern(sdy.module_meshes(op), self.keep_redundant_reshards)
        PatternRewriteWalker(GreedyRewritePatternApplier([pattern]), apply_recursively=False).rewrite_module(op)


def lower_reshards(module: ModuleOp, keep_redundant_reshards: bool = False, ctx: Context | None = None) -> ModuleOp:
    """Apply the pass in place and return the module."""
    from autoshard.ir.context import make_context  # noqa: PLC0415

    ReshardToCollectivesPass(keep_redundant_reshards).apply(ctx or make_context(), module)
    return module
