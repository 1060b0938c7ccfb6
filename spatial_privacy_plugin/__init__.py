"""Spatial Privacy engine: disclosure-control computations on numpy arrays.

Imports numpy, pandas and scipy only, never qgis or Qt, so every function can
be tested with plain pytest and reused outside QGIS. Packages by concern, each
importing only those before it:

``counting`` (how a cell is counted) → ``audit`` (what the attacker derives) →
``release`` (what is published, withheld and gated) → ``noise`` (cell key
method, differential privacy) → ``ledger`` (budgets across releases);
``risk`` (record and zone risk, the join) and ``samples`` (synthetic data)
stand beside them. ``errors``, ``problems``, ``policy``, ``formatting``,
``parallel`` and ``charts`` serve them all.
"""
