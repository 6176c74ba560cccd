"""A mesh whose strategies make an edge cost matrix too large to price is refused before pricing, in one line
that names the edge and what to do instead (a 1B LLaMA step on a 4-axis mesh had 9.8M pairs on one edge)."""

from __future__ import annotations

from pathlib import Path

import pytest

import autoshard
from autoshard.planner import strategy_problem
from autoshard.planner.strategy_problem import SearchSpaceTooLarge

MLP = Path(__file__).resolve().parents[2] / "examples" / "mlp.mlir"


def test_an_edge_with_more_pairs_than_the_limit_is_refused_before_pricing(monkeypatch):
    plan = autoshard.plan(MLP.read_text(), mesh="data=2,model=2,seq=2", time_limit=1)
    nodes = plan.graph.nodes
    most = max(len(nodes[e.producer].strategies) * len(nodes[e.consumer].strategies) for e in plan.graph.edges)
    monkeypatch.setattr(strategy_problem, "MAX_EDGE_STRATEGY_PAIRS", most - 1)
    with pytest.raises(SearchSpaceTooLarge) as refused:
        autoshard.plan(MLP.read_text(), mesh="data=2,model=2,seq=2", time_limit=1)
    message = str(refused.value)
    assert f"{most:,} strategy pairs" in message and "fewer axes" in message and "\n" not in message
    monkeypatch.setattr(strategy_problem, "MAX_EDGE_STRATEGY_PAIRS", most)
    autoshard.plan(MLP.read_text(), mesh="data=2,model=2,seq=2", time_limit=1)  # at the limit: planned


def test_edges_with_more_pairs_in_all_than_the_limit_are_refused_before_pricing(monkeypatch):
    # each edge priceable, the whole graph not (a 3B LLaMA step on a 4-axis mesh, axis by axis: 3.9 billion pairs)
    plan = autoshard.plan(MLP.read_text(), mesh="data=2,model=2,seq=2", time_limit=1)
    nodes = plan.graph.nodes
    total = sum(len(nodes[e.producer].strategies) * len(nodes[e.consumer].strategies) for e in plan.graph.edges)
    monkeypatch.setattr(strategy_problem, "MAX_STRATEGY_PAIRS", total - 1)
    with pytest.raises(SearchSpaceTooLarge) as refused:
        autoshard.plan(MLP.read_text(), mesh="data=2,model=2,seq=2", time_limit=1)
    message = str(refused.value)
    assert f"have {total:,} strategy pairs" in message and "fewer axes" in message and "\n" not in message
    monkeypatch.setattr(strategy_problem, "MAX_STRATEGY_PAIRS", total)
    autoshard.plan(MLP.read_text(), mesh="data=2,model=2,seq=2", time_limit=1)  # at the limit: planned
