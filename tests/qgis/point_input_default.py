"""Run in a fresh process with QGIS's widgets: which layer each point input of the grid
algorithms' dialogs opens on, with a polygon layer active and with a point layer active, as
JSON {active layer: {algorithm: layer name or null}}.

Usage: python point_input_default.py PLUGINS_DIR
(The test session runs QGIS without its GUI, where no widget can be made.)
"""

import json
import os
import sys

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, sys.argv[1])
sys.path.insert(0, "/usr/share/qgis/python/plugins")

from qgis.core import QgsApplication, QgsProject, QgsVectorLayer  # noqa: E402
from qgis.gui import QgsMapCanvas  # noqa: E402

app = QgsApplication([], True)
app.initQgis()
canvas = QgsMapCanvas()
LAYERS = {"zones": "Polygon", "trips": "Point", "visits": "Point"}
layers = {name: QgsVectorLayer(f"{kind}?crs=EPSG:3035&field=person_id:string", name, "memory")
          for name, kind in LAYERS.items()}
QgsProject.instance().addMapLayers(list(layers.values()))
active = [None]


class Iface:
    """What the dialog asks of QGIS's window: the map canvas and the active layer."""

    def mapCanvas(self):  # noqa: N802 (QGIS's name)
        return canvas

    def activeLayer(self):  # noqa: N802 (QGIS's name)
        return active[0]

    def __getattr__(self, name):
        return lambda *args, **kwargs: None


import qgis.utils  # noqa: E402

qgis.utils.iface = Iface()
from processing.core.Processing import Processing  # noqa: E402

Processing.initialize()
import processing.gui.ParametersPanel  # noqa: E402

processing.gui.ParametersPanel.iface = qgis.utils.iface  # imported before it was set
qgis.utils.loadPlugin("spatial_privacy")
qgis.utils.startProcessingPlugin("spatial_privacy")
from processing.gui.AlgorithmDialog import AlgorithmDialog  # noqa: E402

report, kept = {}, []
for name in ("zones", "visits"):
    active[0] = layers[name]
    report[name] = {}
    for algorithm_id in ("resolutionsweep", "suppressedgrid", "dpgrid", "cellkeygrid",
                         "native:pointstopath"):
        full_id = algorithm_id if ":" in algorithm_id else f"spatialprivacy:{algorithm_id}"
        algorithm = QgsApplication.processingRegistry().createAlgorithmById(full_id)
        dialog = AlgorithmDialog(algorithm, False, None)
        kept.extend([algorithm, dialog])
        value = dialog.mainWidget().wrappers["INPUT"].widgetValue()
        layer = QgsProject.instance().mapLayer(value) if value else None
        report[name][algorithm_id] = layer.name() if layer is not None else None
print(json.dumps(report))
sys.stdout.flush()
os._exit(0)  # QGIS 3.22 may crash while a standalone interpreter is torn down
