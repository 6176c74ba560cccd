"""Hand-written expert shardings of the zoo models (data parallel, Megatron tensor parallel, and both on a 2-D
mesh), keyed by the argument names JAX writes into `as_text(debug_info=True)` locations.

Used by the XLA tests and `bench/xla_collectives.py`; apply with `hand_annotate.annotate_arguments` to a zoo
module with locations (`tests/data/zoo/<model>.debug.mlir`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from autoshard.sharding import SpecEntry


D, M = "data", "model"


@dataclass(frozen=True)
class ExpertSharding:
    """One named strategy: the mesh and a PartitionSpec per argument-name pattern (first match wins)."""

    model: str
    strategy: str
    mesh_axes: Mapping[str, int]
    arg_dims: Mapping[str, Sequence[SpecEntry]]


def _megatron_block(prefix: str, batch: SpecEntry) -> dict[str, list[SpecEntry]]:
    """Megatron-LM column/row parallel attention and MLP weights of one transformer block (any optimizer slot)."""
    del batch
    return {
        f"{prefix}['wq']": [None, M], f"{prefix}['wk']": [None, M], f"{prefix}['wv']": [None, M],
        f"{prefix}['wo']": [M, None],
        f"{prefix}['w_in']": [None, M], f"{prefix}['b_in']": [M], f"{prefix}['w_out']": [M, None],
    }


def _tensor_parallel(model: str, batch: SpecEntry) -> dict[str, list[SpecEntry]]:
    """Tensor-parallel weights on `model`; activations' batch dimension on `batch` (None: replicated)."""
    if model == "mlp":
        return {"params[0][0]": [None, M], "params[0][1]": [M], "params[1][0]": [M, None],
                "params[2][0]": [None, M], "params[2][1]": [M], "x": [batch, None]}
    if model == "transformer_block":
        return {**_megatron_block("params", batch), "x": [batch, None, None]}
    if model == "gpt_train_step":
        return {**_megatron_block("*['blocks'][*]", batch), "*['wte']": [M, None],
                "tokens": [batch, None], "targets": [batch, None]}
    if model == "moe":  # expert parallel on the model axis
        return {"params['w_in']": [M, None, None], "params['w_out']": [M, None, None], "x": [batch, None, None]}
    if model == "convnet":
        return {"params['conv0']": [None, None, None, M], "params['bias0']": [M],
                "params['conv1']": [None, None, M, None], "images": [batch, None, None, None]}
    if model == "scan_layers":
        return {"params['w_in']": [None, None, M], "params['b_in']": [None, M], "params['w_out']": [None, M, None],
                "x": [batch, None]}
    raise KeyError(model)


_BATCH_ARGS = {
    "mlp": {"x": [D, None]},
    "transformer_block": {"x": [D, None, None]},
    "gpt_train_step": {"tokens": [D, None], "targets": [D, None]},
    "moe": {"x": [D, None, None]},
    "convnet": {"images": [D, None, None, None]},
    "scan_layers": {"x": [D, None]},
}

ZOO_MODELS = tuple(_BATCH_ARGS)
STRATEGIES = ("data_parallel", "tensor_parallel", "2d")


def expert_sharding(model: str, strategy: str, num_devices: int = 8, model_axis: int = 4) -> ExpertSharding:
    """The `strategy` for zoo `model` on `num_devices`: data_parallel (mesh data=N), tensor_parallel (model=N),
    2d (data=N/model_axis, model=model_axis)."""
    if model not in _BATCH_ARGS:
        raise KeyError(f"unknown zoo model {model!r}")
    if strategy == "data_parallel":
        return ExpertSharding(model, strategy, {D: num_devices}, _BATCH_ARGS[model])
    if strategy == "tensor_parallel":
        return ExpertSharding(model, strategy, {M: num_devices}, _tensor_parallel(model, None))
    if strategy == "2d":
        return ExpertSharding(model, strategy, {D: num_devices // model_axis, M: model_axis},
                              _tensor_parallel(model, D))
    raise KeyError(f"unknown strategy {strategy!r}; choose from {', '.join(STRATEGIES)}")
