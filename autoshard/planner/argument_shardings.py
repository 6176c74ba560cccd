"""A plan graph with its arguments' shardings given, as if the module had them written on its arguments.

`build_graph` restricts an argument the module shards (`sdy.sharding` on it) to the strategies that honour the
sharding (`user_constraints.sharding_allows`), within what the plan's options allow. The same restriction on a
graph already built gives the graph that building the annotated module would give, without reading and
building it again: the references (`autoshard.tools.reference_plans`) search the plan's own graph so.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from autoshard.planner.plan_graph import NodeKind, PlanGraph
from autoshard.planner.user_constraints import sharding_allows
from autoshard.sharding import Mesh, TensorSharding


def with_argument_shardings(graph: PlanGraph, shardings: Mapping[int, TensorSharding], mesh: Mesh
                            ) -> PlanGraph | None:
    """`graph` with each argument in `shardings` (by argument index; closed dimensions, no priorities) allowed only
    the strategies whose sharding honours it, among those it allowed already. `graph` is not changed: the new
    graph has its own argument nodes and shares the rest, with the facts of its structure worked out so far
    (`PlanGraph.derived`). None when an argument has no such strategy: `build_graph` then adds the sharding as a
    strategy of its own, so the annotated module must be built."""
    nodes = list(graph.nodes)
    restricted: set[int] = set()
    for node in graph.nodes:
        if node.kind != NodeKind.ARGUMENT or node.ir[1] not in shardings:
            continue
        sharding = shardings[node.ir[1]]
        candidates = node.allowed if node.allowed is not None else range(len(node.strategies))
        allowed = [i for i in candidates if sharding_allows(sharding, node.strategies[i].outputs[0], mesh)]
        if not allowed:
            return None
        nodes[node.index] = dataclasses.replace(node, allowed=allowed)
        restricted.add(node.ir[1])
    if restricted != set(shardings):
        return None  # a sharding for an argument the graph does not have
    return dataclasses.replace(graph, nodes=nodes, _derived=dict(graph._derived))
