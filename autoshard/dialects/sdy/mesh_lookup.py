"""Finding the mesh a sharding names: the `sdy.mesh` symbol visible from an op."""

from __future__ import annotations

from xdsl.dialects.builtin import ModuleOp, SymbolRefAttr
from xdsl.ir import Operation

from autoshard.dialects.sdy.mesh_attrs import MeshAttr
from autoshard.dialects.sdy.mesh_op import MeshOp
from autoshard.errors import UserError
from autoshard.sharding import Mesh


def _top_module(op: Operation) -> Operation:
    top = op
    while top.parent_op() is not None:
        top = top.parent_op()  # type: ignore[assignment]
    return top


def _find_mesh_op(scope: Operation, name: str) -> MeshOp | None:
    """The `sdy.mesh @name` visible from `scope` (in an enclosing module, innermost first)."""
    op: Operation | None = scope
    while op is not None:
        if isinstance(op, ModuleOp):
            for child in op.ops:
                if isinstance(child, MeshOp) and child.sym_name.data == name:
                    return child
        op = op.parent_op()
    if isinstance(scope, ModuleOp):
        return None
    top = _top_module(scope)
    if isinstance(top, ModuleOp):
        for child in top.walk():
            if isinstance(child, MeshOp) and child.sym_name.data == name:
                return child
    return None


def module_meshes(module: ModuleOp) -> dict[str, Mesh]:
    """Every `sdy.mesh` of `module`, by name, as plain meshes."""
    return {op.sym_name.data: op.mesh.to_mesh() for op in module.walk() if isinstance(op, MeshOp)}


def lookup_mesh_attr(op_or_module: Operation, mesh_or_ref: str | SymbolRefAttr | MeshAttr) -> MeshAttr | None:
    """The `MeshAttr` a sharding refers to: an inlined mesh, or the `sdy.mesh` of that name (None if absent)."""
    if isinstance(mesh_or_ref, MeshAttr):
        return mesh_or_ref
    name = mesh_or_ref if isinstance(mesh_or_ref, str) else mesh_or_ref.root_reference.data
    mesh_op = _find_mesh_op(op_or_module, name)
    return mesh_op.mesh if mesh_op is not None else None


def lookup_mesh(op_or_module: Operation, name: str | SymbolRefAttr | MeshAttr) -> Mesh:
    """The plain `Mesh` called `name` (`@name` resolved to the module's `sdy.mesh`); raises `UserError`."""
    mesh = lookup_mesh_attr(op_or_module, name)
    if mesh is None:
        shown = name if isinstance(name, str) else str(name)
        raise UserError(f"unknown mesh: @{shown.lstrip('@')}")
    return mesh.to_mesh()
