"""The FLOP rule, dtype sizes, roofline time."""

from __future__ import annotations

import pytest

from costmodel.compute import (
    TRANSCENDENTAL_FLOPS,
    OpWork,
    convolution_flops,
    dot_flops,
    dtype_bits,
    dtype_bytes,
    op_time,
    op_work,
    reduce_flops,
    roofline_time,
)
from costmodel.errors import CostModelError
from costmodel.hardware import HardwareSpec


@pytest.mark.parametrize(
    ("dtype", "nbytes"),
    [("f32", 4), ("bf16", 2), ("f16", 2), ("f64", 8), ("i1", 1), ("pred", 1), ("i8", 1), ("s8", 1), ("u8", 1),
     ("ui8", 1), ("i16", 2), ("s16", 2), ("i32", 4), ("si32", 4), ("s32", 4), ("u32", 4), ("i64", 8), ("s64", 8),
     ("u64", 8), ("ui64", 8), ("f8E4M3FN", 1), ("f8E5M2", 1), ("f8e4m3fnuz", 1), ("f8E8M0FNU", 1), ("i4", 1),
     ("f4E2M1FN", 1), ("complex<f32>", 8), ("complex<f64>", 16), ("c64", 8), ("c128", 16), ("tf32", 4)],
)
def test_dtype_bytes(dtype: str, nbytes: int):
    assert dtype_bytes(dtype) == nbytes


def test_dtype_bits_and_unknown():
    assert dtype_bits("i4") == 4 and dtype_bits("i1") == 1 and dtype_bits("f8E4M3FN") == 8
    with pytest.raises(CostModelError, match="unknown element type 'quux'"):
        dtype_bytes("quux")


def test_dot_is_a_multiply_add_per_point_of_its_iteration_space():
    # [b=4, m=8, k=16] x [b=4, n=32, k=16] -> [4, 8, 32]
    assert dot_flops((4, 16, 8, 32)) == 2 * 4 * 8 * 16 * 32
    assert dot_flops([128, 256, 512]) == 2 * 128 * 256 * 512
    assert dot_flops(()) == 2.0  # a dot of two scalars


def test_convolution():
    # NHWC input [2, 8, 8, 3], HWIO kernel [3, 3, 3, 16], output [2, 8, 8, 16]: 2 * outputs * window * in features
    assert convolution_flops(2 * 8 * 8 * 16, 3 * 3 * 3 * 16, 16) == 2 * (2 * 8 * 8 * 16) * 9 * 3
    # Depthwise (feature_group_count = 16): the kernel has 1 input feature per group.
    assert convolution_flops(8 * 8 * 16, 3 * 3 * 1 * 16, 16) == 2 * (8 * 8 * 16) * 9


def test_elementwise_and_transcendental():
    assert op_work("stablehlo.add", [64 * 64, 64 * 64], [64 * 64]) == OpWork(64 * 64)
    exp = op_work("stablehlo.exponential", [64 * 64], [64 * 64])
    assert exp.flops == 0 and exp.transcendentals == 64 * 64 and not exp.matmul
    assert op_work("exponential-minus-one", [10], [10]).transcendentals == 10  # XLA's spelling
    assert op_work("stablehlo.broadcast_in_dim", [4], [4 * 8]) == OpWork()  # data movement
    assert op_work("stablehlo.reshape", [32], [32]) == OpWork()  # layout only
    assert op_work("stablehlo.compare", [4, 4], [4]).flops == 4
    assert op_work("stablehlo.add", [6, 6], []).flops == 6  # no result known: its largest operand


def test_reduce_folds_its_inputs_not_its_init_values():
    assert reduce_flops([32], [4]) == 28
    assert reduce_flops([32, 32], [4, 4]) == 56
    assert op_work("stablehlo.reduce", [32, 1], [4]) == OpWork(28.0)  # reduce(x, init) -> 4 results
    assert op_work("stablehlo.reduce", [32, 32, 1, 1], [4, 4]).flops == 56


def test_roofline():
    hw = HardwareSpec(peak_flops={"bf16": 1e12, "f32": 2.5e11}, memory_bytes=1e9, memory_bandwidth=1e10,
                      vector_flops=1e11)
    # compute-bound: 1e12 FLOPs in bf16 take 1 s; 1e9 bytes take 0.1 s
    assert roofline_time(hw, 1e12, 1e9, "bf16") == pytest.approx(1.0)
    assert roofline_time(hw, 1e12, 1e9, "f32") == pytest.approx(4.0)
    # memory-bound
    assert roofline_time(hw, 1e6, 1e10, "bf16") == pytest.approx(1.0)
    # vector work and transcendentals
    assert roofline_time(hw, 1e11, 0, "f32", matmul=False) == pytest.approx(1.0)
    assert roofline_time(hw, 0, 0, "f32", matmul=False, transcendentals=1e10) == \
        pytest.approx(1e10 * TRANSCENDENTAL_FLOPS / 1e11)
    work = OpWork(dot_flops((1000, 1000, 1000)), 3 * 1000 * 1000 * 2, 0.0, True)
    assert op_time(hw, work, "bf16") == pytest.approx(max(2e9 / 1e12, 6e6 / 1e10))
    assert op_time(hw, OpWork(1e11, 0.0, 1e10), "f32") == pytest.approx(1.0 + 1e10 * TRANSCENDENTAL_FLOPS / 1e11)
