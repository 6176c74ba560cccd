"""StableHLO + Shardy text through jaxlib's own MLIR: parse, verify, print canonically, read meshes, strip shardings.

This is the independent check on our xDSL printer: jaxlib's parser is the one XLA uses.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from autoshard.errors import Location, UserError, VerificationError
from autoshard.xla.jax_runtime import require_jax

#: sdy ops that only constrain shardings: the unsharded reference replaces them by their operand.
_SHARDING_ONLY_OPS = ("sdy.sharding_constraint", "sdy.reshard")
#: sdy ops without results the unsharded reference simply drops.
_DROPPED_OPS = ("sdy.mesh", "sdy.sharding_group")
_SDY_ATTR_PREFIX = "sdy."
#: user-written SPMD regions (`jax.shard_map`) and their terminator: kept by `strip_shardings(keep_manual=True)`.
_MANUAL_OPS = ("sdy.manual_computation", "sdy.return")

_LOC_RE = re.compile(r'loc\("(?P<file>[^"]*)":(?P<line>\d+):(?P<col>\d+)')


def make_jaxlib_context():
    """A jaxlib MLIR context with the stablehlo, chlo, mhlo and sdy dialects registered."""
    require_jax("parsing with jaxlib's MLIR")
    from jax._src.interpreters import mlir as jax_mlir  # noqa: PLC0415

    return jax_mlir.make_ir_context()


def _diagnostic_error(error: Exception, filename: str, kind: type[UserError], what: str) -> UserError:
    """Turn an `ir.MLIRError` into a one-line `UserError` with file:line:col of its first diagnostic."""
    diagnostics = list(getattr(error, "error_diagnostics", []) or [])
    if not diagnostics:
        return kind(f"jaxlib {what} failed: {getattr(error, 'message', error)}", Location(filename, 1, 1))
    first = diagnostics[0]
    match = _LOC_RE.search(str(first.location))
    location = (Location(filename, int(match["line"]), int(match["col"])) if match else Location(filename, 1, 1))
    message = str(first.message).splitlines()[0]
    return kind(f"jaxlib {what}: {message}", location)


def parse_with_jaxlib(mlir_text: str, context, filename: str = "<input>"):
    """Parse and verify `mlir_text` in `context`; a syntax or verifier error becomes a `UserError` with location."""
    from jax._src.lib.mlir import ir  # noqa: PLC0415

    with context:
        try:
            module = ir.Module.parse(mlir_text)
        except ir.MLIRError as e:
            raise _diagnostic_error(e, filename, UserError, "parse error") from None
        try:
            module.operation.verify()
        except ir.MLIRError as e:
            raise _diagnostic_error(e, filename, VerificationError, "verification failed") from None
    return module


def canonical_text(mlir_text: str, *, generic: bool = False, debug_info: bool = False,
                   filename: str = "<input>") -> str:
    """Parse `mlir_text` with jaxlib's MLIR (stablehlo + sdy registered), verify it, and print it canonically.

    Two texts that denote the same module print the same canonical text, so `canonical_text(ours) ==
    canonical_text(jax_exported)` checks our printer against the parser XLA uses.
    """
    context = make_jaxlib_context()
    module = parse_with_jaxlib(mlir_text, context, filename)
    with context:
        return module.operation.get_asm(print_generic_op_form=generic, enable_debug_info=debug_info)


@dataclass(frozen=True)
class MeshInfo:
    """One `sdy.mesh` symbol: its axes (name, size) major to minor and explicit device ids (empty when iota)."""

    name: str
    axes: tuple[tuple[str, int], ...]
    device_ids: tuple[int, ...] = ()

    @property
    def num_devices(self) -> int:
        count = 1
        for _, size in self.axes:
            count *= size
        return count


def _mesh_ops(module):
    return [op for op in module.body.operations if op.operation.name == "sdy.mesh"]


def meshes_of(module) -> list[MeshInfo]:
    """The `sdy.mesh` symbols at the top of a parsed jaxlib module."""
    from jax._src.lib.mlir import ir  # noqa: PLC0415
    from jax._src.lib.mlir.dialects import sdy  # noqa: PLC0415

    meshes = []
    for op in _mesh_ops(module):
        attrs = op.operation.attributes
        name = ir.StringAttr(attrs["sym_name"]).value
        mesh = sdy.MeshAttr(attrs["mesh"])
        axes = tuple((axis.name, axis.size) for axis in (sdy.MeshAxisAttr(a) for a in mesh.axes))
        meshes.append(MeshInfo(name, axes, tuple(int(d) for d in mesh.device_ids)))
    return meshes


def mesh_device_count(meshes: list[MeshInfo]) -> int | None:
    """The number of devices the module's meshes need (the largest mesh), or None without a mesh."""
    counts = [m.num_devices for m in meshes if m.num_devices > 1]
    return max(counts) if counts else None


