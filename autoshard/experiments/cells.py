"""The cells of an experiment: one (model, mesh, hardware, budget, solver setting, strategy) each, with a stable key."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass

from autoshard.experiments.config import ExperimentConfig, ModelSpec, SolverSetting
from autoshard.sharding import Mesh

PLANNER = "planner"


@dataclass(frozen=True)
class Cell:
    """One run: plan `model` on `mesh` with `hardware`, or an expert `strategy`'s arguments completed by the planner."""

    model: ModelSpec
    mesh: Mesh
    hardware: str
    memory_budget: int | None
    solver: SolverSetting
    strategy: str = PLANNER

    def key(self) -> str:
        """A stable hash of the cell's parameters (what resuming matches finished cells by)."""
        data = {
            "model": self.model.key(), "mesh": str(self.mesh), "hardware": self.hardware,
            "memory_budget": self.memory_budget, "time_limit": self.solver.time_limit, "seed": self.solver.seed,
            "workers": self.solver.workers, "strategy": self.strategy,
        }
        return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:16]


def expand(config: ExperimentConfig) -> list[Cell]:
    """Every cell of the sweep, models outermost, the planner before the baselines of the same setting."""
    cells = []
    for model in config.models:
        for mesh in config.meshes:
            for hardware in config.hardware:
                for budget in config.memory_budgets:
                    for solver in config.solver_settings:
                        for strategy in (PLANNER, *config.baselines):
                            cells.append(Cell(model, mesh, hardware, budget, solver, strategy))
    return cells
