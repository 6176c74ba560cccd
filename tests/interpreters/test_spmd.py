"""SPMD simulation of hand-annotated modules equals the reference; wrong programs are caught."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from autoshard.interpreters.framework import SimulationError
from autoshard.interpreters.reference import run_reference
from autoshard.interpreters.simulate import simulate
from autoshard.ir.parse import parse_module
from autoshard.tools.cli import main

DOT = '<{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>}>'


def S(*dims: str, unreduced: str = "") -> str:
    body = ", ".join("{" + d + "}" for d in dims)
    return f'<@mesh, [{body}]' + (f', unreduced={{{unreduced}}}' if unreduced else "") + ">"


def per_value(s: str) -> str:
    return f"{{sdy.sharding = #sdy.sharding_per_value<[{s}]>}}"


DP, MP = '"data"', '"model"'

MLP = f'''
module {{
  sdy.mesh @mesh = <["data"=2, "model"=4]>
  func.func @main(%x: tensor<8x64xf32> {{sdy.sharding = #sdy.sharding{S(DP, "")}}}, %w1: tensor<64x256xf32> {{sdy.sharding = #sdy.sharding{S("", MP)}}}, %b1: tensor<256xf32> {{sdy.sharding = #sdy.sharding{S(MP)}}}, %w2: tensor<256x64xf32> {{sdy.sharding = #sdy.sharding{S(MP, "")}}}) -> (tensor<8x64xf32> {{sdy.sharding = #sdy.sharding{S(DP, "")}}}) {{
    %0 = "stablehlo.dot_general"(%x, %w1) {DOT} {per_value(S(DP, MP))} : (tensor<8x64xf32>, tensor<64x256xf32>) -> tensor<8x256xf32>
    %1 = "stablehlo.broadcast_in_dim"(%b1) <{{broadcast_dimensions = array<i64: 1>}}> {per_value(S(DP, MP))} : (tensor<256xf32>) -> tensor<8x256xf32>
    %2 = "stablehlo.add"(%0, %1) {per_value(S(DP, MP))} : (tensor<8x256xf32>, tensor<8x256xf32>) -> tensor<8x256xf32>
    %c = "stablehlo.constant"() <{{value = dense<0.000000e+00> : tensor<8x256xf32>}}> {per_value(S(DP, MP))} : () -> tensor<8x256xf32>
    %3 = "stablehlo.maximum"(%2, %c) {per_value(S(DP, MP))} : (tensor<8x256xf32>, tensor<8x256xf32>) -> tensor<8x256xf32>
    %4 = "stablehlo.dot_general"(%3, %w2) {DOT} {per_value(S(DP, ""))} : (tensor<8x256xf32>, tensor<256x64xf32>) -> tensor<8x64xf32>
    %5 = "stablehlo.constant"() <{{value = dense<0xFF800000> : tensor<f32>}}> : () -> tensor<f32>
    %6 = "stablehlo.reduce"(%4, %5) <{{dimensions = array<i64: 1>}}> ({{
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %m = "stablehlo.maximum"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%m) : (tensor<f32>) -> ()
    }}) {per_value(S(DP))} : (tensor<8x64xf32>, tensor<f32>) -> tensor<8xf32>
    %7 = "stablehlo.broadcast_in_dim"(%6) <{{broadcast_dimensions = array<i64: 0>}}> {per_value(S(DP, ""))} : (tensor<8xf32>) -> tensor<8x64xf32>
    %8 = "stablehlo.subtract"(%4, %7) {per_value(S(DP, ""))} : (tensor<8x64xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>
    return %8 : tensor<8x64xf32>
  }}
}}
'''

#: The same MLP's second layer in partitioned form: the contracting dot leaves partial sums (unreduced on
#: "model") that an explicit all-reduce settles; the row-max then needs a gather of the "data" axis.
EXPLICIT = f'''
module {{
  sdy.mesh @mesh = <["data"=2, "model"=4]>
  func.func @main(%h: tensor<8x256xf32> {{sdy.sharding = #sdy.sharding{S(DP, MP)}}}, %w2: tensor<256x64xf32> {{sdy.sharding = #sdy.sharding{S(MP, "")}}}) -> (tensor<8x64xf32> {{sdy.sharding = #sdy.sharding{S("", "")}}}) {{
    %4 = "stablehlo.dot_general"(%h, %w2) {DOT} {per_value(S(DP, "", unreduced=MP))} : (tensor<8x256xf32>, tensor<256x64xf32>) -> tensor<8x64xf32>
    %5 = sdy.all_reduce {{"model"}} %4 out_sharding=<@mesh, [{{"data"}}, {{}}]> : tensor<8x64xf32>
    %6 = "stablehlo.tanh"(%5) {per_value(S(DP, ""))} : (tensor<8x64xf32>) -> tensor<8x64xf32>
    %7 = sdy.all_gather [{{"data"}}, {{}}] %6 out_sharding=<@mesh, [{{}}, {{}}]> : tensor<8x64xf32>
    return %7 : tensor<8x64xf32>
  }}
}}
'''


def test_mlp_on_2x4_equals_reference():
    module = parse_module(MLP, "mlp.mlir")
    report = simulate(module, seed=3)
    assert report.ok, report.first_mismatch and report.first_mismatch.describe()
    assert report.fallbacks == []
    # the second dot contracts over "model": one all-reduce of a 4x64 f32 shard in groups of 4
    assert report.stats.counts["all_reduce"] >= 1
    assert report.stats.bytes_sent["all_reduce"][0] == pytest.approx(2 * 3 / 4 * 4 * 64 * 4)
    assert report.local_result_shapes == [(4, 64)]


def test_explicit_collectives_module_simulates():
    report = simulate(parse_module(EXPLICIT, "explicit.mlir"))
    assert report.ok, report.first_mismatch and report.first_mismatch.describe()
    assert report.stats.counts == {"all_reduce": 1, "all_gather": 1}


def _without_all_reduce(text: str) -> str:
    text = text.replace('    %5 = sdy.all_reduce {"model"} %4 out_sharding=<@mesh, [{"data"}, {}]> : tensor<8x64xf32>\n', "")
    return text.replace('"stablehlo.tanh"(%5)', '"stablehlo.tanh"(%4)')


def test_removing_a_collective_is_caught():
    broken = _without_all_reduce(EXPLICIT)
    assert broken != EXPLICIT
    report = simulate(parse_module(broken, "broken.mlir"))
    assert not report.ok
    assert report.first_mismatch is not None and report.first_mismatch.op == "stablehlo.tanh"


def test_altering_a_collective_is_caught():
    altered = EXPLICIT.replace('sdy.all_gather [{"data"}, {}] %6 out_sharding=<@mesh, [{}, {}]>',
                               'sdy.all_slice [{}, {"model"}] %6 out_sharding=<@mesh, [{"data"}, {"model"}]>')  # fmt: skip
    altered = altered.replace("-> (tensor<8x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>})",
                              '-> (tensor<8x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>})')  # fmt: skip
    assert altered != EXPLICIT
    try:
        report = simulate(parse_module(altered, "altered.mlir"))
    except SimulationError as e:  # the altered collective leaves shards of the wrong local shape
        assert "local shape" in str(e)
        return
    assert not report.ok


def test_sharding_constraint_reshards(tmp_path: Path):
    text = f'''
module {{
  sdy.mesh @mesh = <["data"=2, "model"=4]>
  func.func @main(%x: tensor<8x16xf32> {{sdy.sharding = #sdy.sharding{S(DP, MP)}}}) -> (tensor<8x16xf32> {{sdy.sharding = #sdy.sharding{S(MP, DP)}}}) {{
    %0 = "stablehlo.exponential"(%x) {per_value(S(DP, MP))} : (tensor<8x16xf32>) -> tensor<8x16xf32>
    %1 = sdy.sharding_constraint %0 <@mesh, [{{"model"}}, {{"data"}}]> : tensor<8x16xf32>
    %2 = "stablehlo.transpose"(%1) <{{permutation = array<i64: 1, 0>}}> {per_value(S(DP, MP))} : (tensor<8x16xf32>) -> tensor<16x8xf32>
    %3 = "stablehlo.transpose"(%2) <{{permutation = array<i64: 1, 0>}}> {per_value(S(MP, DP))} : (tensor<16x8xf32>) -> tensor<8x16xf32>
    return %3 : tensor<8x16xf32>
  }}
}}
'''
    report = simulate(parse_module(text, "c.mlir"))
    assert report.ok, report.first_mismatch and report.first_mismatch.describe()
    assert report.stats.total() > 0
    path = tmp_path / "c.mlir"
    path.write_text(text)
    assert main(["simulate", str(path), "--devices"]) == 0


def test_cli_exit_codes(tmp_path: Path, capsys):
    good, bad = tmp_path / "good.mlir", tmp_path / "bad.mlir"
    good.write_text(EXPLICIT)
    bad.write_text(_without_all_reduce(EXPLICIT))
    assert main(["simulate", str(good)]) == 0
    assert "all_reduce" in capsys.readouterr().out
    assert main(["simulate", str(bad)]) == 1
    assert "stablehlo.tanh" in capsys.readouterr().out
    assert main(["simulate", str(tmp_path / "missing.mlir")]) != 0


def test_unplanned_module_is_a_user_error(tmp_path: Path):
    path = tmp_path / "plain.mlir"
    path.write_text('func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {\n  return %x : tensor<4xf32>\n}\n')
    assert main(["simulate", str(path)]) == 1


def test_reference_is_deterministic_per_seed():
    module = parse_module(MLP, "mlp.mlir")
    a, b, c = run_reference(module, seed=1), run_reference(module, seed=1), run_reference(module, seed=2)
    np.testing.assert_array_equal(a.results[0], b.results[0])
    assert not np.array_equal(a.results[0], c.results[0])


def _reshape(src: str, src_type: str, dst: str, dst_type: str) -> str:
    return f'''
module {{
  sdy.mesh @mesh = <["data"=2, "model"=4]>
  func.func @main(%x: {src_type} {{sdy.sharding = #sdy.sharding{src}}}) -> ({dst_type} {{sdy.sharding = #sdy.sharding{dst}}}) {{
    %0 = "stablehlo.reshape"(%x) {per_value(dst)} : ({src_type}) -> {dst_type}
    return %0 : {dst_type}
  }}
}}
'''


def test_axis_split_across_a_dimensions_factors_runs_locally():
    """Merging [2, 4] into 8 sharded on "model": the factor of 2 takes "model":(1)2 and the factor of 4
    "model":(2)2 (Shardy's projection), so the reshape runs on local shards."""
    report = simulate(parse_module(_reshape(S("", ""), "tensor<2x4xf32>", S(MP), "tensor<8xf32>"), "r.mlir"))
    assert report.ok, report.first_mismatch and report.first_mismatch.describe()
    assert report.fallbacks == []


def test_sub_axes_meeting_at_a_factor_boundary_are_one_axis():
    """Splitting 8 sharded on "model" into [2, 4] sharded on its two halves needs no reshard of the operand:
    projecting the factors back onto it merges "model":(1)2 and "model":(2)2 into "model"."""
    halves = S('"model":(1)2', '"model":(2)2')
    report = simulate(parse_module(_reshape(S(MP), "tensor<8xf32>", halves, "tensor<2x4xf32>"), "r.mlir"))
    assert report.ok, report.first_mismatch and report.first_mismatch.describe()
    assert report.fallbacks == []
    assert report.implicit_reshards == 0 and report.stats.total() == 0


def test_factor_shardings_that_need_a_strided_view_run_globally():
    """Splitting 16 into [4, 4] sharded ["data"], ["model"]: "data" shards the major factor only partly, so
    the operand's one dimension cannot be sharded by both factors' axes in blocks; the op runs globally."""
    report = simulate(parse_module(_reshape(S(""), "tensor<16xf32>", S(DP, MP), "tensor<4x4xf32>"), "r.mlir"))
    assert report.ok, report.first_mismatch and report.first_mismatch.describe()
    assert [(f.op, "strided view of operand 0" in f.reason) for f in report.fallbacks] == [("stablehlo.reshape", True)]
