"""dot_general, dot, convolution (feature/batch groups, conservative) and the reductions."""

from rules_helpers import rule_text


def test_dot_general_batch_free_and_contracting_factors():
    args = "%a: tensor<3x4x5xf32>, %b: tensor<5x3x7xf32>"
    body = (
        '%0 = "stablehlo.dot_general"(%a, %b) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], '
        "rhs_batching_dimensions = [1], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>}> "
        ": (tensor<3x4x5xf32>, tensor<5x3x7xf32>) -> tensor<3x4x7xf32>"
    )
    assert rule_text(args, body) == "([i, j, l], [l, i, k])->([i, j, k]) {i=3, j=4, k=7, l=5} reduction={l}"


def test_dot_general_two_contracting_dims_in_declared_order():
    args = "%a: tensor<2x3x4xf32>, %b: tensor<4x3xf32>"
    body = (
        '%0 = "stablehlo.dot_general"(%a, %b) <{dot_dimension_numbers = #stablehlo.dot<'
        "lhs_contracting_dimensions = [2, 1], rhs_contracting_dimensions = [0, 1]>}> "
        ": (tensor<2x3x4xf32>, tensor<4x3xf32>) -> tensor<2xf32>"
    )
    assert rule_text(args, body) == "([i, k, j], [j, k])->([i]) {i=2, j=4, k=3} reduction={j, k}"


def test_dot_vector_matrix_and_matrix_matrix():
    body = '%0 = "stablehlo.dot"(%a, %b) : (tensor<6xf32>, tensor<6x2xf32>) -> tensor<2xf32>'
    assert rule_text("%a: tensor<6xf32>, %b: tensor<6x2xf32>", body) == "([j], [j, i])->([i]) {i=2, j=6} reduction={j}"
    body = '%0 = "stablehlo.dot"(%a, %b) : (tensor<3x6xf32>, tensor<6x2xf32>) -> tensor<3x2xf32>'
    assert rule_text("%a: tensor<3x6xf32>, %b: tensor<6x2xf32>", body) == (
        "([i, k], [k, j])->([i, j]) {i=3, j=2, k=6} reduction={k}"
    )


def _conv(lhs: str, rhs: str, out: str, strides: str, fgc: int = 1, bgc: int = 1, conservative: bool = False):
    body = (
        '%0 = "stablehlo.convolution"(%a, %b) <{batch_group_count = ' + str(bgc) + " : i64, "
        "dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, "
        f"feature_group_count = {fgc} : i64, window_strides = array<i64: {strides}>}}> "
        f": (tensor<{lhs}xf32>, tensor<{rhs}xf32>) -> tensor<{out}xf32>"
    )
    return rule_text(f"%a: tensor<{lhs}xf32>, %b: tensor<{rhs}xf32>", body, conservative=conservative)


def test_convolution_spatial_dims_split_into_windows_and_window_size():
    assert _conv("4x10x10x6", "2x2x6x8", "4x5x5x8", "2, 2") == (
        "([i, jk, lm, n], [k, m, n, o])->([i, j, l, o]) {i=4, j=5, k=2, l=5, m=2, n=6, o=8}"
        " reduction={k, m, n} permutation={j, l}"
    )


def test_convolution_window_larger_than_number_of_windows_goes_major():
    # 12 input positions, window 8, 3 windows (stride 2): the window-size factor (8) goes first, and the
    # windows factor is capped at what is left, 12 // 8 = 1, so it is dropped; the size-1 spatial dim gets
    # no factor either (size-1 factors at build time)
    assert _conv("1x12x1x2", "8x1x2x2", "1x3x1x2", "2, 1") == (
        "([i, j, m, k], [j, n, k, l])->([i, o, p, l]) {i=1, j=8, k=2, l=2, m=1, n=1, o=1, p=1} reduction={j, k}"
    )


def test_convolution_feature_groups():
    assert _conv("2x8x8x4", "1x1x2x6", "2x8x8x6", "1, 1", fgc=2) == (
        "([i, j, k, lm], [o, p, m, ln])->([i, j, k, ln]) {i=2, j=8, k=8, l=2, m=2, n=3, o=1, p=1}"
        " reduction={m} permutation={j, k}"
    )


def test_convolution_batch_groups():
    assert _conv("6x4x4x3", "1x1x3x9", "2x4x4x9", "1, 1", bgc=3) == (
        "([ij, k, l, m], [o, p, m, in])->([j, k, l, in]) {i=3, j=2, k=4, l=4, m=3, n=3, o=1, p=1}"
        " reduction={m} permutation={k, l}"
    )


