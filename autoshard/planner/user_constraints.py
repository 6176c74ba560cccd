"""User intent as restrictions on candidate shardings: fixed/open dims, replicated axes, option presets.

A user sharding `#sdy.sharding<@m, [{"a"}, {"b", ?}], replicated={"c"}>` allows a candidate when every
closed dim equals the user's axes, every open dim starts with the user's axes (the planner may extend it),
and no replicated axis is used. Priorities are soft: a candidate that does not honour a prioritized dim
is allowed but pays `priority_penalty_s` (smaller for larger p).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from autoshard.errors import UserError
from autoshard.sharding import AxisRef, Mesh, TensorSharding


def dim_allows(user_axes: tuple[AxisRef, ...], is_closed: bool, candidate_axes: tuple[AxisRef, ...]) -> bool:
    if is_closed:
        return candidate_axes == user_axes
    return candidate_axes[: len(user_axes)] == user_axes


def sharding_allows(user: TensorSharding, candidate: TensorSharding, mesh: Mesh, honour_priorities: bool = True) -> bool:
    """Whether `candidate` honours `user` (dims with a priority are only checked when `honour_priorities`)."""
    if user.rank != candidate.rank:
        return False
    for u, c in zip(user.dims, candidate.dims):
        if u.priority is not None and not honour_priorities:
            continue
        if not dim_allows(u.axes, u.is_closed, c.axes):
            return False
    used = candidate.all_axes()
    return not any(r.overlaps(a, mesh) for r in user.replicated for a in used)


def priority_penalty(user: TensorSharding, candidate: TensorSharding, penalty_s: float) -> float:
    """Soft cost of not honouring prioritized dims: `penalty_s / (1 + p)` per dim with priority p."""
    cost = 0.0
    for u, c in zip(user.dims, candidate.dims):
        if u.priority is not None and not dim_allows(u.axes, u.is_closed, c.axes):
            cost += penalty_s / (1 + u.priority)
    return cost


@dataclass(frozen=True)
class PlanOptions:
    """Options that restrict the search the way users ask for it (CLI flags and API keywords)."""

    #: func arguments stay fully replicated (e.g. parameters that must not be sharded)
    replicate_arguments: tuple[int, ...] = ()
    #: dimension 0 of every argument with rank >= 1 that is a batch input goes on these axes
    batch_axes: tuple[str, ...] = ()
    #: argument indices that are batch inputs: their dimension 0 must start with `batch_axes`
    batch_arguments: tuple[int, ...] = ()
    #: state that round-trips (a training step's parameters and optimizer state): each result is tied to the
    #: next unmatched argument of the same type, in order, and must keep its sharding. Donated arguments
    #: (`tf.aliasing_output`) are always tied to their result.
    carry_state: bool = False
    allow_sub_axes: bool = True
    #: neighbouring mesh axes searched as one (`planner.axis_groups`): None groups axes that share a link when
    #: the mesh has too many strategies axis by axis; () never groups
    axis_groups: tuple[tuple[str, ...], ...] | None = None
    priority_penalty_s: float = 1.0

    def argument_allows(self, index: int, candidate: TensorSharding) -> bool:
        if index in self.replicate_arguments and not candidate.is_fully_replicated():
            return False
        if self.batch_axes and index in self.batch_arguments:
            want = tuple(AxisRef(a) for a in self.batch_axes)
            if candidate.rank == 0 or candidate.dims[0].axes[: len(want)] != want:
                return False
        return True


def allowed_indices(candidates: Sequence[TensorSharding], keep) -> list[int]:
    return [i for i, c in enumerate(candidates) if keep(c)]


def read_user_sharding(attr, mesh: Mesh) -> TensorSharding | None:
    """The plain sharding of a user-written `#sdy.sharding` attribute (None when absent), its axes checked against
    `mesh`; raises `UserError` naming an axis the mesh does not have."""
    if attr is None:
        return None
    to_sharding = getattr(attr, "to_sharding", None)
    if to_sharding is None:
        raise UserError(f"cannot read sharding {attr}")
    sharding = to_sharding()
    for axis in sharding.all_axes() + sharding.replicated + sharding.unreduced:
        if not mesh.has_axis(axis.name):
            raise UserError(f"sharding {sharding} names axis '{axis.name}', which the mesh {mesh} does not have")
    return sharding
