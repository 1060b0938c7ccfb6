"""A published layer's cells as the attacker reads them: one record per cell, no overlaps.

The gate audits the records of a layer as separate unknowns. A record
without geometry, two records for the same cell (and attribute values), or
two cells that overlap would each give an attacker an equation the audit
does not see (a 1 km cell of 12 around a 250 m cell of 10 publishes the ring
as 2), so the gate refuses such a layer and names the records.
"""

from qgis.core import QgsFeatureRequest, QgsProcessingException, QgsSpatialIndex, QgsWkbTypes

from ..base import tr

# Relative tolerance on areas: an overlap smaller than this share of a cell is an edge they share.
AREA_TOLERANCE = 1e-9


def _named(ids, limit=5):
    ids = list(ids)
    text = ", ".join(str(i) for i in ids[:limit])
    return text + (" …" if len(ids) > limit else "")


def check_cells(source, key_columns, feedback):
    """Refuse records without geometry, duplicate records and overlapping cells.

    ``key_columns``: the attribute values that tell records of one cell
    apart (its attribute breakdown), as lists aligned with the features.
    A layer without geometry (a table) has no cells to check.
    """
    if source.wkbType() == QgsWkbTypes.Type.NoGeometry:
        return
    request = QgsFeatureRequest().setNoAttributes()
    missing, cells = [], {}
    for index, feature in enumerate(source.getFeatures(request)):
        if index % 1000 == 0 and feedback.isCanceled():
            raise QgsProcessingException(tr("Cancelled: no output was completed."))
        geometry = feature.geometry()
        if geometry.isNull() or geometry.isEmpty():
            missing.append(feature.id())
            continue
        key = tuple(column[index] for column in key_columns)
        cells.setdefault(geometry.asWkb().data(), []).append((feature.id(), key, geometry))
    if missing:
        raise QgsProcessingException(tr(
            "{count} record(s) have no geometry (feature ids {ids}): the audit cannot place them, "
            "and leaving them out would hide what they publish. Give every record its cell, or "
            "remove the records from the layer to publish.").format(
            count=len(missing), ids=_named(missing)))
    duplicates = []
    for records in cells.values():
        seen = {}
        for fid, key, _ in records:
            if key in seen:
                duplicates.append((seen[key], fid))
            seen.setdefault(key, fid)
    if duplicates:
        raise QgsProcessingException(tr(
            "{count} record(s) repeat a cell (and its attribute values) published by another "
            "record (feature ids {pairs}): each cell is published once per combination of "
            "attribute values. The gate reads a layer's attribute fields between resolution_m and "
            "n_persons, as this plugin's grids write them: for a grid published per attribute, "
            "put its attribute fields there (Refactor fields); else remove the copies.").format(
            count=len(duplicates), pairs=_named(f"{a}={b}" for a, b in duplicates)))
    overlaps = _overlapping([records[0] for records in cells.values()], feedback)
    if overlaps:
        raise QgsProcessingException(tr(
            "{count} pair(s) of cells overlap (feature ids {pairs}): the difference of two "
            "overlapping cells publishes the people in the part they do not share, which the "
            "audit cannot see. Publish cells that do not overlap (one grid), or release the "
            "coarser layer separately as an audit layer.").format(
            count=len(overlaps), pairs=_named(f"{a}/{b}" for a, b in overlaps)))


def _overlapping(cells, feedback):
    """(fid, fid) pairs of distinct geometries whose interiors intersect."""
    index = QgsSpatialIndex()
    boxes = []
    for position, (_, _, geometry) in enumerate(cells):
        box = geometry.boundingBox()
        boxes.append(box)
        index.addFeature(position, box)
    pairs = []
    for position, (fid, _, geometry) in enumerate(cells):
        if position % 1000 == 0 and feedback.isCanceled():
            raise QgsProcessingException(tr("Cancelled: no output was completed."))
        box = boxes[position]
        area = geometry.area()
        for other in index.intersects(box):
            if other <= position:
                continue
            shared = box.intersect(boxes[other])
            if shared.area() <= AREA_TOLERANCE * min(box.area(), boxes[other].area()):
                continue  # boxes that only touch
            other_geometry = cells[other][2]
            rectangles = abs(box.area() - area) <= AREA_TOLERANCE * area and \
                abs(boxes[other].area() - other_geometry.area()) <= \
                AREA_TOLERANCE * other_geometry.area()
            if rectangles or geometry.intersection(other_geometry).area() > \
                    AREA_TOLERANCE * min(area, other_geometry.area()):
                pairs.append((fid, cells[other][0]))
    return pairs
