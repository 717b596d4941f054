"""Keel delivery layer: Python API, command line, scenarios, demo and benchmarks."""
