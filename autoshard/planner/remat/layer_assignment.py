"""Per-layer checkpoint policies, and the assignments `--remat auto` tries, cheapest estimated compute first.

Each repeated layer is kept (`EVERYTHING_SAVEABLE`) or recomputed under `DOTS_SAVEABLE` or `NOTHING_SAVEABLE`. The
layers recomputed are the first ones, the most recomputed first: an earlier layer's residuals are held longer
(from its forward to its backward), and the last layer's backward starts right after the forward, where
recomputing it holds its clones beside every other layer's residuals. An assignment is then a count of layers
per policy (`layer_policies`).

A policy's `PolicyEstimate` is per layer: the memory it frees and the compute it adds, from a plan of the step
with every layer under that policy (the figures divided by the number of layers). `cheapest_first` orders the
assignments that recompute something by estimated compute added and keeps each only when it is estimated to free
more than every cheaper one: the real planner then finds along that order the cheapest that fits.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import groupby

from autoshard.planner.remat.policies import CheckpointPolicy

#: the policies a layer may be recomputed under, most recomputed first (the order layers take them in)
RECOMPUTING = (CheckpointPolicy.NOTHING_SAVEABLE, CheckpointPolicy.DOTS_SAVEABLE)


@dataclass(frozen=True)
class PolicyEstimate:
    """Per layer under `policy`: the per-device bytes it frees and the compute it adds per step."""

    policy: CheckpointPolicy
    bytes_freed: float
    compute_s: float


@dataclass(frozen=True)
class LayerAssignment:
    """Each layer's policy (program order) with the estimated bytes freed and compute added."""

    policies: tuple[CheckpointPolicy, ...]
    bytes_freed: float
    compute_s: float


def layer_policies(num_layers: int, counts: dict[CheckpointPolicy, int]) -> tuple[CheckpointPolicy, ...]:
    """`counts[p]` layers under each policy `p`, the first layers under the first of `RECOMPUTING`, the rest kept."""
    out = [p for p in RECOMPUTING for _ in range(counts.get(p, 0))]
    assert len(out) <= num_layers
    return (*out, *[CheckpointPolicy.EVERYTHING_SAVEABLE] * (num_layers - len(out)))


def cheapest_first(num_layers: int, estimates: Sequence[PolicyEstimate]) -> list[LayerAssignment]:
    """The assignments over `estimates`' policies (module docstring) by estimated compute, each estimated to free
    more than every cheaper one; empty without estimates."""
    by_policy = {e.policy: e for e in estimates}
    strong = by_policy.get(RECOMPUTING[0])
    weak = by_policy.get(RECOMPUTING[1])
    out: list[LayerAssignment] = []
    for n_strong in range(num_layers + 1 if strong else 1):
        for n_weak in range(num_layers - n_strong + 1 if weak else 1):
            if n_strong + n_weak == 0:
                continue
            picked = [(strong, n_strong), (weak, n_weak)]
            freed = sum(e.bytes_freed * n for e, n in picked if e is not None)
            compute = sum(e.compute_s * n for e, n in picked if e is not None)
            counts = {e.policy: n for e, n in picked if e is not None}
            out.append(LayerAssignment(layer_policies(num_layers, counts), freed, compute))
    out.sort(key=lambda a: (a.compute_s, -a.bytes_freed))
    kept: list[LayerAssignment] = []
    for a in out:
        if not kept or a.bytes_freed > kept[-1].bytes_freed:
            kept.append(a)
    return kept


def assignment_text(policies: Sequence[CheckpointPolicy]) -> str:
    """`dots_saveable on every layer`, or `nothing_saveable on layers 0-1, dots_saveable on layer 2, 5 kept`."""
    if len(set(policies)) == 1:
        return f"{policies[0].value} on every layer"
    parts = []
    start = 0
    for policy, run in groupby(policies):
        n = len(list(run))
        if policy != CheckpointPolicy.EVERYTHING_SAVEABLE:
            where = f"layer {start}" if n == 1 else f"layers {start}-{start + n - 1}"
            parts.append(f"{policy.value} on {where}")
        start += n
    kept = sum(p == CheckpointPolicy.EVERYTHING_SAVEABLE for p in policies)
    return ", ".join(parts) + (f", {kept} kept" if kept else "")
