"""Records to publish cut by the areas published beside them: the attacker's atoms.

QGIS's geometry engine does the cutting here; the engine (``atoms``) only
sees which record and which areas each atom belongs to. An area whose count
is NULL publishes nothing and cuts nothing.
"""

import math
from collections import Counter
from dataclasses import dataclass

from qgis.core import QgsCoordinateTransform, QgsCsException, QgsDistanceArea, QgsExpression, \
    QgsFeatureRequest, QgsGeometry, QgsPointXY, QgsProcessingException, QgsRectangle, \
    QgsSpatialIndex, QgsUnitTypes, QgsWkbTypes

from ..base import tr
from .rounding import Bends, bow_note, rounding_note, rounding_of
from ..values import python_value

# A piece of a cut cell narrower than this (metres on the ground) is a strip between a border and
# the cell edge it was meant to lie on (``thin_strips``: audited also as empty). Rounding to 6
# decimals of a degree (RFC 7946's GeoJSON) moves a vertex up to 5.6 cm, to 7 decimals 0.6 cm;
# reprojection and a grid published in EPSG:4326 leave millimetres to centimetres (a straight
# 2 km border reprojected to EPSG:3857 bows 10 cm off the cell edges it follows at 52° N);
# nobody lives in 10 cm.
THIN_STRIP_WIDTH = 0.1
# The audit's reprojection of a layer bending its borders at least this much (metres) is logged.
BOW_NOTED = 0.005
# The field in which the suppressed grid's zone counts name each count's zone layer.
ZONE_LAYER = "zone_layer"


@dataclass(frozen=True)
class Overlay:
    atom_record: list  # the record of each atom
    atom_areas: list  # the areas (names) each atom lies in
    areas: list  # (atom indices, published count) per published area
    area_names: list  # "layer: feature id" per published area, aligned with ``areas``
    record_cell: list  # the cell (distinct geometry) of each record: records of a grid
    # published per attribute share their cell
    atom_thin: list  # per atom: a thin strip of a cut cell (``thin_pieces``)
    withheld_areas: list  # (atom indices, name) per area published without its count
    strip_metres: float  # how narrow on the ground a thin strip is
    strip_notes: list  # the log's notes on what widened it (``strip_width_of``)
    published_counts: list  # (name, count) of every area published with a count

    @property
    def cut_records(self):
        """How many records an area's border cuts into several atoms."""
        return sum(1 for pieces in Counter(self.atom_record).values() if pieces > 1)


def zone_layer_requests(layer):
    """(feature request, name) per zone layer a layer holds: the suppressed grid's zone counts
    put the counts of several zone layers, which overlap one another, in one layer with their
    ``zone_layer``; areas of one layer are cut as a partition. (None: the whole layer.)"""
    field = layer.fields().lookupField(ZONE_LAYER)
    values = sorted(str(value) for value in layer.uniqueValues(field)) if field >= 0 else []
    if len(values) < 2:
        return [(QgsFeatureRequest(), None)]
    return [(QgsFeatureRequest(QgsExpression(QgsExpression.createFieldEqualityExpression(
        ZONE_LAYER, value))), f"{layer.name()} ({value})") for value in values]


