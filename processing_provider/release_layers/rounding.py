"""How far an audit layer's borders may lie off the cell edges they were meant to follow, beyond
``overlay.THIN_STRIP_WIDTH``: the thin strips' width is widened to it. Auditing a strip also as
empty only adds failures, so a wider width is safe; a real sliver of a layer neither rounded nor
reprojected keeps the narrow one.

Rounded coordinates (a GeoJSON file at 5 decimals of a degree, a layer stored to whole metres)
moved each vertex up to half a step in each coordinate (at 5 decimals in EPSG:4326, 79 cm).
Reprojected vertex by vertex into the grid's CRS, a straight border becomes the chord of a curve
(a 2 km border in EPSG:3857 at 52° N bows 10 cm off the cell edges it follows): that moves the
borders further, whatever the publisher's offset was."""

import math
import struct
from dataclasses import dataclass

import numpy as np

from qgis.core import QgsCoordinateTransform, QgsCsException, QgsFeatureRequest, QgsGeometry, \
    QgsPointXY, QgsRectangle, QgsSpatialIndex

from ..base import tr

# Steps of rounding looked for: at most this long on the ground (4 decimals of a degree of
# latitude are 11 m). Coordinates on a coarser lattice were drawn on it (zones built from
# 100 m cells), not rounded.
COARSEST_ROUNDING = 15.0
# Gaps between coordinates are exact to about this share of the coordinates (doubles); a step
# finer than ``FINEST_STEP`` of them is read as no lattice (such digits are noise, and move a
# vertex less than a strip's width: a millimetre in metres of a continent, 2 cm in degrees).
GAP_PRECISION, FINEST_STEP = 1e-12, 1e-9
# A segment the audit's reprojection bends less than this (ground metres) counts everywhere, not
# only near it (``Bends``).
BENT = 0.01
# How much more a short segment may bend than chords across its layer bend per squared length
# (the curvature of a CRS's image of straight lines changes across a layer, e.g. with latitude).
SAFETY = 4.0
@dataclass(frozen=True)
class Rounding:
    layer: str  # the layer's name
    step: float  # its coordinates lie on a lattice of this step (in its units)
    metres: float  # how far rounding may have moved a vertex, on the ground


def lattice_step(values):
    """The largest step of a lattice (of any origin) that all the distinct ``values`` lie on, a
    whole number of decimal quanta (``FINEST_STEP`` of the values, rounded down to a power of
    ten), or None. A border moved off such a lattice by a real offset moves the step to a
    divisor of that offset, so a strip's own width is never within it."""
    distinct = np.unique(np.asarray(values, dtype=float))
    if len(distinct) < 2:
        return None
    gaps = np.diff(distinct)
    magnitude = float(np.abs(distinct).max())
    quantum = 10.0 ** math.floor(math.log10(magnitude * FINEST_STEP))
    quanta = np.round(gaps / quantum)
    if (np.abs(gaps - quanta * quantum) > magnitude * GAP_PRECISION).any():
        return None  # digits finer than the quantum: not rounded
    step = float(np.gcd.reduce(quanta.astype(np.int64))) * quantum
    return step if step >= magnitude * FINEST_STEP else None


def coordinate_steps(layer, request=None):
    """The steps of the lattices the x and the y coordinates of every vertex of ``layer`` (of
    its features ``request`` selects) lie on (``lattice_step``; None for an axis on none)."""
    request = QgsFeatureRequest().setNoAttributes() if request is None else request
    rings = [ring for feature in layer.getFeatures(request)
             for ring in _rings(feature.geometry())]
    if not rings:
        return None, None
    vertices = np.concatenate(rings)
    return tuple(lattice_step(vertices[:, axis]) for axis in (0, 1))


def _near_middle(extent):
    """A box a thousandth of ``extent`` wide at its middle: where a layer's scale is taken."""
    centre, step = extent.center(), max(extent.width(), extent.height()) / 1000
    return QgsRectangle(centre.x(), centre.y(), centre.x() + step, centre.y() + step)


