"""Every release method side by side on the same data: ``measures`` scores a published grid
against the true one (the Eurostat 2024 utility measures, the Kantorovich–Wasserstein distance
as a transport problem, exact or within a stated bound: ``transport``, ``grid_flow``),
``methods`` runs suppression, the cell key method and the DP grid at each cell size and gathers
their scores and risks into one table. Nothing here is a release: every figure is computed from
the true counts, for the data holder only.
"""
