"""Ops that need more than the kernel on local arrays run on local shards and equal the global kernel.

Each test writes a one-op module with random shapes, attributes and shardings on a 2x4 or 2x2x2 mesh
(operands, indices and the declared result sharded independently), runs `simulate` (the reference run is the
global kernel) with indices that include out-of-range ones, and requires a match with no op run globally. A
plan that shards a factor the op's rule needs replicated is a simulation error; deliberately broken
localizers (an off-by-one halo, an off-by-one block start) are caught.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from autoshard.interpreters import local_op, local_windows
from autoshard.interpreters.framework import SimulationError
from autoshard.interpreters.simulate import SimulationReport, simulate
from autoshard.ir.parse import parse_module

MESHES = {"2x4": (("x", 2), ("y", 4)), "2x2x2": (("x", 2), ("y", 2), ("z", 2))}
SETTINGS = settings(max_examples=12, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
Axes = tuple[str, ...]


def tensor(shape, dtype: str = "f32") -> str:
    return f"tensor<{'x'.join(map(str, shape))}{'x' if shape else ''}{dtype}>"


def sharding(dims: list[Axes]) -> str:
    return "<@mesh, [" + ", ".join("{" + ", ".join(f'"{a}"' for a in axes) + "}" for axes in dims) + "]>"


def arg(name: str, shape, dims: list[Axes], dtype: str = "f32") -> str:
    return f"%{name}: {tensor(shape, dtype)} {{sdy.sharding = #sdy.sharding{sharding(dims)}}}"


def module(mesh: str, args: list[str], body: str, result_type: str) -> str:
    axes = ", ".join(f'"{n}"={s}' for n, s in MESHES[mesh])
    return (
        f"module {{\n  sdy.mesh @mesh = <[{axes}]>\n  func.func @main({', '.join(args)}) -> {result_type} {{\n"
        f"{body}\n    return %r : {result_type}\n  }}\n}}\n"
    )


def result_attr(dims: list[Axes]) -> str:
    return f"{{sdy.sharding = #sdy.sharding_per_value<[{sharding(dims)}]>}}"


def body_region(op: str, dtype: str = "f32") -> str:
    t = f"tensor<{dtype}>"
    return f'({{\n    ^bb0(%p: {t}, %q: {t}):\n      %c = "{op}"(%p, %q) : ({t}, {t}) -> {t}\n      "stablehlo.return"(%c) : ({t}) -> ()\n    }})'


@st.composite
def dim_axes(draw, mesh: str, sizes, allowed=None, counts=None) -> list[Axes]:
    """Mesh axes per dimension (each axis once), only on `allowed` dimensions, the product of a dimension's
    axis sizes dividing its size (and `counts[d]` when given)."""
    allowed = list(range(len(sizes))) if allowed is None else list(allowed)
    out: list[list[str]] = [[] for _ in sizes]
    sizes_of = dict(MESHES[mesh])
    for name in draw(st.permutations([n for n, _ in MESHES[mesh]])):
        d = draw(st.sampled_from([None, *allowed]))
        if d is None:
            continue
        n = math.prod(sizes_of[a] for a in out[d]) * sizes_of[name]
        if sizes[d] % n == 0 and (counts is None or counts[d] % n == 0):
            out[d].append(name)
    return [tuple(axes) for axes in out]


def run(text: str, inputs: list[np.ndarray]) -> SimulationReport:
    report = simulate(parse_module(text, "local.mlir"), inputs=inputs)
    assert report.ok, report.first_mismatch and report.first_mismatch.describe()
    assert report.fallbacks == [], [(f.op, f.reason) for f in report.fallbacks]
    return report


def floats(rng: np.random.Generator, shape) -> np.ndarray:
    return rng.standard_normal(shape).astype(np.float32)


# -- gather -------------------------------------------------------------------------------------------


def embedding_gather(mesh: str, v: int, h: int, b: int, s: int, table: list[Axes], idx: list[Axes], out: list[Axes]) -> str:
    """A GPT embedding lookup: table[v, h] indexed by ids[b, s, 1]; the vocabulary dimension (collapsed) is
    Shardy's reduction factor, h a pass-through one."""
    dn = "#stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>"
    body = (
        f'    %r = "stablehlo.gather"(%t, %i) <{{dimension_numbers = {dn}, indices_are_sorted = false, '
        f"slice_sizes = array<i64: 1, {h}>}}> {result_attr(out)} : ({tensor([v, h])}, {tensor([b, s, 1], 'i32')}) -> {tensor([b, s, h])}"
    )
    return module(mesh, [arg("t", [v, h], table), arg("i", [b, s, 1], idx + [()], "i32")], body, tensor([b, s, h]))


