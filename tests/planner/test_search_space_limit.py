"""A mesh whose strategies make an edge cost matrix, or all of them, too large to price is refused before pricing,
in one line that names the edge and what to do instead (a 1B LLaMA step on a 4-axis mesh had 9.8M pairs on one
edge)."""

from __future__ import annotations

from pathlib import Path

import pytest

import autoshard
from autoshard.planner import strategy_problem
from autoshard.planner.strategy_problem import SearchSpaceTooLarge

MLP = Path(__file__).resolve().parents[2] / "examples" / "mlp.mlir"


@pytest.mark.parametrize(("limit", "pairs_of", "phrase"), [
    ("MAX_EDGE_STRATEGY_PAIRS", max, "has {:,} strategy pairs"),  # the largest edge
    # each edge priceable, all of them not (a 3B LLaMA step on a 4-axis mesh, axis by axis: 3.9 billion pairs)
    ("MAX_STRATEGY_PAIRS", sum, "edges have {:,} strategy pairs"),
])
def test_more_pairs_than_a_limit_are_refused_before_pricing(monkeypatch, limit, pairs_of, phrase):
    plan = autoshard.plan(MLP.read_text(), mesh="data=2,model=2,seq=2", time_limit=1)
    nodes = plan.graph.nodes
    pairs = pairs_of(len(nodes[e.producer].strategies) * len(nodes[e.consumer].strategies) for e in plan.graph.edges)
    monkeypatch.setattr(strategy_problem, limit, pairs - 1)
    with pytest.raises(SearchSpaceTooLarge) as refused:
        autoshard.plan(MLP.read_text(), mesh="data=2,model=2,seq=2", time_limit=1)
    message = str(refused.value)
    assert phrase.format(pairs) in message and "fewer axes" in message and "\n" not in message
    monkeypatch.setattr(strategy_problem, limit, pairs)
    autoshard.plan(MLP.read_text(), mesh="data=2,model=2,seq=2", time_limit=1)  # at the limit: planned
