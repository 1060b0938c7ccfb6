"""Numbers people read: shares as percentages, small risks visible, one consistent recommendation."""

import re

import pytest
from layers import people_in_cells, point_layer

ORIGIN = "0,0 [EPSG:3035]"


def band_of_holes():
    """A 12 × 12 grid of 100 m cells: the three western columns hold 3 people a cell (withheld at
    k = 10), the others 12. At 100 m a quarter of the cells is withheld, all in one band."""
    return {(col, row): 3 if col < 3 else 12 for col in range(12) for row in range(12)}


def sweep_band_of_holes(run, feedback):
    """The sweep at 100, 200 and 400 m over ``band_of_holes``: it recommends 100 m."""
    result = run("resolutionsweep", {"INPUT": people_in_cells(band_of_holes()),
                                     "PERSON_FIELD": "person_id", "RHO": 0.1, "TOLERANCE": 0.3,
                                     "RESOLUTIONS": "100,200,400", "ORIGIN": ORIGIN,
                                     "OUTPUT": "TEMPORARY_OUTPUT"}, feedback)
    assert result["RECOMMENDED_RESOLUTION"] == 100
    return result


def test_a_recommendation_with_clustered_holes_says_what_the_clustering_means(run, feedback):
    result = sweep_band_of_holes(run, feedback)
    log = "\n".join(feedback.messages)
    rows = {f["resolution_m"]: f for f in result["OUTPUT"].getFeatures()}
    assert rows[100]["withheld_clustered"] and not rows[400]["withheld_clustered"]
    assert "100 m: 144 cells, 36 withheld (25.0 %)" in log
    assert "Recommended cell size: 100 m" in log
    # The old log recommended 100 m and, a few lines up, told to prefer something coarser there.
    assert not re.search(r"At 100 m the withheld cells cluster .*: the holes form areas, so prefer "
                         r"a coarser geometry there", log)
    told = re.search(r"At 100 m the withheld cells cluster .*: the recommendation keeps the "
                     r"withheld share within the tolerance, but the holes form whole areas without "
                     r"figures\. (\d+) m, the finest size within the tolerance whose withheld "
                     r"cells do not cluster, leaves no such areas", log)
    assert told, log
    coarser = float(told.group(1))
    assert coarser > 100 and rows[coarser]["publishable"] and not rows[coarser]["withheld_clustered"]
    assert log.index("Recommended cell size: 100 m") < told.start()


def test_small_risks_are_shown_with_digits_that_show_them(run, feedback):
    zones = point_layer([("POLYGON((0 0, 1000 0, 1000 1000, 0 1000, 0 0))", ["city"]),
                         ("POLYGON((1000 0, 5000 0, 5000 1000, 1000 1000, 1000 0))", ["edge"])],
                        "zone_id:string", geometry="Polygon")
    # 4000 city records over 2 keys share them widely: a risk far below 0.01 %.
    records = [((10 + i % 900, 10 + i // 10 % 900), [f"p{i}", ["F", "M"][i % 2], 500])
               for i in range(4000)]
    records += [((1500 + 100 * i, 500), [f"q{i}", "F", 500]) for i in range(4)]
    result = run("zonerisk", {"ZONES": zones, "ZONE_ID_FIELD": "zone_id",
                              "RECORDS": point_layer(records, "person_id:string,sex:string,"
                                                              "weight:double"),
                              "KEY_FIELDS": ["sex"], "WEIGHT_FIELD": "weight",
                              "OUTPUT": "TEMPORARY_OUTPUT"}, feedback)
    line = next(message for message in feedback.messages if message.startswith("Worst zone"))
    pooled = result["POOLED_P_REID"]
    assert 0 < pooled < 5e-5, pooled  # the old log wrote it as 0.0000
    shown = re.search(r"record-weighted mean ([\d.]+) %", line)
    assert "0.0000 " not in line and shown, line
    assert float(shown.group(1)) / 100 == pytest.approx(pooled, rel=0.05)  # two digits that show it


def test_french_logs_write_numbers_as_french_does(run, feedback, french):
    """25,0 % and 0,5 in French; the same run in English keeps 25.0 % (the first test)."""
    assert french is not None, "build the translations first (make translations)"
    sweep_band_of_holes(run, feedback)
    log = "\n".join(feedback.messages)
    assert "(25,0 %)" in log and "(25.0 %)" not in log, log
    # Every decimal number the plugin's lines show has a decimal comma, but the origin, which is
    # written to be pasted into the origin parameter (QGIS's own lines, the results, aside).
    ours = [line for line in feedback.messages
            if not line.startswith(("Origine de la grille", "Results:", "Résultats"))
            and "{" not in line]
    assert not [line for line in ours if re.search(r"\d\.\d", line)], ours
    assert any(re.search(r"\d,\d", line) for line in ours)


def test_numbers_keep_their_english_form_in_english(plugin_package):
    from spatial_privacy.processing_provider.base import tr
    from spatial_privacy.spatial_privacy_plugin.formatting import percent

    assert tr("{a:g} and {b:,} of {share}").format(a=0.5, b=12345, share=percent(0.125)) == \
        "0.5 and 12,345 of 12.5 %"
    assert tr("{flag} {name}").format(flag=True, name="a.b,c") == "True a.b,c"