@st.composite
def embedding_case(draw):
    mesh = draw(st.sampled_from(sorted(MESHES)))
    v, h, b, s = draw(st.sampled_from([8, 16])), draw(st.sampled_from([4, 8])), draw(st.sampled_from([2, 4])), draw(st.sampled_from([4, 8]))
    shardings = draw(dim_axes(mesh, [v, h])), draw(dim_axes(mesh, [b, s])), draw(dim_axes(mesh, [b, s, h]))
    return mesh, (v, h, b, s), shardings, draw(st.integers(0, 2**16))


@SETTINGS
@given(embedding_case())
def test_gather_with_sharded_indexed_dimension_equals_global(case):
    mesh, (v, h, b, s), (table, idx, out), seed = case
    rng = np.random.default_rng(seed)
    ids = rng.integers(-3, v + 3, (b, s, 1)).astype(np.int32)  # out-of-range ids are clamped
    run(embedding_gather(mesh, v, h, b, s, table, idx, out), [floats(rng, (v, h)), ids])


def test_gather_over_a_sharded_vocabulary_masks_and_all_reduces():
    text = embedding_gather("2x4", 16, 4, 2, 4, [("y",), ()], [(), ()], [("x",), (), ()])
    rng = np.random.default_rng(0)
    report = run(text, [floats(rng, (16, 4)), rng.integers(-2, 18, (2, 4, 1)).astype(np.int32)])
    assert report.stats.counts["all_reduce"] == 1  # the masked partial lookups summed over "y"
    assert "all_gather" not in report.stats.counts  # the table is never gathered


def test_gather_with_an_off_by_one_block_start_is_caught(monkeypatch):
    original = local_op.LocalOp.operand_block_start
    monkeypatch.setattr(local_op.LocalOp, "operand_block_start", lambda self, d, i: tuple(x + 1 for x in original(self, d, i)))
    text = embedding_gather("2x4", 16, 4, 2, 4, [("y",), ()], [(), ()], [("x",), (), ()])
    rng = np.random.default_rng(0)
    report = simulate(parse_module(text, "local.mlir"), inputs=[floats(rng, (16, 4)), rng.integers(0, 16, (2, 4, 1)).astype(np.int32)])
    assert not report.ok


@SETTINGS
@given(st.sampled_from(sorted(MESHES)), st.data())
def test_gather_with_batching_dims_equals_global(mesh, data):
    """Per-row lookups (GPT's cross-entropy): operand[b, s, v] at ids[b, s, 1, 1]; b and s explicit batching."""
    b, s, v = 4, 8, data.draw(st.sampled_from([8, 16]))
    operand, idx, out = data.draw(dim_axes(mesh, [b, s, v])), data.draw(dim_axes(mesh, [b, s])), data.draw(dim_axes(mesh, [b, s, 1], [0, 1]))
    dn = ("#stablehlo.gather<collapsed_slice_dims = [2], operand_batching_dims = [0, 1], start_indices_batching_dims = [0, 1], "
          "start_index_map = [2], index_vector_dim = 3>")  # fmt: skip
    body = (
        f'    %r = "stablehlo.gather"(%t, %i) <{{dimension_numbers = {dn}, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 1>}}> '
        f"{result_attr(out)} : ({tensor([b, s, v])}, {tensor([b, s, 1, 1], 'i32')}) -> {tensor([b, s, 1])}"
    )
    text = module(mesh, [arg("t", [b, s, v], operand), arg("i", [b, s, 1, 1], idx + [(), ()], "i32")], body, tensor([b, s, 1]))
    rng = np.random.default_rng(data.draw(st.integers(0, 2**16)))
    run(text, [floats(rng, (b, s, v)), rng.integers(-2, v + 2, (b, s, 1, 1)).astype(np.int32)])


