"""Run in a fresh process with QGIS's widgets: which layer each point input of the grid
algorithms' dialogs opens on, with a polygon layer active and with a point layer active, as
JSON {active layer: {algorithm: layer name or null}}.

Usage: python point_input_default.py PLUGINS_DIR
(The test session runs QGIS without its GUI, where no widget can be made.)
"""

import json
import os
import sys

from dialog_session import start

LAYERS = {"zones": "Polygon", "trips": "Point", "visits": "Point"}
layers = {}


def add_layers():
    from qgis.core import QgsProject, QgsVectorLayer

    layers.update({name: QgsVectorLayer(f"{kind}?crs=EPSG:3035&field=person_id:string", name,
                                        "memory") for name, kind in LAYERS.items()})
    QgsProject.instance().addMapLayers(list(layers.values()))


app, iface = start(sys.argv[1], add_layers)
from processing.gui.AlgorithmDialog import AlgorithmDialog  # noqa: E402
from qgis.core import QgsApplication, QgsProject  # noqa: E402

report, kept = {}, []
for name in ("zones", "visits"):
    iface.active = layers[name]
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
