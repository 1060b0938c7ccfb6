"""Budgets across releases: the hash-chained release ledger (``store``), the
risk budget (``budget``) and the privacy-loss budget of DP releases, where ε is
charged before any noise is drawn (``dp_budget``).
"""
