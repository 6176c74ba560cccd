"""The residuals of a training step: values the forward pass defines and the backward pass reads.

A residual is a result of a top-level forward op (`training_step`) with a reader after the split, other than the
function's return. Values computed from constants alone are left out: XLA folds them, so holding them costs
nothing. Their bytes are global (the unsharded shape); the sharding divides them later.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from xdsl.ir import Operation, SSAValue

from autoshard.planner.program import TERMINATORS, tensor_info
from autoshard.planner.remat.training_step import TrainingStep, external_reads
from autoshard.rules.attrs import op_name
from autoshard.sharding.hardware_profiles import element_bytes


@dataclass(frozen=True)
class Residual:
    """One forward value the backward pass reads: its producer's position and result index, the positions of its
    first and last backward readers, and its global size."""

    value: SSAValue
    position: int
    result_index: int
    first_backward_reader: int
    last_backward_reader: int
    nbytes: int

    @property
    def producer(self) -> Operation:
        owner = self.value.owner
        assert isinstance(owner, Operation)
        return owner

    @property
    def op(self) -> str:
        return op_name(self.producer)


def value_bytes(value: SSAValue) -> int:
    """Global bytes of a ranked tensor value (0 for anything else)."""
    info = tensor_info(value)
    if info is None:
        return 0
    return int(np.prod(info.shape, dtype=np.int64)) * element_bytes(info.dtype)


def reader_positions(step: TrainingStep, value: SSAValue) -> list[int]:
    """Program positions of the top-level ops that read `value` (the function's return left out), sorted."""
    return sorted({step.position(use.operation) for use in value.uses if not _is_return(step, use.operation)})


def constant_values(step: TrainingStep) -> set[SSAValue]:
    """Results of forward ops computed from constants alone (ops without operands, and ops reading only those)."""
    constant: set[SSAValue] = set()
    for op in step.forward_ops:
        if all(v in constant for v in external_reads(op)):
            constant.update(op.results)
    return constant


def find_residuals(step: TrainingStep) -> tuple[Residual, ...]:
    """Every residual of `step`, in program order of its producer."""
    constant = constant_values(step)
    found = []
    for position, op in enumerate(step.forward_ops):
        for index, value in enumerate(op.results):
            if value in constant:
                continue
            backward = [p for p in reader_positions(step, value) if p > step.boundary]
            if backward:
                found.append(Residual(value, position, index, backward[0], backward[-1], value_bytes(value)))
    return tuple(found)


def _is_return(step: TrainingStep, op: Operation) -> bool:
    return op.parent_block() is step.body and op_name(op) in TERMINATORS
