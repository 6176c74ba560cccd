"""A fixed seed gives the same plan: the search ends early once a plan meets the diffusion bound (proven optimal),
so the answer does not depend on how far time-limited phases got."""

from __future__ import annotations

from pathlib import Path

import autoshard
from autoshard.emit import emit_plan

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_same_seed_same_plan_and_proven_optimal() -> None:
    plans = [autoshard.plan(EXAMPLES / "transformer_block.mlir", mesh="data=2,model=2,pipe=2", time_limit=20, seed=0)
             for _ in range(2)]
    assert plans[0].solver.status == "OPTIMAL" and plans[0].solver.gap == 0
    assert plans[0].assignment == plans[1].assignment
    assert emit_plan(plans[0]) == emit_plan(plans[1])


def test_plans_are_deterministic_by_default() -> None:
    """`plan` runs the search on the work clock (cut by counted work, not time) unless asked for wall time, and
    reports whether its wall-clock safety cap was hit."""
    plans = [autoshard.plan(EXAMPLES / "mlp.mlir", mesh="data=2,model=4", time_limit=2, seed=0) for _ in range(2)]
    assert plans[0].solver.extra["work_clock_overran"] is False
    assert emit_plan(plans[0]) == emit_plan(plans[1])
    on_wall_time = autoshard.plan(EXAMPLES / "mlp.mlir", mesh="data=2,model=4", time_limit=2, seed=0,
                                  deterministic=False)
    assert "work_clock_overran" not in on_wall_time.solver.extra
