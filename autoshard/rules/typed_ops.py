"""The one adapter from an op as parsed to the typed dialect op whose fields rules and kernels read.

autoshard's context loads every dialect it knows, so a StableHLO op parses to its typed class (`DotGeneralOp`,
`ConvolutionOp`, `GatherOp`, ...) whichever syntax it was written in, and its facts are read through the typed
accessors the dialect declares (`op.dot_dimension_numbers.lhs_contracting_dimensions`). An op parsed without
its dialect (xDSL's `UnregisteredOp`) has no typed fields: `typed_op` says so in one line instead of guessing
from its attribute text.
"""

from __future__ import annotations

from typing import TypeVar

from xdsl.dialects.builtin import UnregisteredOp
from xdsl.ir import Operation

from autoshard.errors import UserError
from autoshard.rules.attrs import op_name

OpT = TypeVar("OpT", bound=Operation)


def typed_op(op: Operation, cls: type[OpT] | tuple[type[OpT], ...]) -> OpT:
    """`op` as the typed op `cls` (or one of the classes `cls`).

    Raises `UserError` for an op parsed without its dialect (its attributes cannot be read as typed fields), and
    `TypeError` for an op of another kind (a caller's mistake).
    """
    if isinstance(op, cls):
        return op
    classes = cls if isinstance(cls, tuple) else (cls,)
    if isinstance(op, UnregisteredOp):
        raise UserError(f"'{op_name(op)}' op was parsed without its dialect; its attributes are read only from "
                        f"the typed {' or '.join(c.__name__ for c in classes)}")
    names = ' or '.join(repr(getattr(c, "name", c.__name__)) for c in classes)
    raise TypeError(f"expected a {names} op, got '{op_name(op)}'")