def refuse_unusable_areas(layer, count_field):
    """Refuse an audit layer the overlay cannot read as published: an area without a polygon
    (its count published without its place), an invalid polygon (GEOS cannot cut cells by it:
    it would be left out, and missing evidence passed), a count that is no whole number of
    people."""
    if QgsWkbTypes.geometryType(layer.wkbType()) != QgsWkbTypes.GeometryType.PolygonGeometry:
        # Points or lines cut no cell: their counts would be left out, and missing evidence passed.
        raise QgsProcessingException(tr(
            "The audit layer '{layer}' is not a polygon layer ({kind}): the audit reads each "
            "published count over the area it covers. Give the published areas as polygons "
            "(for totals of parent cells, the parent grid's polygons).").format(
            layer=layer.name(), kind=QgsWkbTypes.displayString(layer.wkbType())))
    missing, invalid, counts = [], [], []
    field = layer.fields().lookupField(count_field)
    for feature in layer.getFeatures():
        geometry = feature.geometry()
        if geometry.isNull() or geometry.isEmpty():
            missing.append(feature.id())
        elif not geometry.isGeosValid():
            invalid.append(feature.id())
        count = python_value(feature.attributes()[field])
        if isinstance(count, (int, float)) and (count < 0 or count != int(count)):
            counts.append(f"{feature.id()}: {count:g}")
    if missing:
        raise QgsProcessingException(tr(
            "The audit layer '{layer}' has {count} feature(s) without a geometry (features "
            "{fids}): every published area needs its polygon. Give them their polygons, or "
            "delete them, in a copy of the layer.").format(
            layer=layer.name(), count=len(missing), fids=", ".join(map(str, missing[:10]))))
    if invalid:
        raise QgsProcessingException(tr(
            "The audit layer '{layer}' has invalid geometries (features {fids}): repair them "
            "first (Processing: Fix geometries).").format(
            layer=layer.name(), fids=", ".join(map(str, invalid[:10]))))
    if counts:
        raise QgsProcessingException(tr(
            "The audit layer '{layer}' has counts that are no whole number of 0 or more people "
            "({examples}): give each area's count of distinct people, or NULL where it is "
            "withheld.").format(layer=layer.name(), examples="; ".join(counts[:5])))


def published_areas(layer, count_field, crs, context, request=None):
    """(index, {position: (geometry, prepared engine, count, name)}) of a layer's areas, in
    ``crs`` (those ``request`` selects: every feature by default).

    An area whose count is NULL (withheld) is taken too, its count None: its border is
    published, so the attacker sums a cell's pieces in it as in any other area. Without a
    ``count_field`` (zones whose counts the plugin computes) every count is None."""
    transform = QgsCoordinateTransform(layer.crs(), crs, context.transformContext())
    field = layer.fields().lookupField(count_field) if count_field else -1
    index, areas = QgsSpatialIndex(), {}
    for feature in layer.getFeatures(request or QgsFeatureRequest()):
        count = python_value(feature.attributes()[field]) if count_field else None
        geometry = feature.geometry()
        if geometry.isNull() or geometry.isEmpty():
            continue
        if count is not None and not isinstance(count, (int, float)):
            raise QgsProcessingException(tr(
                "The audit layer '{layer}' has a count that is not a number in '{field}' "
                "(feature {fid}): choose its numeric count field.").format(
                layer=layer.name(), field=count_field, fid=feature.id()))
        geometry = QgsGeometry(geometry)
        try:
            geometry.transform(transform)
        except QgsCsException:
            geometry = QgsGeometry()
        if geometry.isNull() or not geometry.boundingBox().isFinite():
            raise QgsProcessingException(tr(
                "The area {fid} of '{layer}' cannot be reprojected to the grid's CRS {crs} (it "
                "lies outside that CRS's area of use): clip the layer to the grid's extent, or "
                "publish the grid in a CRS that covers it.").format(
                fid=feature.id(), layer=layer.name(), crs=crs.authid()))
        # Prepared once: each area is tested against every cell near it.
        engine = QgsGeometry.createGeometryEngine(geometry.constGet())
        engine.prepareGeometry()
        position = len(areas)
        areas[position] = (geometry, engine, None if count is None else float(count),
                           f"{layer.name()}: {feature.id()}")
        index.addFeature(position, geometry.boundingBox())
    return index, areas


def _cut(pieces, index, areas, offset):
    """Each (geometry, area numbers) piece cut by the areas of one layer (numbered from
    ``offset`` on).

    Every piece of positive area is kept, however small: the attacker cuts the published
    geometries too, and a strip a micrometre wide is an atom of its own (a border reprojected
    from another CRS leaves such pieces along the cell edges it follows; ``thin_pieces`` marks
    them, and the audit reads them also as empty)."""
    cut = []
    for geometry, names in pieces:
        inside = []
        for position in index.intersects(geometry.boundingBox()):
            area, engine, _, _ = areas[position]
            if engine.contains(geometry.constGet()):
                inside = [(geometry, position)]
                break
            if not engine.intersects(geometry.constGet()):
                continue
            part = geometry.intersection(area)
            if part.area() > 0:
                inside.append((part, position))
        for part, position in inside:
            cut.append((part, names + [offset + position]))
        if inside and inside[0][0] is geometry:
            continue  # one area holds the whole piece
        rest = geometry
        for _, position in inside:
            rest = rest.difference(areas[position][0])
        if rest.area() > 0:  # an exactly covered piece leaves an empty difference
            cut.append((rest, names))
    return cut


