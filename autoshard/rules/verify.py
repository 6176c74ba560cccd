"""The one sharding-rule verifier: Shardy's, the sdy dialect's `verify_sharding_rule`, for rules not on an op.

The dialect verifies `sdy.sharding_rule` attributes in IR (mapping counts and ranks, factor indices in range, no
reused or unused factor, no size-1 factor in a compound dimension, sorted unique special factors of one type
each, reduction factors only on operands). `verify_rule` runs the same code on a rule and the shapes it is meant
for. Like Shardy, it does not ask a dimension's factors to multiply to its size: several of Shardy's own rules
(dynamic_slice, reduce_window, convolution, top_k) give an operand dimension the result's factor sizes.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import TensorType, UnregisteredOp, f32
from xdsl.ir import Block
from xdsl.utils.exceptions import VerifyException

from autoshard.dialects.sdy.verify_op_attributes import verify_sharding_rule
from autoshard.errors import UserError
from autoshard.rules.attribute import rule_to_attr
from autoshard.rules.rule import OpShardingRule


def verify_rule(rule: OpShardingRule, operand_shapes: Sequence[Sequence[int]],
                result_shapes: Sequence[Sequence[int]]) -> None:
    """Raise `UserError` with Shardy's message when `rule` does not fit tensors of these shapes."""
    block = Block(arg_types=[TensorType(f32, shape) for shape in operand_shapes])
    tensors = UnregisteredOp.with_name("autoshard.rule_tensors").create(
        operands=block.args, result_types=[TensorType(f32, shape) for shape in result_shapes])
    try:
        verify_sharding_rule(tensors, rule_to_attr(rule))
    except VerifyException as e:
        raise UserError(f"sharding rule {rule}: {e}") from None
