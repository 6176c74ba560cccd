"""Test-wide settings: hypothesis without timing health checks or deadlines (the CI machine is small and noisy),
and 8 host CPU devices for the XLA tests, asked for before jax initializes."""

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "autoshard",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    derandomize=True,
)
settings.load_profile("autoshard")


def _ask_for_eight_host_devices() -> None:
    """Set `XLA_FLAGS` for 8 host CPU devices now, when conftest is imported: before any test module is
    collected, since a module that touches jax at import time fixes the device count for the whole session."""
    from autoshard.xla.jax_runtime import with_device_count_flag  # imports no jax

    os.environ["XLA_FLAGS"] = with_device_count_flag(os.environ.get("XLA_FLAGS", ""), 8)


_ask_for_eight_host_devices()