def _without_sdy_keys(dict_attr):
    from jax._src.lib.mlir import ir  # noqa: PLC0415

    entries = {named.name: named.attr for named in ir.DictAttr(dict_attr)}
    kept = {k: v for k, v in entries.items() if not k.startswith(_SDY_ATTR_PREFIX)}
    return ir.DictAttr.get(kept)


def _walk(op, visit) -> None:
    for region in op.regions:
        for block in region.blocks:
            for child in list(block.operations):
                visit(child.operation)
                _walk(child.operation, visit)


def has_manual_computations(text: str) -> bool:
    """Whether the module text has `sdy.manual_computation`s (user-written SPMD code that needs its mesh)."""
    return _MANUAL_OPS[0] in text


def strip_shardings(module, context, keep_manual: bool = False) -> None:
    """Turn an annotated module into the plain unsharded program, in place.

    Removes `sdy.mesh`, `sdy.sharding*` attributes on func arguments/results and on ops, and replaces
    `sdy.sharding_constraint` / `sdy.reshard` by their operand. Other sdy ops (manual computations,
    explicit collectives) have no unsharded meaning here and are rejected. With `keep_manual`, the meshes and
    manual computations stay: the result is the user's own program, for XLA to shard by its own propagation.
    """
    from jax._src.lib.mlir import ir  # noqa: PLC0415

    dropped = tuple(n for n in _DROPPED_OPS if not (keep_manual and n == "sdy.mesh"))
    with context:
        to_bypass, to_drop, unsupported = [], [], []

        def visit(op) -> None:
            name = op.name
            if name in _SHARDING_ONLY_OPS:
                to_bypass.append(op)
            elif name in dropped:
                to_drop.append(op)
            elif keep_manual and (name in _MANUAL_OPS or name == "sdy.mesh"):
                pass
            elif name.startswith(_SDY_ATTR_PREFIX):
                unsupported.append(name)
            if name == "func.func":
                for key in ("arg_attrs", "res_attrs"):
                    if key in op.attributes:
                        op.attributes[key] = ir.ArrayAttr.get(
                            [_without_sdy_keys(d) for d in ir.ArrayAttr(op.attributes[key])])
            for key in list(op.attributes):
                key = key if isinstance(key, str) else key.name
                if key.startswith(_SDY_ATTR_PREFIX):
                    del op.attributes[key]

        for top in list(module.body.operations):
            visit(top.operation)
            _walk(top.operation, visit)
        if unsupported:
            raise UserError(f"cannot build the unsharded reference: unsupported op {sorted(set(unsupported))[0]}")
        for op in to_bypass:
            op.results[0].replace_all_uses_with(op.operands[0])
            op.erase()
        for op in to_drop:
            op.erase()
        module.operation.verify()


def set_num_partitions(module, context, num_partitions: int) -> None:
    """Set the `mhlo.num_partitions` module attribute JAX writes (1 in an unsharded export)."""
    from jax._src.lib.mlir import ir  # noqa: PLC0415

    with context:
        attrs = module.operation.attributes
        attrs["mhlo.num_partitions"] = ir.IntegerAttr.get(ir.IntegerType.get_signless(32), num_partitions)
