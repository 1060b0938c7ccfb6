"""Audit layers whose coordinates were rounded: a GeoJSON file at 5 decimals of a degree, a
layer stored to whole metres. Rounding moved each vertex up to half a step in each coordinate,
so a border meant to follow a cell edge leaves strips up to that wide (at 5 decimals in
EPSG:4326, 79 cm), wider than ``overlay.THIN_STRIP_WIDTH``: the thin strips' width is widened
to it. Auditing a strip also as empty only adds failures, so a wider width is safe; a real
sliver of a layer not rounded keeps the narrow one."""

import math
from dataclasses import dataclass

from qgis.core import QgsFeatureRequest, QgsRectangle

from .base import tr

# Steps of rounding looked for: at most this long on the ground (5 decimals of a degree of
# latitude are 1.1 m). Coordinates on a coarser lattice were drawn on it (zones built from
# 100 m cells), not rounded.
COARSEST_ROUNDING = 1.5
# No rounding finer than this many decimals is looked for: a double's digits run out there
# (a coordinate of 4e6 m holds about 9 decimals), and it moves a vertex less than a strip's width.
FINEST_DECIMALS = 9
# A coordinate this close (in steps) to a multiple of the step lies on it: a decimal such as
# 10.12345 is not exactly a double.
ON_STEP = 1e-6


@dataclass(frozen=True)
class Rounding:
    layer: str  # the layer's name
    step: float  # its coordinates are multiples of this (in its units)
    metres: float  # how far rounding may have moved a vertex, on the ground


def _on_step(value, decimals):
    scaled = value * 10.0 ** decimals
    return abs(scaled) < 2.0 ** 52 and abs(scaled - round(scaled)) <= ON_STEP


def coordinate_decimals(layer, coarsest):
    """The fewest decimals from ``coarsest`` on (negative: tens, hundreds) to which every vertex
    coordinate of ``layer`` is rounded; None when none up to ``FINEST_DECIMALS`` is (a layer
    not rounded stops at its first vertex) or the layer has no vertex."""
    decimals, seen = coarsest, False
    for feature in layer.getFeatures(QgsFeatureRequest().setNoAttributes()):
        for vertex in feature.geometry().vertices():
            seen = True
            for value in (vertex.x(), vertex.y()):
                while not _on_step(value, decimals):
                    decimals += 1
                    if decimals > FINEST_DECIMALS:
                        return None
    return decimals if seen else None


def rounding_of(layer, strip_width):
    """The ``Rounding`` of ``layer``'s coordinates (``strip_width``: an ``overlay.StripWidth`` of
    its CRS), or None when they are not rounded or by less than a thin strip's width. The
    ground length of a unit is taken at the middle of the layer's extent, in the direction in
    which it is longest."""
    extent = layer.extent()
    if extent.isNull() or extent.isEmpty():
        return None
    centre, step = extent.center(), max(extent.width(), extent.height()) / 1000
    _, longest = strip_width.scales(QgsRectangle(centre.x(), centre.y(), centre.x() + step,
                                                 centre.y() + step))
    decimals = coordinate_decimals(layer, math.ceil(math.log10(longest / COARSEST_ROUNDING)))
    if decimals is None:
        return None
    metres = 10.0 ** -decimals / 2 * math.sqrt(2) * longest
    if metres <= strip_width.metres:
        return None
    return Rounding(layer.name(), 10.0 ** -decimals, metres)


def rounding_note(rounding):
    """The log's line on a layer's rounded coordinates."""
    return tr("The coordinates of '{layer}' are rounded to multiples of {step:g}: a vertex moved "
              "up to {metres:.2f} m, so strips narrower than that between its borders and the cell "
              "edges are thin (audited also as empty).").format(
        layer=rounding.layer, step=rounding.step, metres=rounding.metres)
