"""cholesky, triangular_solve, fft, sort, top-k, collectives, rng_bit_generator and custom calls."""

import warnings

import pytest

from autoshard.rules import UnknownOpWarning, lookup_rule, rule_for
from rules_helpers import find_op, parse_ops, rule_text


def test_cholesky_batch_dims_pass_matrix_dims_replicate():
    body = '%0 = "stablehlo.cholesky"(%a) <{lower = true}> : (tensor<3x4x4xf32>) -> tensor<3x4x4xf32>'
    assert rule_text("%a: tensor<3x4x4xf32>", body) == "([i, j, k])->([i, j, k]) {i=3, j=4, k=4} need_replication={j, k}"


def _trsm(b: str, left: bool, transpose: str) -> str | None:
    body = (
        f'%0 = "stablehlo.triangular_solve"(%a, %b) <{{left_side = {str(left).lower()}, lower = true, '
        f"transpose_a = #stablehlo<transpose {transpose}>, unit_diagonal = false}}> "
        f": (tensor<2x4x4xf32>, tensor<{b}xf32>) -> tensor<{b}xf32>"
    )
    return rule_text(f"%a: tensor<2x4x4xf32>, %b: tensor<{b}xf32>", body)


def test_triangular_solve_sides_and_transposes():
    assert _trsm("2x4x6", True, "NO_TRANSPOSE") == (
        "([i, j, l], [i, j, k])->([i, l, k]) {i=2, j=4, k=6, l=4} need_replication={j, k, l}"
    )
    assert _trsm("2x4x6", True, "TRANSPOSE") == (
        "([i, l, j], [i, j, k])->([i, l, k]) {i=2, j=4, k=6, l=4} need_replication={j, k, l}"
    )
    assert _trsm("2x6x4", False, "TRANSPOSE") == (
        "([i, k, l], [i, j, k])->([i, j, l]) {i=2, j=6, k=4, l=4} need_replication={j, k, l}"
    )
    assert _trsm("2x6x4", False, "ADJOINT") == _trsm("2x6x4", False, "TRANSPOSE")
    assert _trsm("2x6x4", False, "NO_TRANSPOSE") == (
        "([i, l, k], [i, j, k])->([i, j, l]) {i=2, j=6, k=4, l=4} need_replication={j, k, l}"
    )


def test_fft_and_real_fft_block_the_truncated_dim():
    body = (
        '%0 = "stablehlo.fft"(%a) <{fft_type = #stablehlo<fft_type FFT>, fft_length = array<i64: 8, 6>}> '
        ": (tensor<4x8x6xcomplex<f32>>) -> tensor<4x8x6xcomplex<f32>>"
    )
    assert rule_text("%a: tensor<4x8x6xcomplex<f32>>", body) == "([i, j, k])->([i, j, k]) {i=4, j=8, k=6} need_replication={j, k}"
    body = (
        '%0 = "stablehlo.fft"(%a) <{fft_type = #stablehlo<fft_type RFFT>, fft_length = array<i64: 6>}> '
        ": (tensor<4x8x6xf32>) -> tensor<4x8x4xcomplex<f32>>"
    )
    assert rule_text("%a: tensor<4x8x6xf32>", body) == (
        "([i, j, k])->([i, j, k]) {i=4, j=8, k=6} need_replication={k} blocked_propagation={k}"
    )


def _sort(shape: str, dim: int) -> str | None:
    body = (
        f'%0 = "stablehlo.sort"(%a) <{{dimension = {dim} : i64, is_stable = true}}> ({{\n'
        "^bb0(%x: tensor<f32>, %y: tensor<f32>):\n"
        '  %c = "stablehlo.compare"(%x, %y) <{comparison_direction = #stablehlo<comparison_direction GT>}> '
        ": (tensor<f32>, tensor<f32>) -> tensor<i1>\n"
        '  "stablehlo.return"(%c) : (tensor<i1>) -> ()\n'
        f"}}) : (tensor<{shape}xf32>) -> tensor<{shape}xf32>"
    )
    return rule_text(f"%a: tensor<{shape}xf32>", body, "stablehlo.sort")