@SETTINGS
@given(st.sampled_from(sorted(MESHES)), st.data())
def test_gather_of_one_row_kept_as_an_offset_dim_equals_global(mesh, data):
    """slice_sizes 1 on an uncollapsed dimension: Shardy's reduction factor on the operand (masked lookups),
    a need-replication factor of size 1 on the result."""
    v, h, b = data.draw(st.sampled_from([8, 16])), 4, 4
    table, idx, out = data.draw(dim_axes(mesh, [v, h])), data.draw(dim_axes(mesh, [b])), data.draw(dim_axes(mesh, [b, 1, h], [0, 2]))
    dn = "#stablehlo.gather<offset_dims = [1, 2], start_index_map = [0], index_vector_dim = 1>"
    body = (
        f'    %r = "stablehlo.gather"(%t, %i) <{{dimension_numbers = {dn}, indices_are_sorted = false, slice_sizes = array<i64: 1, {h}>}}> '
        f"{result_attr(out)} : ({tensor([v, h])}, {tensor([b, 1], 'i32')}) -> {tensor([b, 1, h])}"
    )
    text = module(mesh, [arg("t", [v, h], table), arg("i", [b, 1], idx + [()], "i32")], body, tensor([b, 1, h]))
    rng = np.random.default_rng(data.draw(st.integers(0, 2**16)))
    run(text, [floats(rng, (v, h)), rng.integers(-3, v + 3, (b, 1)).astype(np.int32)])


# -- scatter ------------------------------------------------------------------------------------------


def scatter_text(mesh: str, v: int, h: int, b: int, combiner: str, operand: list[Axes], idx: list[Axes], upd: list[Axes], out: list[Axes]) -> str:
    """Rows of updates[b, h] combined into operand[v, h] at ids[b, 1] (an embedding gradient)."""
    dn = "#stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>"
    body = (
        f'    %r = "stablehlo.scatter"(%o, %i, %u) <{{indices_are_sorted = false, scatter_dimension_numbers = {dn}, unique_indices = false}}> '
        f"{body_region(combiner)} {result_attr(out)} : ({tensor([v, h])}, {tensor([b, 1], 'i32')}, {tensor([b, h])}) -> {tensor([v, h])}"
    )
    args = [arg("o", [v, h], operand), arg("i", [b, 1], idx + [()], "i32"), arg("u", [b, h], upd)]
    return module(mesh, args, body, tensor([v, h]))


@SETTINGS
@given(st.sampled_from(sorted(MESHES)), st.sampled_from(["stablehlo.add", "stablehlo.maximum", "stablehlo.multiply"]), st.data())
def test_scatter_equals_global(mesh, combiner, data):
    v, h, b = data.draw(st.sampled_from([8, 16])), data.draw(st.sampled_from([4, 8])), data.draw(st.sampled_from([4, 8]))
    shardings = [data.draw(dim_axes(mesh, shape)) for shape in ([v, h], [b], [b, h], [v, h])]
    rng = np.random.default_rng(data.draw(st.integers(0, 2**16)))
    ids = rng.integers(-2, v + 2, (b, 1)).astype(np.int32)  # out-of-range updates are skipped
    run(scatter_text(mesh, v, h, b, combiner, *shardings), [floats(rng, (v, h)), ids, floats(rng, (b, h))])


def test_scatter_add_with_sharded_updates_combines_partials():
    text = scatter_text("2x4", 8, 4, 8, "stablehlo.add", [(), ()], [("y",)], [("y",), ()], [(), ()])
    rng = np.random.default_rng(1)
    report = run(text, [floats(rng, (8, 4)), rng.integers(0, 8, (8, 1)).astype(np.int32), floats(rng, (8, 4))])
    assert report.stats.counts["all_reduce"] == 1


# -- dynamic_slice, dynamic_update_slice, sort ----------------------------------------------------------


@SETTINGS
@given(st.sampled_from(sorted(MESHES)), st.data())
def test_dynamic_slice_equals_global(mesh, data):
    shape, sizes = (4, 8, 16), (1, 8, data.draw(st.sampled_from([4, 16])))
    operand = data.draw(dim_axes(mesh, shape))
    out = data.draw(dim_axes(mesh, sizes, [d for d in range(3) if sizes[d] == shape[d]]))
    scalars = [f"%s{d}: tensor<i32>" for d in range(3)]
    body = (
        f"    %r = stablehlo.dynamic_slice %t, %s0, %s1, %s2, sizes = [{', '.join(map(str, sizes))}] {result_attr(out)} : "
        f"({tensor(shape)}, tensor<i32>, tensor<i32>, tensor<i32>) -> {tensor(sizes)}"
    )
    text = module(mesh, [arg("t", shape, operand), *scalars], body, tensor(sizes))
    rng = np.random.default_rng(data.draw(st.integers(0, 2**16)))
    starts = [np.asarray(rng.integers(-3, n + 3), np.int32) for n in shape]
    run(text, [floats(rng, shape), *starts])