def rounding_of(layer, strip_width, request=None, name=None):
    """The ``Rounding`` of ``layer``'s coordinates (``strip_width``: an ``overlay.StripWidth`` of
    its CRS; ``request``: its features of one zone layer, named ``name``, read apart as the
    grid reads each of its zone layers), or None when they are not rounded or by less than a
    thin strip's width. The
    ground length of a unit is taken at the middle of the layer's extent, in the direction in
    which it is longest."""
    extent = layer.extent()
    if extent.isNull() or extent.isEmpty():
        return None
    _, longest = strip_width.scales(_near_middle(extent))
    steps = coordinate_steps(layer, request)
    within = [step for step in steps if step is not None and step * longest <= COARSEST_ROUNDING]
    if None in steps or not within:
        return None
    # An axis whose few distinct values lie on a coarser lattice by chance (a rectangle's two
    # sides) was rounded as the other one.
    steps = (within * 2)[:2]
    metres = math.hypot(*steps) / 2 * longest
    if metres <= strip_width.metres:
        return None
    return Rounding(name or layer.name(), max(steps), metres)


def _bend(transform, start, end):
    """(the reprojected segment's ends, how far its middle lands off their chord's middle) of
    the segment from ``start`` to ``end`` (x, y pairs), or None outside the target's domain."""
    try:
        ends = [transform.transform(QgsPointXY(float(x), float(y))) for x, y in (start, end)]
        middle = transform.transform(QgsPointXY(float(start[0] + end[0]) / 2,
                                                float(start[1] + end[1]) / 2))
    except QgsCsException:  # outside the grid CRS's domain: no cell there
        return None
    return ends, middle.distance((ends[0].x() + ends[1].x()) / 2, (ends[0].y() + ends[1].y()) / 2)


def _curvature(transform, extent):
    """The largest bend per squared length (target units per source unit²) of chords across
    ``extent`` (both diagonals, both midlines), or None where one leaves the target's domain."""
    left, bottom, right, top = extent.xMinimum(), extent.yMinimum(), extent.xMaximum(), \
        extent.yMaximum()
    middle_x, middle_y = (left + right) / 2, (bottom + top) / 2
    chords = (((left, bottom), (right, top)), ((left, top), (right, bottom)),
              ((left, middle_y), (right, middle_y)), ((middle_x, bottom), (middle_x, top)))
    ratios = []
    for start, end in chords:
        length_squared = (end[0] - start[0]) ** 2 + (end[1] - start[1]) ** 2
        if not length_squared:
            continue
        bend = _bend(transform, start, end)
        if bend is None:
            return None
        ratios.append(bend[1] / length_squared)
    return max(ratios, default=0.0)


def _rings(geometry):
    """The (x, y) arrays of the rings, lines and points of ``geometry``, read from its WKB (a
    Python object per vertex costs more than reprojecting the few long segments); curved
    geometries are read vertex by vertex after segmentising."""
    wkb = bytes(geometry.asWkb())
    try:
        rings = []
        _read_wkb(wkb, 0, rings)
        return rings
    except ValueError:
        straight = QgsGeometry(geometry)
        straight.convertToStraightSegment()
        return [np.array([(point.x(), point.y()) for point in ring]) for part in
                straight.constGet().coordinateSequence() for ring in part if ring]


