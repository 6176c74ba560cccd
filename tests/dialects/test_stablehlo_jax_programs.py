"""Small JAX programs covering the StableHLO/CHLO op families, exported by jax itself in the pretty, generic and
debug-location forms: each round-trips through our dialects and jaxlib prints the same canonical text."""

from __future__ import annotations

import pytest
from stablehlo_roundtrip import assert_round_trips, parse, print_module

jax = pytest.importorskip("jax")
jnp = pytest.importorskip("jax.numpy")
lax = jax.lax

from test_stablehlo_roundtrip import assert_jaxlib_agrees  # noqa: E402

f32 = jnp.float32


def _x(*shape, dtype=f32):
    return jnp.ones(shape, dtype)


def _layernorm(x):
    mean = x.mean(-1, keepdims=True)
    return (x - mean) * lax.rsqrt(((x - mean) ** 2).mean(-1, keepdims=True) + 1e-5)


def _scan(w, x):
    return lax.scan(lambda c, wi: (jnp.tanh(c @ wi), None), x, w)[0]


def _max_pool_grad(x):
    pool = lambda y: lax.reduce_window(y, -jnp.inf, lax.max, (1, 2, 2, 1), (1, 2, 2, 1), "VALID")  # noqa: E731
    return jax.grad(lambda y: pool(y).sum())(x)


PROGRAMS = {
    "softmax_layernorm": (lambda x: jax.nn.softmax(_layernorm(x)), (_x(4, 8),)),
    "conv_strided_grouped": (lambda x, w: lax.conv_general_dilated(
        x, w, (2, 1), ((1, 0), (0, 1)), lhs_dilation=(1, 1), rhs_dilation=(2, 1), feature_group_count=2,
        dimension_numbers=("NHWC", "HWIO", "NHWC")), (_x(2, 9, 9, 4), _x(3, 3, 2, 6))),
    "scan_while": (_scan, (_x(3, 8, 8), _x(2, 8))),
    "cond_case": (lambda i, x: lax.switch(i, [jnp.sin, jnp.cos, jnp.tan], x), (jnp.int32(1), _x(4))),
    "gather_scatter": (lambda x, i: x[i].sum() + x.at[i].add(1.0), (_x(8, 4), jnp.array([1, 3], jnp.int32))),
    "top_k_sort_argmax": (lambda x: (lax.top_k(x, 2), jnp.sort(x, axis=0), jnp.argmax(x, axis=1)), (_x(4, 8),)),
    "cumsum_max_pool_grad": (lambda x: (jnp.cumsum(x, axis=1), _max_pool_grad(x)), (_x(1, 4, 4, 2),)),
    "chlo_special": (lambda x: (jax.scipy.special.erf(x), jax.scipy.special.gammaln(x), jnp.tan(x),
                                jax.scipy.special.digamma(x), jnp.arcsinh(x)), (_x(4),)),
    "fft_linalg": (lambda a, c: (jnp.fft.fft(c), jnp.linalg.cholesky(a),
                                 jax.scipy.linalg.solve_triangular(a, a, lower=True)),
                   (jnp.eye(4, dtype=f32), _x(8, dtype=jnp.complex64))),
    "slicing_padding": (lambda x, i: (lax.dynamic_update_slice(x, x[:2, :2], (i, i)), jnp.pad(x, ((1, 2), (0, 1))),
                                      jnp.concatenate([x, x[::2]], 0), lax.dynamic_slice(x, (i, 0), (2, 4)),
                                      x[1:3, ::2], jnp.flip(x, 1)), (_x(4, 4), jnp.int32(1))),
    "integer_bits": (lambda x, y: (lax.shift_left(x, y), lax.shift_right_logical(x, y), lax.population_count(x),
                                   lax.clz(x), x % y, jnp.clip(x, 1, 3), lax.bitcast_convert_type(x, f32)),
                     (_x(4, dtype=jnp.int32), _x(4, dtype=jnp.int32))),
    "elementwise_zoo": (lambda x: (jnp.arctan2(x, x), jnp.sign(x), jnp.round(x), jnp.expm1(x), jnp.log1p(x),
                                   jax.nn.sigmoid(x), jnp.cbrt(x), jnp.isfinite(x), lax.reduce_precision(x, 5, 10),
                                   lax.complex(x, x).real, jnp.where(x > 0, x, -x), jnp.floor(x), jnp.ceil(x)),
                        (_x(4),)),
    "dot_einsum_precision": (lambda a, b: (jnp.einsum("bij,bjk->bik", a, b, precision=lax.Precision.HIGHEST),
                                           jnp.dot(a[0], b[0])), (_x(2, 3, 4), _x(2, 4, 5))),
    "rng_barrier_iota": (lambda x: (lax.optimization_barrier((x, x + 1)),
                                    jax.random.bits(jax.random.key(0, impl="rbg"), (4,)),
                                    lax.broadcasted_iota(jnp.int32, (2, 3), 1)), (_x(4),)),
    "eigh_custom_call": (lambda a: jnp.linalg.eigh(a), (jnp.eye(4, dtype=f32),)),
}


def _lowered(name: str):
    fn, args = PROGRAMS[name]
    return jax.jit(fn).lower(*args)


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_pretty_and_debug_forms(name: str) -> None:
    lowered = _lowered(name)
    for text in (lowered.as_text(), lowered.as_text(debug_info=True)):
        assert_round_trips(text)
        assert_jaxlib_agrees(text)


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_generic_form(name: str) -> None:
    text = _lowered(name).compiler_ir("stablehlo").operation.get_asm(print_generic_op_form=True)
    assert_round_trips(text)
    assert_jaxlib_agrees(text)


def test_programs_cover_the_op_families() -> None:
    names = set()
    for name in PROGRAMS:
        module = parse(_lowered(name).as_text())
        names |= {op.name for op in module.walk()}
    expected = {"stablehlo.convolution", "stablehlo.while", "stablehlo.case", "stablehlo.gather",
                "stablehlo.scatter", "chlo.top_k", "stablehlo.sort", "stablehlo.reduce", "stablehlo.reduce_window",
                "stablehlo.select_and_scatter", "chlo.erf", "chlo.lgamma", "stablehlo.fft",
                "stablehlo.dynamic_update_slice", "stablehlo.pad",
                "stablehlo.concatenate", "stablehlo.dynamic_slice", "stablehlo.slice", "stablehlo.reverse",
                "stablehlo.rng_bit_generator", "stablehlo.optimization_barrier", "stablehlo.iota",
                "stablehlo.custom_call", "stablehlo.dot_general", "stablehlo.bitcast_convert",
                "stablehlo.reduce_precision", "stablehlo.complex", "stablehlo.clamp"}
    # (On CPU jax lowers cholesky and triangular_solve to LAPACK custom_calls; tests/data/stablehlo covers them.)
    assert expected <= names, sorted(expected - names)
    assert not any(n == "builtin.unregistered" for n in names)
    _ = print_module
