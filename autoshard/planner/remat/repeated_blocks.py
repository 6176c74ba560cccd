"""The repeated blocks (layers) of a training step's forward pass, found from the program's own repetition.

Each forward op gets a signature: its name, attributes, result types, operand types and the op names inside its
regions (not which values it reads, so a layer matches the next one). The longest stretch of the forward with a
period P spanning at least two periods (then the shortest P) is the stack of layers. Where a layer starts within
the period is the cut the fewest values cross (values defined before it, other than constants, read by forward ops
after it): the residual stream between layers. Blocks are P ops from there to the end of the stretch; before it,
one more block is taken where the first layer differs a little (module `_leading_block_start`).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from xdsl.ir import Operation, SSAValue

from autoshard.planner.remat.residuals import constant_values, reader_positions
from autoshard.planner.remat.training_step import TrainingStep, external_reads
from autoshard.rules.attrs import op_name


@dataclass(frozen=True)
class RepeatedBlock:
    """Forward ops `[start, stop)` of one layer; `inputs`: the values defined before it that it reads (arguments
    and constants left out)."""

    index: int
    start: int
    stop: int
    inputs: tuple[SSAValue, ...]

    def holds(self, position: int) -> bool:
        return self.start <= position < self.stop


def find_repeated_blocks(step: TrainingStep) -> tuple[RepeatedBlock, ...]:
    """The layers of `step`'s forward pass (module docstring); empty when nothing repeats."""
    ops = step.forward_ops
    signatures = np.array(_signature_ids(ops), dtype=np.int64)
    best = _longest_periodic_stretch(signatures)
    if best is None:
        return ()
    start, length, period = best
    constant = constant_values(step)
    crossing = _crossing_counts(step, constant)
    cut = min(range(start, start + period), key=lambda c: (crossing[c + period], c))
    starts = list(range(cut, start + length - period + 1, period))
    first = _leading_block_start(signatures, crossing, cut, period)
    if first is not None:
        starts.insert(0, first)
    bounds = [*zip(starts, starts[1:]), (starts[-1], starts[-1] + period)]
    blocks = [RepeatedBlock(i, lo, hi, tuple(_reads_from_before(step, ops, lo, hi, constant)))
              for i, (lo, hi) in enumerate(bounds)]
    return tuple(blocks) if len(blocks) >= 2 else ()


def _leading_block_start(signatures: np.ndarray, crossing: np.ndarray, cut: int, period: int) -> int | None:
    """Where a first layer that does not quite match the period starts (the first layer reading the program's
    input, whose gradient jax does not compute, has fewer ops): the cut with the fewest crossing values in
    `[cut - 5/4 P, cut - P/2]`, when at least half its ops' signatures occur in the layer after it."""
    lo, hi = max(0, cut - period - period // 4), cut - period // 2
    if hi <= lo:
        return None
    begin = min(range(lo, hi + 1), key=lambda c: (crossing[c], c))
    layer = set(signatures[cut:cut + period].tolist())
    segment = signatures[begin:cut].tolist()
    return begin if segment and 2 * sum(s in layer for s in segment) >= len(segment) else None


def block_of(blocks: tuple[RepeatedBlock, ...], position: int) -> RepeatedBlock | None:
    """The block holding forward op `position`, if any."""
    return next((b for b in blocks if b.holds(position)), None)


def _signature_ids(ops: tuple[Operation, ...]) -> list[int]:
    ids: dict[tuple, int] = {}
    return [ids.setdefault(_signature(op), len(ids)) for op in ops]


def _signature(op: Operation) -> tuple:
    attrs = tuple(sorted((k, str(v)) for k, v in {**op.properties, **op.attributes}.items()))
    inner = tuple(op_name(o) for region in op.regions for o in region.walk())
    return (op_name(op), attrs, tuple(str(r.type) for r in op.results), tuple(str(v.type) for v in op.operands),
            inner)


def _longest_periodic_stretch(signatures: np.ndarray) -> tuple[int, int, int] | None:
    """(start, length, period) of the longest stretch with period P spanning at least two periods (then the
    shortest P)."""
    n = len(signatures)
    best: tuple[int, int, int] | None = None
    for period in range(1, n // 2 + 1):
        same = signatures[:-period] == signatures[period:]
        padded = np.concatenate(([False], same, [False]))
        edges = np.flatnonzero(padded[1:] != padded[:-1])
        if not len(edges):
            continue
        begins, ends = edges[::2], edges[1::2]  # runs [begin, end) of same[i]: ops i and i + period match
        lengths = ends - begins + period
        k = int(np.argmax(lengths))
        if lengths[k] >= 2 * period and (best is None or lengths[k] > best[1]):
            best = (int(begins[k]), int(lengths[k]), period)
    return best


def _crossing_counts(step: TrainingStep, constant: set[SSAValue]) -> np.ndarray:
    """Per cut c (before forward op c): how many values defined before it (op results, not constants) forward ops
    at or after it read."""
    n = step.boundary + 1
    delta = np.zeros(n + 2, dtype=np.int64)
    for position, op in enumerate(step.forward_ops):
        for value in op.results:
            if value in constant:
                continue
            last = max((p for p in reader_positions(step, value) if p <= step.boundary), default=position)
            if last > position:  # crosses cuts position + 1 .. last
                delta[position + 1] += 1
                delta[last + 1] -= 1
    return np.cumsum(delta)[: n + 1]


def _reads_from_before(step: TrainingStep, ops: tuple[Operation, ...], lo: int, hi: int,
                       constant: set[SSAValue]) -> list[SSAValue]:
    """Values defined before op `lo` (op results, not constants) that ops `[lo, hi)` read."""
    found: dict[SSAValue, None] = {}
    for op in ops[lo:hi]:
        for value in external_reads(op):
            owner = value.owner
            if isinstance(owner, Operation) and value not in constant and step.position(owner) < lo:
                found.setdefault(value)
    return list(found)
