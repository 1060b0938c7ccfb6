"""Run inside the QGIS window by scripts/screenshots.py (qgis --code): take the screenshots.

Reads its paths from the environment variable SPATIAL_PRIVACY_SCREENSHOTS (JSON:
output folder, sample trips, zones, policy, a work folder), writes one PNG per
view, and status.json (the views written, the errors met) into the work folder,
then quits QGIS.
"""

import json
import os
import time
import traceback
from pathlib import Path

import processing
from qgis.core import QgsApplication, QgsProject, QgsVectorLayer
from qgis.PyQt.QtCore import QSize, Qt, QUrl
from qgis.PyQt.QtGui import QColor
from qgis.PyQt.QtWidgets import QApplication, QDockWidget, QTextBrowser
from qgis.utils import iface, plugins

SETUP = json.loads(os.environ["SPATIAL_PRIVACY_SCREENSHOTS"])
OUTPUT = Path(SETUP["output"])
WORK = Path(SETUP["work"])
CELL_SIZES = "250,500,1000,2000,4000"


def settle(seconds=0.5):
    """Let Qt lay out, paint and finish what the event loop has queued."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        QApplication.processEvents()
        time.sleep(0.02)


def wait_until(condition, timeout=60.0):
    end = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > end:
            raise TimeoutError("QGIS did not finish in time")
        QApplication.processEvents()
        time.sleep(0.05)


def save(widget, name):
    settle()
    if not widget.grab().save(str(OUTPUT / f"{name}.png")):
        raise OSError(f"{name}.png could not be written")


def toolbox():
    """The Processing toolbox with the Spatial Privacy group and its sub-groups open."""
    dock = plugins["processing"].toolbox
    iface.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, dock)
    dock.show()
    dock.raise_()
    tree = dock.algorithmTree
    model = tree.model()
    for row in range(model.rowCount()):
        index = model.index(row, 0)
        if model.data(index) == "Spatial Privacy":
            tree.expand(index)
            for child in range(model.rowCount(index)):
                tree.expand(model.index(child, 0, index))
            tree.scrollTo(index, tree.ScrollHint.PositionAtTop)
    dock.setFloating(True)
    dock.resize(QSize(460, 860))
    save(dock, "toolbox")
    dock.setFloating(False)


def sweep_dialog():
    trips = QgsProject.instance().mapLayersByName("trips")[0]
    dialog = processing.createAlgorithmDialog("spatialprivacy:resolutionsweep", {
        "INPUT": trips, "PERSON_FIELD": "person_id", "POLICY": SETUP["policy"],
        "RESOLUTIONS": CELL_SIZES})
    dialog.resize(QSize(1300, 820))
    dialog.show()
    save(dialog, "sweep_dialog")
    dialog.close()


def styled_grid():
    """The suppressed grid at the sweep's recommended size, styled, over the zones."""
    sweep = processing.run("spatialprivacy:resolutionsweep", {
        "INPUT": SETUP["trips"], "PERSON_FIELD": "person_id", "POLICY": SETUP["policy"],
        "RESOLUTIONS": CELL_SIZES, "OUTPUT": "TEMPORARY_OUTPUT"})
    size = sweep["RECOMMENDED_RESOLUTION"]
    results = processing.runAndLoadResults("spatialprivacy:suppressedgrid", {
        "INPUT": SETUP["trips"], "PERSON_FIELD": "person_id", "POLICY": SETUP["policy"],
        "RESOLUTION": size, "OUTPUT": str(WORK / "grid.gpkg")})
    grid = next(layer for layer in QgsProject.instance().mapLayers().values()
                if layer.source().split("|")[0] == results["OUTPUT"])
    grid.setName(f"Suppressed grid ({size:g} m)")
    trips = QgsProject.instance().mapLayersByName("trips")[0]
    QgsProject.instance().layerTreeRoot().findLayer(trips.id()).setItemVisibilityChecked(False)
    iface.layerTreeView().expandAll()  # the legend beside the map
    window = iface.mainWindow()
    browser = window.findChild(QDockWidget, "Browser")
    if browser is not None:
        browser.hide()
    layers = window.findChild(QDockWidget, "Layers")
    if layers is not None:  # wide enough for the legend's labels
        window.resizeDocks([layers], [400], Qt.Orientation.Horizontal)
    window.resize(QSize(1500, 950))
    settle()
    canvas = iface.mapCanvas()
    canvas.setExtent(grid.extent().buffered(size / 2))
    canvas.refreshAllLayers()
    settle(1.0)
    wait_until(lambda: not canvas.isDrawing())
    save(window, "styled_grid")
    return size


