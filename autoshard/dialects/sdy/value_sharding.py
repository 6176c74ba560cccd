"""The sharding attached to an SSA value, wherever the IR states it.

An sdy op that states the shardings of its results (and block arguments) says so by deriving from
`ShardingSource`; any other op states them in its `sdy.sharding` attribute, a function in its
`arg_attrs`, a `stablehlo.while` in its `sdy.sharding` for the loop-carried block arguments too.
"""

from __future__ import annotations

from xdsl.dialects.func import FuncOp
from xdsl.ir import BlockArgument, OpResult, SSAValue

from autoshard.dialects.sdy.shardings import TensorShardingAttr, TensorShardingPerValueAttr


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


def get_sharding(value: SSAValue) -> TensorShardingAttr | None:
    """The sharding attached to a value: by the sdy op defining it, by `sdy.sharding` on its defining op or
    on the func argument, or by the in_shardings of the manual/named computation whose block argument it is."""
    if isinstance(value, OpResult):
        op = value.op
        if isinstance(op, ShardingSource):
            return op.result_sharding(value.index)
        attr = op.attributes.get(SHARDING_ATTR)
        if isinstance(attr, TensorShardingPerValueAttr) and value.index < len(attr.shardings):
            return attr.shardings[value.index]
        return None
    if isinstance(value, BlockArgument):
        owner = value.block.parent_op()
        if isinstance(owner, FuncOp):
            if owner.arg_attrs is not None and value.index < len(owner.arg_attrs.data):
                attr = owner.arg_attrs.data[value.index].data.get(SHARDING_ATTR)
                return attr if isinstance(attr, TensorShardingAttr) else None
            return None
        if isinstance(owner, ShardingSource):
            return owner.block_argument_sharding(value.index)
        if owner is not None and owner.name == "stablehlo.while":  # loop-carried values share the results' shardings
            attr = owner.attributes.get(SHARDING_ATTR)
            if isinstance(attr, TensorShardingPerValueAttr) and value.index < len(attr.shardings):
                return attr.shardings[value.index]
    return None
