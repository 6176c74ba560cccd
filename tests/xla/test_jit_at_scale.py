"""autoshard.jit at scale: a LLaMA-shaped AdamW step (examples/llm_steps.py at small dimensions, state donated) on
64 host devices (mesh 8x8), and as a multi-process jax program (two processes on this machine, 4 host devices
each, CPU collectives over gloo): the results match `jax.jit`, shard by shard, and every process plans one program.

The test process keeps its 8 host devices (conftest), so both run in child processes (`jit_at_scale_child.py`)."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("jax")

from autoshard.xla.jax_runtime import with_device_count_flag  # noqa: E402

pytestmark = [pytest.mark.xla, pytest.mark.slow]
CHILD = Path(__file__).with_name("jit_at_scale_child.py")
REPO_ROOT = CHILD.parents[2]
SKIP_STATUS = 77  # jit_at_scale_child.SKIP_STATUS
TIMEOUT_S = 240


def child_env(num_devices: int) -> dict:
    env = dict(os.environ)
    env["XLA_FLAGS"] = with_device_count_flag(env.get("XLA_FLAGS", ""), num_devices)
    return env


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("localhost", 0))
        return s.getsockname()[1]


def test_a_llama_step_planned_on_8x8_runs_on_64_host_devices_and_matches_jax_jit(tmp_path):
    done = subprocess.run([sys.executable, str(CHILD), "mesh64", str(tmp_path)], capture_output=True, text=True,
                          cwd=REPO_ROOT, env=child_env(64), timeout=TIMEOUT_S)
    assert done.returncode == 0, done.stderr[-3000:]
    summary = json.loads((tmp_path / "mesh64.json").read_text())
    assert summary["num_devices"] == 64 and summary["devices"] == list(range(64))
    # two steps, a shard of each of the 64 result leaves (21 parameters, 2 x 21 moments, the loss) per device
    assert summary["shards_compared"] == 2 * 64 * 64 and summary["max_abs_error"] < 2e-5
    assert summary["aliased"] and summary["state_sharded"] > 0  # donated state, and the plan shards it


def test_two_processes_plan_one_program_and_match_jax_jit(tmp_path):
    port = free_port()
    children = [subprocess.Popen([sys.executable, str(CHILD), "distributed", str(tmp_path), str(port), str(i), "2",
                                  "4"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=REPO_ROOT,
                                 env=child_env(4))
                for i in range(2)]
    outputs = []
    try:
        for child in children:
            outputs.append(child.communicate(timeout=TIMEOUT_S))
    finally:
        for child in children:
            if child.poll() is None:
                child.kill()
                child.communicate()
    statuses = [child.returncode for child in children]
    if SKIP_STATUS in statuses:
        pytest.skip(next(out for out, _ in outputs if out.startswith("SKIP")).strip())
    assert statuses == [0, 0], "\n".join(err[-3000:] for _, err in outputs)

    first, second = (json.loads((tmp_path / f"process{i}.json").read_text()) for i in range(2))
    assert (first["process_index"], second["process_index"]) == (0, 1)
    assert first["process_count"] == second["process_count"] == 2 and first["num_devices"] == 8
    assert first["plan_sha256"] == second["plan_sha256"]  # one plan, reached by each process for itself
    assert len(set(first["devices"]) | set(second["devices"])) == 8  # each compared its own 4 devices' shards
    assert not set(first["devices"]) & set(second["devices"])
    for summary in (first, second):
        assert summary["max_abs_error"] < 2e-5 and summary["shards_compared"] > 0
        assert summary["aliased"] and summary["state_sharded"] > 0
        assert "process 1 planned another program than process 0" in summary["different_plans"]