def cancelled_sweep():
    """The sweep at seven sizes under the grand total and parent cells, cancelled from its
    dialog as it starts (the whole sweep takes about a second since the closed forms): the
    log says so, and the run stops within two seconds."""
    trips = QgsProject.instance().mapLayersByName("trips")[0]
    dialog = processing.createAlgorithmDialog("spatialprivacy:resolutionsweep", {
        "INPUT": trips, "PERSON_FIELD": "person_id", "POLICY": SETUP["policy"],
        "RESOLUTIONS": "50,100,250,500,1000,2000,4000", "MARGINALS": 3,
        "OUTPUT": "TEMPORARY_OUTPUT"})
    dialog.resize(QSize(1300, 820))
    dialog.show()
    settle()
    dialog.runAlgorithm()
    settle(0.1)
    dialog.cancelButton().click()
    asked = time.monotonic()
    wait_until(lambda: dialog.feedback is None, timeout=30.0)
    stopped = time.monotonic() - asked
    if stopped > 2.5:
        raise AssertionError(f"the sweep took {stopped:.1f} s to stop after the cancel")
    save(dialog, "cancelled_sweep")
    dialog.close()


def dp_grid():
    """The differentially private grid of the trips over their extent, one styled level shown
    (the others a tick away in the legend), over the zones."""
    policy = WORK / "dp_policy.toml"
    policy.write_text(Path(SETUP["policy"]).read_text(encoding="utf-8") + "\nepsilon_budget = 4\n",
                      encoding="utf-8")
    trips = QgsProject.instance().mapLayersByName("trips")[0]
    box = trips.extent()
    results = processing.runAndLoadResults("spatialprivacy:dpgrid", {
        "INPUT": SETUP["trips"], "PERSON_FIELD": "person_id", "EPSILON": 1.0,
        "RESOLUTIONS": "1000,2000,4000",
        "EXTENT": f"{box.xMinimum()},{box.xMaximum()},{box.yMinimum()},{box.yMaximum()} "
                  f"[EPSG:3035]",
        "POLICY": str(policy), "LEDGER": str(WORK / "dp_ledger.sqlite"),
        "DATASET": "sample city trips", "RELEASE_ID": "dp-2026-11",
        "OUTPUT": str(WORK / "dp_grid.gpkg")})
    root = QgsProject.instance().layerTreeRoot()
    for layer in QgsProject.instance().mapLayers().values():
        shown = layer.name() == "zones" or layer.source().split("|")[0] == results["OUTPUT"]
        root.findLayer(layer.id()).setItemVisibilityChecked(shown)
        if layer.source().split("|")[0] == results["OUTPUT"]:
            layer.setName("Differentially private grid (ε = 1)")
            grid = layer
    iface.layerTreeView().expandAll()
    window = iface.mainWindow()
    canvas = iface.mapCanvas()
    canvas.setExtent(grid.extent().buffered(1000))
    canvas.refreshAllLayers()
    settle(1.0)
    wait_until(lambda: not canvas.isDrawing())
    save(window, "dp_grid")


def show_only(result_path, name):
    """Show the layer loaded from ``result_path`` (renamed ``name``) over the zones, its legend
    open beside the map, zoomed to it; returns the layer."""
    root = QgsProject.instance().layerTreeRoot()
    shown = None
    for layer in QgsProject.instance().mapLayers().values():
        mine = layer.source().split("|")[0] == result_path
        root.findLayer(layer.id()).setItemVisibilityChecked(mine or layer.name() == "zones")
        if mine:
            layer.setName(name)
            shown = layer
    iface.layerTreeView().expandAll()
    canvas = iface.mapCanvas()
    canvas.setExtent(shown.extent().buffered(500))
    canvas.refreshAllLayers()
    settle(1.0)
    wait_until(lambda: not canvas.isDrawing())
    return shown