def test_dynamic_slice_sharded_along_a_sliced_dimension_is_a_plan_bug():
    body = (
        f"    %r = stablehlo.dynamic_slice %t, %a, %b, sizes = [1, 8] {result_attr([(), ('x',)])} : "
        f"({tensor([4, 16])}, tensor<i32>, tensor<i32>) -> {tensor([1, 8])}"
    )
    text = module("2x4", [arg("t", [4, 16], [(), ()]), "%a: tensor<i32>", "%b: tensor<i32>"], body, tensor([1, 8]))
    with pytest.raises(SimulationError, match="plan bug"):
        simulate(parse_module(text, "local.mlir"), inputs=[np.ones((4, 16), np.float32), np.int32(0), np.int32(2)])


@SETTINGS
@given(st.sampled_from(sorted(MESHES)), st.data())
def test_dynamic_update_slice_equals_global(mesh, data):
    shape, u = (16, 8), data.draw(st.sampled_from([1, 3, 5, 16]))
    update_shape = (u, 8)
    operand, update, out = data.draw(dim_axes(mesh, shape)), data.draw(dim_axes(mesh, update_shape)), data.draw(dim_axes(mesh, shape))
    body = (
        f"    %r = stablehlo.dynamic_update_slice %t, %u, %a, %b {result_attr(out)} : "
        f"({tensor(shape)}, {tensor(update_shape)}, tensor<i32>, tensor<i32>) -> {tensor(shape)}"
    )
    text = module(mesh, [arg("t", shape, operand), arg("u", update_shape, update), "%a: tensor<i32>", "%b: tensor<i32>"], body, tensor(shape))
    rng = np.random.default_rng(data.draw(st.integers(0, 2**16)))
    starts = [np.asarray(rng.integers(-3, 20), np.int32), np.asarray(rng.integers(-2, 3), np.int32)]
    run(text, [floats(rng, shape), floats(rng, update_shape), *starts])


def test_dynamic_update_slice_with_constant_starts_and_a_sharded_update_equals_global():
    """Constant starts make the update's sliced dimension a pass-through factor of its own (Shardy); the update
    is gathered along it and each operand block writes its part."""
    body = (
        '    %a = "stablehlo.constant"() <{value = dense<5> : tensor<i32>}> : () -> tensor<i32>\n'
        '    %b = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>\n'
        f"    %r = stablehlo.dynamic_update_slice %t, %u, %a, %b {result_attr([('y',), ('x',)])} : "
        f"({tensor([16, 8])}, {tensor([8, 8])}, tensor<i32>, tensor<i32>) -> {tensor([16, 8])}"
    )
    text = module("2x4", [arg("t", [16, 8], [("y",), ("x",)]), arg("u", [8, 8], [("y",), ()])], body, tensor([16, 8]))
    rng = np.random.default_rng(0)
    run(text, [floats(rng, (16, 8)), floats(rng, (8, 8))])


def sort_text(mesh: str, operand: list[Axes], out: list[Axes]) -> str:
    comparator = (
        '({\n    ^bb0(%p: tensor<f32>, %q: tensor<f32>):\n      %c = "stablehlo.compare"(%p, %q) '
        "<{comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<f32>, tensor<f32>) -> tensor<i1>\n"
        '      "stablehlo.return"(%c) : (tensor<i1>) -> ()\n    })'
    )
    body = (
        f'    %r = "stablehlo.sort"(%t) <{{dimension = 1 : i64, is_stable = true}}> {comparator} {result_attr(out)} : '
        f"({tensor([8, 6])}) -> {tensor([8, 6])}"
    )
    return module(mesh, [arg("t", [8, 6], operand)], body, tensor([8, 6]))


@SETTINGS
@given(st.sampled_from(sorted(MESHES)), st.data())
def test_sort_equals_global(mesh, data):
    operand, out = data.draw(dim_axes(mesh, [8, 6])), data.draw(dim_axes(mesh, [8, 6], [0]))
    rng = np.random.default_rng(data.draw(st.integers(0, 2**16)))
    run(sort_text(mesh, operand, out), [floats(rng, (8, 6))])


