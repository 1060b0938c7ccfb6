"""Run in a fresh process: load the plugin from a plugin folder as QGIS does, report as JSON.

Usage: python load_installed_plugin.py PLUGINS_DIR
1. qgis_process's way: qgis.utils.loadPlugin + startProcessingPlugin (iface None),
   list the algorithms, run the gate once, unload.
2. the GUI's way: classFactory with a stub iface, initGui, unload.
"""

import json
import os
import sys

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
plugins_dir = sys.argv[1]
sys.path.insert(0, plugins_dir)
sys.path.insert(0, "/usr/share/qgis/python/plugins")

from qgis.core import QgsApplication, QgsFeature, QgsVectorLayer  # noqa: E402

app = QgsApplication([], False)
app.initQgis()
from processing.core.Processing import Processing  # noqa: E402

Processing.initialize()
import processing  # noqa: E402
import qgis.utils  # noqa: E402

report = {}
registry = QgsApplication.processingRegistry()
report["loaded"] = bool(qgis.utils.loadPlugin("spatial_privacy"))
report["started"] = bool(qgis.utils.startProcessingPlugin("spatial_privacy"))
report["module_file"] = sys.modules["spatial_privacy"].__file__
provider = registry.providerById("spatialprivacy")
report["algorithms"] = sorted(alg.id() for alg in provider.algorithms()) if provider else []
table = QgsVectorLayer("None?field=n_persons:integer", "cells", "memory")
feature = QgsFeature(table.fields())
feature.setAttributes([12])
table.dataProvider().addFeatures([feature])
result = processing.run("spatialprivacy:kanonymitygate", {
    "INPUT": table, "COUNT_FIELD": "n_persons", "RHO": 0.1, "OUTPUT": "TEMPORARY_OUTPUT"})
report["gate_passed"] = result["PASSED"]
# qgis.utils.unloadPlugin also forgets the plugin's modules, which it only tracks inside the
# QGIS application; outside it, call the plugin's own unload as unloadPlugin does first.
qgis.utils.plugins["spatial_privacy"].unload()
report["provider_after_unload"] = registry.providerById("spatialprivacy") is not None


class StubIface:
    """What the plugin uses of iface: the Plugins menu (its model copies) and the window."""

    def mainWindow(self):  # noqa: N802 (QGIS's names)
        return None

    def addPluginToMenu(self, name, action):  # noqa: N802
        report["menu"] = name

    def removePluginMenu(self, name, action):  # noqa: N802
        report["menu_removed"] = name


plugin = sys.modules["spatial_privacy"].classFactory(StubIface())
plugin.initGui()
report["gui_provider"] = registry.providerById("spatialprivacy") is not None
plugin.unload()
report["gui_provider_after_unload"] = registry.providerById("spatialprivacy") is not None

print(json.dumps(report), flush=True)
# QGIS 3.22 can crash while tearing down a standalone interpreter: the report is out.
os._exit(0)
