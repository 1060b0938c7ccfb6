"""Spatial Privacy engine: disclosure-control computations on numpy arrays.

Imports numpy, pandas and scipy only, never qgis or Qt, so every function can
be tested with plain pytest and reused outside QGIS.
"""
