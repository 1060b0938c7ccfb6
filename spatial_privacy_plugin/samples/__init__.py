"""Deterministic sample data for the demo, the tests and the benchmarks: a
synthetic city of trips (``synthetic``) and zones over it (``synthetic_zones``).
"""
