"""The strategy graph's edge prices worked out in a forked child beside its node terms (`EdgeCostTable.priced_beside`)
are those worked out in place: the same solver problem to the last entry."""

from __future__ import annotations

import multiprocessing
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]

#: in a fresh process (the test process may have imported JAX, which keeps it from forking): the first search's
#: strategy graph built with the edges priced in a child, against the same graph built again in place
BESIDE_AND_IN_PLACE = """
import sys
import numpy as np
import autoshard
from autoshard import background
from autoshard.planner import edge_costs
from autoshard.planner.strategy_problem import build_strategy_graph
from autoshard.planner.user_constraints import PlanOptions

edge_costs.BESIDE_MIN_EDGES = 0  # the example is small
children = []
class Recorded(background.BackgroundCall):
    def __init__(self, fn):
        super().__init__(fn)
        children.append(self.in_background)
edge_costs.BackgroundCall = Recorded
bases = []
class Stop(Exception):
    pass
def stop(basis):
    bases.append(basis)
    raise Stop
try:
    autoshard.plan(sys.argv[1], mesh=sys.argv[2], options=PlanOptions(carry_state=True), memory_budget=int(sys.argv[3]),
                   on_basis=stop)
except Stop:
    pass
assert children == [True], children
basis = bases[0]
beside = basis.problem
background.ENABLED = False
in_place = build_strategy_graph(basis.graph, basis.model.edge_cost_table(), basis.mesh, basis.model.backend,
                                basis.memory_budget_bytes)
assert len(children) == 2 and not children[1]
assert len(beside.edges) == len(in_place.edges) > 0
for a, b in zip(beside.edges, in_place.edges):
    assert (a.u, a.v) == (b.u, b.v) and np.array_equal(a.costs, b.costs)
assert all(np.array_equal(a, b) for a, b in zip(beside.node_costs, in_place.node_costs))
assert all(np.array_equal(a, b) for a, b in zip(beside.node_usages, in_place.node_usages))
assert beside.usage_limit == in_place.usage_limit and list(beside.intervals) == list(in_place.intervals)
print("ok")
"""


@pytest.mark.parametrize("model, mesh, budget", [
    ("examples/large/gpt_train_step.mlir", "data=2,model=4", 10**9),
    ("examples/transformer_block.mlir", "data=2,fsdp=2,model=2", 10**8),
])
def test_edges_priced_in_a_child_make_the_same_problem(model: str, mesh: str, budget: int) -> None:
    if "fork" not in multiprocessing.get_all_start_methods():
        pytest.skip("no fork here")
    done = subprocess.run([sys.executable, "-c", BESIDE_AND_IN_PLACE, str(REPO / model), mesh, str(budget)],
                          capture_output=True, text=True, timeout=600, cwd=REPO,
                          env={**os.environ, "PYTHONPATH": str(REPO)})
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr
