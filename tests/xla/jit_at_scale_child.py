"""Child process of `test_jit_at_scale.py`: a LLaMA-shaped training step (examples/llm_steps.py at small dimensions)
run by `autoshard.jit` and by `jax.jit`, compared, and a JSON summary written for the test to read.

    python tests/xla/jit_at_scale_child.py mesh64 OUT_DIR
        one process on 64 host devices (the parent sets XLA_FLAGS), mesh data=8,model=8
    python tests/xla/jit_at_scale_child.py distributed OUT_DIR PORT PROCESS_ID NUM_PROCESSES DEVICES_PER_PROCESS
        one process of a multi-process jax program (jax.distributed, CPU collectives over gloo), mesh data=2,model=4

Exit status SKIP_STATUS (with the reason on stdout) when jax's distributed runtime or its CPU collectives cannot
start here; any other failure is a traceback and a nonzero status.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import time
from dataclasses import replace
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
SKIP_STATUS = 77
#: f32 sums in another order: AdamW's first step divides each gradient by its own magnitude
RTOL, ATOL = 1e-4, 2e-5


def llama_step():
    """(step function, host arguments): 2 layers with `jax.checkpoint`, hidden 64, 4 query / 2 key-value heads,
    SwiGLU 128, vocabulary 256, batch 16 x sequence 16, AdamW; the same values in every process."""
    import numpy as np  # noqa: PLC0415

    sys.path.insert(0, str(REPO_ROOT / "examples"))
    import llm_steps  # noqa: PLC0415

    shape = replace(llm_steps.shape_of("llama3-8b", layers=2, batch=16, seq=16, checkpoint=True),
                    hidden=64, heads=4, kv_heads=2, ffn=128, vocab=256)
    params, m, v, step, tokens, targets = llm_steps.step_arguments(shape)
    rng = np.random.default_rng(0)

    def values(tree, make):
        import jax  # noqa: PLC0415

        return jax.tree.map(lambda a: make(a.shape).astype(a.dtype), tree)

    params = values(params, lambda s: 0.05 * rng.standard_normal(s))
    m, v = values(m, np.zeros), values(v, np.zeros)
    tokens, targets = (rng.integers(0, shape.vocab, size=a.shape).astype(np.int32) for a in (tokens, targets))
    return llm_steps.train_step_fn(shape), (params, m, v, np.int32(0), tokens, targets)


def plan_digest(planned) -> str:
    from autoshard.emit import emit_plan  # noqa: PLC0415

    assert planned.mlir == emit_plan(planned.plan)
    return hashlib.sha256(planned.mlir.encode()).hexdigest()


def compare_shards(got, want) -> tuple[int, float, list[int]]:
    """Each of this process's shards of every leaf of `got` against the same slice of `want` (the whole value):
    (shards compared, largest absolute difference, device ids)."""
    import jax  # noqa: PLC0415
    import numpy as np  # noqa: PLC0415

    count, worst, devices = 0, 0.0, set()
    got_leaves, want_leaves = jax.tree.leaves(got), jax.tree.leaves(want)
    assert jax.tree.structure(got) == jax.tree.structure(want) and len(got_leaves) == len(want_leaves)
    for g, w in zip(got_leaves, want_leaves, strict=True):
        assert g.shape == w.shape and g.dtype == w.dtype, (g.shape, g.dtype, w.shape, w.dtype)
        whole = np.asarray(w)
        for shard in g.addressable_shards:
            mine, theirs = np.asarray(shard.data), whole[shard.index]
            np.testing.assert_allclose(mine, theirs, rtol=RTOL, atol=ATOL)
            worst = max(worst, float(np.max(np.abs(mine - theirs), initial=0.0)))
            count += 1
            devices.add(shard.device.id)
    return count, worst, sorted(devices)


def two_steps(mesh: str, time_limit: float, local_inputs) -> dict:
    """Two AdamW steps by autoshard.jit (state donated) and by jax.jit, compared shard by shard."""
    import jax  # noqa: PLC0415

    import autoshard  # noqa: PLC0415

    fn, (params, m, v, step, tokens, targets) = llama_step()
    expected = jax.jit(fn)(params, m, v, step, tokens, targets)
    expected_next = jax.jit(fn)(*expected[:3], step + 1, tokens, targets)

    planned = autoshard.jit(fn, mesh=mesh, donate_argnums=(0, 1, 2), config="host-cpu", time_limit=time_limit,
                            seed=0)
    started = time.perf_counter()
    tokens_in, targets_in = local_inputs(tokens), local_inputs(targets)
    first = planned(params, m, v, step, tokens_in, targets_in)
    first_s = time.perf_counter() - started
    shards, worst, devices = compare_shards(first, expected)

    # the next step takes the donated state as the first returned it: same shardings, no replanning
    state = first[:3]
    shardings = [leaf.sharding for leaf in jax.tree.leaves(state)]
    plan = planned.plan
    second = planned(*state, step + 1, tokens_in, targets_in)
    assert planned.plan is plan
    assert [leaf.sharding for leaf in jax.tree.leaves(second[:3])] == shardings
    assert all(leaf.is_deleted() for leaf in jax.tree.leaves(state))  # donated, as jax.jit donates
    more, worst_next, _ = compare_shards(second, expected_next)
    sharded = plan.sharding_plan
    return {"plan_sha256": plan_digest(planned), "shards_compared": shards + more,
            "max_abs_error": max(worst, worst_next), "devices": devices, "first_call_s": first_s,
            "state_sharded": sum(1 for s in sharded.arguments if s is not None and s.all_axes()),
            "aliased": "tf.aliasing_output" in planned.mlir, "num_devices": jax.device_count(),
            "process_count": jax.process_count()}


def different_plans_are_refused(process_id: int) -> str:
    """Process 1 plans with other options than process 0: every process refuses to run (one UserError line)."""
    import jax  # noqa: PLC0415
    import numpy as np  # noqa: PLC0415

    import autoshard  # noqa: PLC0415

    options = (autoshard.PlanOptions(batch_arguments=(0,), batch_axes=("data",)) if process_id == 0 else
               autoshard.PlanOptions(replicate_arguments=(0,)))
    planned = autoshard.jit(lambda x: jax.numpy.tanh(x) * 2, mesh="data=2,model=4", options=options,
                            config="host-cpu", time_limit=0.5, seed=0)
    try:
        planned(np.ones((16, 8), np.float32))
    except autoshard.UserError as e:
        assert len(str(e).splitlines()) == 1
        return str(e)
    raise AssertionError("different plans across processes ran")


def mesh64(out_dir: Path) -> None:
    import jax  # noqa: PLC0415

    flags = os.environ.get("XLA_FLAGS")
    assert jax.device_count() == 64, f"jax started with {jax.device_count()} devices (XLA_FLAGS={flags})"
    summary = two_steps("data=8,model=8", 2, lambda x: x)
    (out_dir / "mesh64.json").write_text(json.dumps(summary))


def distributed(out_dir: Path, port: int, process_id: int, num_processes: int, devices_per_process: int) -> None:
    os.environ["XLA_FLAGS"] = f"--xla_force_host_platform_device_count={devices_per_process}"
    import jax  # noqa: PLC0415

    try:  # what jax needs for cross-process CPU collectives; anything missing here skips the test
        jax.config.update("jax_num_cpu_devices", devices_per_process)
        jax.config.update("jax_cpu_collectives_implementation", "gloo")
        jax.distributed.initialize(coordinator_address=f"localhost:{port}", num_processes=num_processes,
                                   process_id=process_id, initialization_timeout=60)
        from jax.experimental import multihost_utils  # noqa: PLC0415

        count = int(multihost_utils.process_allgather(jax.numpy.int32(1)).sum())
        assert count == num_processes and jax.device_count() == num_processes * devices_per_process
    except Exception as e:  # noqa: BLE001
        print(f"SKIP: jax's distributed runtime or CPU collectives are unavailable: {type(e).__name__}: {e}")
        sys.exit(SKIP_STATUS)

    # tokens and targets as arrays already on this process's first device (committed), the rest as numpy
    summary = two_steps("data=2,model=4", 1, lambda x: jax.device_put(x, jax.local_devices()[0]))
    summary["process_index"] = jax.process_index()
    summary["different_plans"] = different_plans_are_refused(process_id)
    (out_dir / f"process{process_id}.json").write_text(json.dumps(summary))
    jax.distributed.shutdown()


if __name__ == "__main__":
    mode, out = sys.argv[1], Path(sys.argv[2])
    if mode == "mesh64":
        mesh64(out)
    elif mode == "distributed":
        distributed(out, *(int(a) for a in sys.argv[3:7]))
    else:
        raise SystemExit(f"unknown mode {mode!r}")
