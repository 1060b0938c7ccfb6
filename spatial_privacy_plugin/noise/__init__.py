"""Perturbative releases: the cell key method (``cellkey``, ``ptable``,
``cellkey_audit``, ``perturbed``) and differential privacy (``dp`` samplers,
``dp_release`` grids). How ε is charged lives in ``ledger.dp_budget``.
"""
