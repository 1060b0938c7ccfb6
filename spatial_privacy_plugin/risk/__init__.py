"""Disclosure risk of records and zones (``measures``), the adversary's join
(``linkage``) and the masks whose releases it tests (``masking``).
"""
