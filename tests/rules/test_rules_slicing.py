"""slice, dynamic_slice, dynamic_update_slice, pad, concatenate, reverse."""

from rules_helpers import rule_text


def test_slice_sliced_dims_are_permutation_and_blocked_when_conservative():
    body = (
        '%0 = "stablehlo.slice"(%a) <{start_indices = array<i64: 0, 0>, limit_indices = array<i64: 10, 6>, '
        "strides = array<i64: 1, 2>}> : (tensor<10x6xf32>) -> tensor<10x3xf32>"
    )
    assert rule_text("%a: tensor<10x6xf32>", body) == "([i, j])->([i, j]) {i=10, j=6} permutation={j}"
    assert rule_text("%a: tensor<10x6xf32>", body, conservative=True) == (
        "([i, j])->([i, j]) {i=10, j=6} permutation={j} blocked_propagation={j}"
    )


def test_dynamic_slice_replicates_and_blocks_sliced_dims():
    body = (
        '%0 = "stablehlo.dynamic_slice"(%a, %s, %s) <{slice_sizes = array<i64: 2, 6>}> '
        ": (tensor<10x6xf32>, tensor<i32>, tensor<i32>) -> tensor<2x6xf32>"
    )
    assert rule_text("%a: tensor<10x6xf32>, %s: tensor<i32>", body) == (
        "([i, j], [], [])->([i, j]) {i=10, j=6} need_replication={i} blocked_propagation={i}"
    )


def test_dynamic_update_slice_replicates_update_unless_indices_are_constant():
    args = "%a: tensor<10x6xf32>, %u: tensor<3x6xf32>, %s: tensor<i32>"
    dus = (
        '%0 = "stablehlo.dynamic_update_slice"(%a, %u, %s, %c) '
        ": (tensor<10x6xf32>, tensor<3x6xf32>, tensor<i32>, tensor<i32>) -> tensor<10x6xf32>"
    )
    const = '%c = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>\n'
    assert rule_text(args, const + dus) == "([i, k], [j, k], [], [])->([i, k]) {i=10, j=3, k=6} need_replication={j}"
    all_const = const + dus.replace("%s, %c", "%c, %c")
    assert rule_text(args, all_const) == "([i, k], [j, k], [], [])->([i, k]) {i=10, j=3, k=6}"


def test_pad_padded_dims_are_permutation():
    body = (
        '%0 = "stablehlo.pad"(%a, %p) <{edge_padding_low = array<i64: 1, 0>, edge_padding_high = array<i64: 1, 0>, '
        "interior_padding = array<i64: 0, 0>}> : (tensor<5x4xf32>, tensor<f32>) -> tensor<7x4xf32>"
    )
    args = "%a: tensor<5x4xf32>, %p: tensor<f32>"
    assert rule_text(args, body) == "([i, j], [])->([i, j]) {i=5, j=4} permutation={i}"
    assert rule_text(args, body, conservative=True).endswith("permutation={i} blocked_propagation={i}")


CONCAT_ARGS = "%a: tensor<2x3xf32>, %b: tensor<2x5xf32>, %x: tensor<2x9xf32>"


def _concat(operands: str, types: str, out: str, prefix: str = "", conservative: bool = False) -> str | None:
    body = prefix + f'%0 = "stablehlo.concatenate"({operands}) <{{dimension = 1 : i64}}> : ({types}) -> tensor<{out}xf32>'
    return rule_text(CONCAT_ARGS, body, "stablehlo.concatenate", conservative)


def _slice(name: str, src: str, width: int) -> str:
    return (
        f'{name} = "stablehlo.slice"({src}) <{{start_indices = array<i64: 0, 0>, limit_indices = array<i64: 2, {width}>, '
        f"strides = array<i64: 1, 1>}}> : (tensor<2x9xf32>) -> tensor<2x{width}xf32>\n"
    )


def test_concatenate_of_unrelated_tensors_needs_replication():
    assert _concat("%a, %b", "tensor<2x3xf32>, tensor<2x5xf32>", "2x8") == (
        "([i, j], [i, j])->([i, j]) {i=2, j=8} need_replication={j}"
    )
    # the same tensor twice, no slice: still need_replication
    assert _concat("%a, %a", "tensor<2x3xf32>, tensor<2x3xf32>", "2x6").endswith("need_replication={j}")


def test_concatenate_of_slices_is_permutation():
    prefix = _slice("%s1", "%x", 3) + _slice("%s2", "%x", 5)
    assert _concat("%s1, %s2", "tensor<2x3xf32>, tensor<2x5xf32>", "2x8", prefix).endswith("permutation={j}")
    # slice(x) next to x itself
    prefix = _slice("%s1", "%x", 3)
    assert _concat("%s1, %x", "tensor<2x3xf32>, tensor<2x9xf32>", "2x12", prefix).endswith("permutation={j}")
    # slice(x) next to an unrelated tensor
    assert _concat("%s1, %b", "tensor<2x3xf32>, tensor<2x5xf32>", "2x8", prefix).endswith("need_replication={j}")


def test_concatenate_conservative_gives_each_tensor_a_size_one_factor():
    assert _concat("%a, %b", "tensor<2x3xf32>, tensor<2x5xf32>", "2x8", conservative=True) == (
        "([i, j], [i, k])->([i, l]) {i=2, j=1, k=1, l=1}"
    )


def test_reverse():
    body = '%0 = "stablehlo.reverse"(%a) <{dimensions = array<i64: 0>}> : (tensor<5x4xf32>) -> tensor<5x4xf32>'
    assert rule_text("%a: tensor<5x4xf32>", body) == "([i, j])->([i, j]) {i=5, j=4} permutation={i}"
