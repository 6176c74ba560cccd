"""FLOPs and bytes per op on local shapes, dtype sizes, roofline time."""

from __future__ import annotations

import pytest

from costmodel.errors import CostModelError
from costmodel.compute import (
    TRANSCENDENTAL_FLOPS,
    OpWork,
    convolution_work,
    data_movement_work,
    dot_general_flops,
    dot_general_work,
    dtype_bits,
    dtype_bytes,
    elementwise_work,
    generic_op_work,
    op_time,
    reduce_work,
    roofline_time,
)
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


def test_matmul():
    work = dot_general_work((128, 256), (256, 512), lhs_contracting_dims=(1,), rhs_contracting_dims=(0,),
                            dtype="bf16")
    assert work.flops == 2 * 128 * 256 * 512
    assert work.bytes_accessed == (128 * 256 + 256 * 512 + 128 * 512) * 2
    assert work.matmul and work.transcendentals == 0


def test_batched_dot_general_with_f32_result():
    # [b=4, m=8, k=16] x [b=4, n=32, k=16] -> [4, 8, 32]
    work = dot_general_work((4, 8, 16), (4, 32, 16), (0,), (0,), (2,), (2,), dtype="bf16", out_dtype="f32")
    assert work.flops == dot_general_flops(4, 16, 8, 32) == 2 * 4 * 8 * 16 * 32
    assert work.bytes_accessed == (4 * 8 * 16 + 4 * 32 * 16) * 2 + 4 * 8 * 32 * 4
    assert dot_general_flops([2, 2], [4, 4], [8], []) == 2 * 4 * 16 * 8


def test_dot_general_mismatch():
    with pytest.raises(CostModelError, match="lhs dimension 1 \\(size 3\\) does not match rhs dimension 0 \\(size 4\\)"):
        dot_general_work((2, 3), (4, 5), lhs_contracting_dims=(1,), rhs_contracting_dims=(0,))


def test_convolution():
    # NHWC input [2, 8, 8, 3], HWIO kernel [3, 3, 3, 16], output [2, 8, 8, 16]
    work = convolution_work((2, 8, 8, 3), (3, 3, 3, 16), (2, 8, 8, 16), kernel_input_feature_dim=2,
                            kernel_spatial_dims=(0, 1))
    assert work.flops == 2 * (2 * 8 * 8 * 16) * 9 * 3
    assert work.bytes_accessed == (2 * 8 * 8 * 3 + 3 * 3 * 3 * 16 + 2 * 8 * 8 * 16) * 4
    # Depthwise (feature_group_count = 16): the kernel has 1 input feature per group.
    depthwise = convolution_work((1, 8, 8, 16), (3, 3, 1, 16), (1, 8, 8, 16), 2, (0, 1))
    assert depthwise.flops == 2 * (8 * 8 * 16) * 9


def test_elementwise_and_transcendental():
    add = elementwise_work((64, 64), "f32")
    assert add == OpWork(64 * 64, 64 * 64 * 3 * 4, 0.0, False)
    exp = elementwise_work((64, 64), "bf16", op="stablehlo.exponential", num_operands=1)
    assert exp.flops == 0 and exp.transcendentals == 64 * 64 and exp.bytes_accessed == 64 * 64 * 2 * 2
    fma = elementwise_work((10,), ops_per_element=2, num_operands=3)
    assert fma.flops == 20 and fma.bytes_accessed == 10 * 4 * 4


def test_reduce():
    work = reduce_work((4, 8), (1,), "f32")
    assert work.flops == 4 * 7
    assert work.bytes_accessed == (32 + 4) * 4
    assert reduce_work((4, 8), (0, 1), "f32", num_inputs=2).flops == 2 * 31


def test_data_movement_and_generic_ops():
    assert data_movement_work(100, 50) == OpWork(0.0, 150.0)
    assert generic_op_work("stablehlo.transpose", [((4, 8), "f32")], [((8, 4), "f32")]) == OpWork(0.0, 256.0)
    assert generic_op_work("stablehlo.reshape", [((4, 8), "f32")], [((32,), "f32")]) == OpWork()
    assert generic_op_work("stablehlo.add", [((4, 8), "f32")] * 2, [((4, 8), "f32")]).flops == 32
    assert generic_op_work("stablehlo.tanh", [((4, 8), "f32")], [((4, 8), "f32")]).transcendentals == 32
    assert generic_op_work("stablehlo.reduce", [((4, 8), "f32"), ((), "f32")], [((4,), "f32")]).flops == 29


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
    work = dot_general_work((1000, 1000), (1000, 1000), lhs_contracting_dims=(1,), rhs_contracting_dims=(0,),
                            dtype="bf16")
    assert op_time(hw, work, "bf16") == pytest.approx(max(2e9 / 1e12, 6e6 / 1e10))
