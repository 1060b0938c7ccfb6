"""Zone counts published beside the suppressed grid (PUBLISHED_ZONES): the zones read and
checked, the grid's cells cut by them (QGIS's geometry engine, ``overlay``), the slivers
protected by the engine (``atom_suppression``), the zone counts and the data holder's sliver
report written."""

from dataclasses import dataclass

from qgis.core import QgsFeatureRequest, QgsGeometry, QgsProcessingException, QgsVectorLayer, \
    QgsWkbTypes

from ..base import tr
from ..io.polygons import refuse_placeholder_crs
from .overlay import ZONE_LAYER, StripWidth, cut_by_areas, layer_offsets, overlapping_areas, \
    published_areas, strip_width_of, thin_pieces

ZONE_COUNT_FIELDS = (("n_persons", "int"), ("status", "string"))
ZONE_LAYER_FIELD = (ZONE_LAYER, "string")
# The data holder's: true counts of slivers, never published.
SLIVER_FIELDS = (("cell_id", "string"), ("zones", "string"), ("n_persons", "int"),
                 ("lower_before", "double"), ("upper_before", "double"),
                 ("at_risk_before", "bool"), ("lower_after", "double"), ("upper_after", "double"),
                 ("cell_withheld", "bool"), ("zone_withheld_for_protection", "bool"),
                 ("cost_cells", "int"), ("cost_people", "int"), ("cost_zone_counts", "int"))


@dataclass(frozen=True)
class Zones:
    """The published zones, in the grid's CRS: per layer ``overlay.published_areas``, and per
    zone (numbered across the layers) its name and its layer's attributes."""

    layers: list
    published: list
    offsets: list
    names: list  # "layer: feature id"
    attributes: list  # (layer number, attribute values) per zone
    strip_width: StripWidth  # the thin strips' width in the grid's CRS

    @property
    def geometries(self):
        return [geometry for _, areas in self.published for geometry, _, _, _ in areas.values()]


def read_zones(layers, crs, context, feedback, reserved):
    """The zone layers as ``Zones`` in ``crs`` (reprojected where they are in another), or
    refuse: not polygons, no valid CRS, a feature without a geometry, no polygon, overlapping
    zones, a field name that clashes with the zone count's ``reserved`` names."""
    for layer in layers:
        if not isinstance(layer, QgsVectorLayer) or QgsWkbTypes.geometryType(layer.wkbType()) \
                != QgsWkbTypes.GeometryType.PolygonGeometry:
            raise QgsProcessingException(tr(
                "The published zones layer '{layer}' is not a polygon layer: give the polygons "
                "(municipalities, postcodes) whose counts are published beside the grid.").format(
                layer=layer.name()))
        if not layer.crs().isValid():
            raise QgsProcessingException(tr(
                "The published zones layer '{layer}' has no valid CRS: set its CRS first.").format(
                layer=layer.name()))
        refuse_placeholder_crs(layer.crs(), layer.name())
        clashing = [name for name in layer.fields().names() if name in reserved]
        if clashing:
            raise QgsProcessingException(tr(
                "The published zones layer '{layer}' has the field(s) {fields}, which the zone "
                "counts output writes itself: rename them in a copy of the layer.").format(
                layer=layer.name(), fields=", ".join(clashing)))
        request = QgsFeatureRequest().setNoAttributes()
        missing = [feature.id() for feature in layer.getFeatures(request)
                   if feature.geometry().isNull() or feature.geometry().isEmpty()]
        if missing:  # its count would be published without the zone it counts
            raise QgsProcessingException(tr(
                "The published zones layer '{layer}' has {count} feature(s) without a geometry "
                "(features {fids}): every published zone needs its polygon. Give them their "
                "polygons, or delete them, in a copy of the layer.").format(
                layer=layer.name(), count=len(missing),
                fids=", ".join(str(fid) for fid in missing[:10])))
        if layer.crs() != crs:
            feedback.pushInfo(tr("The published zones layer '{layer}' is reprojected from {theirs} "
                                 "to the grid's {ours}.").format(
                layer=layer.name(), theirs=layer.crs().authid(), ours=crs.authid()))
    published = [published_areas(layer, None, crs, context) for layer in layers]
    attributes = []
    for number, (layer, (index, areas)) in enumerate(zip(layers, published)):
        if not areas:
            raise QgsProcessingException(tr(
                "The published zones layer '{layer}' has no polygon: give the zones whose counts "
                "are published, or leave the layer out.").format(layer=layer.name()))
        features = list(layer.getFeatures(QgsFeatureRequest()))
        invalid = [feature.id() for feature in features if not feature.geometry().isGeosValid()]
        if invalid:  # GEOS cannot cut cells by them: counts and slivers would be wrong
            raise QgsProcessingException(tr(
                "The published zones layer '{layer}' has invalid geometries (features {fids}): "
                "repair them first (Processing: Fix geometries).").format(
                layer=layer.name(), fids=", ".join(str(fid) for fid in invalid[:10])))
        attributes += [(number, feature.attributes()) for feature in features]
    strip_width, notes = strip_width_of(crs, layers, context.transformContext(), [
        number for number, (_, areas) in enumerate(published) for _ in areas])
    for layer, (index, areas) in zip(layers, published):
        overlap = overlapping_areas(index, areas, strip_width)
        if overlap:  # a person would count in both, and a cell's pieces not add up to it
            raise QgsProcessingException(tr(
                "The published zones {first} and {second} overlap: zones of one layer must "
                "not overlap (a person would be counted in both). Fix the layer '{layer}', or "
                "give overlapping zones as separate layers.").format(
                first=overlap[0], second=overlap[1], layer=layer.name()))
    names = [name for _, areas in published for _, _, _, name in areas.values()]
    for note in notes:
        feedback.pushInfo(note)
    return Zones(layers, published, layer_offsets(published), names, attributes, strip_width)