def test_convolution_conservative_has_no_spatial_factors():
    assert _conv("4x10x10x6", "2x2x6x8", "4x5x5x8", "2, 2", conservative=True) == (
        "([i, l, m, j], [n, o, j, k])->([i, p, q, k]) {i=4, j=6, k=8, l=1, m=1, n=1, o=1, p=1, q=1} reduction={j}"
    )


REDUCE = """
%0:2 = "stablehlo.reduce"(%a, %b, %c, %d) <{dimensions = array<i64: 0, 2>}> ({
^bb0(%x: tensor<f32>, %y: tensor<i32>, %z: tensor<f32>, %w: tensor<i32>):
  %s = "stablehlo.add"(%x, %z) : (tensor<f32>, tensor<f32>) -> tensor<f32>
  "stablehlo.return"(%s, %y) : (tensor<f32>, tensor<i32>) -> ()
}) : (tensor<3x5x7xf32>, tensor<3x5x7xi32>, tensor<f32>, tensor<i32>) -> (tensor<5xf32>, tensor<5xi32>)
"""


def test_reduce_multiple_inputs_and_scalar_body():
    args = "%a: tensor<3x5x7xf32>, %b: tensor<3x5x7xi32>, %c: tensor<f32>, %d: tensor<i32>"
    assert rule_text(args, REDUCE, "stablehlo.reduce") == (
        "([i, j, k], [i, j, k], [], [])->([j], [j]) {i=3, j=5, k=7} reduction={i, k}"
    )
    # the scalar add in the body is pointwise with no factors
    assert rule_text(args, REDUCE, "stablehlo.add") == "([], [])->([])"


def _window_op(name: str, attrs: str, operands: str, types: str, conservative: bool = False) -> str | None:
    region = (
        "({\n^bb0(%x: tensor<f32>, %y: tensor<f32>):\n"
        '  "stablehlo.return"(%x) : (tensor<f32>) -> ()\n})'
    )
    if name == "stablehlo.select_and_scatter":
        region = region[:-1] + ", {\n^bb0(%x: tensor<f32>, %y: tensor<f32>):\n" '  "stablehlo.return"(%x) : (tensor<f32>) -> ()\n})'
    body = f'%0 = "{name}"({operands}) <{{{attrs}}}> {region} : {types}'
    return rule_text("%a: tensor<12x6xf32>, %s: tensor<4x6xf32>, %i: tensor<f32>", body, name, conservative)


def test_reduce_window_windowed_dims_are_permutation():
    attrs = "window_dimensions = array<i64: 3, 1>, window_strides = array<i64: 3, 1>"
    types = "(tensor<12x6xf32>, tensor<f32>) -> tensor<4x6xf32>"
    assert _window_op("stablehlo.reduce_window", attrs, "%a, %i", types) == "([i, j], [])->([i, j]) {i=4, j=6} permutation={i}"
    assert _window_op("stablehlo.reduce_window", attrs, "%a, %i", types, conservative=True) == (
        "([i, j], [])->([i, j]) {i=4, j=6} permutation={i} blocked_propagation={i}"
    )


def test_reduce_window_padding_alone_makes_a_dim_permutation():
    attrs = "window_dimensions = array<i64: 1, 1>, padding = dense<[[0, 0], [1, -1]]> : tensor<2x2xi64>"
    types = "(tensor<12x6xf32>, tensor<f32>) -> tensor<12x6xf32>"
    assert _window_op("stablehlo.reduce_window", attrs, "%a, %i", types) == "([i, j], [])->([i, j]) {i=12, j=6} permutation={j}"


def test_select_and_scatter():
    attrs = "window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 2, 1>"
    types = "(tensor<8x6xf32>, tensor<4x6xf32>, tensor<f32>) -> tensor<8x6xf32>"
    body_args = "%a, %s, %i"
    text = _window_op("stablehlo.select_and_scatter", attrs, body_args, types.replace("8x6", "12x6"))
    assert text == "([j, k], [i, k], [])->([j, k]) {i=4, j=12, k=6} need_replication={i} permutation={j}"
    text = _window_op("stablehlo.select_and_scatter", attrs, body_args, types.replace("8x6", "12x6"), conservative=True)
    assert text.endswith("need_replication={i} permutation={j} blocked_propagation={i, j}")
