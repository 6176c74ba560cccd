"""Rematerialization of a training step: the forward values its backward pass reads (`residuals`, split at the
loss by `training_step`), the layers they repeat in (`repeated_blocks`), jax's checkpoint policies over them
(`policies`), the rewrite that recomputes chosen ones before their backward readers (`recompute`),
`rematerialize`, which applies a policy to every layer of a step, and `--remat auto`'s choice of a policy per
layer (`layer_assignment`, `choice`)."""
