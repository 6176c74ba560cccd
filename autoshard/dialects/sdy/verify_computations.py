"""Verification rules for `sdy.manual_computation` and `sdy.named_computation`."""

from __future__ import annotations

import math

from xdsl.dialects.builtin import TensorType
from xdsl.ir import Attribute, BlockArgument, OpResult, Operation
from xdsl.utils.exceptions import VerifyException

from autoshard.dialects.sdy.axes import AxisRefAttr
from autoshard.dialects.sdy.diagnostics import fail
from autoshard.dialects.sdy.mesh_attrs import MeshAttr
from autoshard.dialects.sdy.shardings import TensorShardingAttr
from autoshard.dialects.sdy.verify_shardings import (
    parent_manual_axes,
    verify_not_bound_by_parent,
    verify_sharding_per_value,
    verify_tensor_sharding,
)
from autoshard.sharding import Mesh


def _local_type(global_type: Attribute, sharding: TensorShardingAttr, manual: set[str], plain: Mesh,
                prefix: str) -> Attribute:
    if not isinstance(global_type, TensorType):
        return global_type
    shape = []
    for size, dim in zip(global_type.get_shape(), sharding.dims):
        manual_size = math.prod(r.to_axis_ref().size(plain) for r in dim.axis_refs if r.axis in manual)
        if size >= 0 and size % manual_size != 0:
            fail(f"{prefix}dimension size {size} is not divisible by the manual axes size {manual_size}")
        shape.append(size // manual_size if size >= 0 else size)
    return TensorType(global_type.get_element_type(), shape)


def _verify_manual_first(sharding: TensorShardingAttr, manual: set[str], what: str, index: int) -> None:
    for d, dim in enumerate(sharding.dims):
        seen_free: AxisRefAttr | None = None
        for ref in dim.axis_refs:
            if ref.axis in manual:
                if seen_free is not None:
                    fail(f"{what} sharding at index {index} must have all manual axes come before free axes in its "
                         f"dimension sharding at index {d}. Saw manual axis {ref} after free axis {seen_free}")
            elif seen_free is None:
                seen_free = ref


def verify_manual_computation(op) -> None:
    block = op.body.block
    ins, outs = op.in_shardings.shardings, op.out_shardings.shardings
    if len(ins) != len(op.tensors):
        fail(f"operand shardings don't match number of values: {len(ins)} shardings vs {len(op.tensors)} values")
    if len(outs) != len(op.results_):
        fail(f"result shardings don't match number of values: {len(outs)} shardings vs {len(op.results_)} values")
    if len(block.args) != len(op.tensors):
        fail(f"number of op operands and region operands must match. Op has {len(op.tensors)} op operands and "
             f"{len(block.args)} region operands")
    terminator = block.last_op
    returned = list(terminator.operands) if terminator is not None and terminator.name == "sdy.return" else []
    if terminator is None or terminator.name != "sdy.return":
        fail("body must end with sdy.return")
    if len(returned) != len(op.results_):
        fail(f"number of op results and region results must match. Op has {len(op.results_)} op results and "
             f"{len(returned)} region results")
    meshes: list[MeshAttr] = []
    for what, shardings, values in (("operand", ins, op.tensors), ("result", outs, op.results_)):
        for sharding, value in zip(shardings, values):
            prefix = f"{what} - "
            meshes.append(verify_tensor_sharding(op, sharding, value.type, prefix))
    non_empty = [m for m in meshes if not m.is_empty()]
    if any(m != non_empty[0] for m in non_empty[1:]):
        fail("all in and out shardings must be bound to the same mesh or an empty mesh.")
    manual = set(op.manual_axes.axis_names)
    mesh = non_empty[0] if non_empty else None
    if mesh is not None:
        for axis in op.manual_axes.axis_names:
            if mesh.axis_size(axis) is None:
                fail(f'unknown manual axis: "{axis}"')
    bound = parent_manual_axes(op)
    for axis in op.manual_axes.axis_names:
        if axis in bound:
            fail(f'operates on axis "{axis}" which is already bound by a parent sdy.manual_computation op')
    verify_not_bound_by_parent(op, list(ins) + list(outs))
    plain = mesh.to_mesh() if mesh is not None else Mesh(())
    for what, shardings in (("operand", ins), ("result", outs)):
        for i, sharding in enumerate(shardings):
            _verify_manual_first(sharding, manual, what, i)
    for i, (sharding, value, arg) in enumerate(zip(ins, op.tensors, block.args)):
        expected = _local_type(value.type, sharding, manual, plain, "")
        if isinstance(expected, TensorType) and expected != arg.type:
            fail(f"operand shape, corresponding sharding, and region operand shape at index {i} must match. "
                 f"Expected local shape '{expected}', actual local shape '{arg.type}'")
    for i, (sharding, value, ret) in enumerate(zip(outs, op.results_, returned)):
        expected = _local_type(value.type, sharding, manual, plain, "")
        if isinstance(expected, TensorType) and expected != ret.type:
            fail(f"result shape, corresponding sharding, and region result shape at index {i} must match. "
                 f"Expected local shape '{expected}', actual local shape '{ret.type}'")
    _verify_isolated(op)


def _verify_isolated(op: Operation) -> None:
    """Values used in the body must be defined in the body (the op is isolated from above)."""
    region = op.regions[0]
    for inner in region.walk():
        for operand in inner.operands:
            owner_region = _defining_region(operand)
            if not _is_inside(owner_region, region):
                raise VerifyException(f"'{inner.name}' op using value defined outside the region")


def _defining_region(value):
    if isinstance(value, BlockArgument):
        return value.block.parent
    if isinstance(value, OpResult):
        block = value.op.parent
        return block.parent if block is not None else None
    return None


def _is_inside(inner, outer) -> bool:
    while inner is not None:
        if inner is outer:
            return True
        parent_op = inner.parent_op() if hasattr(inner, "parent_op") else None
        inner = parent_op.parent_region() if parent_op is not None and hasattr(parent_op, "parent_region") else (
            parent_op.parent.parent if parent_op is not None and parent_op.parent is not None else None)
    return False


def verify_named_computation(op) -> None:
    block = op.body.block
    if len(block.args) != len(op.operands_):
        fail(f"number of block arguments must match the number of operands: {len(block.args)} != {len(op.operands_)}")
    for i, (arg, value) in enumerate(zip(block.args, op.operands_)):
        if arg.type != value.type:
            fail(f"expected the type of the {i}'th block argument to match the type of the corresponding operand: "
                 f"'{arg.type}' vs '{value.type}'")
    terminator = block.last_op
    returned = list(terminator.operands) if terminator is not None and terminator.name == "sdy.return" else []
    returned_types = [v.type for v in returned]
    result_types = list(op.results_.types)
    if returned_types != result_types:
        shown = ", ".join(f"'{t}'" for t in returned_types)
        fail(f"inferred type(s) {shown} are incompatible with return type(s) of operation "
             + ", ".join(f"'{t}'" for t in result_types))
    if op.in_shardings is not None:
        verify_sharding_per_value(op, op.in_shardings, list(op.operands_.types), "in_shardings")
    if op.out_shardings is not None:
        verify_sharding_per_value(op, op.out_shardings, result_types, "out_shardings")
