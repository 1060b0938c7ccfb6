"""A release layer as the attacker reads it: its cells (``published_cells``), the
areas published beside it (``overlay``, ``rounding``, ``published_zones``) and
the gate's checks of perturbed and DP releases.
"""
