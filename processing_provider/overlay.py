"""Records to publish cut by the areas published beside them: the attacker's atoms.

QGIS's geometry engine does the cutting here; the engine (``atoms``) only
sees which record and which areas each atom belongs to. An area whose count
is NULL publishes nothing and cuts nothing.
"""

from collections import Counter
from dataclasses import dataclass

from qgis.core import QgsCoordinateTransform, QgsExpression, QgsFeatureRequest, QgsGeometry, \
    QgsProcessingException, QgsSpatialIndex

from .base import tr
from .values import python_value

# A piece smaller than this share of its cell is the width of a shared border, not a sliver: a
# border reprojected from another CRS is no longer exactly straight and leaves pieces of about
# 1e-8 of a 1 km cell along the cell edges it follows (the attacker reads them as empty).
SLIVER_TOLERANCE = 1e-6
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

    @property
    def cut_records(self):
        """How many records an area's border cuts into several atoms."""
        return sum(1 for pieces in Counter(self.atom_record).values() if pieces > 1)


def zone_layer_requests(layer):
    """One feature request per zone layer a layer holds: the suppressed grid's zone counts put
    the counts of several zone layers, which overlap one another, in one layer with their
    ``zone_layer``; areas of one layer are cut as a partition."""
    field = layer.fields().lookupField(ZONE_LAYER)
    values = sorted(str(value) for value in layer.uniqueValues(field)) if field >= 0 else []
    if len(values) < 2:
        return [QgsFeatureRequest()]
    return [QgsFeatureRequest(QgsExpression(QgsExpression.createFieldEqualityExpression(
        ZONE_LAYER, value))) for value in values]


def published_areas(layer, count_field, crs, context, request=None):
    """(index, {position: (geometry, prepared engine, count, name)}) of a layer's areas with a
    count, in ``crs`` (those ``request`` selects: every feature by default).

    Without a ``count_field`` (zones whose counts the plugin computes) every area with a
    geometry is taken, its count None."""
    transform = QgsCoordinateTransform(layer.crs(), crs, context.transformContext())
    field = layer.fields().lookupField(count_field) if count_field else -1
    index, areas = QgsSpatialIndex(), {}
    for feature in layer.getFeatures(request or QgsFeatureRequest()):
        count = python_value(feature.attributes()[field]) if count_field else None
        geometry = feature.geometry()
        if (count_field and count is None) or geometry.isNull() or geometry.isEmpty():
            continue
        if count_field and not isinstance(count, (int, float)):
            raise QgsProcessingException(tr(
                "The audit layer '{layer}' has a count that is not a number in '{field}' "
                "(feature {fid}): choose its numeric count field.").format(
                layer=layer.name(), field=count_field, fid=feature.id()))
        geometry = QgsGeometry(geometry)
        geometry.transform(transform)
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
    ``offset`` on)."""
    cut = []
    for geometry, names in pieces:
        size = geometry.area()
        inside = []
        for position in index.intersects(geometry.boundingBox()):
            area, engine, _, _ = areas[position]
            if engine.contains(geometry.constGet()):
                inside = [(geometry, position)]
                break
            if not engine.intersects(geometry.constGet()):
                continue
            part = geometry.intersection(area)
            if part.area() > SLIVER_TOLERANCE * size:
                inside.append((part, position))
        covered = sum(part.area() for part, _ in inside)
        for part, position in inside:
            cut.append((part, names + [offset + position]))
        if size - covered > SLIVER_TOLERANCE * size:
            rest = geometry
            for _, position in inside:
                rest = rest.difference(areas[position][0])
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


def overlay(source, layers, count_field, context, feedback):
    """The atoms of the records of ``source`` with the published areas of ``layers``."""
    crs = source.sourceCrs()
    published = [published_areas(layer, count_field, crs, context, request) for layer in layers
                 for request in zone_layer_requests(layer)]
    offsets = layer_offsets(published)
    area_members = [[] for _ in range(sum(len(areas) for _, areas in published))]
    area_counts = [count for _, areas in published for _, _, count, _ in areas.values()]
    area_names = [name for _, areas in published for _, _, _, name in areas.values()]
    if len(set(area_names)) < len(area_names):
        # Layers of one name: their areas are told apart (the audit sums pieces by area) by
        # the layer's place in the list.
        layer_of = [number for number, (_, areas) in enumerate(published, 1) for _ in areas]
        area_names = [f"{name} (#{number})" for name, number in zip(area_names, layer_of)]
    atom_record, atom_areas, record_cell, cell_pieces = [], [], [], {}
    request = QgsFeatureRequest().setNoAttributes()
    for record, feature in enumerate(source.getFeatures(request)):
        if record % 1000 == 0 and feedback.isCanceled():
            raise QgsProcessingException(tr("Cancelled: no output was completed."))
        key = feature.geometry().asWkb().data()
        if key not in cell_pieces:  # records of one cell (per attribute) are cut once
            cell_pieces[key] = (len(cell_pieces),
                                cut_by_areas(feature.geometry(), published, offsets))
        cell, pieces = cell_pieces[key]
        record_cell.append(cell)
        for _, names in pieces:
            for area in names:
                area_members[area].append(len(atom_record))
            atom_record.append(record)
            atom_areas.append([area_names[area] for area in names])
    areas = [(members, count) for members, count in zip(area_members, area_counts) if members]
    names = [name for members, name in zip(area_members, area_names) if members]
    return Overlay(atom_record, atom_areas, areas, names, record_cell)
