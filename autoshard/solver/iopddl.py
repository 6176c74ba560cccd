"""Read IOPDDL contest problems (JSON, optionally gzip) into a `StrategyGraph`; format contest solutions."""

from __future__ import annotations

import gzip
import itertools
import json
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from autoshard.errors import UserError
from autoshard.solver.strategy_graph import Edge, StrategyGraph


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
    doc = _parse_json(raw, path)
    return problem_from_json(doc, str(path))


def _parse_json(raw: bytes, path: Path) -> object:
    """Parse JSON bytes, with orjson when it is installed (about twice as fast on the large instances)."""
    try:
        import orjson
    except ImportError:
        orjson = None
    if orjson is not None:
        try:
            return orjson.loads(raw)
        except orjson.JSONDecodeError:
            pass  # e.g. integers beyond 64 bits: let the standard parser decide
    try:
        return json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise UserError(f"{path}: not valid JSON: {e}") from None


def _flat_int64(lists: list, source: str, what: str) -> tuple[np.ndarray, np.ndarray]:
    """Concatenate lists of integers into one int64 array; returns (flat values, start offsets of length n+1)."""
    try:
        lens = np.fromiter((len(x) for x in lists), dtype=np.int64, count=len(lists))
        flat = np.fromiter(itertools.chain.from_iterable(lists), dtype=np.int64, count=int(lens.sum()))
    except (TypeError, ValueError, OverflowError) as e:
        raise UserError(f"{source}: malformed IOPDDL problem: {what}: {e}") from None
    return flat, np.concatenate([[0], np.cumsum(lens)])


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
    for what, lists in (("costs", costs), ("usages", usages), ("edge costs", edge_costs)):
        if not isinstance(lists, list) or not all(isinstance(x, list) for x in lists):
            raise bad(f"{what} must be lists of integers")
    cost_flat, cost_at = _flat_int64(costs, source, "node costs")
    usage_flat, usage_at = _flat_int64(usages, source, "node usages")
    node_costs = tuple(cost_flat[cost_at[i] : cost_at[i + 1]] for i in range(n))
    node_usages = tuple(usage_flat[usage_at[i] : usage_at[i + 1]] for i in range(n))
    try:
        ivs = tuple((int(a), int(b)) for a, b in intervals)
    except (TypeError, ValueError, OverflowError) as e:
        raise bad(f"node data: {e}") from None
    edge_flat, edge_at = _flat_int64(edge_costs, source, "edge costs")
    for i in range(n):
        if node_costs[i].ndim != 1 or len(node_costs[i]) == 0:
            raise bad(f"node {i} must have a non-empty list of strategy costs")
        if node_usages[i].shape != node_costs[i].shape:
            raise bad(f"node {i} has {len(node_costs[i])} costs but {len(node_usages[i])} usages")
        if ivs[i][0] < 0 or ivs[i][1] < ivs[i][0]:
            raise bad(f"node {i} has a bad interval {list(ivs[i])}")
    edge_list = []
    for k, pair in enumerate(edge_nodes):
        try:
            u, v = (int(x) for x in pair)
        except (TypeError, ValueError):
            raise bad(f"edge {k} must name two nodes") from None
        if not (0 <= u < n and 0 <= v < n):
            raise bad(f"edge {k} joins nodes {u} and {v}, but there are {n} nodes")
        m = edge_flat[edge_at[k] : edge_at[k + 1]]
        su, sv = len(node_costs[u]), len(node_costs[v])
        if m.shape != (su * sv,):
            raise bad(f"edge {k} has {m.size} costs, expected {su}x{sv}={su * sv}")
        edge_list.append(Edge(u, v, m.reshape(su, sv)))
    graph = StrategyGraph(node_costs, node_usages, ivs, tuple(edge_list), limit, None, str(p.get("name", "")))
    return graph


def format_solution(assignment: Sequence[int]) -> str:
    """The contest's solution line ``[s0, s1, ...]``."""
    return "[" + ", ".join(str(int(s)) for s in assignment) + "]"
