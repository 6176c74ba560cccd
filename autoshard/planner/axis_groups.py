"""Searching a mesh of many axes with neighbouring axes grouped.

An op's strategies grow as (factors + 1) ** axes: on a 4-axis mesh an attention dot has thousands of them and
one edge millions of strategy pairs, more than can be priced (`strategy_problem.MAX_EDGE_STRATEGY_PAIRS`). Such
a mesh is searched with neighbouring axes grouped: a group's axes shard one dimension (or make a value
unreduced) together, in mesh order, or not at all. That is the search on the mesh with each group merged into
one axis, written in the user's axes, so XLA sees the user's mesh and the device groups of the merged axis.

Which axes group (`PlanOptions.axis_groups`):
- given: the user's groups, checked (`check_axis_groups`); `()` searches every axis on its own;
- `None` (automatic): maximal runs of neighbouring axes whose collectives run on the same link
  (`link_sharing_groups`: two axes within a node, or two across nodes), and only when the ungrouped search
  would have an edge with more strategy pairs than are priced, or more pairs in all (`edge_pairs`:
  `MAX_EDGE_STRATEGY_PAIRS`, `MAX_STRATEGY_PAIRS`); then all of them (a
  search with some axes still apart, three units of 8, 2 and 4 devices say, is priced but takes minutes and
  ends far from its bound). Other meshes are searched axis by axis.

A sharding the user wrote that splits a group is still honoured: it becomes that value's own strategy
(`build_graph._restrict`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from autoshard.errors import UserError
from autoshard.planner.factor_strategies import FactorRule, enumerate_factor_strategies, reduction_axes
from autoshard.planner.node_strategies import IdentityRule
from autoshard.planner.plan_graph import NodeKind, PlanGraph
from autoshard.planner.strategy_problem import MAX_EDGE_STRATEGY_PAIRS, MAX_STRATEGY_PAIRS
from autoshard.sharding import Mesh

AxisGroups = tuple[tuple[str, ...], ...]


def check_axis_groups(mesh: Mesh, groups: Sequence[Sequence[str]]) -> AxisGroups:
    """`groups` as tuples, or `UserError` unless each names two or more axes of `mesh` that are neighbours in
    mesh order (major to minor) and no axis is in two groups."""
    order = [a.name for a in mesh.axes]
    seen: set[str] = set()
    out = []
    for group in groups:
        group = tuple(group)
        unknown = [name for name in group if name not in order]
        if unknown:
            raise UserError(f"axis group {'+'.join(group)} names axis '{unknown[0]}', which the mesh {mesh} does not "
                            f"have")
        if len(group) < 2:
            raise UserError(f"axis group {'+'.join(group)} has one axis; a group names two or more")
        start = order.index(group[0])
        if tuple(order[start:start + len(group)]) != group:
            raise UserError(f"axis group {'+'.join(group)} is not a run of neighbouring axes in mesh order "
                            f"({', '.join(order)})")
        if seen.intersection(group):
            raise UserError(f"axis '{sorted(seen.intersection(group))[0]}' is in two axis groups")
        seen.update(group)
        out.append(group)
    return tuple(out)


def parse_axis_groups(text: str) -> AxisGroups | None:
    """`--axis-groups`: "auto" (None), "none" (no groups) or groups like "data+fsdp,seq+model"."""
    text = text.strip()
    if text == "auto":
        return None
    if text == "none":
        return ()
    return tuple(tuple(name.strip() for name in group.split("+")) for group in text.split(",") if group.strip())


def link_sharing_groups(mesh: Mesh, links: Mapping[str, object]) -> AxisGroups:
    """Maximal runs (two or more) of neighbouring axes larger than 1 whose `links` (axis -> link) are equal (an axis
    without a link groups with none)."""
    groups, run = [], []
    for axis in mesh.axes:
        if axis.size == 1:
            continue
        link = links.get(axis.name)
        if run and link is not None and link == links.get(run[-1]):
            run.append(axis.name)
            continue
        if len(run) > 1:
            groups.append(tuple(run))
        run = [axis.name]
    if len(run) > 1:
        groups.append(tuple(run))
    return tuple(groups)


def edge_pairs(graph: PlanGraph, rules: Mapping[int, FactorRule], mesh: Mesh, allow_sub_axes: bool,
               axis_groups: AxisGroups = ()) -> tuple[int, int]:
    """About the most strategy pairs of one edge of `graph` on `mesh`, and of all its edges, counted without building
    a strategy: an op's factor strategies, each that leaves partial sums counted once per way to settle them (an
    all-reduce, a reduce-scatter onto each result dimension, or left unreduced)."""
    by_rule: dict[object, int] = {}  # by the rule's value where it has one (ops of one shape share it), else by id
    by_shape: dict[tuple[int, ...], int] = {}

    def count(index: int) -> int:
        node = graph.nodes[index]
        if node.kind == NodeKind.MANUAL:
            return 1
        if node.kind == NodeKind.OP:
            rule = rules[index]
            key = _value_or_id(rule)
            if key not in by_rule:
                settles = 2 + max((len(m) for m in rule.result_mappings), default=0)
                by_rule[key] = sum(settles if reduction_axes(rule, fs) else 1 for fs in enumerate_factor_strategies(
                    rule, mesh, allow_sub_axes, axis_groups=axis_groups))
            return by_rule[key]
        info = node.outputs[0] if node.outputs else node.inputs[0]
        if info.shape not in by_shape:
            by_shape[info.shape] = len(enumerate_factor_strategies(IdentityRule.of(info), mesh, allow_sub_axes,
                                                                   axis_groups=axis_groups))
        return by_shape[info.shape]

    counts: dict[int, int] = {}
    largest = total = 0
    for e in graph.edges:
        for i in (e.producer, e.consumer):
            if i not in counts:
                counts[i] = count(i)
        pairs = counts[e.producer] * counts[e.consumer]
        largest, total = max(largest, pairs), total + pairs
    return largest, total


def _value_or_id(rule: FactorRule) -> object:
    """`rule` itself as a key when it hashes (rules compare by value), else its id."""
    try:
        hash(rule)
    except TypeError:
        return ("id", id(rule))
    return rule


def choose_axis_groups(graph: PlanGraph, rules: Mapping[int, FactorRule], mesh: Mesh, links: Mapping[str, object],
                       given: Sequence[Sequence[str]] | None, allow_sub_axes: bool) -> tuple[AxisGroups, str | None]:
    """The groups to search with (module docstring) and, when they were chosen automatically, a line saying so."""
    if given is not None:
        return check_axis_groups(mesh, given), None
    groups = link_sharing_groups(mesh, links)
    if not groups:
        return (), None
    largest, total = edge_pairs(graph, rules, mesh, allow_sub_axes)
    if largest <= MAX_EDGE_STRATEGY_PAIRS and total <= MAX_STRATEGY_PAIRS:
        return (), None
    shown = ", ".join("+".join(g) for g in groups)
    merged = ",".join(f"{'_'.join(g)}={math.prod(mesh.axis_size(n) for n in g)}" for g in groups)
    why = (f"an edge has about {largest:,} strategy pairs, at most {MAX_EDGE_STRATEGY_PAIRS:,} are priced"
           if largest > MAX_EDGE_STRATEGY_PAIRS else
           f"the edges have about {total:,} strategy pairs in all, at most {MAX_STRATEGY_PAIRS:,} are priced")
    return groups, (f"searched mesh {mesh} with neighbouring axes that share a link grouped ({shown}): axis by axis "
                    f"{why}; a group's axes shard a dimension together, as one axis would (merged: {merged}); "
                    f"--axis-groups chooses them, none searches axis by axis")
