"""Resharding looks only at the dimensions that are sharded before or after: lower those, then put the rest back.

A dimension with no axes in either sharding never gains or loses axes in any of the collectives (Shardy's or
XLA's lowering), and its size does not matter. So the decomposition of `src -> dst` equals the decomposition of
the two shardings restricted to the involved dimensions, re-expanded. The planner memoizes lowerings on the
restricted pair: tensors of different ranks and layouts that move the same axes between the same kind of dims
share one lowering (about half as many lowerings on a 3-axis mesh).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from autoshard.sharding.collective_steps import Collective
from autoshard.sharding.tensor_sharding import DimSharding, TensorSharding

_EMPTY = DimSharding()


def involved_dims(src: TensorSharding, dst: TensorSharding) -> tuple[int, ...]:
    """Indices of the dimensions with axes in `src` or in `dst` (open/closed and priorities count as well)."""
    return tuple(i for i, (a, b) in enumerate(zip(src.dims, dst.dims)) if a != _EMPTY or b != _EMPTY)


def restrict(sharding: TensorSharding, dims: Sequence[int]) -> TensorSharding:
    """`sharding` on the listed dimensions only."""
    if len(dims) == len(sharding.dims):
        return sharding
    return TensorSharding(sharding.mesh_name, tuple(sharding.dims[i] for i in dims), sharding.replicated,
                          sharding.unreduced, sharding.inline_mesh)  # fmt: skip


def expand(sharding: TensorSharding, dims: Sequence[int], rank: int) -> TensorSharding:
    """The inverse of `restrict`: the listed dimensions back at their places, the others unsharded."""
    out = [_EMPTY] * rank
    for k, i in enumerate(dims):
        out[i] = sharding.dims[k]
    return replace(sharding, dims=tuple(out))


def expand_steps(steps: Sequence[Collective], dims: Sequence[int], rank: int) -> list[Collective]:
    """Steps lowered on restricted shardings, expressed on the full-rank tensor."""
    if len(dims) == rank:
        return list(steps)
    return [step.expanded(dims, rank, expand(step.out_sharding, dims, rank)) for step in steps]
