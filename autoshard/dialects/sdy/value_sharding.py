"""The sharding attached to an SSA value, wherever the IR states it.

An sdy op that states the shardings of its results (and block arguments) says so by deriving from
`ShardingSource`; any other op states them in its `sdy.sharding` attribute (`op_shardings`), a function in its
`arg_attrs` / `res_attrs` (`func_sharding`), a `stablehlo.while` in its `sdy.sharding` for the loop-carried block
arguments too. These are the one reader of those attributes: the planner and the simulator read through them.
"""

from __future__ import annotations

from xdsl.dialects.func import FuncOp
from xdsl.ir import BlockArgument, Operation, OpResult, SSAValue

from autoshard.dialects.sdy.shardings import TensorShardingAttr, TensorShardingPerValueAttr
from autoshard.errors import UserError


#: The discardable attribute holding per-result shardings of any op, and per-argument/result of a func.
SHARDING_ATTR = "sdy.sharding"


class ShardingSource:
    """Mixin of the sdy ops whose own fields state the shardings of their results and block arguments."""

    def result_sharding(self, index: int) -> TensorShardingAttr | None:
        """The sharding of result `index` (None when the op states none)."""
        raise NotImplementedError

    def block_argument_sharding(self, index: int) -> TensorShardingAttr | None:
        """The sharding of argument `index` of the op's body (None: no body, or no sharding stated)."""
        return None


def op_shardings(op: Operation) -> tuple[TensorShardingAttr, ...] | None:
    """The shardings an op's `sdy.sharding` attribute states for its results (a `stablehlo.while`'s also for its
    loop-carried block arguments); None when it has none. One that is not a `#sdy.sharding_per_value` is a
    `UserError`."""
    attr = op.attributes.get(SHARDING_ATTR)
    if attr is None:
        return None
    if not isinstance(attr, TensorShardingPerValueAttr):
        raise UserError(f"'{op.name}' has an {SHARDING_ATTR} that is not a #sdy.sharding_per_value")
    return tuple(attr.shardings)


def func_sharding(func: FuncOp, index: int, result: bool = False) -> TensorShardingAttr | None:
    """The sharding a func's `sdy.sharding` states for its argument (or, with `result`, its result) `index`; None
    when it states none. One that is not a `#sdy.sharding` is a `UserError`."""
    attrs = func.res_attrs if result else func.arg_attrs
    if attrs is None or index >= len(attrs.data):
        return None
    attr = attrs.data[index].data.get(SHARDING_ATTR)
    if attr is None or isinstance(attr, TensorShardingAttr):
        return attr
    raise UserError(f"{'result' if result else 'argument'} {index} of @{func.sym_name.data} has an "
                    f"{SHARDING_ATTR} that is not a #sdy.sharding")


def get_sharding(value: SSAValue) -> TensorShardingAttr | None:
    """The sharding attached to a value: by the sdy op defining it, by `sdy.sharding` on its defining op or
    on the func argument, or by the in_shardings of the manual/named computation whose block argument it is."""
    if isinstance(value, OpResult):
        op = value.op
        if isinstance(op, ShardingSource):
            return op.result_sharding(value.index)
        return _nth(op_shardings(op), value.index)
    if isinstance(value, BlockArgument):
        owner = value.block.parent_op()
        if isinstance(owner, FuncOp):
            return func_sharding(owner, value.index)
        if isinstance(owner, ShardingSource):
            return owner.block_argument_sharding(value.index)
        if owner is not None and owner.name == "stablehlo.while":  # loop-carried values share the results' shardings
            return _nth(op_shardings(owner), value.index)
    return None


def _nth(shardings: tuple[TensorShardingAttr, ...] | None, index: int) -> TensorShardingAttr | None:
    return shardings[index] if shardings is not None and index < len(shardings) else None
