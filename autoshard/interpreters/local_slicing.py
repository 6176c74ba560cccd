"""dynamic_update_slice on local shards: each device writes the part of the update that falls in its block.

The start indices are clamped as the global op clamps them (to the global operand and update sizes); along
each dimension the update covers `[start + u, start + u + local update size)` of the operand, `u` being where
the device's block of the update starts (0 when the update is not sharded there), and the device writes the
intersection with its own operand block, with the kernel, at local start indices. (dynamic_slice needs no
localizer: its sliced dimensions need replication, and the kernel takes its sizes from the local result.)
"""

from __future__ import annotations

import numpy as np

from autoshard.interpreters.local_op import LocalOp


def local_dynamic_update_slice(call: LocalOp) -> dict[int, list[np.ndarray]]:
    shape, update_shape = call.operand_shapes[0], call.operand_shapes[1]

    def run(device: int) -> list[np.ndarray]:
        operand, update, *starts = call.inputs(device)
        block = call.operand_block_start(device, 0)
        update_block = call.operand_block_start(device, 1)
        window, local_starts = [], []
        for d, (size, update_size) in enumerate(zip(shape, update_shape)):
            start = min(max(int(np.asarray(starts[d]).reshape(())), 0), size - update_size) + update_block[d]
            low = max(start, block[d])
            high = min(start + update.shape[d], block[d] + operand.shape[d])
            if high <= low:
                return [operand.copy()]  # nothing of the update lands in this block
            window.append(slice(low - start, high - start))
            local_starts.append(np.asarray(low - block[d], dtype=np.asarray(starts[d]).dtype))
        return call.run_kernel([operand, update[tuple(window)], *local_starts], {})

    return call.per_device(run)
