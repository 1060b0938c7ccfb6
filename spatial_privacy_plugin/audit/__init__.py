"""The attacker's solvers: what a reader can derive about every withheld number.

``intervals`` bounds withheld cells from the published equalities (integer
programmes, exact closed forms); ``atoms`` and its helpers (``programmes``,
``flows``, ``crossings``, ``distinct``, ``kinds``, ``twice``) do the same where
published areas cut the cells; ``sums`` and ``thin_strips`` audit sums of
pieces and borders that nearly follow cell edges; ``highs`` holds one programme's rows for
its many objectives (HiGHS through scipy). What the attacker knows of a
grid (its totals, labels, series) is assembled in ``release.totals`` and
``release.series``; the solvers here never read a layer.
"""
