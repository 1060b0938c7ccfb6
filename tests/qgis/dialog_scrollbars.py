"""Run in a fresh process with QGIS's widgets: open each algorithm's dialog WIDTH pixels wide with
its Advanced group unfolded, and report which dialogs need a horizontal scrollbar, as JSON
{algorithm: {"scrollbar": true or false, "unfolded": Advanced groups unfolded}}.

Usage: python dialog_scrollbars.py PLUGINS_DIR WIDTH
(The test session runs QGIS without its GUI, where no widget can be made.)
"""

import json
import os
import sys

from dialog_session import start

app, iface = start(sys.argv[1])
from processing.gui.AlgorithmDialog import AlgorithmDialog  # noqa: E402
from qgis.core import QgsApplication  # noqa: E402
from qgis.core import QgsProcessingModelAlgorithm  # noqa: E402
from qgis.gui import QgsCollapsibleGroupBox  # noqa: E402
from qgis.PyQt import sip  # noqa: E402
from qgis.PyQt.QtWidgets import QGroupBox, QScrollArea  # noqa: E402

# The control: a label as long as the cell size per stratum's was (156 characters).
CONTROL_LABEL = ("Cell size per stratum, e.g. core=250;suburb=500;rural=2000, or auto:250,500,1000,"
                 "2000 for the sweep's recommendation (nested; replaces the single cell size)")


def dialogs():
    provider = QgsApplication.processingRegistry().providerById("spatialprivacy")
    for registered in provider.algorithms():
        if not isinstance(registered, QgsProcessingModelAlgorithm):  # the example models
            yield registered.name(), registered.create()
    control = provider.algorithm("suppressedgrid").create()
    control.parameterDefinition("STRATUM_RESOLUTIONS").setDescription(CONTROL_LABEL)
    yield "control", control


width = int(sys.argv[2])
report = {}
kept = []  # dialogs and algorithms live until the process ends, as in QGIS's window
for name, algorithm in dialogs():
    dialog = AlgorithmDialog(algorithm, False, None)
    kept.extend([algorithm, dialog])
    dialog.resize(width, 900)
    dialog.show()
    unfolded = 0
    for box in dialog.findChildren(QGroupBox):  # Python sees the C++ group box as its base
        if "Advanced" in box.title():
            sip.cast(box, QgsCollapsibleGroupBox).setCollapsed(False)
            unfolded += 1
    for _ in range(20):
        app.processEvents()
    scrollbar = any(area.horizontalScrollBar().isVisible()
                    for area in dialog.findChildren(QScrollArea) if area.isVisible())
    report[name] = {"scrollbar": scrollbar, "unfolded": unfolded}
    dialog.close()
print(json.dumps(report))
sys.stdout.flush()
os._exit(0)  # QGIS 3.22 may crash while a standalone interpreter is torn down
