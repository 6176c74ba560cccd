"""Pointwise ops, clamp/select with scalars, bitcast_convert, batch_norm_inference, CHLO ops."""

from rules_helpers import rule_text


def test_binary_pointwise_with_size_one_and_size_zero_dims():
    args = "%a: tensor<3x1x0xf32>"
    body = '%0 = "stablehlo.multiply"(%a, %a) : (tensor<3x1x0xf32>, tensor<3x1x0xf32>) -> tensor<3x1x0xf32>'
    assert rule_text(args, body) == "([i, j, k], [i, j, k])->([i, j, k]) {i=3, j=1, k=0}"


def test_scalar_pointwise_has_no_factors():
    body = '%0 = "stablehlo.exponential"(%a) : (tensor<f32>) -> tensor<f32>'
    assert rule_text("%a: tensor<f32>", body) == "([])->([])"


def test_compare_and_convert_are_pointwise():
    body = '%0 = "stablehlo.convert"(%a) : (tensor<5x2xf32>) -> tensor<5x2xbf16>'
    assert rule_text("%a: tensor<5x2xf32>", body) == "([i, j])->([i, j]) {i=5, j=2}"


def test_clamp_with_scalar_bounds_and_select_with_scalar_pred():
    args = "%lo: tensor<f32>, %x: tensor<6x7xf32>, %p: tensor<i1>"
    body = (
        '%0 = "stablehlo.clamp"(%lo, %x, %lo) : (tensor<f32>, tensor<6x7xf32>, tensor<f32>) -> tensor<6x7xf32>\n'
        '%1 = "stablehlo.select"(%p, %x, %0) : (tensor<i1>, tensor<6x7xf32>, tensor<6x7xf32>) -> tensor<6x7xf32>'
    )
    assert rule_text(args, body, "stablehlo.clamp") == "([], [i, j], [])->([i, j]) {i=6, j=7}"
    assert rule_text(args, body, "stablehlo.select") == "([], [i, j], [i, j])->([i, j]) {i=6, j=7}"


def test_bitcast_convert_between_widths():
    up = '%0 = "stablehlo.bitcast_convert"(%a) : (tensor<3x4xi8>) -> tensor<3xi32>'
    assert rule_text("%a: tensor<3x4xi8>", up) == "([i, j])->([i]) {i=3, j=4} need_replication={j}"
    down = '%0 = "stablehlo.bitcast_convert"(%a) : (tensor<5xi64>) -> tensor<5x4xi16>'
    assert rule_text("%a: tensor<5xi64>", down) == "([i])->([i, j]) {i=5, j=4} need_replication={j}"
    same = '%0 = "stablehlo.bitcast_convert"(%a) : (tensor<5xf32>) -> tensor<5xi32>'
    assert rule_text("%a: tensor<5xf32>", same) == "([i])->([i]) {i=5}"


def test_batch_norm_inference_shares_the_feature_dim():
    args = "%x: tensor<2x6x5xf32>, %s: tensor<5xf32>"
    body = (
        '%0 = "stablehlo.batch_norm_inference"(%x, %s, %s, %s, %s) <{epsilon = 1.0e-03 : f32, feature_index = 2 : i64}>'
        " : (tensor<2x6x5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>) -> tensor<2x6x5xf32>"
    )
    assert rule_text(args, body) == "([i, j, k], [k], [k], [k], [k])->([i, j, k]) {i=2, j=6, k=5}"


def test_chlo_unary_and_broadcasting_binary():
    body = '%0 = "chlo.square"(%a) : (tensor<4x3xf32>) -> tensor<4x3xf32>'
    assert rule_text("%a: tensor<4x3xf32>", body) == "([i, j])->([i, j]) {i=4, j=3}"
    args = "%a: tensor<4x3xf32>, %b: tensor<1x3xf32>, %c: tensor<3xf32>"
    body = (
        '%0 = "chlo.broadcast_add"(%a, %b) : (tensor<4x3xf32>, tensor<1x3xf32>) -> tensor<4x3xf32>\n'
        '%1 = "chlo.broadcast_multiply"(%a, %c) : (tensor<4x3xf32>, tensor<3xf32>) -> tensor<4x3xf32>'
    )
    assert rule_text(args, body, "chlo.broadcast_add") == "([i, j], [k, j])->([i, j]) {i=4, j=3, k=1}"
    assert rule_text(args, body, "chlo.broadcast_multiply") == "([i, j], [j])->([i, j]) {i=4, j=3}"


def test_sharding_constraint_is_pointwise():
    body = '%0 = "sdy.sharding_constraint"(%a) <{sharding = #sdy.sharding<@mesh, [{}, {}]>}> : (tensor<4x3xf32>) -> tensor<4x3xf32>'
    assert rule_text("%a: tensor<4x3xf32>", body) == "([i, j])->([i, j]) {i=4, j=3}"
