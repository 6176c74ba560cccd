"""Verification rules for the sdy ops on one value: sharding constraints, reshards, data-flow edges, constants."""

from __future__ import annotations

from xdsl.dialects.func import CallOp, FuncOp
from xdsl.ir import BlockArgument, OpResult

from autoshard.dialects.sdy.diagnostics import fail
from autoshard.dialects.sdy.shardings import TensorShardingAttr
from autoshard.dialects.sdy.value_sharding import get_sharding
from autoshard.dialects.sdy.verify_shardings import is_static_tensor, verify_not_bound_by_parent, verify_tensor_sharding


def _unreduced_kind_rules(op, in_sharding: TensorShardingAttr | None, out: TensorShardingAttr) -> None:
    if not out.unreduced:
        return
    in_refs = {r.to_axis_ref() for r in in_sharding.unreduced} if in_sharding is not None else set()
    kept = [r for r in out.unreduced if r.to_axis_ref() in in_refs]
    new = [r for r in out.unreduced if r.to_axis_ref() not in in_refs]
    if kept and in_sharding is not None and in_sharding.reduction != out.reduction:
        fail(f"cannot change the reduction operator of kept unreduced axes from {in_sharding.reduction} to "
             f"{out.reduction}.")
    if new and out.reduction != "sum":
        fail(f"cannot introduce '{out.reduction}' unreduced axes. Expected 'sum'.")


def verify_sharding_on_value_op(op) -> None:
    """sdy.sharding_constraint / sdy.reshard."""
    if op.input.type != op.result.type:
        fail(f"result type {op.result.type} does not match operand type {op.input.type}")
    verify_tensor_sharding(op, op.sharding, op.result.type)
    verify_not_bound_by_parent(op, [op.sharding])
    _unreduced_kind_rules(op, get_sharding(op.input), op.sharding)


def _verify_edge(op, operand_word: str) -> None:
    """What both data-flow edge ops need: a static-shaped result, a valid sharding, one user of the operand."""
    if not is_static_tensor(op.result.type):
        fail(f"expected {op.name} to have a static-shaped result")
    if op.sharding is not None:
        verify_tensor_sharding(op, op.sharding, op.result.type)
    if op.input.uses.get_length() != 1:
        fail(f"expected {operand_word} of {op.name} to have a single user")


def verify_data_flow_edge(op) -> None:
    _verify_edge(op, "input")
    if isinstance(op.input, OpResult) and op.input.op.name.startswith("sdy."):
        fail("expected input of sdy.data_flow_edge to not be defined by an SdyDialect op")


def verify_func_data_flow_edge(op) -> None:
    _verify_edge(op, "operand")
    value = op.input
    if isinstance(value, BlockArgument):
        if not isinstance(value.block.parent_op(), FuncOp):
            fail("expected operand of sdy.func_data_flow_edge to be a block argument of a func op.")
    elif isinstance(value, OpResult):
        if not isinstance(value.op, CallOp) and value.op.name != "func.call":
            fail("expected operand of sdy.func_data_flow_edge to be a result of call op.")


def verify_constant(op) -> None:
    value = op.value
    type_ = value.get_type() if hasattr(value, "get_type") else getattr(value, "type", None)
    if type_ is not None and not is_static_tensor(type_):
        fail("elements literal type must have static shape")
    if type_ is not None and type_ != op.output.type:
        fail(f"inferred type(s) '{type_}' are incompatible with return type(s) of operation '{op.output.type}'")