def test_sort_sharded_along_its_sort_dimension_is_a_plan_bug():
    with pytest.raises(SimulationError, match="plan bug"):
        simulate(parse_module(sort_text("2x4", [(), ()], [(), ("x",)]), "local.mlir"), inputs=[np.ones((8, 6), np.float32)])


# -- reduce_window and convolution ----------------------------------------------------------------------


def _windows(size: int, window: int, stride: int, dilation: int, low: int, high: int) -> int:
    return (size + low + high - ((window - 1) * dilation + 1)) // stride + 1


def reduce_window_text(mesh, shape, window, strides, dilations, padding, combiner, operand, out) -> tuple[str, tuple[int, ...]]:
    out_shape = tuple(_windows(*a, *p) for a, p in zip(zip(shape, window, strides, dilations), padding))
    init = "0.000000e+00" if combiner == "stablehlo.add" else "0xFF800000"
    pads = ", ".join(f"[{lo}, {hi}]" for lo, hi in padding)
    body = (
        f'    %z = "stablehlo.constant"() <{{value = dense<{init}> : tensor<f32>}}> : () -> tensor<f32>\n'
        f'    %r = "stablehlo.reduce_window"(%t, %z) <{{padding = dense<[{pads}]> : tensor<{len(shape)}x2xi64>, '
        f"window_dimensions = array<i64: {', '.join(map(str, window))}>, window_strides = array<i64: {', '.join(map(str, strides))}>, "
        f"window_dilations = array<i64: {', '.join(map(str, dilations))}>}}> {body_region(combiner)} {result_attr(out)} : "
        f"({tensor(shape)}, tensor<f32>) -> {tensor(out_shape)}"
    )
    return module(mesh, [arg("t", shape, operand)], body, tensor(out_shape)), out_shape


@st.composite
def reduce_window_case(draw):
    mesh = draw(st.sampled_from(sorted(MESHES)))
    shape = (16, 8)
    window = tuple(draw(st.integers(1, 4)) for _ in shape)
    strides = tuple(draw(st.integers(1, 3)) for _ in shape)
    dilations = tuple(draw(st.integers(1, 2)) for _ in shape)
    padding = tuple((draw(st.integers(0, 3)), draw(st.integers(0, 3))) for _ in shape)
    if draw(st.booleans()):  # a cumulative sum along dimension 0 (moe's reduce_window)
        window, strides, dilations, padding = (16, 1), (1, 1), (1, 1), ((15, 0), (0, 0))
    out_shape = tuple(_windows(*a, *p) for a, p in zip(zip(shape, window, strides, dilations), padding))
    out = draw(dim_axes(mesh, out_shape, counts=shape))
    operand = draw(dim_axes(mesh, shape))
    combiner = draw(st.sampled_from(["stablehlo.add", "stablehlo.maximum"]))
    return mesh, shape, window, strides, dilations, padding, combiner, operand, out, draw(st.integers(0, 2**16))


@SETTINGS
@given(reduce_window_case())
def test_reduce_window_with_halo_equals_global(case):
    *spec, seed = case
    text, _ = reduce_window_text(*spec)
    run(text, [floats(np.random.default_rng(seed), spec[1])])


def cumsum_text() -> str:
    return reduce_window_text("2x4", (16, 8), (16, 1), (1, 1), (1, 1), ((15, 0), (0, 0)), "stablehlo.add", [("y",), ()], [("y",), ()])[0]


def test_reduce_window_across_shard_borders_exchanges_halos():
    report = run(cumsum_text(), [floats(np.random.default_rng(0), (16, 8))])
    assert report.stats.counts["collective_permute"] == 3  # blocks 1..3 back from each device along "y"
    assert "all_gather" not in report.stats.counts


def test_reduce_window_with_an_off_by_one_halo_is_caught(monkeypatch):
    original = local_windows._halo_range
    monkeypatch.setattr(local_windows, "_halo_range", lambda *a: tuple(x + 1 for x in original(*a)))
    report = simulate(parse_module(cumsum_text(), "local.mlir"), inputs=[floats(np.random.default_rng(0), (16, 8))])
    assert not report.ok


