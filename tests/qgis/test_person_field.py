"""The person id field: a default named like a person id, and a warning when features are
counted as people."""

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from conftest import RecordingFeedback
from layers import point_layer
from qgis.core import QgsVectorLayer

WARNING = "each feature counts as a person"


def trips(fields="fid:integer,trip:integer,person_id:string", people=12, points_each=3):
    """``people`` people with ``points_each`` trips each, all in one 100 m cell."""
    rows = []
    for person in range(people):
        for trip in range(points_each):
            number = person * points_each + trip
            values = {"fid": number + 1, "trip": number + 1, "person_id": f"p{person}",
                      "user_id": f"u{person}", "label": f"t{number}"}
            rows.append(((10 + trip, 10 + person), [values[field.split(":")[0]]
                                                     for field in fields.split(",")]))
    return point_layer(rows, fields)


def grid(run, layer, feedback=None, **extra):
    parameters = {"INPUT": layer, "RHO": 0.1, "RESOLUTION": 100, "ORIGIN": "0,0 [EPSG:3035]",
                  "OUTPUT": "TEMPORARY_OUTPUT"}
    parameters.update(extra)
    return run("suppressedgrid", parameters, feedback)


def warned(feedback):
    return [message for message in feedback.messages if "person id field" in message]


def test_the_person_field_defaults_to_a_name_not_to_the_first_field(provider):
    for algorithm in ("resolutionsweep", "suppressedgrid", "zonerisk"):
        assert provider.algorithm(algorithm).parameterDefinition("PERSON_FIELD").defaultValue() \
            == "person_id"


def test_the_dialog_selects_person_id_where_the_layer_has_it_and_never_the_fid(plugin_package):
    """What QGIS 3.22's field widget does with the default (a list of names is not taken)."""
    folder = Path(plugin_package.__file__).resolve().parent
    link = Path(tempfile.mkdtemp(prefix="sp_widget_")) / "spatial_privacy"
    link.symlink_to(folder, target_is_directory=True)
    completed = subprocess.run(
        [sys.executable, str(Path(__file__).with_name("person_field_widget.py")), str(link.parent)],
        capture_output=True, text=True, timeout=300,
        env=dict(os.environ, HOME=str(link.parent), QT_QPA_PLATFORM="offscreen"))
    assert completed.returncode == 0, completed.stderr[-3000:]
    selected = json.loads(completed.stdout.strip().splitlines()[-1])
    for algorithm in ("suppressedgrid", "resolutionsweep", "zonerisk"):
        # Where the layer has no person_id the user must choose: the fid is never taken.
        assert selected[algorithm] == {"with_person_id": "person_id", "without": None}


def test_zone_risk_counts_people_by_person_id_where_the_layer_has_it(run):
    from test_risk_algorithms import records_layer, zones_layer
    records = [(f.geometry().asWkt(), f.attributes()[1:]) for f in records_layer().getFeatures()]
    # Two records per person in the city; the ten periphery records are ten people.
    people = point_layer([(wkt, [f"p{i // 2}" if i < 1000 else f"q{i}"] + values)
                          for i, (wkt, values) in enumerate(records)],
                         "person_id:string,sex:string,age:string,weight:double")
    anonymous = point_layer(records, "sex:string,age:string,weight:double")
    parameters = {"ZONES": zones_layer(), "ZONE_ID_FIELD": "zone_id", "KEY_FIELDS": ["sex", "age"],
                  "WEIGHT_FIELD": "weight", "OUTPUT": "TEMPORARY_OUTPUT"}
    feedback = RecordingFeedback()
    result = run("zonerisk", dict(parameters, RECORDS=people), feedback)
    assert [f["n_persons"] for f in result["OUTPUT"].getFeatures()] == [500, 10]
    assert warned(feedback) == []
    # Without a person_id field the optional default is not applied (and is no error).
    assert run("zonerisk", dict(parameters, RECORDS=anonymous))["OUTPUT"].featureCount() == 2


def test_people_with_several_points_raise_no_warning(run, feedback):
    result = grid(run, trips(), feedback, PERSON_FIELD="person_id")
    assert [f["n_persons"] for f in result["OUTPUT"].getFeatures()] == [12]  # not the 36 trips
    assert warned(feedback) == []


@pytest.mark.parametrize("field, fields, fragment", [
    ("fid", "fid:integer,person_id:string", "'fid' is the layer's feature id"),
    ("trip", "trip:integer,label:string", "'trip' is distinct and together they are consecutive"),
    ("label", "label:string,person_id:string", "'label' is distinct while 'person_id'"),
])
def test_counting_features_as_people_is_warned_naming_the_field(run, field, fields, fragment):
    feedback = RecordingFeedback()
    grid(run, trips(fields), feedback, PERSON_FIELD=field)
    assert any(fragment in message for message in warned(feedback)), feedback.messages


def test_a_geopackage_primary_key_is_recognised_whatever_its_name(run, tmp_path):
    from osgeo import ogr, osr
    reference = osr.SpatialReference()
    reference.ImportFromEPSG(3035)
    path = tmp_path / "trips.gpkg"
    dataset = ogr.GetDriverByName("GPKG").CreateDataSource(str(path))
    layer = dataset.CreateLayer("trips", reference, ogr.wkbPoint, ["FID=trip_no"])
    layer.CreateField(ogr.FieldDefn("person_id", ogr.OFTString))
    for number in range(30):
        feature = ogr.Feature(layer.GetLayerDefn())
        feature.SetFID(number * 7 + 3)  # not a run of row numbers: only the key says so
        feature.SetField("person_id", f"p{number % 10}")
        feature.SetGeometry(ogr.CreateGeometryFromWkt(f"POINT ({10 + number} 10)"))
        layer.CreateFeature(feature)
    dataset = None
    feedback = RecordingFeedback()
    grid(run, QgsVectorLayer(str(path), "trips", "ogr"), feedback, PERSON_FIELD="trip_no")
    assert any("'trip_no' is the layer's feature id" in message for message in warned(feedback))


def test_zone_risk_warns_when_rows_are_counted_as_people(run):
    from test_risk_algorithms import records_layer, zones_layer
    records = records_layer()
    numbered = point_layer([(f.geometry().asWkt(), [i + 1] + f.attributes()[1:])
                            for i, f in enumerate(records.getFeatures())],
                           "row:integer,sex:string,age:string,weight:double")
    feedback = RecordingFeedback()
    run("zonerisk", {"ZONES": zones_layer(), "ZONE_ID_FIELD": "zone_id", "RECORDS": numbered,
                     "KEY_FIELDS": ["sex", "age"], "WEIGHT_FIELD": "weight", "PERSON_FIELD": "row",
                     "OUTPUT": "TEMPORARY_OUTPUT"}, feedback)
    assert any("'row' is distinct and together they are consecutive" in message
               for message in warned(feedback))
