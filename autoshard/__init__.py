"""autoshard: a constraint-solver auto-sharding planner for StableHLO programs.

    import autoshard
    plan = autoshard.plan("examples/mlp.mlir", mesh="data=2,model=4")
    plan.partition_specs()      # [("data", None), (None, "model"), ...] per func argument
    text = autoshard.emit_plan(plan)  # the module annotated with Shardy shardings

Heavy modules load on first use, so `import autoshard` stays cheap.
"""

from __future__ import annotations

import importlib
from typing import Any

__version__ = "0.1.0"

_EXPORTS = {
    "load": "autoshard.planner.api",
    "plan": "autoshard.planner.api",
    "Plan": "autoshard.planner.plan",
    "PlanBasis": "autoshard.planner.plan",
    "ShardingPlan": "autoshard.planner.sharding_plan",
    "emit_plan": "autoshard.emit.annotate",
    "simulate": "autoshard.interpreters.simulate",
    "PlanOptions": "autoshard.planner.user_constraints",
    "from_jax": "autoshard.xla.from_jax",
    "jit": "autoshard.xla.planned_jit",
    "price_module": "autoshard.planner.price_module",
    "Mesh": "autoshard.sharding",
    "TensorSharding": "autoshard.sharding",
    "AxisRef": "autoshard.sharding",
    "DimSharding": "autoshard.sharding",
    "UserError": "autoshard.errors",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    if name in _EXPORTS:
        return getattr(importlib.import_module(_EXPORTS[name]), name)
    raise AttributeError(f"module 'autoshard' has no attribute '{name}'")
