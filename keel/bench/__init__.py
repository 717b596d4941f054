"""Offline benchmarks for Keel components (run as ``keel bench <name>``)."""
