"""Solving a built CP-SAT model as the phases do: solver parameters (deterministic mode on the work clock) and a run
that charges its deterministic time (the solution callback feeding the incumbent: `solution_callback`)."""

from __future__ import annotations

from autoshard.solver.clock import charge
from autoshard.solver.config import SolverConfig
from autoshard.solver.cp_sat.lazy_cp_model import cp_model
from autoshard.solver.work_rates import CP_SECONDS_PER_DETERMINISTIC_SECOND

#: in deterministic mode, the wall-clock cap on a solve, as a multiple of its time limit (plus 10 s): the slowdown a
#: busy machine may impose before the solve stops being repeatable (the work clock's seconds track quiet wall seconds)
WALL_CAP_FACTOR = 6.0


def cp_solver(config: SolverConfig, time_limit: float, workers: int | None = None) -> cp_model.CpSolver:
    """A CP-SAT solver with `config`'s workers and seed; in deterministic mode limited by deterministic time."""
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = max(0.01, time_limit)
    solver.parameters.num_workers = workers or config.num_workers
    solver.parameters.random_seed = config.random_seed
    solver.parameters.log_search_progress = config.log_search_progress
    if config.deterministic:
        solver.parameters.interleave_search = True
        solver.parameters.max_deterministic_time = max(0.01, time_limit) / CP_SECONDS_PER_DETERMINISTIC_SECOND
        solver.parameters.max_time_in_seconds = WALL_CAP_FACTOR * max(0.01, time_limit) + 5.0
    return solver


def run_cp(solver: cp_model.CpSolver, model: cp_model.CpModel, callback=None):
    """Solve and count CP-SAT's deterministic time on the solver clock (a no-op on wall time)."""
    code = solver.Solve(model, callback) if callback is not None else solver.Solve(model)
    charge(CP_SECONDS_PER_DETERMINISTIC_SECOND * solver.response_proto.deterministic_time)
    return code

