"""YAML-configured sweeps (`autoshard experiment`): models x meshes x hardware x budgets x solver settings, with
expert baselines, resumable results (`results.csv`), a Markdown table and PNG plots."""

from autoshard.experiments.cells import Cell, expand
from autoshard.experiments.config import ExperimentConfig, ModelSpec, SolverSetting, load_experiment, parse_experiment
from autoshard.experiments.meshes import parse_mesh_spec
from autoshard.experiments.results import ResultStore
from autoshard.experiments.runner import run_cell, run_experiment

__all__ = ["Cell", "ExperimentConfig", "ModelSpec", "ResultStore", "SolverSetting", "expand", "load_experiment",
           "parse_experiment", "parse_mesh_spec", "run_cell", "run_experiment"]
