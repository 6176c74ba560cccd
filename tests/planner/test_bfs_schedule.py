"""XLA:CPU's breadth-first schedule (`xla_model.bfs_schedule`): Kahn's algorithm with a first-in first-out queue."""

from __future__ import annotations

from autoshard.planner.xla_model.bfs_schedule import InstructionGraph, breadth_first_order


def _order(operands: dict[str, list[str]], place: dict[str, int]) -> list[str]:
    rank = breadth_first_order(InstructionGraph({(k,): [(r,) for r in v] for k, v in operands.items()},
                                                {(k,): (0, p) for k, p in place.items()}))
    return [i[0] for i in sorted(rank, key=rank.__getitem__)]


def test_an_instruction_runs_one_wave_after_its_last_operand_not_in_program_order():
    """`loss` reads `logits` and `lse`; `grad` reads `lse` through one more kernel (`softmax`): the loss is queued
    when `lse` runs, before `softmax` has, so it runs before the gradient though the program writes it last."""
    operands = {"x": [], "logits": ["x"], "lse": ["logits"], "softmax": ["logits", "lse"], "grad": ["softmax"],
                "loss": ["logits", "lse"]}
    place = {"x": 0, "logits": 1, "lse": 2, "softmax": 3, "grad": 4, "loss": 5}
    assert _order(operands, place) == ["x", "logits", "lse", "softmax", "loss", "grad"]


def test_one_more_kernel_on_the_way_queues_the_loss_after_the_gradient():
    """The loss reads the log-sum-exp through an all-gather and a log, the gradient's kernel through one kernel:
    the gradient is queued a wave earlier."""
    operands = {"x": [], "logits": ["x"], "lse": ["logits"], "softmax": ["logits", "lse"], "gathered": ["lse"],
                "log": ["gathered"], "grad": ["softmax"], "loss": ["logits", "log"]}
    place = {"x": 0, "logits": 1, "lse": 2, "gathered": 3, "log": 4, "softmax": 5, "grad": 6, "loss": 7}
    order = _order(operands, place)
    assert order.index("loss") > order.index("grad")


def test_instructions_without_operands_and_released_together_keep_the_computations_order():
    operands = {"b": [], "a": [], "d": ["a", "b"], "c": ["a", "b"]}
    place = {"a": 0, "b": 1, "c": 2, "d": 3}
    assert _order(operands, place) == ["a", "b", "c", "d"]


def test_every_op_of_a_program_with_a_loop_is_ranked():
    """A loop-carried value's edge to itself is not an operand: the loop and what follows it are scheduled."""
    from pathlib import Path

    import autoshard
    from autoshard.planner.plan_graph import NodeKind
    from autoshard.planner.xla_model.backend import CPU
    from autoshard.planner.xla_model.bfs_schedule import scheduled_ranks

    text = (Path(__file__).resolve().parents[2] / "examples" / "scan_layers.mlir").read_text()
    plan = autoshard.plan(text, mesh="data=2,model=4", time_limit=2, seed=0, num_workers=1)
    assert any(e.producer == e.consumer for e in plan.graph.edges)
    for assignment in (plan.assignment, None):
        ranks = scheduled_ranks(plan.graph, assignment, CPU)
        assert all(ranks[n.index] is not None for n in plan.graph.nodes if n.kind == NodeKind.OP)