def zone_risk_map():
    """Zone re-identification risk of the sample city's trips in its zones, styled by risk with
    the policy's ceiling as a class break."""
    results = processing.runAndLoadResults("spatialprivacy:zonerisk", {
        "ZONES": SETUP["zones"], "ZONE_ID_FIELD": "zone_id", "RECORDS": SETUP["trips"],
        "PERSON_FIELD": "person_id", "KEY_FIELDS": ["age_band", "sex"], "POLICY": SETUP["policy"],
        "OUTPUT": str(WORK / "zone_risk.gpkg")})
    show_only(results["OUTPUT"], "Zone re-identification risk")
    save(iface.mainWindow(), "zone_risk_map")


def census_map():
    """The census model (swap, then cell key) run as an analyst runs it: the published grid
    loaded and styled, the swap log not loaded."""
    for folder in ("holder", "publication"):
        (WORK / folder).mkdir(exist_ok=True)
    census = SETUP["census"]
    results = processing.runAndLoadResults("spatialprivacy:censusgridswapcellkey", {
        "persons": census["persons"], "household_field": "household_id",
        "person_field": "person_id", "risk_fields": ["age_band", "sex"],
        "policy": census["policy"], "ptable": census["ptable"], "key_file": census["key"],
        "cell_size": 1000.0, "swap:swap_log": str(WORK / "holder" / "log.gpkg"),
        "publish:published_grid": str(WORK / "publication" / "grid.gpkg")})
    grid = next(value for name, value in results.items() if name.endswith("published_grid"))
    show_only(grid, "Census grid (swap, then cell key)")
    save(iface.mainWindow(), "census_map")


def comparison_chart():
    """The method comparison's chart on the sample city at three cell sizes."""
    trips = QgsProject.instance().mapLayersByName("trips")[0]
    box = trips.extent()
    policy = WORK / "comparison_policy.toml"
    policy.write_text(Path(SETUP["policy"]).read_text(encoding="utf-8") + "\nepsilon_budget = 4\n",
                      encoding="utf-8")
    chart = WORK / "comparison.html"
    table = processing.run("spatialprivacy:methodcomparison", {
        "INPUT": SETUP["trips"], "PERSON_FIELD": "person_id", "POLICY": str(policy),
        "RESOLUTIONS": "1000,2000,4000", "EPSILON": 1.0,
        "EXTENT": f"{box.xMinimum()},{box.xMaximum()},{box.yMinimum()},{box.yMaximum()} "
                  f"[EPSG:3035]", "OUTPUT": "TEMPORARY_OUTPUT", "CHART": str(chart)})["OUTPUT"]
    # The table above the chart: where QGIS's Python has no WebKit (Debian 13), the page shows
    # the figures in Qt's rich text, the chart being drawn by JavaScript.
    columns = ("method", "resolution_m", "mae", "wasserstein_m", "cells_pinned")
    rows = "".join("<tr>" + "".join(f"<td>{feature[name]}</td>" for name in columns) + "</tr>"
                   for feature in table.getFeatures())
    page = chart.read_text(encoding="utf-8").replace(
        "<body>", "<body><table border='1' cellpadding='3'><tr>"
        + "".join(f"<th>{name}</th>" for name in columns) + f"</tr>{rows}</table>", 1)
    shown = WORK / "comparison_view.html"
    shown.write_text(page, encoding="utf-8")
    view = report_view(shown)
    view.setWindowTitle("Method comparison")
    view.show()
    save(view, "comparison_chart")
    view.close()


def model_halting_at_the_gate(size):
    """Publish a grid safely beside an earlier release at k = 2: the gate stops the model."""
    earlier = processing.run("spatialprivacy:suppressedgrid", {
        "INPUT": SETUP["trips"], "PERSON_FIELD": "person_id", "RHO": 0.5, "RESOLUTION": size,
        "OUTPUT": str(WORK / "earlier_k2.gpkg")})["OUTPUT"]
    publication = WORK / "publication"
    publication.mkdir(exist_ok=True)
    dialog = processing.createAlgorithmDialog("spatialprivacy:publishgridsafely", {
        "points": SETUP["trips"], "person_field": "person_id", "policy": SETUP["policy"],
        "cell_sizes": CELL_SIZES, "published_layers": [earlier],
        "sweep:Sweep table": "TEMPORARY_OUTPUT",
        "gate:Published grid": str(publication / "grid.gpkg")})
    dialog.resize(QSize(1300, 820))
    dialog.show()
    settle()
    dialog.runAlgorithm()
    wait_until(lambda: dialog.feedback is None)
    if any(publication.iterdir()):
        raise AssertionError("the model wrote into the publication folder although the gate failed")
    save(dialog, "model_halts_at_gate")
    dialog.close()


