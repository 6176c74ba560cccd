"""The CP-SAT solution callback feeding the incumbent (its own module: defining it loads OR-tools' `cp_model`)."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from autoshard.solver.cp_sat.lazy_cp_model import cp_model
from autoshard.solver.state import Incumbent


class SolutionCallback(cp_model.CpSolverSolutionCallback):
    """Offers each CP-SAT solution, lifted to the reduced graph by `lift`, to the incumbent."""

    def __init__(self, built, incumbent: Incumbent, phase: str,
                 lift: Callable[[list[int], int], tuple[np.ndarray, int]]):
        super().__init__()
        self.built, self.incumbent, self.phase, self.lift = built, incumbent, phase, lift

    def on_solution_callback(self) -> None:
        local = self.built.vars.extract(self)
        full, cost = self.lift(local, int(round(self.ObjectiveValue())) + self.built.objective_offset)
        self.incumbent.offer(full, cost, self.phase)