def test_sort_dim_replicates_and_blocks_when_nothing_else_can_shard():
    assert _sort("4x5", 1) == "([i, j])->([i, j]) {i=4, j=5} need_replication={j}"
    assert _sort("1x5", 1) == "([i, j])->([i, j]) {i=1, j=5} need_replication={j} blocked_propagation={j}"


def test_chlo_top_k():
    body = '%0:2 = "chlo.top_k"(%a) <{k = 3 : i64}> : (tensor<4x10xf32>) -> (tensor<4x3xf32>, tensor<4x3xi32>)'
    assert rule_text("%a: tensor<4x10xf32>", body) == (
        "([i, j])->([i, j], [i, j]) {i=4, j=10} need_replication={j} blocked_propagation={j}"
    )


def test_collectives():
    body = '%0 = "stablehlo.all_gather"(%a) <{all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<2x3xf32>) -> tensor<2x6xf32>'
    assert rule_text("%a: tensor<2x3xf32>", body) == "([i, j])->([i, k]) {i=2, j=3, k=6} need_replication={j, k}"
    body = (
        '%0 = "stablehlo.all_to_all"(%a) <{split_dimension = 0 : i64, concat_dimension = 1 : i64, split_count = 2 : i64, '
        "replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<4x3xf32>) -> tensor<2x6xf32>"
    )
    assert rule_text("%a: tensor<4x3xf32>", body) == "([i, k])->([j, l]) {i=4, j=2, k=3, l=6} need_replication={i, j, k, l}"
    body = (
        '%0 = "stablehlo.reduce_scatter"(%a) <{scatter_dimension = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> ({\n'
        "^bb0(%x: tensor<f32>, %y: tensor<f32>):\n"
        '  %s = "stablehlo.add"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>\n'
        '  "stablehlo.return"(%s) : (tensor<f32>) -> ()\n'
        "}) : (tensor<8x3xf32>) -> tensor<4x3xf32>"
    )
    assert rule_text("%a: tensor<8x3xf32>", body, "stablehlo.reduce_scatter") == (
        "([j, i])->([k, i]) {i=3, j=8, k=4} need_replication={j, k}"
    )


def test_rng_bit_generator_state_is_replicated_and_blocked():
    body = (
        '%0:2 = "stablehlo.rng_bit_generator"(%s) <{rng_algorithm = #stablehlo<rng_algorithm DEFAULT>}> '
        ": (tensor<2xui64>) -> (tensor<2xui64>, tensor<3x5xui32>)"
    )
    assert rule_text("%s: tensor<2xui64>", body) == (
        "([i])->([i], [j, k]) {i=2, j=3, k=5} need_replication={i} blocked_propagation={i}"
    )


def _custom_call(target: str, operands: str, types: str, extra: str = "") -> str:
    return f'%0 = "stablehlo.custom_call"({operands}) <{{call_target_name = "{target}"}}> {extra}: {types}'


def test_known_custom_call_targets():
    args = "%a: tensor<3x4x4xf32>"
    body = _custom_call("Eigh", "%a", "(tensor<3x4x4xf32>) -> (tensor<3x4x4xf32>, tensor<3x4xf32>)")
    assert rule_text(args, body.replace("%0 =", "%0:2 =")) == "([i, j, k])->([i, j, k], [i, k]) {i=3, j=4, k=4}"
    body = _custom_call("Qr", "%a", "(tensor<2x5x3xf32>) -> (tensor<2x5x3xf32>, tensor<2x3xf32>)")
    assert rule_text("%a: tensor<2x5x3xf32>", body.replace("%0 =", "%0:2 =")) == (
        "([i, j, k])->([i, j, k], [i, l]) {i=2, j=5, k=3, l=3} need_replication={j, k, l}"
    )
    body = _custom_call("MoveToHost", "%a", "(tensor<3x4x4xf32>) -> tensor<3x4x4xf32>")
    assert rule_text(args, body) == "([i, j, k])->([i, j, k]) {i=3, j=4, k=4}"
    body = _custom_call("mhlo.topk", "%a", "(tensor<3x4x4xf32>) -> (tensor<3x4x2xf32>, tensor<3x4x2xi32>)")
    assert rule_text(args, body.replace("%0 =", "%0:2 =")) == (
        "([i, j, k])->([i, j, k], [i, j, k]) {i=3, j=4, k=4} need_replication={k} blocked_propagation={k}"
    )


