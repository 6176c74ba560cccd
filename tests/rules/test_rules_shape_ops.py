"""broadcast_in_dim, transpose and reshape (compound factors for merges and splits)."""

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from autoshard.rules.reshape import reshape_rule_for_shapes
from rules_helpers import rule_text


def _bcast(in_shape: str, out_shape: str, dims: str) -> str | None:
    body = (
        f'%0 = "stablehlo.broadcast_in_dim"(%a) <{{broadcast_dimensions = array<i64{": " + dims if dims else ""}>}}>'
        f" : (tensor<{in_shape}>) -> tensor<{out_shape}>"
    )
    return rule_text(f"%a: tensor<{in_shape}>", body)


def test_broadcast_new_dims_expanded_size_one_dims_and_reordering():
    assert _bcast("7x3xf32", "3x5x7xf32", "2, 0") == "([k, i])->([i, j, k]) {i=3, j=5, k=7}"
    # a size-1 operand dim expanded to 4: its own size-1 factor, then a broadcast factor
    assert _bcast("1x3xf32", "4x3xf32", "0, 1") == "([i, k])->([j, k]) {i=1, j=4, k=3}"
    # a size-1 dim kept as size 1 stays shared
    assert _bcast("1x3xf32", "1x3xf32", "0, 1") == "([i, j])->([i, j]) {i=1, j=3}"
    assert _bcast("f32", "2x0xf32", "") == "([])->([i, j]) {i=2, j=0}"


def test_transpose():
    body = '%0 = "stablehlo.transpose"(%a) <{permutation = array<i64: 2, 0, 1>}> : (tensor<3x5x7xf32>) -> tensor<7x3x5xf32>'
    assert rule_text("%a: tensor<3x5x7xf32>", body) == "([j, k, i])->([i, j, k]) {i=7, j=3, k=5}"


def _reshape(a, b) -> str | None:
    rule = reshape_rule_for_shapes(tuple(a), tuple(b))
    return None if rule is None else rule.body_text()


def test_reshape_merge_split_and_three_way():
    assert _reshape([3, 5], [15]) == "([i, j])->([ij]) {i=3, j=5}"
    assert _reshape([15], [3, 5]) == "([ij])->([i, j]) {i=3, j=5}"
    assert _reshape([2, 30], [2, 3, 5, 2]) == "([i, jkl])->([i, j, k, l]) {i=2, j=3, k=5, l=2}"
    # split 6 -> 2x3 and merge 3x4 -> 12 at once
    assert _reshape([6, 4], [2, 12]) == "([ij, k])->([i, jk]) {i=2, j=3, k=4}"


def test_reshape_size_one_dims_get_their_own_factors():
    assert _reshape([1, 6], [6, 1]) == "([i, j])->([j, k]) {i=1, j=6, k=1}"
    assert _reshape([12], [3, 1, 4]) == "([ik])->([i, j, k]) {i=3, j=1, k=4}"
    assert _reshape([1, 1], []) == "([i, j])->([]) {i=1, j=1}"


def test_reshape_without_common_divisor_keeps_factors_apart():
    # 5x3 -> 3x5: gcd(5, 3) = 1, each side its own factors
    assert _reshape([5, 3], [3, 5]) == "([i, l])->([j, k]) {i=5, j=3, k=5, l=3}"


def test_reshape_with_partial_common_divisor():
    # 10x4 -> 4x10: share 2 major, then the sides diverge (5 vs 2) and meet again
    assert _reshape([10, 4], [4, 10]) == "([ij, mn])->([ik, ln]) {i=2, j=5, k=2, l=5, m=2, n=2}"


def test_reshape_of_empty_tensor_has_no_rule():
    assert _reshape([3, 0], [0, 5]) is None
    body = '%0 = "stablehlo.reshape"(%a) : (tensor<2x0xf32>) -> tensor<0xf32>'
    assert rule_text("%a: tensor<2x0xf32>", body) is None


_dims = st.lists(st.sampled_from([1, 2, 3, 4, 5, 6, 8, 9, 10, 12]), min_size=0, max_size=4)


@settings(max_examples=200, deadline=None)
@given(_dims, st.randoms(use_true_random=False))
def test_reshape_rules_always_fit_both_shapes(in_shape, rnd):
    # an output shape with the same element count: regroup the prime factors of the input at random
    total = math.prod(in_shape)
    primes, n, p = [], total, 2
    while n > 1:
        while n % p == 0:
            primes.append(p)
            n //= p
        p += 1
    rnd.shuffle(primes)
    out_shape, current = [], 1
    for q in primes:
        current *= q
        if rnd.random() < 0.5:
            out_shape.append(current)
            current = 1
    if current > 1 or not out_shape:
        out_shape.append(current)
    if rnd.random() < 0.3:
        out_shape.insert(rnd.randrange(len(out_shape) + 1), 1)
    rule = reshape_rule_for_shapes(tuple(in_shape), tuple(out_shape))
    rule.verify([tuple(in_shape)], [tuple(out_shape)])
    assert rule.tensor_shapes() == (tuple(in_shape), tuple(out_shape))  # a reshape's factors multiply to each dim
    assert not (rule.reduction_factors or rule.need_replication_factors or rule.permutation_factors)
