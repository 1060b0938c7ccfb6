"""Targeted record swapping (the census recipe before the cell key method): households and
their areas (``households``), the donor search over a KD-tree (``donors``) and the swap itself
(``swapping.swap_households``), with the figures of its report (``summary``).
"""