def join_report():
    """The join simulation's HTML report on the sample city masked by the donut geomask."""
    masked = processing.run("spatialprivacy:geomask", {
        "INPUT": SETUP["people"], "MIN_RADIUS": 200.0, "MAX_RADIUS": 800.0,
        "KEEP_FIELDS": ["trip_id", "age_band", "sex"], "OUTPUT": "TEMPORARY_OUTPUT"})["OUTPUT"]
    report = WORK / "join_report.html"
    processing.run("spatialprivacy:joinsimulation", {
        "RELEASE": masked, "AUXILIARY": SETUP["people"], "RADIUS": 800.0,
        "QID_FIELDS": ["age_band", "sex"], "RELEASE_TRUTH_FIELD": "trip_id",
        "AUXILIARY_TRUTH_FIELD": "trip_id", "POLICY": SETUP["policy"],
        "AUXILIARY_PROVENANCE": "the sample city itself (an upper bound)",
        "OUTPUT": "TEMPORARY_OUTPUT",
        "CHART": str(WORK / "join_chart.html"), "REPORT": str(report)})
    view = report_view(report)
    view.show()
    save(view, "join_report")
    view.close()


def report_view(report, width=1000):
    """The HTML report as a browser shows it (WebKit, which draws its inline SVG chart, where
    QGIS's Python has it; else Qt's rich text), as tall as its page up to 1000 pixels."""
    try:
        from qgis.PyQt.QtWebKitWidgets import QWebView
    except ImportError:
        view = QTextBrowser()
        view.setHtml(report.read_text(encoding="utf-8"))
        view.document().setTextWidth(width)
        height = view.document().size().height()
    else:
        view = QWebView()
        loaded = []
        view.loadFinished.connect(loaded.append)
        view.resize(QSize(width, 400))
        view.load(QUrl.fromLocalFile(str(report)))
        wait_until(lambda: loaded)
        height = view.page().mainFrame().contentsSize().height()
    view.setWindowTitle("Join simulation report")
    view.resize(QSize(width, int(min(max(height + 30, 300), 1000))))
    return view


def main():
    OUTPUT.mkdir(parents=True, exist_ok=True)
    status = {"written": [], "errors": []}
    iface.mainWindow().resize(QSize(1500, 950))
    trips = QgsVectorLayer(SETUP["trips"], "trips", "ogr")
    zones = QgsVectorLayer(SETUP["zones"], "zones", "ogr")
    outline = zones.renderer().symbol().symbolLayer(0)
    outline.setBrushStyle(Qt.BrushStyle.NoBrush)
    outline.setStrokeColor(QColor(60, 60, 60))
    outline.setStrokeWidth(0.4)
    QgsProject.instance().addMapLayers([zones, trips])
    size = None
    for name, view in (("toolbox", toolbox), ("sweep_dialog", sweep_dialog),
                       ("styled_grid", styled_grid),
                       ("model_halts_at_gate", lambda: model_halting_at_the_gate(size)),
                       ("join_report", join_report), ("dp_grid", dp_grid),
                       ("zone_risk_map", zone_risk_map), ("census_map", census_map),
                       ("comparison_chart", comparison_chart),
                       ("cancelled_sweep", cancelled_sweep)):
        try:
            value = view()
            size = value if name == "styled_grid" else size
            status["written"].append(f"{name}.png")
        except Exception:  # noqa: BLE001 (every view is tried; the caller reports what failed)
            status["errors"].append(f"{name}: {traceback.format_exc()}")
    (WORK / "status.json").write_text(json.dumps(status, indent=1), encoding="utf-8")
    # QGIS 3.22 can crash while Python tears down; everything is written.
    os._exit(0)


QgsApplication.instance().processEvents()
main()
