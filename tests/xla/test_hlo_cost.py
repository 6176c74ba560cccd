"""hlo_cost on hand-written HLO (a fusion, a loop that dynamically slices a large operand, an in-place update, a
dot, nested loops) and on programs XLA compiled, against XLA's own cost analysis."""

from __future__ import annotations

import pytest

from costmodel.hardware import HardwareSpec

from autoshard.xla.hlo_cost import hlo_cost

#: 1 GFLOP/s matrix and vector, 1 GB/s: a kernel's time is max(FLOPs, bytes) nanoseconds
HW = HardwareSpec(peak_flops=1e9, memory_bytes=1e12, memory_bandwidth=1e9)
#: matrix units 10x faster than vector ones
HW_FAST_MATMUL = HardwareSpec(peak_flops=1e10, vector_flops=1e9, memory_bytes=1e12, memory_bandwidth=1e9)

FUSION = """HloModule m, num_partitions=8

%fused (p0: f32[16,32], p1: f32[32]) -> f32[16,32] {
  %p0 = f32[16,32]{1,0} parameter(0)
  %p1 = f32[32]{0} parameter(1)
  %b = f32[16,32]{1,0} broadcast(%p1), dimensions={1}
  %a = f32[16,32]{1,0} add(%p0, %b)
  %t = f32[16,32]{1,0} tanh(%a)
  ROOT %m = f32[16,32]{1,0} multiply(%t, %a)
}

ENTRY %main (x: f32[16,32], y: f32[32]) -> f32[16,32] {
  %x = f32[16,32]{1,0} parameter(0)
  %y = f32[32]{0} parameter(1)
  %c = f32[16,32]{1,0} copy(%x)
  ROOT %f = f32[16,32]{1,0} fusion(%c, %y), kind=kLoop, calls=%fused
}
"""


def test_a_fusion_is_one_kernel_reading_its_operands_and_writing_its_result():
    cost = hlo_cost(FUSION, HW)
    fusion = next(k for k in cost.kernels if k.name == "f")
    assert fusion.flops == 2 * 16 * 32 and fusion.transcendentals == 16 * 32  # add and multiply; tanh apart
    assert fusion.bytes_accessed == (16 * 32 + 32 + 16 * 32) * 4  # no intermediate is stored
    copy = next(k for k in cost.kernels if k.name == "c")
    assert copy.flops == 0 and copy.bytes_accessed == 2 * 16 * 32 * 4
    assert [k.name for k in cost.kernels] == ["c", "f"]  # parameters cost nothing
    assert cost.flops == 2 * 16 * 32 and cost.bytes_accessed == fusion.bytes_accessed + copy.bytes_accessed
    # tanh: 4 vector FLOPs per element (costmodel.compute.TRANSCENDENTAL_FLOPS) beside 2 FLOPs per element
    assert fusion.time_s == pytest.approx(max(2 * 512 + 4 * 512, 4224) * 1e-9)
    assert cost.compute_s == pytest.approx(fusion.time_s + copy.time_s)


#: an elementwise chain over [64,64] of which the fusion returns an [8,64] slice; a broadcast row feeding it
SLICED_ROOT = """HloModule m, num_partitions=8

%fused (p0: f32[64,64], p1: f32[64,64], p2: f32[64]) -> f32[8,64] {
  %p0 = f32[64,64]{1,0} parameter(0)
  %p1 = f32[64,64]{1,0} parameter(1)
  %p2 = f32[64]{0} parameter(2)
  %b = f32[64,64]{1,0} broadcast(%p2), dimensions={1}
  %m = f32[64,64]{1,0} multiply(%p0, %p1)
  %a = f32[64,64]{1,0} add(%m, %b)
  %e = f32[64,64]{1,0} exponential(%a)
  ROOT %s = f32[8,64]{1,0} slice(%e), slice={[8:16], [0:64]}
}

ENTRY %main (x: f32[64,64], y: f32[64,64], z: f32[64]) -> (f32[8,64], f32[16,64]) {
  %x = f32[64,64]{1,0} parameter(0)
  %y = f32[64,64]{1,0} parameter(1)
  %z = f32[64]{0} parameter(2)
  %i = s32[] constant(3)
  %f = f32[8,64]{1,0} fusion(%x, %y, %z), kind=kLoop, calls=%fused
  %ds = f32[16,64]{1,0} dynamic-slice(%x, %i, %i), dynamic_slice_sizes={16,64}
  ROOT %t = (f32[8,64]{1,0}, f32[16,64]{1,0}) tuple(%f, %ds)
}
"""


