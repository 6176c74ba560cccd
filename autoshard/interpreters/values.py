"""MLIR types and dense attributes as numpy dtypes and arrays (bf16 and f8 via ml_dtypes when installed)."""

from __future__ import annotations

import numpy as np
from xdsl.dialects.builtin import (
    BFloat16Type,
    DenseIntOrFPElementsAttr,
    Float16Type,
    Float32Type,
    Float64Type,
    IndexType,
    IntegerType,
    Signedness,
    TensorType,
)
from xdsl.ir import Attribute

from autoshard.errors import UserError

try:  # optional: bf16 and friends
    import ml_dtypes

    BFLOAT16: np.dtype | None = np.dtype(ml_dtypes.bfloat16)
except ImportError:  # pragma: no cover - ml_dtypes comes with jax
    BFLOAT16 = None

#: Bit patterns whose exponent is all ones (inf / nan) per float width; xDSL 0.74 reads `dense<0x7FC00000>`
#: on a float tensor as the integer 2143289344, which `_fix_hex_float` turns back into the float it encodes.
_SPECIAL_EXPONENT = {16: 0x7C00, 32: 0x7F800000, 64: 0x7FF0000000000000}
_BF16_EXPONENT = 0x7F80


def numpy_dtype(element_type: Attribute) -> np.dtype:
    """The numpy dtype of an MLIR element type."""
    if isinstance(element_type, Float32Type):
        return np.dtype(np.float32)
    if isinstance(element_type, Float64Type):
        return np.dtype(np.float64)
    if isinstance(element_type, Float16Type):
        return np.dtype(np.float16)
    if isinstance(element_type, BFloat16Type):
        if BFLOAT16 is None:
            raise UserError("bf16 tensors need the ml_dtypes package (pip install ml_dtypes)")
        return BFLOAT16
    if isinstance(element_type, IndexType):
        return np.dtype(np.int64)
    if isinstance(element_type, IntegerType):
        width = element_type.width.data
        if width == 1:
            return np.dtype(np.bool_)
        unsigned = element_type.signedness.data == Signedness.UNSIGNED
        if width in (8, 16, 32, 64):
            return np.dtype(f"{'u' if unsigned else ''}int{width}")
    raise UserError(f"the simulator does not support element type {element_type}")


def tensor_shape(type_attr: Attribute) -> tuple[int, ...]:
    if isinstance(type_attr, TensorType):
        shape = tuple(int(s) for s in type_attr.get_shape())
        if any(s < 0 for s in shape):
            raise UserError(f"dynamic shape {type_attr} is not supported by the simulator")
        return shape
    raise UserError(f"the simulator only handles ranked tensors, got {type_attr}")


def tensor_dtype(type_attr: Attribute) -> np.dtype:
    if isinstance(type_attr, TensorType):
        return numpy_dtype(type_attr.element_type)
    raise UserError(f"the simulator only handles ranked tensors, got {type_attr}")


def _fix_hex_float(value: float, dtype: np.dtype) -> float:
    if not float(value).is_integer() or value < 0:
        return value
    bits = int(value)
    if dtype == BFLOAT16:
        if bits < 1 << 16 and bits & _BF16_EXPONENT == _BF16_EXPONENT:
            return float(np.array([bits], np.uint16).view(BFLOAT16)[0])
        return value
    width = dtype.itemsize * 8
    mask = _SPECIAL_EXPONENT.get(width)
    if mask is None or bits >= 1 << width or bits & mask != mask:
        return value
    unsigned = np.dtype(f"uint{width}")
    return float(np.array([bits], unsigned).view(dtype)[0])


def dense_to_array(attr: Attribute, type_attr: Attribute | None = None) -> np.ndarray:
    """A dense elements attribute as a numpy array of its tensor's shape and dtype (splats broadcast)."""
    if not isinstance(attr, DenseIntOrFPElementsAttr):
        raise UserError(f"the simulator cannot read constant {str(attr)[:80]}")
    type_attr = type_attr or attr.get_type()
    shape, dtype = tensor_shape(type_attr), tensor_dtype(type_attr)
    values = list(attr.get_values())
    if np.issubdtype(dtype, np.floating) or dtype == BFLOAT16:
        values = [_fix_hex_float(float(v), dtype) for v in values]
    elif dtype == np.bool_:
        values = [bool(v) for v in values]
    array = np.array(values, dtype=np.float64 if dtype == BFLOAT16 else None)
    if array.size == 1 and int(np.prod(shape)) != 1:
        return np.full(shape, array.reshape(()), dtype=dtype)
    return array.astype(dtype).reshape(shape)


def random_array(shape: tuple[int, ...], dtype: np.dtype, rng: np.random.Generator) -> np.ndarray:
    """A deterministic random input: small non-negative integers, random booleans, and normal floats scaled the way
    models initialize weights (LeCun): a tensor of rank >= 2 by 1 / sqrt(its second-minor dimension), the fan-in
    of a [in, out] or [layers, in, out] weight, so activations keep magnitudes near 1 through a network's layers
    (unscaled, a GPT step's activations reached 1e5 and every rounding was amplified as much)."""
    if dtype == np.bool_:
        return rng.random(shape) < 0.5
    if np.issubdtype(dtype, np.integer):
        return rng.integers(0, 8, size=shape).astype(dtype)
    values = rng.standard_normal(shape)
    if len(shape) >= 2 and shape[-2] > 1:
        values = values / np.sqrt(shape[-2])
    return values.astype(np.float32).astype(dtype)
