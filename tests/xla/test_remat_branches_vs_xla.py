"""The recomputation's conditional under XLA:CPU on 8 devices, where the plan is data parallel (the batch sharded,
the weights replicated), so the compiled program gathers nothing:
- both branches of each `stablehlo.case` are the same clones, priced once (the second at weight 0), and run the
  priced shardings whichever branch the index selects. Before the repeated branch was tied to the first, the solver
  chose its shardings freely (they cost nothing), mostly replicated: XLA's second branch all-gathered the
  batch-sharded activations it reads to their full shape, where the first kept them sharded;
- the index is read from the sum of a backward value (a scalar all-reduce): read from one element of it, XLA
  all-gathered the whole batch-sharded value to slice that element, once per conditional."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("jax")

import autoshard  # noqa: E402
from autoshard.ir.printing import print_module  # noqa: E402
from autoshard.planner.remat.policies import CheckpointPolicy  # noqa: E402
from autoshard.planner.remat.recompute import Protection  # noqa: E402
from autoshard.planner.remat.rematerialize import rematerialize  # noqa: E402
from autoshard.xla.compile_run import compile_and_run  # noqa: E402
from autoshard.xla.hlo_collectives import collectives_in_hlo  # noqa: E402
from autoshard.xla.hlo_loops import HloProgram  # noqa: E402
from remat_steps import residual_mlp_step_text  # noqa: E402

pytestmark = pytest.mark.xla

#: batch, hidden, ffn, layers: activations large enough that the plan shards the batch over all 8 devices
SIZES = (16384, 128, 1024, 3)
DEVICES = 8
COLLECTIVES = ("all-gather", "all-reduce", "reduce-scatter", "all-to-all", "collective-permute")


def _branch_collectives(hlo_text: str) -> list[tuple[str, list[list[tuple[str, str]]]]]:
    """Per conditional of the compiled program, its result shape and per branch computation its collectives as
    (opcode, result shape) in program order (async `-start` halves as their collective)."""
    program = HloProgram.parse(hlo_text)
    out = []
    for inst in program.instructions():
        if inst.opcode != "conditional":
            continue
        match = re.search(r"branch_computations=\{([^}]*)\}", inst.attrs)
        assert match is not None, inst
        branches = [name.strip().lstrip("%") for name in match.group(1).split(",")]
        out.append((inst.shape, [_collectives(program.computations[branch]) for branch in branches]))
    return out


def _collectives(instructions) -> list[tuple[str, str]]:
    kinds = [(i.opcode.removesuffix("-start"), i.shape) for i in instructions]
    return [(kind, shape) for kind, shape in kinds if kind in COLLECTIVES]


@pytest.mark.parametrize("policy", [CheckpointPolicy.NOTHING_SAVEABLE, CheckpointPolicy.DOTS_SAVEABLE])
def test_the_recomputed_data_parallel_step_gathers_nothing(policy):
    step = print_module(rematerialize(residual_mlp_step_text(*SIZES), policy, Protection.CONDITIONAL))
    plan = autoshard.plan(step, mesh=f"data={DEVICES}", time_limit=2, num_workers=1)
    run = compile_and_run(autoshard.emit_plan(plan), DEVICES, seed=0)
    assert run.matches, run.first_mismatch
    conditionals = _branch_collectives(run.compiled_hlo)
    assert len(conditionals) == SIZES[3]
    for shape, branches in conditionals:
        assert f"[{SIZES[0] // DEVICES}," in shape, shape  # it recomputes batch-sharded activations
        # the branches compute alike: each performs the collectives the first (priced) one does
        assert all(b == branches[0] for b in branches), branches
    gathers = [c for c in collectives_in_hlo(run.compiled_hlo) if c.kind == "all-gather"]
    assert not gathers, gathers
