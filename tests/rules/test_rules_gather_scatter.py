"""gather and scatter: batch, offset, collapsed/inserted and index-vector factors; batching dims."""

from rules_helpers import rule_text


def _gather(operand: str, indices: str, out: str, dims: str, sizes: str) -> str | None:
    body = (
        f'%0 = "stablehlo.gather"(%a, %i) <{{dimension_numbers = #stablehlo.gather<{dims}>, '
        f"indices_are_sorted = false, slice_sizes = array<i64: {sizes}>}}> "
        f": (tensor<{operand}xf32>, tensor<{indices}xi32>) -> tensor<{out}xf32>"
    )
    return rule_text(f"%a: tensor<{operand}xf32>, %i: tensor<{indices}xi32>", body)


def test_embedding_lookup_gather():
    dims = "offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2"
    assert _gather("6x8", "3x4x1", "3x4x8", dims, "1, 8") == (
        "([l, k], [i, j, m])->([i, j, k]) {i=3, j=4, k=8, l=6, m=1} reduction={l} need_replication={m}"
    )


def test_gather_sliced_offset_dim_is_replicated_and_blocked():
    dims = "offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0, 1], index_vector_dim = 2"
    # the offset factor has the input dimension's size (8) though the slice is 2 wide, as in Shardy
    assert _gather("6x8", "3x4x2", "3x4x2", dims, "1, 2") == (
        "([l, k], [i, j, m])->([i, j, k]) {i=3, j=4, k=8, l=6, m=2} reduction={l} need_replication={k, m}"
        " blocked_propagation={k}"
    )


def test_gather_offset_slice_of_size_one_reduces_and_implicit_index_vector_dim():
    dims = "offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0, 1], index_vector_dim = 1"
    # offset slice of size 1 from an input dimension of 8: reduction on the input, a size-1 factor on the
    # result; index_vector_dim == rank of indices: no index-vector factor
    assert _gather("6x8", "3", "3x1", dims, "1, 1") == (
        "([l, j], [i])->([i, k]) {i=3, j=8, k=1, l=6} reduction={j, l} need_replication={k}"
    )


def test_gather_batching_dims():
    dims = (
        "offset_dims = [2], collapsed_slice_dims = [1], operand_batching_dims = [0], "
        "start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2"
    )
    assert _gather("4x6x8", "4x5x1", "4x5x8", dims, "1, 1, 8") == (
        "([i, l, k], [i, j, m])->([i, j, k]) {i=4, j=5, k=8, l=6, m=1} reduction={l} need_replication={m}"
    )


def _scatter(combine: str) -> str | None:
    body = (
        '%0 = "stablehlo.scatter"(%a, %i, %u) <{indices_are_sorted = false, scatter_dimension_numbers = '
        "#stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], "
        "index_vector_dim = 1>, unique_indices = false}> ({\n"
        "^bb0(%x: tensor<f32>, %y: tensor<f32>):\n"
        f"{combine}"
        "}) : (tensor<6x8xf32>, tensor<3x1xi32>, tensor<3x8xf32>) -> tensor<6x8xf32>"
    )
    return rule_text("%a: tensor<6x8xf32>, %i: tensor<3x1xi32>, %u: tensor<3x8xf32>", body, "stablehlo.scatter")


def test_scatter_add_reduces_over_implicit_batch_dims():
    add = '  %s = "stablehlo.add"(%y, %x) : (tensor<f32>, tensor<f32>) -> tensor<f32>\n  "stablehlo.return"(%s) : (tensor<f32>) -> ()\n'
    assert _scatter(add) == "([k, j], [i, l], [i, j])->([k, j]) {i=3, j=8, k=6, l=1} reduction={i} need_replication={l}"


def test_scatter_replace_needs_replication_of_batch_dims():
    replace = '  "stablehlo.return"(%y) : (tensor<f32>) -> ()\n'
    assert _scatter(replace) == "([k, j], [i, l], [i, j])->([k, j]) {i=3, j=8, k=6, l=1} need_replication={i, l}"
    subtract = '  %s = "stablehlo.subtract"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>\n  "stablehlo.return"(%s) : (tensor<f32>) -> ()\n'
    assert _scatter(subtract).endswith("need_replication={i, l}")
