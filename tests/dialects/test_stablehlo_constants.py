"""Float constants survive parse/print bit-exactly, including hex splats (-inf, NaN) for f16/bf16/f32/f64."""

from __future__ import annotations

import math
import struct

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from stablehlo_roundtrip import parse, print_module

from autoshard.dialects.stablehlo import ConstantOp
from autoshard.ir.dense_hex import float_from_bits


def _constant_values(text: str) -> list[list[float]]:
    module = parse(text)
    return [list(op.value.get_values()) for op in module.walk() if isinstance(op, ConstantOp)]


def _round_trip_values(text: str) -> list[list[float]]:
    return _constant_values(print_module(parse(text)))


def _bits(value: float, dtype: str) -> int:
    if dtype == "bf16":
        return struct.unpack("<I", struct.pack("<f", value))[0] >> 16
    fmt = {"f16": ("<e", "<H"), "f32": ("<f", "<I"), "f64": ("<d", "<Q")}[dtype]
    return struct.unpack(fmt[1], struct.pack(fmt[0], value))[0]


@pytest.mark.parametrize("text, expected", [
    ("stablehlo.constant dense<0xFF800000> : tensor<f32>", [-math.inf]),
    ("stablehlo.constant dense<0x7F800000> : tensor<2xf32>", [math.inf, math.inf]),
    ("stablehlo.constant dense<[0xFF800000, 1.5]> : tensor<2xf32>", [-math.inf, 1.5]),
    ("stablehlo.constant dense<0xFC00> : tensor<f16>", [-math.inf]),
    ("stablehlo.constant dense<0xFF80> : tensor<bf16>", [-math.inf]),
    ("stablehlo.constant dense<0x3F80> : tensor<bf16>", [1.0]),
    ("stablehlo.constant dense<0xFFF0000000000000> : tensor<f64>", [-math.inf]),
    ("stablehlo.constant dense<\"0x0000807F000080FF\"> : tensor<2xf32>", [math.inf, -math.inf]),
    ('"stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>', [-math.inf]),
    ('"stablehlo.constant"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>', [-math.inf]),
])
def test_hex_float_constants(text: str, expected: list[float]) -> None:
    text = text if text.startswith('"') else f"%0 = {text}"
    assert _constant_values(text) == [expected]
    assert _round_trip_values(text) == [expected]


def test_nan_constant_stays_nan() -> None:
    (values,) = _round_trip_values("%0 = stablehlo.constant dense<[0x7FC00000, 0xFFC00000]> : tensor<2xf32>")
    assert all(math.isnan(v) for v in values)
    assert [_bits(v, "f32") for v in values] == [0x7FC00000, 0xFFC00000]


def test_hex_that_does_not_fit_is_an_error() -> None:
    from xdsl.utils.exceptions import ParseError

    with pytest.raises(ParseError, match="does not fit"):
        parse("%0 = stablehlo.constant dense<0x1FF800000> : tensor<f32>")


def _finite_or_inf_bits(width: int) -> st.SearchStrategy[int]:
    return st.integers(min_value=0, max_value=(1 << width) - 1)


@pytest.mark.parametrize("dtype, width", [("f16", 16), ("bf16", 16), ("f32", 32), ("f64", 64)])
@given(data=st.data())
def test_any_bit_pattern_round_trips_exactly(dtype: str, width: int, data) -> None:
    bits = data.draw(_finite_or_inf_bits(width))
    element = {"f16": "f16", "bf16": "bf16", "f32": "f32", "f64": "f64"}[dtype]
    from xdsl.dialects.builtin import BFloat16Type, Float16Type, Float32Type, Float64Type

    value = float_from_bits(bits, {"f16": Float16Type(), "bf16": BFloat16Type(), "f32": Float32Type(),
                                   "f64": Float64Type()}[dtype])
    if math.isnan(value):
        bits = _bits(value, dtype)  # a quiet NaN of the same sign is what every consumer keeps
    text = f"%0 = stablehlo.constant dense<0x{bits:0{width // 4}X}> : tensor<{element}>"
    (printed_values,) = _round_trip_values(text)
    assert _bits(printed_values[0], dtype) == bits or (math.isnan(value) and math.isnan(printed_values[0]))


def test_softmax_from_jax_keeps_its_minus_infinity() -> None:
    jax = pytest.importorskip("jax")
    jnp = pytest.importorskip("jax.numpy")

    text = jax.jit(jax.nn.softmax).lower(jnp.ones((4, 8), jnp.float32)).as_text()
    assert "0xFF800000" in text
    module_text = print_module(parse(text))
    values = [v for vs in _constant_values(module_text) for v in vs]
    assert -math.inf in values and not any(math.isnan(v) for v in values)
    # Run our printed module with XLA: softmax of a row with a huge spread stays finite and sums to one.
    from autoshard.xla.compile_run import compile_and_run

    x = np.linspace(-50, 50, 32, dtype=np.float32).reshape(4, 8)
    run = compile_and_run(module_text, 1, inputs=[x])
    (result,) = run.sharded_outputs
    assert np.all(np.isfinite(result)) and np.allclose(result.sum(axis=1), 1.0, atol=1e-5)