def layer_offsets(published):
    """The number of each layer's first area, areas numbered across the layers."""
    return [sum(len(areas) for _, areas in published[:i]) for i in range(len(published))]


def cut_by_areas(geometry, published, offsets):
    """The (geometry, area numbers) pieces of one record's geometry cut by every layer."""
    pieces = [(geometry, [])]
    for (index, areas), offset in zip(published, offsets):
        pieces = _cut(pieces, index, areas, offset)
    return pieces


class StripWidth:
    """A width on the ground (``metres``: ``THIN_STRIP_WIDTH`` unless borders were rounded more
    coarsely, ``rounding``) in the units of a CRS near a place.

    A CRS's unit is a ground metre only where its scale is true: a web map's (EPSG:3857) is
    cos(latitude) ground metres, 0.62 m at 52° N, and a degree of longitude shrinks with the
    cosine too. The ground length of a small step is measured on the CRS's ellipsoid (without
    one, in its units), and the width taken in the direction in which a unit is shortest on the
    ground, so that no strip thinner than ``metres`` on the ground is missed."""

    def __init__(self, crs, transform_context, metres=THIN_STRIP_WIDTH, bends=None,
                 area_metres=None):
        # Per area (numbered across the layers): its layer's width, where rounding widened it;
        # a cell takes the widest of the layers whose borders cut it (``near``).
        self._area_metres = area_metres
        self._measure = QgsDistanceArea()
        self._measure.setSourceCrs(crs, transform_context)
        self._measure.setEllipsoid(crs.ellipsoidAcronym())
        units, _ = QgsUnitTypes.decodeDistanceUnit("meters")
        self._to_metres = QgsUnitTypes.fromUnitToUnitFactor(self._measure.lengthUnits(), units)
        self._planar = QgsUnitTypes.fromUnitToUnitFactor(crs.mapUnits(), units)
        self.crs, self.metres, self._bends = crs, metres, bends

    def _squared_scale(self, x, y, dx, dy):
        """(ground metres per unit)² along (dx, dy) from (x, y)."""
        ground = self._measure.measureLine(QgsPointXY(x, y), QgsPointXY(x + dx, y + dy))
        return (ground * self._to_metres) ** 2 / (dx * dx + dy * dy)

    def scales(self, box):
        """(shortest, longest) ground metres of a unit near ``box`` (a QgsRectangle) over all
        directions: the square roots of the eigenvalues of the CRS's 2 × 2 metric there (from
        steps east, north and north-east as long as the box)."""
        step = max(box.width(), box.height())
        centre = box.center()
        east, north, diagonal = (self._squared_scale(centre.x(), centre.y(), dx, dy)
                                 for dx, dy in ((step, 0), (0, step), (step, step)))
        shear = diagonal - (east + north) / 2
        middle, spread = (east + north) / 2, math.hypot((east - north) / 2, shear)
        if not middle - spread > 0 or math.isinf(middle):  # outside the CRS's domain
            return self._planar, self._planar
        return math.sqrt(middle - spread), math.sqrt(middle + spread)

    def near(self, box, pieces=()):
        """The width in units near ``box`` of the cell cut into ``pieces`` ((geometry, area
        numbers)): ``THIN_STRIP_WIDTH``, or the width of a layer whose rounded borders cut the
        cell (its pieces lie in different areas of it, or outside it), plus how far the audit's
        reprojection bent borders there (``bends``: a ``rounding.Bends``)."""
        metres = self.metres
        if self._area_metres is not None:
            layer_areas = []  # per piece: the areas it lies in, by layer
            for _, names in pieces:
                by_layer = {}
                for area in names:
                    by_layer.setdefault(self._area_metres[area][0], []).append(area)
                layer_areas.append(by_layer)
            widths = {self._area_metres[area] for _, names in pieces for area in names}
            metres = max([THIN_STRIP_WIDTH] + [
                layer_metres for layer, layer_metres in widths
                if len({tuple(by_layer.get(layer, ())) for by_layer in layer_areas}) > 1])
        bent = self._bends.near(box) if self._bends is not None else 0.0
        return (metres + bent) / self.scales(box)[0]


