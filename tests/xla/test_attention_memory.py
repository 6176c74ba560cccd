"""Three buffer rules of the memory model (`xla_model.memory_accounting`), each pinned on a small program against
XLA:CPU's compiled memory and switched off through its backend fact to show it is the one that matters:
- a dot's transposed operand copy is written right after the op computing what it reads, which dies there
  (`XlaBackend.copies_written_early`: the value projection's copy in causal attention);
- an expensive op fused into a cheap op that a transposed copy recomputes is written out, not duplicated
  (`XlaBackend.expensive_ops_not_duplicated`: the softmax gradient in attention's backward pass);
- a loop fusion reading a locally sliced reshard slices it inside its loop, no buffer for the slice
  (`XlaBackend.local_slices_fused`).
The corpus's attention cells (`bench/fidelity_corpus.py`) check the same rules at bench sizes."""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

import pytest

pytest.importorskip("jax")

import autoshard  # noqa: E402
from autoshard.emit import emit_plan  # noqa: E402
from autoshard.planner.plan_graph import NodeKind  # noqa: E402
from autoshard.planner.xla_model.backend import CPU, Fact  # noqa: E402
from autoshard.planner.xla_model.memory_accounting import plan_liveness, plan_memory  # noqa: E402
from autoshard.xla.compile_run import compiled_memory_stats  # noqa: E402

REPO_ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO_ROOT / "examples"))
import corpus_programs  # noqa: E402

pytestmark = pytest.mark.xla

#: causal attention small enough to compile in seconds: per device 2 sequences of 128 tokens, 4 heads of 64
SMALL = dataclasses.replace(corpus_programs.TINY, batch=16, hidden=256, ffn=1024, seq=128, heads=4, kv_heads=2)

#: a value replicated over "model" that an elementwise chain reads sharded over it (a local slice)
LOCAL_SLICE = """
sdy.mesh @mesh = <["data"=2, "model"=4]>
func.func @main(%x: tensor<4096x1024xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) -> tensor<4096x1024xf32> {
  %0 = stablehlo.tanh %x : tensor<4096x1024xf32>
  %1 = stablehlo.multiply %0, %x : tensor<4096x1024xf32>
  %2 = sdy.sharding_constraint %1 <@mesh, [{"data", "model"}, {}]> : tensor<4096x1024xf32>
  return %2 : tensor<4096x1024xf32>
}
"""


def _planned(text: str):
    plan = autoshard.plan(text, mesh="data=2,model=4", time_limit=5, seed=0, num_workers=1)
    xla = compiled_memory_stats(emit_plan(plan), plan.mesh.num_devices, filename="attention.planned.mlir")
    return plan, xla.total_bytes


def _without(plan, fact: str) -> int:
    """The plan's memory on the cpu backend with `fact` switched off."""
    backend = dataclasses.replace(CPU, **{fact: Fact(False, "switched off")})
    return plan_memory(plan.graph, plan.assignment, plan.mesh, backend).total_bytes


def _dots(plan) -> list[int]:
    nodes = sorted(plan.graph.nodes, key=lambda n: n.position)
    return [n.index for n in nodes if n.kind == NodeKind.OP and n.label == "stablehlo.dot_general"]


def test_the_value_projections_transposed_copy_is_written_right_after_its_dot():
    plan, xla = _planned(corpus_programs.attention_mha_causal(SMALL).text())
    assert xla <= plan.cost.peak_memory_bytes <= 1.10 * xla, (plan.cost.memory, xla)
    assert _without(plan, "copies_written_early") > 1.10 * xla  # the projection held until the probabilities' dot

    # written with the reshape of the value projection, before the scores are computed
    _q, _k, v, scores, pv, _out = _dots(plan)
    liveness = plan_liveness(plan.graph, plan.assignment, plan.mesh, CPU)
    position = {i: plan.graph.nodes[i].position for i in (v, scores)}
    written = [at for (dot, _), at in liveness.copies_written_at.items() if dot == pv]
    assert any(position[v] <= at < position[scores] for at in written), (written, position)


def _gqa_step() -> str:
    return dataclasses.replace(corpus_programs.attention_gqa_train(SMALL), donate=()).text()


#: the loss's residual (prediction - target), read by the square its reduction's library fusion takes, is held
#: until that reduction reads it from memory; the model runs the loss's readers after the gradient dots
#: (`deferred_positions`), where XLA:CPU's breadth-first schedule ran the reduction right after the residual (seen in
#: the dump: instruction 39 of 213, the residual at 38): predicted 1.117x XLA's compiled memory (1.099x when the
#: square computed the residual again), a peak the softmax gradient's rule (`expensive_ops_not_duplicated`) no
#: longer moves (strict, so a fix shows)
LIBRARY_READ_LATE = pytest.mark.xfail(strict=True, reason="the loss's reduction placed after the gradient holds "
                                      "the residual it reads from memory: predicted 1.117x XLA's compiled memory")


@LIBRARY_READ_LATE
def test_the_gqa_step_s_predicted_memory_is_within_10_percent_of_xla():
    plan, xla = _planned(_gqa_step())
    assert plan.cost.peak_memory_bytes <= 1.10 * xla, (plan.cost.memory, xla)
    assert _without(plan, "expensive_ops_not_duplicated") > plan.cost.peak_memory_bytes


def test_the_softmax_gradient_is_written_once_for_its_two_transposed_readers():
    plan, xla = _planned(_gqa_step())
    assert xla <= plan.cost.peak_memory_bytes, (plan.cost.memory, xla)

    # the last divide of the backward pass (the scores' gradient) feeds a transpose read by two dots, one through
    # a copy: written out, not fused into the transpose and recomputed by the copy
    nodes = plan.graph.nodes
    gradient = max((n for n in nodes if n.label == "stablehlo.divide" and n.outputs[0].rank == 5),
                   key=lambda n: n.position)
    liveness = plan_liveness(plan.graph, plan.assignment, plan.mesh, CPU)
    assert (gradient.index, 0) not in liveness.fused


def test_a_local_slice_read_by_loop_fusions_has_no_buffer():
    plan, xla = _planned(LOCAL_SLICE)
    assert xla <= plan.cost.peak_memory_bytes <= 1.10 * xla, (plan.cost.memory, xla)
    assert _without(plan, "local_slices_fused") > 1.10 * xla