def test_a_fusion_computes_and_reads_only_what_its_sliced_output_needs():
    kernels = {k.name: k for k in hlo_cost(SLICED_ROOT, HW).kernels}
    fusion = kernels["f"]
    assert fusion.flops == 2 * 8 * 64 and fusion.transcendentals == 8 * 64  # 1/8 of the [64,64] chain
    # an eighth of x and y, the broadcast row read whole (each output row needs all of it), the slice written
    assert fusion.bytes_accessed == (2 * 8 * 64 + 64 + 8 * 64) * 4
    assert kernels["ds"].bytes_accessed == 2 * 16 * 64 * 4 + 4 + 4  # slice read and written, two indices


#: a loop of 4 iterations that slices one [1,64,64] layer of a [4,64,64] stack per iteration (fused into the dot's
#: operand), and writes one row per iteration into a [4,64] buffer in place
LOOP = """HloModule m, num_partitions=8

%slice_layer (p0: f32[4,64,64], p1: s32[]) -> f32[64,64] {
  %p0 = f32[4,64,64]{2,1,0} parameter(0)
  %p1 = s32[] parameter(1)
  %z = s32[] constant(0)
  %ds = f32[1,64,64]{2,1,0} dynamic-slice(%p0, %p1, %z, %z), dynamic_slice_sizes={1,64,64}
  ROOT %bc = f32[64,64]{1,0} bitcast(%ds)
}

%put_row (p0: f32[4,64], p1: f32[1,64], p2: s32[]) -> f32[4,64] {
  %p0 = f32[4,64]{1,0} parameter(0)
  %p1 = f32[1,64]{1,0} parameter(1)
  %p2 = s32[] parameter(2)
  %z = s32[] constant(0)
  ROOT %dus = f32[4,64]{1,0} dynamic-update-slice(%p0, %p1, %p2, %z)
}

%body (p: (s32[], f32[4,64,64], f32[1,64], f32[4,64])) -> (s32[], f32[4,64,64], f32[1,64], f32[4,64]) {
  %p = (s32[], f32[4,64,64]{2,1,0}, f32[1,64]{1,0}, f32[4,64]{1,0}) parameter(0)
  %i = s32[] get-tuple-element(%p), index=0
  %w = f32[4,64,64]{2,1,0} get-tuple-element(%p), index=1
  %h = f32[1,64]{1,0} get-tuple-element(%p), index=2
  %out = f32[4,64]{1,0} get-tuple-element(%p), index=3
  %layer = f32[64,64]{1,0} fusion(%w, %i), kind=kLoop, calls=%slice_layer
  %d = f32[1,64]{1,0} dot(%h, %layer), lhs_contracting_dims={1}, rhs_contracting_dims={0}
  %o = f32[4,64]{1,0} fusion(%out, %d, %i), kind=kLoop, calls=%put_row
  %one = s32[] constant(1)
  %next = s32[] add(%i, %one)
  ROOT %t = (s32[], f32[4,64,64]{2,1,0}, f32[1,64]{1,0}, f32[4,64]{1,0}) tuple(%next, %w, %d, %o)
}

%cond (p: (s32[], f32[4,64,64], f32[1,64], f32[4,64])) -> pred[] {
  %p = (s32[], f32[4,64,64]{2,1,0}, f32[1,64]{1,0}, f32[4,64]{1,0}) parameter(0)
  %i = s32[] get-tuple-element(%p), index=0
  %n = s32[] constant(4)
  ROOT %lt = pred[] compare(%i, %n), direction=LT
}

ENTRY %main (s: (s32[], f32[4,64,64], f32[1,64], f32[4,64])) -> (s32[], f32[4,64,64], f32[1,64], f32[4,64]) {
  %s = (s32[], f32[4,64,64]{2,1,0}, f32[1,64]{1,0}, f32[4,64]{1,0}) parameter(0)
  ROOT %loop = (s32[], f32[4,64,64]{2,1,0}, f32[1,64]{1,0}, f32[4,64]{1,0}) while(%s), condition=%cond, body=%body, backend_config={"known_trip_count":{"n":"4"}}
}
"""