def test_approx_top_k_custom_call():
    args = "%a: tensor<6x8xf32>, %b: tensor<6x8xi32>, %c: tensor<f32>, %d: tensor<i32>"
    body = _custom_call(
        "ApproxTopK", "%a, %b, %c, %d", "(tensor<6x8xf32>, tensor<6x8xi32>, tensor<f32>, tensor<i32>) -> (tensor<6x3xf32>, tensor<6x3xi32>)"
    ).replace("%0 =", "%0:2 =")
    assert rule_text(args, body) == (
        "([i, j], [i, j], [], [])->([i, k], [i, k]) {i=6, j=8, k=3} need_replication={k} blocked_propagation={k}"
    )


def test_x64_combine_feeding_rng_bit_generator_is_replicated():
    args = "%a: tensor<2xui32>, %b: tensor<2xui32>"
    combine = _custom_call("X64Combine", "%a, %b", "(tensor<2xui32>, tensor<2xui32>) -> tensor<2xui64>")
    assert rule_text(args, combine) == "([i], [i])->([i]) {i=2}"
    rng = (
        '\n%1:2 = "stablehlo.rng_bit_generator"(%0) <{rng_algorithm = #stablehlo<rng_algorithm DEFAULT>}> '
        ": (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui32>)"
    )
    assert rule_text(args, combine + rng, "stablehlo.custom_call") == (
        "([i], [i])->([i]) {i=2} need_replication={i} blocked_propagation={i}"
    )


def test_unknown_custom_call_warns_and_gets_a_conservative_rule():
    module = parse_ops("%a: tensor<4x2xf32>", _custom_call("my_kernel", "%a", "(tensor<4x2xf32>) -> tensor<2x4xf32>"))
    op = find_op(module, "stablehlo.custom_call")
    found = lookup_rule(op)
    assert found.rule is None and found.source == "unknown"
    assert found.warning == "custom call @my_kernel is unknown to SDY sharding rule registry"
    with pytest.warns(UnknownOpWarning, match="@my_kernel"):
        rule = rule_for(op)
    assert rule.body_text() == "([i, j])->([k, l]) {i=4, j=2, k=2, l=4} need_replication={i, j, k, l}"


def test_opaque_custom_calls_get_no_rule_and_no_warning():
    module = parse_ops("%a: tensor<4x2xf32>", _custom_call("tpu_custom_call", "%a", "(tensor<4x2xf32>) -> tensor<4x2xf32>"))
    op = find_op(module, "stablehlo.custom_call")
    assert lookup_rule(op).source == "registry" and lookup_rule(op).rule is None
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert rule_for(op).need_replication_factors == (0, 1, 2, 3)


def test_rule_on_the_op_wins():
    extra = "{sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([j, i]) {i=4, j=2}, custom>} "
    body = _custom_call("my_kernel", "%a", "(tensor<4x2xf32>) -> tensor<2x4xf32>", extra)
    assert rule_text("%a: tensor<4x2xf32>", body) == "([i, j])->([j, i]) {i=4, j=2}, custom"
    # also over a registered rule
    extra = "{sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=2} need_replication={i}>}"
    body = f'%0 = "stablehlo.add"(%a, %a) {extra} : (tensor<4x2xf32>, tensor<4x2xf32>) -> tensor<4x2xf32>'
    assert rule_text("%a: tensor<4x2xf32>", body) == "([i, j], [i, j])->([i, j]) {i=4, j=2} need_replication={i}"
