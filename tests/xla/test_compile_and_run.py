"""compile_and_run: hand-annotated zoo modules through XLA's Shardy partitioner on 8 host CPU devices."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("jax")

from autoshard.errors import UserError  # noqa: E402
from autoshard.xla import compile_and_run, groups_as_mesh_axes  # noqa: E402
from autoshard.xla.compile_run import _compile_and_run_in_subprocess, compare_results  # noqa: E402
from autoshard.xla.expert_shardings import expert_sharding  # noqa: E402
from autoshard.xla.hand_annotate import annotate_arguments  # noqa: E402
from xla_zoo_paths import zoo_file  # noqa: E402

MESH_2X4 = {"data": 2, "model": 4}
MESH_AXES = (("data", 2), ("model", 4))


def megatron_mlp() -> str:
    """The zoo MLP on a 2x4 mesh: batch on data, layer 0 column-parallel, layer 1 row-parallel (Megatron)."""
    return annotate_arguments(zoo_file("mlp").read_text(), MESH_2X4, {
        0: [None, "model"], 1: ["model"],  # w0 [64, 256]: columns; b0 [256]
        2: ["model", None],                # w1 [256, 256]: rows
        6: ["data", None],                 # x [8, 64]
    })


def test_megatron_mlp_matches_unsharded_and_all_reduces_over_model():
    run = compile_and_run(megatron_mlp(), 8, seed=1)
    assert run.matches, run.comparisons
    assert run.num_devices == 8 and len(run.input_shardings) == 7
    assert "devices=" in run.input_shardings[6]  # x really is partitioned
    all_reduces = [c for c in run.collectives() if c.kind == "all-reduce"]
    # The row-parallel matmul's partial sums: one all-reduce of the local [8/2, 256] activation over "model".
    assert len(all_reduces) == 1
    (ar,) = all_reduces
    assert ar.shape == (4, 256) and ar.dtype == "f32" and ar.bytes == 4 * 256 * 4
    assert groups_as_mesh_axes(ar.replica_groups, MESH_AXES) == ("model",)
    np.testing.assert_allclose(run.sharded_outputs[0], run.reference_outputs[0], rtol=1e-4, atol=1e-4)


def test_transformer_block_megatron_2d_matches():
    e = expert_sharding("transformer_block", "2d")
    text = annotate_arguments(zoo_file("transformer_block", "debug").read_text(), e.mesh_axes, e.arg_dims)
    run = compile_and_run(text, 8)
    assert run.matches, run.comparisons
    kinds = {c.kind for c in run.collectives()}
    assert kinds == {"all-reduce"}  # attention output and MLP down-projection partial sums
    assert all(groups_as_mesh_axes(c.replica_groups, MESH_AXES) == ("model",) for c in run.collectives())


def test_data_parallel_needs_no_collective_in_forward():
    e = expert_sharding("mlp", "data_parallel")
    run = compile_and_run(annotate_arguments(zoo_file("mlp", "debug").read_text(), e.mesh_axes, e.arg_dims), 8)
    assert run.matches and run.collectives() == []


def test_explicit_inputs_and_zero_tolerance_detects_reordered_sums():
    text = megatron_mlp()
    inputs = [np.ones((64, 256)), np.zeros(256), np.ones((256, 256)) / 256, np.zeros(256),
              np.ones((256, 64)) / 256, np.zeros(64), np.arange(8 * 64, dtype=np.float64).reshape(8, 64) / 512]
    run = compile_and_run(text, 8, inputs=inputs)
    assert run.matches
    expected = np.maximum(inputs[6] @ inputs[0], 0) @ inputs[2]
    expected = np.maximum(expected, 0) @ inputs[4]
    np.testing.assert_allclose(run.reference_outputs[0], expected, rtol=1e-5)
    strict = compile_and_run(text, 8, seed=3, rtol=0.0, atol=0.0)
    assert not strict.matches and strict.first_mismatch.index == 0 and strict.first_mismatch.max_abs_error > 0


def test_compare_results_reports_errors():
    ref = np.array([1.0, 2.0, 3.0], dtype=np.float32)
    (same,) = compare_results([ref.copy()], [ref], 1e-6, 0.0)
    assert same.matches and same.max_abs_error == 0
    (off,) = compare_results([ref + np.array([0, 0, 0.5], dtype=np.float32)], [ref], 1e-3, 1e-3)
    assert not off.matches and off.max_abs_error == pytest.approx(0.5)
    (nan,) = compare_results([np.array([np.nan])], [np.array([1.0])], 1.0, 1.0)
    assert not nan.matches


def test_uneven_sharding_is_padded_by_xla_and_still_matches():
    text = annotate_arguments(zoo_file("mlp").read_text(), {"data": 3}, {6: ["data", None]})  # 8 % 3 != 0
    assert compile_and_run(text, 3).matches


def test_xla_rejects_device_count_mismatch_with_user_error():
    text = annotate_arguments(zoo_file("mlp").read_text(), MESH_2X4, {6: ["data", None]})
    with pytest.raises(UserError, match="XLA rejected the module"):
        compile_and_run(text, 4)


def test_jaxlib_rejects_unknown_axis_with_location():
    text = annotate_arguments(zoo_file("mlp").read_text(), MESH_2X4, {6: ["nope", None]})
    with pytest.raises(UserError) as info:
        compile_and_run(text, 8, filename="plan.mlir")
    assert str(info.value).startswith("plan.mlir:")


def test_subprocess_path_matches():
    run = _compile_and_run_in_subprocess(megatron_mlp(), 8, None, 0, 1e-4, 1e-5, "<test>")
    assert run.matches and [c.kind for c in run.collectives()] == ["all-reduce"]
