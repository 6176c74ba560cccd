"""Reading op attributes for rule builders, whether the op is a typed dialect class or a generic op.

Rules dispatch on op names and read attributes by their StableHLO names (properties first, then the
discardable attribute dictionary), so they work on typed ops from `autoshard.dialects` and on ops parsed
generically alike. Struct attributes (`#stablehlo.dot<...>`, `#stablehlo.gather<...>`, ...) are read by field
name through `struct_field`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from xdsl.dialects.builtin import UnregisteredAttr, UnregisteredOp
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


def _parse_int_or_list(text: str) -> int | list[int]:
    text = text.strip()
    if text.startswith("["):
        inner = text.strip("[]").strip()
        return [int(x) for x in inner.split(",")] if inner else []
    return int(text)


def _conv_fields(text: str) -> dict[str, Any]:
    """Fields of the compact `[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]` convolution dimension numbers."""
    m = re.fullmatch(r"\s*\[([^\]]*)\]\s*x\s*\[([^\]]*)\]\s*->\s*\[([^\]]*)\]\s*", text)
    if not m:
        raise TypeError(f"cannot read convolution dimension numbers '{text}'")
    out: dict[str, Any] = {}
    for prefix, layout, batch, feature in (
        ("input", m.group(1), "batch", "feature"),
        ("kernel", m.group(2), "input_feature", "output_feature"),
        ("output", m.group(3), "batch", "feature"),
    ):
        letters = {"input": ("b", "f"), "kernel": ("i", "o"), "output": ("b", "f")}[prefix]
        spatial: dict[int, int] = {}
        for position, item in enumerate(x.strip() for x in layout.split(",")):
            if item == letters[0]:
                out[f"{prefix}_{batch}_dimension"] = position
            elif item == letters[1]:
                out[f"{prefix}_{feature}_dimension"] = position
            else:
                spatial[int(item)] = position
        out[f"{prefix}_spatial_dimensions"] = [spatial[k] for k in sorted(spatial)]
    return out


def unregistered_struct_fields(attr: UnregisteredAttr) -> dict[str, Any]:
    """`key = value` fields of a struct attribute parsed without its dialect (`#stablehlo.dot<...>`)."""
    text = attr.value.data.strip()
    if text.startswith("<") and text.endswith(">"):
        text = text[1:-1]
    if attr.attr_name.data == "stablehlo.conv" and "->" in text:
        return _conv_fields(text)
    fields: dict[str, Any] = {}
    for m in re.finditer(r"(\w+)\s*=\s*(\[[^\]]*\]|-?\d+)", text):
        fields[m.group(1)] = _parse_int_or_list(m.group(2))
    return fields


def struct_field(struct: Any, *names: str, default: Any = None) -> Any:
    """Field `names[0]` (or an alias) of a struct attribute; `default` when absent."""
    if struct is None:
        return default
    if isinstance(struct, UnregisteredAttr):
        fields = unregistered_struct_fields(struct)
        for name in names:
            if name in fields:
                return fields[name]
        return default
    for name in names:
        if hasattr(struct, name):
            value = getattr(struct, name)
            if callable(value) and not isinstance(value, Attribute):
                value = value()
            return value
        params = getattr(struct, "parameters", None)
        if isinstance(params, dict) and name in params:
            return params[name]
    return default


def struct_ints(struct: Any, *names: str) -> list[int]:
    value = struct_field(struct, *names)
    return [] if value is None else int_list(value)


def struct_int(struct: Any, *names: str, default: int | None = None) -> int:
    value = struct_field(struct, *names)
    if value is None:
        if default is None:
            raise TypeError(f"struct attribute has no field {names[0]}")
        return default
    return int_value(value)


def _missing(op: Operation, name: str) -> UserError:
    return UserError(f"'{op_name(op)}' op has no '{name}' attribute")