@st.composite
def convolution_case(draw):
    mesh = draw(st.sampled_from(sorted(MESHES)))
    groups = draw(st.sampled_from([1, 2, 4]))
    n, h, w, ci, co = 2, 16, 8, 2, 2
    kh, kw = draw(st.integers(1, 3)), draw(st.integers(1, 3))
    stride = (draw(st.integers(1, 2)), 1)
    dil = (draw(st.integers(1, 2)), 1)
    padding = ((draw(st.integers(0, 2)), draw(st.integers(0, 2))), (kw // 2, kw // 2))
    oh, ow = _windows(h, kh, stride[0], dil[0], *padding[0]), _windows(w, kw, stride[1], dil[1], *padding[1])
    lhs_shape, rhs_shape, out_shape = (n, h, w, groups * ci), (kh, kw, ci, groups * co), (n, oh, ow, groups * co)
    out = draw(dim_axes(mesh, out_shape, counts=(n, h, w, groups)))
    lhs, rhs = draw(dim_axes(mesh, lhs_shape)), draw(dim_axes(mesh, rhs_shape, [2, 3]))
    return mesh, groups, lhs_shape, rhs_shape, out_shape, stride, dil, padding, lhs, rhs, out, draw(st.integers(0, 2**16))


def convolution_text(mesh, groups, lhs_shape, rhs_shape, out_shape, stride, dil, padding, lhs, rhs, out) -> str:
    pads = ", ".join(f"[{lo}, {hi}]" for lo, hi in padding)
    body = (
        f"    %r = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {{stride = "
        f"[{stride[0]}, {stride[1]}], pad = [{pads}], lhs_dilate = [1, 1], rhs_dilate = [{dil[0]}, {dil[1]}]}} "
        f"{{batch_group_count = 1 : i64, feature_group_count = {groups} : i64, sdy.sharding = #sdy.sharding_per_value<[{sharding(out)}]>}} : "
        f"({tensor(lhs_shape)}, {tensor(rhs_shape)}) -> {tensor(out_shape)}"
    )
    return module(mesh, [arg("x", lhs_shape, lhs), arg("k", rhs_shape, rhs)], body, tensor(out_shape))


@SETTINGS
@given(convolution_case())
def test_convolution_with_sharded_spatial_dims_and_feature_groups_equals_global(case):
    mesh, groups, lhs_shape, rhs_shape, out_shape, stride, dil, padding, lhs, rhs, out, seed = case
    rng = np.random.default_rng(seed)
    text = convolution_text(mesh, groups, lhs_shape, rhs_shape, out_shape, stride, dil, padding, lhs, rhs, out)
    run(text, [floats(rng, lhs_shape), floats(rng, rhs_shape)])


def test_convolution_sharded_along_height_and_groups_exchanges_halos():
    text = convolution_text("2x4", 4, (2, 16, 8, 8), (3, 3, 2, 8), (2, 16, 8, 8), (1, 1), (1, 1), ((1, 1), (1, 1)),
                            [(), ("x",), (), ("y",)], [(), (), (), ("y",)], [(), ("x",), (), ("y",)])  # fmt: skip
    rng = np.random.default_rng(0)
    report = run(text, [floats(rng, (2, 16, 8, 8)), floats(rng, (3, 3, 2, 8))])
    assert report.stats.counts["collective_permute"] == 2  # one row from each neighbour along "x"
    assert not report.stats.counts.get("all_gather")


def test_convolution_with_a_sharded_window_runs_globally_and_says_why():
    """A window longer than the output (kernel 6 over 8 rows): Shardy's window-size reduction factor, sharded
    on the kernel, has no local run here."""
    text = convolution_text("2x4", 1, (2, 8, 8, 2), (6, 3, 2, 2), (2, 3, 6, 2), (1, 1), (1, 1), ((0, 0), (0, 0)),
                            [(), (), (), ()], [("x",), (), (), ()], [(), (), (), ()])  # fmt: skip
    rng = np.random.default_rng(0)
    report = simulate(parse_module(text, "local.mlir"), inputs=[floats(rng, (2, 8, 8, 2)), floats(rng, (6, 3, 2, 2))])
    assert report.ok
    assert [(f.op, f.reason) for f in report.fallbacks] == [("stablehlo.convolution", "convolution with a sharded window (kernel spatial dimension)")]
    assert dict(report.stats.counts) == {"all_gather": 1}  # the fallback's gather of the kernel, no local-plan reshard