def zone_atoms(zones, cells, data, point_record, feedback):
    """The engine's ``ZoneAtoms`` of the grid's records (``cells``) and the zones."""
    import numpy as np

    from ...spatial_privacy_plugin.release.sliver_suppression import count_atoms
    from ...spatial_privacy_plugin.counting.zones import assign_points
    from ..io.layers import square_cells
    from ..io.polygons import polygon_rings

    geometries = square_cells(data.origin, cells["resolution_m"], cells["col"], cells["row"])
    pieces_of_cell, record_pieces, record_thin = {}, [], []
    for number, (cell_id, geometry) in enumerate(zip(cells["cell_id"], geometries)):
        if number % 1000 == 0 and feedback.isCanceled():
            raise QgsProcessingException(tr("Cancelled: no output was completed."))
        if cell_id not in pieces_of_cell:
            pieces = cut_by_areas(geometry, zones.published, zones.offsets)
            pieces_of_cell[cell_id] = ([tuple(names) for _, names in pieces],
                                       thin_pieces(pieces, zones.strip_width))
        record_pieces.append(pieces_of_cell[cell_id][0])
        record_thin.append(pieces_of_cell[cell_id][1])
    columns = []
    for (_, areas), offset in zip(zones.published, zones.offsets):
        owner = assign_points(data.x, data.y, [polygon_rings(geometry)
                                               for geometry, _, _, _ in areas.values()])
        columns.append(np.where(owner >= 0, owner + offset, -1))
    zone_layer = np.repeat(np.arange(len(zones.published)),
                           [len(areas) for _, areas in zones.published])
    return count_atoms(point_record, np.column_stack(columns), data.person_codes, record_pieces,
                       len(zones.names), record_thin, zone_layer)


