"""Named CP-SAT variables of a strategy-graph model, with `extract(solver)` back to an assignment."""

from __future__ import annotations

from dataclasses import dataclass, field

from autoshard.solver.cp_sat.lazy_cp_model import cp_model
from autoshard.solver.strategy_graph import FORBIDDEN, StrategyGraph


@dataclass
class StrategyVars:
    """One bool per allowed node strategy (`pick[node][strategy]`, None when forbidden) and per-edge cost vars."""

    pick: list[list[cp_model.IntVar | None]]
    edge_cost: dict[int, cp_model.IntVar] = field(default_factory=dict)

    @staticmethod
    def build(graph: StrategyGraph, model: cp_model.CpModel) -> StrategyVars:
        pick: list[list[cp_model.IntVar | None]] = []
        for i, costs in enumerate(graph.node_costs):
            pick.append([model.NewBoolVar(f"pick_n{i}_s{s}") if c < FORBIDDEN else None for s, c in enumerate(costs)])
        return StrategyVars(pick)

    def literals(self, node: int) -> list[cp_model.IntVar]:
        return [x for x in self.pick[node] if x is not None]

    def extract(self, solver: cp_model.CpSolverSolutionCallback | cp_model.CpSolver) -> list[int]:
        """The chosen strategy of every node in the solver's current solution."""
        out = []
        for row in self.pick:
            chosen = 0
            for s, x in enumerate(row):
                if x is not None and solver.BooleanValue(x):
                    chosen = s
                    break
            out.append(chosen)
        return out
