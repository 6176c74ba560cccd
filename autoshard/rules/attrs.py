"""Reading an op's plain attributes (integers, integer lists, booleans, strings, enums) by their StableHLO names.

Properties first, then the discardable attribute dictionary. Structured facts (dot, convolution, gather and
scatter dimension numbers, window attributes) are read through the typed dialect ops instead
(`autoshard.rules.typed_ops`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from xdsl.dialects.builtin import UnregisteredOp
from xdsl.ir import Attribute, Operation

from autoshard.errors import UserError


def op_name(op: Operation) -> str:
    """The op's full name, also for ops parsed without their dialect (xDSL's `UnregisteredOp`)."""
    if isinstance(op, UnregisteredOp):
        return op.op_name.data
    return op.name


def get_attr(op: Operation, name: str) -> Attribute | None:
    """The property or attribute `name` of `op`, or None."""
    value = op.properties.get(name)
    if value is None:
        value = op.attributes.get(name)
    return value


def _scalar(value: Any) -> Any:
    """Unwrap xDSL scalar attributes (IntegerAttr, BoolAttr, FloatAttr, StringAttr, enum attrs)."""
    for field in ("value", "data"):
        inner = getattr(value, field, None)
        if inner is None:
            continue
        if isinstance(inner, (int, float, str, bool)):
            return inner
        return _scalar(inner)
    return value


def int_value(value: Any) -> int:
    v = _scalar(value)
    if isinstance(v, bool) or not isinstance(v, int):
        raise TypeError(f"expected an integer attribute, got {value}")
    return int(v)


def bool_value(value: Any) -> bool:
    v = _scalar(value)
    if isinstance(v, bool):
        return v
    if isinstance(v, int):
        return bool(v)
    text = str(value).strip().lower()
    if text in ("true", "false"):
        return text == "true"
    raise TypeError(f"expected a boolean attribute, got {value}")


def int_list(value: Any) -> list[int]:
    """Integers of a dense array, array attribute, dense elements attribute or plain sequence."""
    if value is None:
        return []
    if isinstance(value, (list, tuple)):
        return [int_value(v) if not isinstance(v, int) else v for v in value]
    get_values = getattr(value, "get_values", None)
    if get_values is not None:
        return [int(v) for v in get_values()]
    data = getattr(value, "data", None)
    if isinstance(data, (list, tuple)):
        return [int_value(v) if not isinstance(v, int) else v for v in data]
    if data is not None and hasattr(data, "data") and isinstance(data.data, (list, tuple)):
        return [int(v) for v in data.data]
    raise TypeError(f"expected a list of integers, got {value}")


def op_int(op: Operation, name: str, default: int | None = None) -> int:
    attr = get_attr(op, name)
    if attr is None:
        if default is None:
            raise _missing(op, name)
        return default
    return int_value(attr)


def op_bool(op: Operation, name: str, default: bool | None = None) -> bool:
    attr = get_attr(op, name)
    if attr is None:
        if default is None:
            raise _missing(op, name)
        return default
    return bool_value(attr)


def op_ints(op: Operation, name: str, default: Sequence[int] | None = None) -> list[int]:
    attr = get_attr(op, name)
    if attr is None:
        if default is None:
            raise _missing(op, name)
        return list(default)
    return int_list(attr)


def op_str(op: Operation, name: str, default: str | None = None) -> str:
    attr = get_attr(op, name)
    if attr is None:
        if default is None:
            raise _missing(op, name)
        return default
    v = _scalar(attr)
    return v if isinstance(v, str) else str(v)


def enum_text(value: Any) -> str:
    """The keyword of an enum attribute (`#stablehlo<transpose TRANSPOSE>` -> "TRANSPOSE")."""
    v = _scalar(value)
    if hasattr(v, "name") and isinstance(v.name, str):
        return v.name
    text = str(v.value if hasattr(v, "value") and isinstance(v.value, str) else v)
    return text.replace(">", " ").replace("<", " ").split()[-1] if text.strip() else text


def _missing(op: Operation, name: str) -> UserError:
    return UserError(f"'{op_name(op)}' op has no '{name}' attribute")
