"""Charts where people look: the sweep's HTML chart and the join's chart inside its report."""

import sys

from layers import people_in_cells, point_layer

ORIGIN = "0,0 [EPSG:3035]"
# At k = 10, 100 m cells withhold two of four cells; 200 m cells merge them all into one.
CELLS = {(0, 0): 12, (1, 0): 3, (0, 1): 2, (1, 1): 11}


def sweep(run, feedback=None, **extra):
    return run("resolutionsweep", {"INPUT": people_in_cells(CELLS), "PERSON_FIELD": "person_id",
                                   "RHO": 0.1, "TOLERANCE": 0.2, "RESOLUTIONS": "100,200",
                                   "ORIGIN": ORIGIN, "OUTPUT": "TEMPORARY_OUTPUT", **extra},
               feedback)


def test_the_sweep_chart_is_an_html_output_for_the_results_viewer(provider):
    # QGIS lists HTML outputs in the Results Viewer.
    assert provider.algorithm("resolutionsweep").outputDefinition("CHART").type() == "outputHtml"
    assert provider.algorithm("joinsimulation").outputDefinition("REPORT").type() == "outputHtml"


def test_the_sweep_writes_its_chart(run, tmp_path):
    chart = tmp_path / "sweep.html"
    result = sweep(run, CHART=str(chart))
    assert result["CHART"] == str(chart) and result["RECOMMENDED_RESOLUTION"] == 200
    page = chart.read_text(encoding="utf-8")
    assert "Plotly.newPlot" in page  # drawn, with plotly.js beside it
    assert "<script src='plotly-" in page and len(page) < 100_000
    assert "tolerance 20.0 %" in page and "recommended: 200 m" in page
    assert "withheld share of non-empty cells" in page


def test_without_plotly_the_chart_says_why_and_the_run_succeeds(run, tmp_path, feedback,
                                                                monkeypatch):
    for name in [name for name in sys.modules if name == "plotly" or name.startswith("plotly.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "plotly", None)  # import plotly now raises ImportError
    chart = tmp_path / "sweep.html"
    result = sweep(run, feedback, CHART=str(chart))
    assert result["RECOMMENDED_RESOLUTION"] == 200
    page = chart.read_text(encoding="utf-8")
    assert "python3-plotly" in page and "Plotly.newPlot" not in page
    assert any("python3-plotly" in message for message in feedback.messages)


def test_no_chart_unless_asked(run, tmp_path):
    assert "CHART" not in sweep(run)


def test_the_join_report_embeds_its_chart_and_defines_the_figures(run, tmp_path):
    release = point_layer([((0, 3), ["b", "F"]), ((500, 500), ["d", "M"])], "id:string,sex:string")
    auxiliary = point_layer([((0, 0), ["b", "F"]), ((500, 500), ["d", "M"])], "id:string,sex:string")
    report = tmp_path / "report.html"
    run("joinsimulation", {"RELEASE": release, "AUXILIARY": auxiliary, "RADIUS": 10,
                           "QID_FIELDS": ["sex"], "RELEASE_TRUTH_FIELD": "id",
                           "AUXILIARY_TRUTH_FIELD": "id", "OUTPUT": "TEMPORARY_OUTPUT",
                           "REPORT": str(report)})
    page = report.read_text(encoding="utf-8")
    assert page[page.index("<body>"):].count("Plotly.newPlot") == 1  # plotly.js in the head
    assert "Re-identification as the adversary adds attributes" in page
    for term in ("π unique", "π correct", "π marketer"):
        assert f"<dt><b>{term}</b></dt>" in page
    assert "1 / (number of candidates)" in page


def test_charts_in_one_folder_share_one_copy_of_plotly_and_the_report_travels(run, tmp_path):
    """plotly.js is several megabytes: written once beside the charts, not into every chart;
    the report, meant to be sent on its own (issue 41), carries it inside and draws alone."""
    release = point_layer([((0, 3), ["b", "F"]), ((500, 500), ["d", "M"])], "id:string,sex:string")
    sweep(run, CHART=str(tmp_path / "sweep.html"))
    run("joinsimulation", {"RELEASE": release, "AUXILIARY": release, "RADIUS": 10,
                           "QID_FIELDS": ["sex"], "OUTPUT": "TEMPORARY_OUTPUT",
                           "CHART": str(tmp_path / "join.html"),
                           "REPORT": str(tmp_path / "report.html")})
    scripts = list(tmp_path.glob("plotly-*.min.js"))
    assert len(scripts) == 1 and scripts[0].stat().st_size > 1_000_000
    for page in ("sweep.html", "join.html"):
        text = (tmp_path / page).read_text(encoding="utf-8")
        assert f"<script src='{scripts[0].name}'></script>" in text
        assert len(text) < 100_000, page
    report = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert "<script src=" not in report and len(report) > 1_000_000
    assert scripts[0].read_text(encoding="utf-8")[:2_000] in report  # plotly.js itself
    assert report[report.index("<body>"):].count("Plotly.newPlot") == 1
