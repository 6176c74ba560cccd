"""CP-SAT phase: the whole reduced problem as one CP-SAT model, hinted with the incumbent (graphs small enough)."""

from __future__ import annotations

import numpy as np

from autoshard.solver.clock import charge, now, seconds_since
from autoshard.solver.cp_sat.build_model import build_model, model_terms
from autoshard.solver.cp_sat.lazy_cp_model import cp_model
from autoshard.solver.cp_sat.model_instance import ModelInstance
from autoshard.solver.cp_sat.solve_model import cp_solver, run_cp
from autoshard.solver.result import FEASIBLE, INFEASIBLE, OPTIMAL
from autoshard.solver.state import SearchState
from autoshard.solver.stats import MonolithicReport, Skipped
from autoshard.solver.work_rates import BUILD_SECONDS_PER_TERM

#: least seconds left for LNS windows after the model's share; with less, the model takes all the time
MIN_SECONDS_AFTER = 3.0


def run(state: SearchState, until: float, share: float) -> MonolithicReport:
    """Build and solve the model with `share` of the time left before `until` (all of it when less than
    `MIN_SECONDS_AFTER` would be left); `report.outcome` is UNKNOWN when there was no time or no result."""
    report = MonolithicReport()
    state.stats.monolithic = report
    red, inc = state.red, state.incumbent
    remaining = until - now()
    terms = model_terms(red)
    if terms * BUILD_SECONDS_PER_TERM > 0.5 * remaining:
        report.skipped = Skipped.NO_TIME_TO_BUILD
        return report
    instance = ModelInstance(red)
    t = now()
    built = build_model(instance, hint=None if inc.best is None else list(inc.best))
    charge(BUILD_SECONDS_PER_TERM * terms)
    report.build_s = round(seconds_since(t), 3)
    if until - now() < 0.05:
        report.skipped = Skipped.OUT_OF_TIME_AFTER_BUILD
        return report
    left = until - now()
    limit = left if left * (1 - share) < MIN_SECONDS_AFTER else left * share
    solver = cp_solver(state.config, limit)
    from autoshard.solver.cp_sat.solution_callback import SolutionCallback  # loads OR-tools: not at import

    cb = SolutionCallback(built, inc, "cp-sat", lambda a, c: (np.asarray(a), c))
    code = run_cp(solver, built.model, cb)
    report.status = solver.StatusName(code)
    if code in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        inc.offer(built.vars.extract(solver), int(round(solver.ObjectiveValue())) + built.objective_offset, "cp-sat")
        inc.raise_bound(int(np.ceil(solver.BestObjectiveBound() - 1e-6)) + built.objective_offset)
        report.outcome = OPTIMAL if code == cp_model.OPTIMAL else FEASIBLE
    elif code == cp_model.INFEASIBLE:
        report.outcome = INFEASIBLE
    return report
