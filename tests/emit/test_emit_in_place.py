"""`emit_plan(plan, in_place=True)` writes the same text as the default, which annotates a copy: only the plan's
own module changes."""

from __future__ import annotations

from pathlib import Path

import pytest

from autoshard.emit import emit_plan
from autoshard.ir.printing import print_module
from autoshard.planner.api import plan as make_plan

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("model", "explicit", "dialect"), [("mlp", False, "sdy"), ("transformer_block", True, "sdy"),
                                                            ("mlp", False, "mesh")])
def test_annotating_in_place_writes_what_annotating_a_copy_writes(model, explicit, dialect):
    plan = make_plan((REPO / "examples" / f"{model}.mlir").read_text(), mesh="data=2,model=4", time_limit=2, seed=0,
                     num_workers=1)
    before = print_module(plan.module)
    copied = emit_plan(plan, explicit_collectives=explicit, dialect=dialect)
    assert print_module(plan.module) == before  # the default leaves the plan's module alone
    assert emit_plan(plan, explicit_collectives=explicit, dialect=dialect, in_place=True) == copied
    assert "sdy.sharding" in print_module(plan.module) or dialect == "mesh"