def test_a_loop_reads_only_the_slice_of_a_large_operand_and_updates_in_place():
    cost = hlo_cost(LOOP, HW)
    kernels = {k.name: k for k in cost.kernels}
    assert kernels["layer"].runs == 4 and kernels["layer"].flops == 0
    assert kernels["layer"].bytes_accessed == 2 * 64 * 64 * 4 + 4  # the slice read and written, not the stack
    assert kernels["o"].bytes_accessed == 64 * 4 + 4 + 64 * 4  # the row read and written, not the [4,64] buffer
    dot = kernels["d"]
    assert dot.flops == dot.matmul_flops == 2 * 64 * 64 and dot.bytes_accessed == (64 + 64 * 64 + 64) * 4
    assert kernels["lt"].runs == 5 and kernels["next"].runs == 4  # the condition runs once more than the body
    assert cost.flops == 4 * (2 * 64 * 64 + 1) + 5 * 1
    assert cost.compute_s == pytest.approx(sum(k.time_s * k.runs for k in cost.kernels))


def test_matrix_flops_use_the_matrix_rate_and_the_rest_the_vector_rate():
    dot = next(k for k in hlo_cost(LOOP, HW_FAST_MATMUL).kernels if k.name == "d")
    assert dot.time_s == pytest.approx(max(2 * 64 * 64 / 1e10, (64 + 64 * 64 + 64) * 4 / 1e9))
    fusion = next(k for k in hlo_cost(FUSION, HW_FAST_MATMUL).kernels if k.name == "f")
    assert fusion.time_s == pytest.approx(max(6 * 512 / 1e9, 4224 / 1e9))


NESTED = """HloModule m, num_partitions=8

%inner_body (p: (s32[], f32[8,8])) -> (s32[], f32[8,8]) {
  %p = (s32[], f32[8,8]{1,0}) parameter(0)
  %i = s32[] get-tuple-element(%p), index=0
  %x = f32[8,8]{1,0} get-tuple-element(%p), index=1
  %d = f32[8,8]{1,0} dot(%x, %x), lhs_contracting_dims={1}, rhs_contracting_dims={0}
  ROOT %t = (s32[], f32[8,8]{1,0}) tuple(%i, %d)
}

%inner_cond (p: (s32[], f32[8,8])) -> pred[] {
  %p = (s32[], f32[8,8]{1,0}) parameter(0)
  ROOT %c = pred[] constant(true)
}

%outer_body (p: (s32[], f32[8,8])) -> (s32[], f32[8,8]) {
  %p = (s32[], f32[8,8]{1,0}) parameter(0)
  ROOT %w = (s32[], f32[8,8]{1,0}) while(%p), condition=%inner_cond, body=%inner_body, backend_config={"known_trip_count":{"n":"5"}}
}

%outer_cond (p: (s32[], f32[8,8])) -> pred[] {
  %p = (s32[], f32[8,8]{1,0}) parameter(0)
  ROOT %c = pred[] constant(true)
}

ENTRY %main (s: (s32[], f32[8,8])) -> (s32[], f32[8,8]) {
  %s = (s32[], f32[8,8]{1,0}) parameter(0)
  ROOT %loop = (s32[], f32[8,8]{1,0}) while(%s), condition=%outer_cond, body=%outer_body, backend_config={"known_trip_count":{"n":"3"}}
}
"""


