"""Counting: how a point becomes a cell and how a cell's people are counted.

``cells`` turns coordinates into cell indices and counts distinct people per cell
(the person, not the row, is the unit); ``zones`` says which polygon holds each
point; ``person_ids`` checks that the chosen field really identifies people.
"""
