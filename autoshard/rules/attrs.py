"""An op's full name, also for ops parsed without their dialect, and whether it lies inside an op of a name.

Op facts (dimension numbers, windows, dimensions, targets, ...) are not read here by attribute name: rules and
kernels read them through the typed dialect ops (`autoshard.rules.typed_ops`).
"""

from __future__ import annotations

from collections.abc import Iterator

from xdsl.dialects.builtin import UnregisteredOp
from xdsl.ir import Operation


def op_name(op: Operation) -> str:
    """The op's full name, also for ops parsed without their dialect (xDSL's `UnregisteredOp`)."""
    if isinstance(op, UnregisteredOp):
        return op.op_name.data
    return op.name


def ancestors(op: Operation) -> Iterator[Operation]:
    """The ops `op` lies inside, innermost first."""
    parent = op.parent_op()
    while parent is not None:
        yield parent
        parent = parent.parent_op()


def nested_in(op: Operation, name: str) -> bool:
    """Whether `op` lies, at any depth, inside an op named `name` (`op_name`)."""
    return any(op_name(parent) == name for parent in ancestors(op))
