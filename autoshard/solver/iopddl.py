"""Read IOPDDL contest problems (JSON, optionally gzip) into a `StrategyGraph`; format contest solutions."""

from __future__ import annotations

import gzip
import json
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from autoshard.errors import UserError
from autoshard.solver.instance import Edge, StrategyGraph


def load_problem(path: str | Path) -> StrategyGraph:
    """Load an IOPDDL problem file (``.json`` or ``.json.gz``); malformed files raise UserError."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as e:
        raise UserError(f"cannot read {path}: {e.strerror or e}") from None
    if raw[:2] == b"\x1f\x8b":
        try:
            raw = gzip.decompress(raw)
        except (OSError, EOFError) as e:
            raise UserError(f"{path}: corrupt gzip data: {e}") from None
    try:
        doc = json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise UserError(f"{path}: not valid JSON: {e}") from None
    return problem_from_json(doc, str(path))


def problem_from_json(doc: object, source: str = "<json>") -> StrategyGraph:
    """Convert a parsed contest document ``{"problem": {...}}`` into a `StrategyGraph`."""

    def bad(why: str) -> UserError:
        return UserError(f"{source}: malformed IOPDDL problem: {why}")

    if not isinstance(doc, dict) or not isinstance(doc.get("problem"), dict):
        raise bad('expected a JSON object with a "problem" object')
    p = doc["problem"]
    nodes, edges = p.get("nodes"), p.get("edges", {"nodes": [], "costs": []})
    if not isinstance(nodes, dict) or not isinstance(edges, dict):
        raise bad('"nodes" and "edges" must be objects')
    try:
        intervals = nodes["intervals"]
        costs = nodes["costs"]
        usages = nodes["usages"]
        edge_nodes = edges.get("nodes", [])
        edge_costs = edges.get("costs", [])
    except KeyError as e:
        raise bad(f"missing nodes.{e.args[0]}") from None
    n = len(costs)
    if len(intervals) != n or len(usages) != n:
        raise bad(f"{n} cost lists but {len(intervals)} intervals and {len(usages)} usage lists")
    if len(edge_nodes) != len(edge_costs):
        raise bad(f"{len(edge_nodes)} edges but {len(edge_costs)} edge cost lists")
    limit = p.get("usage_limit")
    if limit is not None and (not isinstance(limit, int) or isinstance(limit, bool)):
        raise bad("usage_limit must be an integer")
    try:
        node_costs = tuple(np.asarray(c, dtype=np.int64) for c in costs)
        node_usages = tuple(np.asarray(u, dtype=np.int64) for u in usages)
        ivs = tuple((int(a), int(b)) for a, b in intervals)
    except (TypeError, ValueError, OverflowError) as e:
        raise bad(f"node data: {e}") from None
    for i in range(n):
        if node_costs[i].ndim != 1 or len(node_costs[i]) == 0:
            raise bad(f"node {i} must have a non-empty list of strategy costs")
        if node_usages[i].shape != node_costs[i].shape:
            raise bad(f"node {i} has {len(node_costs[i])} costs but {len(node_usages[i])} usages")
        if ivs[i][0] < 0 or ivs[i][1] < ivs[i][0]:
            raise bad(f"node {i} has a bad interval {list(ivs[i])}")
    edge_list = []
    for k, (pair, flat) in enumerate(zip(edge_nodes, edge_costs)):
        try:
            u, v = (int(x) for x in pair)
        except (TypeError, ValueError):
            raise bad(f"edge {k} must name two nodes") from None
        if not (0 <= u < n and 0 <= v < n):
            raise bad(f"edge {k} joins nodes {u} and {v}, but there are {n} nodes")
        try:
            m = np.asarray(flat, dtype=np.int64)
        except (TypeError, ValueError, OverflowError) as e:
            raise bad(f"edge {k} costs: {e}") from None
        su, sv = len(node_costs[u]), len(node_costs[v])
        if m.shape != (su * sv,):
            raise bad(f"edge {k} has {m.size} costs, expected {su}x{sv}={su * sv}")
        edge_list.append(Edge(u, v, m.reshape(su, sv)))
    graph = StrategyGraph(node_costs, node_usages, ivs, tuple(edge_list), limit, None, str(p.get("name", "")))
    return graph


def format_solution(assignment: Sequence[int]) -> str:
    """The contest's solution line ``[s0, s1, ...]``."""
    return "[" + ", ".join(str(int(s)) for s in assignment) + "]"