def protect_slivers(zones, release, data, policy, marginals, feedback):
    """(the release with the slivers protected, ZoneAtoms, AtomProtection, true record values,
    records the record-level suppression withheld), or refuse when a sliver cannot be."""
    import numpy as np

    from ...spatial_privacy_plugin.release import sliver_suppression as engine
    from ...spatial_privacy_plugin.release.sliver_release import protected_release
    from ...spatial_privacy_plugin.release.grid import STATUS_PUBLISHED

    cells = release.cells
    resolution = float(cells["resolution_m"].iloc[0]) if len(cells) else 1.0
    point_record, _ = engine.records_of_points(cells, data.x, data.y, data.key_codes,
                                               data.origin, resolution)
    values = engine.record_values(point_record, data.person_codes, len(cells))
    atoms = zone_atoms(zones, cells, data, point_record, feedback)
    # What is written, read back as the gate reads it beside the zone counts.
    view = engine.AttackerView.of_cells(cells,
                                        None if policy.population_total_secret else data.people,
                                        data.people.one_point)
    start = cells["status"].to_numpy() != STATUS_PUBLISHED
    result = engine.protect_atoms(values, start, atoms, view, marginals.protection, policy.k,
                                  marginals.straddle_k, feedback.isCanceled)
    if not result.protected:
        slivers = [f"{cells['cell_id'].iloc[atoms.atom_record[atom]]} ∩ "
                   f"{' ∩ '.join(zones.names[zone] for zone in atoms.atom_zones[atom]) or '—'}"
                   for atom in np.flatnonzero(result.unprotected)[:5]]
        records = [str(cells["cell_id"].iloc[record])
                   for record in np.flatnonzero(result.unprotected_records)[:5]]
        what = ([tr("the sliver(s) {slivers} (cell ∩ zone)").format(slivers="; ".join(slivers))]
                if slivers else []) + \
            ([tr("the withheld cell(s) {cells}").format(cells=", ".join(records))]
             if records else [])
        raise QgsProcessingException(tr(
            "No pattern of withheld cells and zone counts was found that protects {what}: "
            "whatever is withheld, the gate's attacker narrows it below p = {p:g} or recovers it "
            "exactly from the totals, zone counts and number of people published beside it. Use "
            "a coarser grid, publish fewer totals or zone layers beside it, or review p in the "
            "policy.").format(what=tr(" and ").join(what) or tr("this release"),
                              p=marginals.protection))
    protected = protected_release(release, values, result)
    added = int((result.withheld & ~start).sum())
    feedback.pushInfo(tr(
        "{zones} zone count(s) published beside the grid ({withheld} withheld below k); their "
        "borders cut {cut} record(s) into slivers. {cells} more cell(s) and {protective} zone "
        "count(s) withheld so that no sliver that may hold 1 to k - 1 people can be narrowed "
        "below p = {p:g}.").format(
        zones=len(zones.names), withheld=int((result.zone_withheld
                                              & ~result.zone_protective).sum()),
        cut=int(len(np.unique(atoms.atom_record[atoms.cut]))), cells=added,
        protective=int(result.zone_protective.sum()), p=marginals.protection))
    return protected, atoms, result, values, start


def zone_count_fields(zones):
    """The zone counts output's fields: the zone layer, the zone layers' own fields (their
    union, by name; not a GeoPackage's fid, which would clash across layers), n_persons and
    status."""
    from ..io.layers import make_fields

    own, seen = [], {"fid"}
    for layer in zones.layers:
        for field in layer.fields():
            if field.name().lower() not in seen:
                seen.add(field.name().lower())
                own.append(field)
    return make_fields((ZONE_LAYER_FIELD,) + tuple(own) + ZONE_COUNT_FIELDS)


def write_zone_counts(sink, zones, atoms, result, feedback):
    """One polygon per zone: its layer's attributes, its count (NULL when withheld), status."""
    from ...spatial_privacy_plugin.release.grid import STATUS_PUBLISHED, STATUS_WITHHELD
    from ..io.layers import write_features

    fields = zone_count_fields(zones)
    names = fields.names()
    rows = []
    for zone, (number, values) in enumerate(zones.attributes):
        layer = zones.layers[number]
        row = dict(zip(layer.fields().names(), values))
        row[ZONE_LAYER_FIELD[0]] = layer.name()
        row["n_persons"] = None if result.zone_withheld[zone] else int(atoms.zone_values[zone])
        row["status"] = STATUS_WITHHELD if result.zone_withheld[zone] else STATUS_PUBLISHED
        rows.append([row.get(name) for name in names])
    geometries = []
    for geometry in zones.geometries:
        geometry = QgsGeometry(geometry)
        geometry.convertToMultiType()
        geometries.append(geometry)
    write_features(sink, fields, list(zip(*rows)) if rows else [[] for _ in names], geometries,
                   feedback)


def write_sliver_report(sink, zones, atoms, result, cells, values, start, feedback):
    """The data holder's table of slivers (true counts: never publish it)."""
    from ...spatial_privacy_plugin.release.sliver_release import sliver_report
    from ..io.layers import make_fields, write_features

    report = sliver_report(cells["cell_id"].to_numpy(), atoms, result, start, values)
    protective = result.zone_protective
    write_features(sink, make_fields(SLIVER_FIELDS), [
        report["cell_id"], [" ∩ ".join(zones.names[zone] for zone in sliver) or "—"
                            for sliver in report["zones"]],
        report["n_persons"].astype(int), report["lower_before"], report["upper_before"],
        report["at_risk_before"], report["lower_after"], report["upper_after"],
        report["cell_withheld"], [bool(protective[list(sliver)].any()) if sliver else False
                                  for sliver in report["zones"]],
        report["cost_cells"], report["cost_people"].astype(int),
        report["cost_zone_counts"]], feedback=feedback)