def _read_wkb(wkb, offset, rings):
    """Append the rings (x, y arrays) of the WKB geometry at ``offset`` to ``rings``; the offset
    after it. Raises ValueError for a type other than (multi)points, (multi)linestrings and
    (multi)polygons."""
    order = "<" if wkb[offset] == 1 else ">"
    kind, = struct.unpack_from(order + "I", wkb, offset + 1)
    dimensions = 2 + bool(kind & 0x80000000) + (kind & 0xFFFF) // 1000 % 2 + \
        ((kind & 0xFFFF) // 1000 >= 2)
    base, offset = (kind & 0xFFFF) % 1000, offset + 5
    if base in (4, 5, 6, 7):  # multi-point, multi-line, multi-polygon, collection
        parts, = struct.unpack_from(order + "I", wkb, offset)
        offset += 4
        for _ in range(parts):
            offset = _read_wkb(wkb, offset, rings)
        return offset
    if base not in (1, 2, 3):
        raise ValueError(base)
    if base == 1:
        rings.append(np.frombuffer(wkb, dtype=order + "f8", count=2, offset=offset).reshape(1, 2))
        return offset + 8 * dimensions
    count = 1
    if base == 3:
        count, = struct.unpack_from(order + "I", wkb, offset)
        offset += 4
    for _ in range(count):
        points, = struct.unpack_from(order + "I", wkb, offset)
        values = np.frombuffer(wkb, dtype=order + "f8", count=points * dimensions,
                               offset=offset + 4)
        if points:
            rings.append(values.reshape(points, dimensions)[:, :2])
        offset += 4 + 8 * points * dimensions
    return offset


class Bends:
    """How far reprojecting audit layers vertex by vertex into the grid's CRS moves their straight
    segments off the lines they stand for, near each place: the middle of a segment lands off
    the middle of its reprojected chord. A long segment bends far (15 m over 25 km), but only
    the cells along it: each segment bent ``BENT`` or more counts within its bend of it, the
    others everywhere."""

    def __init__(self, strip_width):
        self._strip_width = strip_width  # an ``overlay.StripWidth`` of the grid's CRS
        self._index, self._segments = QgsSpatialIndex(), []  # (line, bend in units, metres)
        self.slight = 0.0  # ground metres: the farthest bend of segments bent less than BENT
        self.farthest = []  # (layer, ground metres) per layer that bends at all

    def add(self, layer, transform_context):
        """Add the segments of ``layer``. A segment's bend grows with the square of its length,
        so only those that may bend ``BENT`` or more are reprojected one by one: the others are
        bounded by the bends of chords across the layer (``_curvature``), times ``SAFETY``."""
        crs = self._strip_width.crs
        transform = QgsCoordinateTransform(layer.crs(), crs, transform_context)
        if not layer.crs().isValid() or not crs.isValid() or transform.isShortCircuited():
            return
        try:
            box = transform.transformBoundingBox(layer.extent())
        except QgsCsException:
            return
        # Ground metres of a unit, the longest way, at the middle of the layer.
        scale = self._strip_width.scales(_near_middle(box))[1]
        curvature = _curvature(transform, layer.extent())
        bends, bounded = [], 0.0
        for feature in layer.getFeatures(QgsFeatureRequest().setNoAttributes()):
            for ring in _rings(feature.geometry()):
                starts, ends = ring[:-1], ring[1:]
                lengths = np.hypot(*(ends - starts).T)
                bound = SAFETY * curvature * lengths ** 2 * scale if curvature is not None \
                    else np.full(len(lengths), np.inf)
                slight = bound < BENT / 2
                if slight.any():
                    bounded = max(bounded, float(bound[slight].max()))
                for start, end in zip(starts[~slight], ends[~slight]):
                    bend = _bend(transform, start, end)
                    if bend is not None:
                        bends.append(bend)
        if bounded:
            self.slight = max(self.slight, bounded)
        if not bends or not max(bend for _, bend in bends):
            if bounded:
                self.farthest.append((layer, bounded))
            return
        for ends, bend in bends:
            if bend * scale < BENT:
                self.slight = max(self.slight, bend * scale)
                continue
            line = QgsGeometry.fromPolylineXY(ends)
            reach = line.boundingBox()
            reach.grow(bend)
            self._index.addFeature(len(self._segments), reach)
            self._segments.append((line, bend, bend * scale))
        self.farthest.append((layer, max([bounded] + [bend * scale for _, bend in bends])))

    def near(self, box):
        """The farthest (ground metres) a border near ``box`` (a QgsRectangle) may be bent."""
        area = QgsGeometry.fromRect(box)
        return max([self.slight] + [metres for line, bend, metres in (
            self._segments[number] for number in self._index.intersects(box))
            if line.distance(area) <= bend])


def bow_note(layer, metres):
    """The log's line on the borders of a layer reprojected by the audit."""
    return tr("Reprojected into the grid's CRS, the straight borders of '{layer}' bow up to "
              "{metres:.2f} m off their lines: strips that much wider along them are thin too "
              "(audited also as empty).").format(layer=layer.name(), metres=metres)


def rounding_note(rounding):
    """The log's line on a layer's rounded coordinates."""
    return tr("The coordinates of '{layer}' lie on a lattice of step {step:g} (rounded): a vertex "
              "moved up to {metres:.2f} m, so strips narrower than that between its borders and the "
              "cell edges are thin (audited also as empty).").format(
        layer=rounding.layer, step=rounding.step, metres=rounding.metres)