def strip_width_of(crs, layers, transform_context, area_layers=None, parts=None):
    """(the ``StripWidth`` in ``crs`` of strips along the borders of ``layers``, the log's notes
    on what widened it): as far as the rounding of a layer's coordinates moved a vertex, if
    farther than ``THIN_STRIP_WIDTH``, along that layer's borders, plus how far the audit's
    reprojection of a layer into ``crs`` bends its borders near the place (``rounding``).
    ``area_layers``: the number of the layer (in ``layers``) of each area, numbered across the
    layers; ``parts``: (layer, request, name) of each zone layer a layer holds (``overlay``;
    None: each layer is one), the rounding read per part and ``area_layers`` numbering them."""
    parts = [(layer, None, None) for layer in layers] if parts is None else parts
    roundings = [rounding_of(layer, StripWidth(layer.crs(), transform_context), request, name)
                 for layer, request, name in parts]
    bends = Bends(StripWidth(crs, transform_context))
    for layer in layers:
        bends.add(layer, transform_context)
    notes = [rounding_note(rounding) for rounding in roundings if rounding is not None] + \
        [bow_note(layer, metres) for layer, metres in bends.farthest if metres >= BOW_NOTED]
    layer_metres = [THIN_STRIP_WIDTH if rounding is None else rounding.metres
                    for rounding in roundings]
    area_metres = None if area_layers is None else [(layer, layer_metres[layer])
                                                    for layer in area_layers]
    return StripWidth(crs, transform_context, max([THIN_STRIP_WIDTH] + layer_metres), bends,
                      area_metres), notes


def is_strip(geometry, width):
    """Whether ``geometry`` is nowhere wider than ``width`` for longer than ``width``.

    Shrunk by half the width, a strip vanishes but for specks, each within a square ``width``
    wide: the corner of an L-shaped strip round a cell corner holds a disc 1.17 times its arms'
    width (a speck of at most half the width), while a piece wider than ``width`` for a length
    leaves that length. So no disc wider than twice ``width`` fits in a strip (shrunk, it leaves
    a disc wider than ``width`` in a speck), and a shape's area is at most the radius of the
    largest disc in it times its perimeter, plus half that disc's area per corner (a reflex
    corner adds an arc to each parallel of the boundary): larger pieces are not shrunk."""
    shape = geometry.constGet()
    if geometry.area() >= width * (shape.perimeter() + math.pi / 2 * width * shape.nCoordinates()):
        return False
    core = geometry.buffer(-width / 2, 2)
    # QGIS 3.40 gives an empty core as one empty part, its box without a width.
    return all(max(part.boundingBox().width(), part.boundingBox().height()) <= width
               for part in core.asGeometryCollection() if not part.isEmpty())


def thin_pieces(pieces, strip_width):
    """Per (geometry, area numbers) piece of one cell: whether it is a thin strip, a piece of a
    cell cut in several narrower than ``strip_width`` (a ``StripWidth``) on the ground
    (``is_strip``)."""
    if len(pieces) < 2:
        return [False] * len(pieces)
    box = QgsRectangle(pieces[0][0].boundingBox())
    for geometry, _ in pieces[1:]:
        box.combineExtentWith(geometry.boundingBox())
    width = strip_width.near(box, pieces)
    return [is_strip(geometry, width) for geometry, _ in pieces]


def overlapping_areas(index, areas, strip_width):
    """The names of the first two areas of one layer (``published_areas``) that overlap, or
    None. An overlap that is a thin strip (``is_strip``, ``strip_width`` a ``StripWidth``) is
    where neighbours' borders, meant to be shared, were digitised or reprojected apart; nobody
    lives there (a point in it counts in the first area)."""
    for position, (geometry, _, _, name) in areas.items():
        for other in index.intersects(geometry.boundingBox()):
            if other <= position:
                continue
            other_geometry, _, _, other_name = areas[other]
            shared = geometry.intersection(other_geometry)
            if shared.area() > 0 and not is_strip(
                    shared, strip_width.near(shared.boundingBox())):
                return name, other_name
    return None


