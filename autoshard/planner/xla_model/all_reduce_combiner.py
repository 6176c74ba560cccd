"""Which settling collectives XLA's combiner merges into one (`AllReduceCombiner`, `ReduceScatterCombiner`).

The settling ops of a plan (ops whose strategy leaves partial sums for an all-reduce or a reduce-scatter) are
visited in XLA's post order (`post_order`). Per kind of collective and mesh axes, members join the open group
until one depends on a member of it: that one starts the next group. A reduce-scatter counts as an all-reduce on
a backend that forms none (`XlaBackend.reduce_scatter`).

A recomputation XLA merges with the forward op it repeats (`merged_values`, on a backend that merges
`jax.checkpoint`'s recomputation) is no member: common-subexpression elimination makes its partial sums the
forward op's, and its collective (not merged itself) joins the forward op's combined collective, reading the same
operand twice, where the forward op runs (seen in XLA:CPU's schedule: one tuple all-reduce of the forward
reduction's result, in the forward pass). Grouped at its own program position, it would hold the forward pass's
collective, and everything after it, until the backward pass.

Whether a settling op depends on a group is asked of the group's downstream nodes, worked out lazily in program
order: a node is downstream of a member through readers that all come before it in the program, so only the
nodes before the op asked about need expanding. Each node is expanded at most once per group, and only as far as
the group's questions reach, so graphs of every size are grouped (a data-parallel step's gradients, combined into
one all-reduce, are all live together at the end of its backward pass).
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence
from dataclasses import dataclass, field

from autoshard.planner.plan_graph import PlanGraph
from autoshard.planner.xla_model.backend import XlaBackend
from autoshard.planner.xla_model.merged_values import merged_values
from autoshard.planner.xla_model.post_order import post_order


@dataclass
class _Group:
    """The members of one combined collective and what is known of the nodes downstream of them."""

    members: list[int] = field(default_factory=list)
    #: nodes reached from the members through forward edges (the members themselves only when reached)
    downstream: set[int] = field(default_factory=set)
    #: (program position, node): reached nodes whose readers are not expanded yet
    frontier: list[tuple[int, int]] = field(default_factory=list)

    def add(self, node: int, position: int) -> None:
        self.members.append(node)
        heapq.heappush(self.frontier, (position, node))

    def reaches(self, node: int, position: int, graph: PlanGraph, readers: dict[int, list[int]]) -> bool:
        """Whether `node` (at program `position`) is downstream of a member: every node before it is expanded."""
        nodes = graph.nodes
        frontier, downstream = self.frontier, self.downstream
        while frontier and frontier[0][0] < position:
            _, u = heapq.heappop(frontier)
            for c in readers.get(u, ()):
                if c not in downstream:
                    downstream.add(c)
                    heapq.heappush(frontier, (nodes[c].position, c))
        return node in downstream


def combined_groups(graph: PlanGraph, assignment: Sequence[int], backend: XlaBackend) -> list[list[int]]:
    """The settling ops whose collectives XLA's combiner merges into one, each group in XLA's post order (module
    docstring); kept for the last plan asked about (`PlanGraph.under_plan`): read, do not change."""
    return graph.under_plan(f"combined groups on {backend.name}", assignment,
                            lambda g, plan: _combined_groups(g, plan, backend))


def _combined_groups(graph: PlanGraph, assignment: Sequence[int], backend: XlaBackend) -> list[list[int]]:
    nodes = graph.nodes
    _, readers = graph.forward_neighbours()
    walk = graph.derived("post order", post_order)
    repeats = merged_values(graph, assignment) if backend.merges_recomputation.value else {}
    settles = sorted((n for n in nodes if n.strategies and n.strategies[assignment[n.index]].settle
                      and n.index not in repeats), key=lambda n: walk[n.index])
    open_groups: dict[tuple, _Group] = {}  # (kind, axes) -> the group members join
    merged: list[list[int]] = []
    for n in settles:
        settle = n.strategies[assignment[n.index]].settle
        key = (settle.kind if backend.reduce_scatter.value else "all_reduce", tuple(settle.axes))
        group = open_groups.get(key)
        if group is None or group.reaches(n.index, n.position, graph, readers):
            group = open_groups[key] = _Group()
            merged.append(group.members)
        group.add(n.index, n.position)
    return merged
