"""Renaming mesh axes inside shardings, and the renamings a cost model cannot tell apart.

On a mesh whose axes have equal sizes and equal links (2x2x2 on one node, a 4-axis mesh of 2s), a reshard between
two shardings costs what the reshard between their axis-renamed images costs, as long as the lowering itself does
not depend on the axes' order in the mesh (Shardy's does not; XLA's partitioner does). The planner prices one
representative per orbit of (source, target) pairs instead of every pair.
"""

from __future__ import annotations

import itertools
import math
from collections import defaultdict
from collections.abc import Callable, Hashable, Mapping
from dataclasses import replace

from autoshard.sharding.axis_ref import AxisRef
from autoshard.sharding.mesh import Mesh
from autoshard.sharding.tensor_sharding import TensorSharding

#: Largest number of renamings used (5 interchangeable axes give 119); beyond it symmetry is not exploited.
MAX_RENAMINGS = 120


def rename_axes(sharding: TensorSharding, mapping: Mapping[str, str]) -> TensorSharding:
    """`sharding` with every axis (and sub-axis) of name `a` renamed to `mapping[a]` (others unchanged)."""

    def ref(a: AxisRef) -> AxisRef:
        name = mapping.get(a.name, a.name)
        return a if name == a.name else AxisRef(name, a.sub_axis)

    return replace(
        sharding,
        dims=tuple(replace(d, axes=tuple(map(ref, d.axes))) for d in sharding.dims),
        replicated=tuple(map(ref, sharding.replicated)),
        unreduced=tuple(map(ref, sharding.unreduced)),
    )


def interchangeable_axis_renamings(mesh: Mesh, axis_key: Callable[[str], Hashable]) -> list[dict[str, str]]:
    """Every non-identity renaming permuting axes of equal size and equal `axis_key` (e.g. their link).

    Empty when no two axes are interchangeable or when there would be more than `MAX_RENAMINGS`.
    """
    classes: dict[Hashable, list[str]] = defaultdict(list)
    for name in mesh.axis_names:
        classes[(mesh.axis_size(name), axis_key(name))].append(name)
    groups = [names for names in classes.values() if len(names) > 1]
    if not groups or math.prod(math.factorial(len(g)) for g in groups) - 1 > MAX_RENAMINGS:
        return []
    renamings = []
    for images in itertools.product(*(itertools.permutations(g) for g in groups)):
        mapping = {a: b for group, image in zip(groups, images) for a, b in zip(group, image) if a != b}
        if mapping:
            renamings.append(mapping)
    return renamings
