"""`OpShardingRule`: how an op can be partitioned, as factors (Shardy's `#sdy.op_sharding_rule`).

Every operand and result dimension maps to an ordered list of factor indices (several factors on one
dimension form a *compound* factor, major to minor; an empty tensor has no dimensions). Each factor has a
size and a type: pass-through (the default), reduction, need_replication or permutation; blocked
propagation is a separate, orthogonal set. Text follows Shardy's printer: factors are named i, j, ..., z,
then z_1, z_2, ...
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from autoshard.errors import UserError

#: A factor index that maps to no dimension of a tensor (Shardy's `kNullDim`).
NULL_DIM = -1

#: Factor 17 is `z`; later factors print as `z_1`, `z_2`, ... (Shardy's `kStartAtZ`).
_START_AT_Z = ord("z") - ord("i")

TensorMapping = tuple[tuple[int, ...], ...]


class FactorType(Enum):
    """What sharding a factor costs (Shardy's `FactorType`)."""

    PASS_THROUGH = "pass_through"
    REDUCTION = "reduction"
    NEED_REPLICATION = "need_replication"
    PERMUTATION = "permutation"


def factor_symbol(index: int) -> str:
    """The name Shardy prints for factor `index`: i..z, then z_1, z_2, ..."""
    if index < 0:
        raise ValueError(f"factor index {index} is negative")
    if index <= _START_AT_Z:
        return chr(ord("i") + index)
    return f"z_{index - _START_AT_Z}"


def factor_index(symbol: str) -> int:
    """Inverse of `factor_symbol`."""
    if symbol.startswith("z_"):
        return int(symbol[2:]) + _START_AT_Z
    if len(symbol) == 1 and "i" <= symbol <= "z":
        return ord(symbol) - ord("i")
    raise ValueError(f"'{symbol}' is not a factor name")


def _freeze_mappings(mappings: Sequence[Sequence[Sequence[int]]]) -> tuple[TensorMapping, ...]:
    return tuple(tuple(tuple(int(f) for f in dim) for dim in tensor) for tensor in mappings)


@dataclass(frozen=True)
class OpShardingRule:
    """Factors of an op: sizes, per-tensor per-dimension factor lists, and factor types."""

    factor_sizes: tuple[int, ...]
    operand_mappings: tuple[TensorMapping, ...]
    result_mappings: tuple[TensorMapping, ...]
    reduction_factors: tuple[int, ...] = ()
    need_replication_factors: tuple[int, ...] = ()
    permutation_factors: tuple[int, ...] = ()
    blocked_propagation_factors: tuple[int, ...] = ()
    is_custom: bool = False

    def __post_init__(self) -> None:
        # Accept lists from callers; store tuples so rules hash and compare by value.
        object.__setattr__(self, "factor_sizes", tuple(int(s) for s in self.factor_sizes))
        object.__setattr__(self, "operand_mappings", _freeze_mappings(self.operand_mappings))
        object.__setattr__(self, "result_mappings", _freeze_mappings(self.result_mappings))
        for name in ("reduction_factors", "need_replication_factors", "permutation_factors", "blocked_propagation_factors"):
            object.__setattr__(self, name, tuple(int(f) for f in getattr(self, name)))

    # -- queries ------------------------------------------------------------------------------------
    @property
    def num_factors(self) -> int:
        return len(self.factor_sizes)

    def factor_type(self, factor: int) -> FactorType:
        if factor in self.reduction_factors:
            return FactorType.REDUCTION
        if factor in self.need_replication_factors:
            return FactorType.NEED_REPLICATION
        if factor in self.permutation_factors:
            return FactorType.PERMUTATION
        return FactorType.PASS_THROUGH

    def is_blocked(self, factor: int) -> bool:
        return factor in self.blocked_propagation_factors

    def tensor_mappings(self) -> tuple[TensorMapping, ...]:
        """Operand mappings followed by result mappings."""
        return self.operand_mappings + self.result_mappings

    def tensor_shapes(self) -> tuple[tuple[int, ...], ...]:
        """The shape each mapping implies (product of its factors per dimension), operands then results."""
        out = []
        for tensor in self.tensor_mappings():
            shape = []
            for dim in tensor:
                size = 1
                for f in dim:
                    size *= self.factor_sizes[f]
                shape.append(size)
            out.append(tuple(shape))
        return tuple(out)

    def verify(self, operand_shapes: Sequence[Sequence[int]], result_shapes: Sequence[Sequence[int]]) -> None:
        """Raise `UserError` when the rule does not fit the op's tensors (MLIR-style message)."""
        if len(self.operand_mappings) != len(operand_shapes):
            raise UserError(
                f"sharding rule has {len(self.operand_mappings)} operand mappings, op has {len(operand_shapes)} operands"
            )
        if len(self.result_mappings) != len(result_shapes):
            raise UserError(
                f"sharding rule has {len(self.result_mappings)} result mappings, op has {len(result_shapes)} results"
            )
        seen: set[int] = set()
        for name in ("reduction_factors", "need_replication_factors", "permutation_factors"):
            for f in getattr(self, name):
                if not 0 <= f < self.num_factors:
                    raise UserError(f"{name} index {f} is out of range [0, {self.num_factors})")
                if f in seen:
                    raise UserError(f"factor {factor_symbol(f)} has more than one type")
                seen.add(f)
        for kind, mappings, shapes in (
            ("operand", self.operand_mappings, operand_shapes),
            ("result", self.result_mappings, result_shapes),
        ):
            for t, (mapping, shape) in enumerate(zip(mappings, shapes)):
                if len(mapping) != len(shape):
                    raise UserError(f"{kind} {t}: mapping rank {len(mapping)} does not match tensor rank {len(shape)}")
                for d, (dim, size) in enumerate(zip(mapping, shape)):
                    if any(not 0 <= f < self.num_factors for f in dim):
                        raise UserError(f"{kind} {t} dim {d}: factor index out of range")
                    product = 1
                    for f in dim:
                        product *= self.factor_sizes[f]
                    if product != size:
                        raise UserError(f"{kind} {t} dim {d}: factors multiply to {product}, dimension size is {size}")

    # -- text ---------------------------------------------------------------------------------------
    def body_text(self) -> str:
        """The part between `#sdy.op_sharding_rule<` and `>`, exactly as Shardy prints it."""

        def tensor(mapping: TensorMapping) -> str:
            return "[" + ", ".join("".join(factor_symbol(f) for f in dim) for dim in mapping) + "]"

        text = "(" + ", ".join(map(tensor, self.operand_mappings)) + ")->("
        text += ", ".join(map(tensor, self.result_mappings)) + ")"
        if self.factor_sizes:
            text += " {" + ", ".join(f"{factor_symbol(i)}={s}" for i, s in enumerate(self.factor_sizes)) + "}"
        for keyword, factors in (
            ("reduction", self.reduction_factors),
            ("need_replication", self.need_replication_factors),
            ("permutation", self.permutation_factors),
            ("blocked_propagation", self.blocked_propagation_factors),
        ):
            if factors:
                text += f" {keyword}={{" + ", ".join(factor_symbol(f) for f in factors) + "}"
        if self.is_custom:
            text += ", custom"
        return text

    def __str__(self) -> str:
        return f"#sdy.op_sharding_rule<{self.body_text()}>"

    @staticmethod
    def parse(text: str) -> OpShardingRule:
        """Parse Shardy's text (with or without the `#sdy.op_sharding_rule<...>` wrapper)."""
        return _parse_rule(text)


_FACTOR_RE = re.compile(r"z_\d+|[i-z]")


def _parse_dim(text: str) -> tuple[int, ...]:
    text = text.strip()
    names = _FACTOR_RE.findall(text)
    if "".join(names) != text or not names:
        raise UserError(f"bad dimension mapping '{text}' in sharding rule")
    return tuple(factor_index(n) for n in names)


def _parse_tensor_list(text: str) -> tuple[TensorMapping, ...]:
    text = text.strip()
    if not text:
        return ()
    tensors = re.findall(r"\[([^\]]*)\]", text)
    out = []
    for t in tensors:
        t = t.strip()
        out.append(tuple(_parse_dim(d) for d in t.split(",")) if t else ())
    return tuple(out)


def _parse_rule(text: str) -> OpShardingRule:
    body = text.strip()
    prefix = "#sdy.op_sharding_rule<"
    if body.startswith(prefix):
        if not body.endswith(">"):
            raise UserError(f"unterminated sharding rule '{text}'")
        body = body[len(prefix) : -1]
    m = re.match(r"\s*\((.*?)\)\s*->\s*\((.*?)\)(.*)$", body, re.S)
    if not m:
        raise UserError(f"expected '(...)->(...)' in sharding rule '{text}'")
    operands = _parse_tensor_list(m.group(1))
    results = _parse_tensor_list(m.group(2))
    rest = m.group(3)
    sizes: list[int] = []
    sm = re.match(r"\s*\{([^}]*)\}", rest)
    if sm and "=" in sm.group(1) and not re.match(r"\s*\w+=\{", rest):
        for i, item in enumerate(x for x in sm.group(1).split(",") if x.strip()):
            name, _, value = item.partition("=")
            if factor_index(name.strip()) != i:
                raise UserError(f"expected factor {factor_symbol(i)} in sharding rule, got {name.strip()}")
            sizes.append(int(value))
        rest = rest[sm.end() :]
    kinds: dict[str, tuple[int, ...]] = {}
    for km in re.finditer(r"(\w+)=\{([^}]*)\}", rest):
        kinds[km.group(1)] = tuple(factor_index(x.strip()) for x in km.group(2).split(",") if x.strip())
    unknown = set(kinds) - {"reduction", "need_replication", "permutation", "blocked_propagation"}
    if unknown:
        raise UserError(f"unknown factor type '{sorted(unknown)[0]}' in sharding rule")
    is_custom = bool(re.search(r",\s*custom\s*$", rest))
    return OpShardingRule(
        tuple(sizes),
        operands,
        results,
        kinds.get("reduction", ()),
        kinds.get("need_replication", ()),
        kinds.get("permutation", ()),
        kinds.get("blocked_propagation", ()),
        is_custom,
    )