def overlay(source, layers, count_field, context, feedback):
    """The atoms of the records of ``source`` with the published areas of ``layers``."""
    crs = source.sourceCrs()
    parts = [(layer, request, name) for layer in layers
             for request, name in zone_layer_requests(layer)]
    sources = [(layer, request) for layer, request, _ in parts]
    published = [published_areas(layer, count_field, crs, context, request)
                 for layer, request in sources]
    offsets = layer_offsets(published)
    area_layers = [number for number, (_, areas) in enumerate(published) for _ in areas]
    strip_width, strip_notes = strip_width_of(crs, layers, context.transformContext(),
                                              area_layers, parts)
    for (layer, _), (index, areas) in zip(sources, published):
        overlap = overlapping_areas(index, areas, strip_width)
        if overlap:  # cut as one partition, a piece in both would count in one of them only
            raise QgsProcessingException(tr(
                "The audit layer '{layer}' has areas that overlap ({first} and {second}): the "
                "areas of one audit layer must not overlap. Give each set of areas that do not "
                "overlap (municipalities, districts) as an audit layer of its own, or in one "
                "layer with a '{field}' field naming each set, as the suppressed grid's zone "
                "counts have.").format(layer=layer.name(), first=overlap[0], second=overlap[1],
                                       field=ZONE_LAYER))
    area_members = [[] for _ in range(sum(len(areas) for _, areas in published))]
    area_counts = [count for _, areas in published for _, _, count, _ in areas.values()]
    area_names = [name for _, areas in published for _, _, _, name in areas.values()]
    if len(set(area_names)) < len(area_names):
        # Layers of one name: their areas are told apart (the audit sums pieces by area) by
        # the layer's place in the list.
        layer_of = [number for number, (_, areas) in enumerate(published, 1) for _ in areas]
        area_names = [f"{name} (#{number})" for name, number in zip(area_names, layer_of)]
    # A piece in no area of one layer (a hole in it) is a place too: the attacker sums a cell's
    # pieces there over its records as in an area, also where another layer's area covers them.
    layer_of_area = [number for number, (_, areas) in enumerate(published) for _ in areas]
    layer_names = [layer.name() for layer, _ in sources]
    outside = [f"{name}: —" if layer_names.count(name) == 1 else f"{name}: — (#{number})"
               for number, name in enumerate(layer_names, 1)]
    atom_record, atom_areas, atom_thin, record_cell, cell_pieces = [], [], [], [], {}
    request = QgsFeatureRequest().setNoAttributes()
    for record, feature in enumerate(source.getFeatures(request)):
        if record % 1000 == 0 and feedback.isCanceled():
            raise QgsProcessingException(tr("Cancelled: no output was completed."))
        key = feature.geometry().asWkb().data()
        if key not in cell_pieces:  # records of one cell (per attribute) are cut once
            pieces = cut_by_areas(feature.geometry(), published, offsets)
            cell_pieces[key] = (len(cell_pieces), pieces, thin_pieces(pieces, strip_width))
        cell, pieces, thin = cell_pieces[key]
        record_cell.append(cell)
        atom_thin += thin
        for _, names in pieces:
            for area in names:
                area_members[area].append(len(atom_record))
            atom_record.append(record)
            covering = {layer_of_area[area] for area in names}
            atom_areas.append([area_names[area] for area in names]
                              + [outside[layer] for layer in range(len(published))
                                 if layer not in covering and len(published) > 1])
    # Areas with a withheld count cut the cells (their pieces are summed) but state no count.
    counted = [bool(members) and count is not None
               for members, count in zip(area_members, area_counts)]
    areas = [(members, count) for members, count, keep in
             zip(area_members, area_counts, counted) if keep]
    names = [name for name, keep in zip(area_names, counted) if keep]
    # A withheld count is a withheld value too: the attacker must not narrow it (SPEC, invariant 2).
    withheld_areas = [(members, name) for members, count, name in
                      zip(area_members, area_counts, area_names) if members and count is None]
    return Overlay(atom_record, atom_areas, areas, names, record_cell, atom_thin, withheld_areas,
                   strip_width.metres, strip_notes,
                   [(name, count) for name, count in zip(area_names, area_counts)
                    if count is not None])
