"""Test-wide settings: hypothesis without timing health checks or deadlines (the CI machine is small and noisy),
and 8 host CPU devices for the XLA tests, asked for before jax initializes."""

import os

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "autoshard",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    derandomize=True,
)
settings.load_profile("autoshard")


@pytest.fixture(scope="session", autouse=True)
def _eight_host_devices():
    """compile_and_run runs in-process with 8 devices when this is in time, else falls back to a subprocess."""
    try:
        import jax  # noqa: F401

        from autoshard.xla.jax_runtime import backends_initialized, with_device_count_flag
    except ImportError:
        yield
        return
    if not backends_initialized():
        os.environ["XLA_FLAGS"] = with_device_count_flag(os.environ.get("XLA_FLAGS", ""), 8)
    yield