def test_nested_loops_multiply_trip_counts():
    cost = hlo_cost(NESTED, HW)
    (dot,) = cost.kernels
    assert dot.runs == 15 and cost.flops == 15 * 2 * 8 * 8 * 8


# ----------------------------------------------------------------------------------------------------------
# Programs XLA compiled


@pytest.fixture(scope="module")
def jax_mesh():
    jax = pytest.importorskip("jax")
    import numpy as np  # noqa: PLC0415
    from jax.sharding import Mesh  # noqa: PLC0415

    if len(jax.devices()) < 8:
        pytest.skip("needs 8 host devices (tests/conftest.py sets XLA_FLAGS)")
    return Mesh(np.array(jax.devices()[:8]).reshape(2, 4), ("data", "model"))


def _compile(fn, *args):
    import jax  # noqa: PLC0415

    return jax.jit(fn).lower(*args).compile()


def test_a_partitioned_program_agrees_with_xla_cost_analysis(jax_mesh):
    import jax  # noqa: PLC0415
    import jax.numpy as jnp  # noqa: PLC0415
    from jax.sharding import NamedSharding  # noqa: PLC0415
    from jax.sharding import PartitionSpec as P  # noqa: PLC0415

    def mlp(x, w1, w2):
        return jnp.sum(jax.nn.relu(jnp.tanh(x @ w1) @ w2) * 2.0, axis=-1)

    def arg(shape, spec):
        return jax.ShapeDtypeStruct(shape, jnp.float32, sharding=NamedSharding(jax_mesh, P(*spec)))

    compiled = _compile(mlp, arg((64, 128), ("data", None)), arg((128, 256), (None, "model")),
                        arg((256, 64), ("model", None)))
    xla = compiled.cost_analysis()
    mine = hlo_cost(compiled.as_text(), HW)
    # per device: x [32,128] @ w1 [128,64], then [32,64] @ [64,64] (partial sums all-reduced over model)
    assert sum(k.matmul_flops for k in mine.kernels) == 2 * 32 * 128 * 64 + 2 * 32 * 64 * 64
    all_reduced = 32 * 64  # XLA charges the all-reduce's combine as FLOPs, its buffer as bytes read and written
    assert mine.flops + all_reduced == xla["flops"]
    assert mine.transcendentals == xla["transcendentals"] == 32 * 64
    assert mine.bytes_accessed + 2 * 4 * all_reduced == xla["bytes accessed"]


def test_a_scan_counts_its_body_per_iteration_where_xla_counts_it_once(jax_mesh):
    import jax  # noqa: PLC0415
    import jax.numpy as jnp  # noqa: PLC0415

    def layers(x, ws):
        return jax.lax.scan(lambda h, w: (jnp.tanh(h @ w), None), x, ws)[0]

    compiled = _compile(layers, jax.ShapeDtypeStruct((64, 128), jnp.float32),
                        jax.ShapeDtypeStruct((3, 128, 128), jnp.float32))
    mine = hlo_cost(compiled.as_text(), HW)
    xla = compiled.cost_analysis()
    per_layer = 2 * 64 * 128 * 128
    assert sum(k.matmul_flops * k.runs for k in mine.kernels) == 3 * per_layer
    assert mine.transcendentals == 3 * xla["transcendentals"] == 3 * 64 * 128
    assert xla["flops"] == pytest.approx(per_layer, rel=1e-3)
    assert mine.flops == pytest.approx(3 * per_layer, rel=1e-3)
    # each iteration reads one [128,128] layer of the stack, never the whole [3,128,128] stack
    layer_bytes = 128 * 128 * 4
    assert all(k.bytes_accessed < 3 * layer_bytes for k in mine.kernels if k.runs == 3)
