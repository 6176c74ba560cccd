"""Rematerialization of a training step: the forward values its backward pass reads (`residuals`), the layers
they repeat in (`repeated_blocks`), jax's checkpoint policies over them (`policies`), and the rewrite that
recomputes chosen ones before their backward readers (`recompute`)."""
