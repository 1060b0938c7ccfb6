"""QGIS with its widgets in a fresh process, for the scripts that open algorithm dialogs
(the test session runs QGIS without its GUI, where no widget can be made): the application,
a map canvas, a stand-in for QGIS's window, Processing and the plugin from PLUGINS_DIR."""

import os
import sys

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, "/usr/share/qgis/python/plugins")

from qgis.core import QgsApplication  # noqa: E402
from qgis.gui import QgsMapCanvas  # noqa: E402


class Iface:
    """What the dialogs ask of QGIS's window: the map canvas and the active layer."""

    def __init__(self, canvas):
        self.canvas = canvas
        self.active = None

    def mapCanvas(self):  # noqa: N802 (QGIS's name)
        return self.canvas

    def activeLayer(self):  # noqa: N802 (QGIS's name)
        return self.active

    def __getattr__(self, name):
        return lambda *args, **kwargs: None


def start(plugins_dir, before_plugin=None):
    """Start QGIS with widgets and load the plugin from ``plugins_dir``; ``before_plugin()``
    runs once the application exists (to add layers). Returns (application, interface)."""
    sys.path.insert(0, plugins_dir)
    application = QgsApplication([], True)
    application.initQgis()
    if before_plugin is not None:
        before_plugin()
    import qgis.utils

    interface = Iface(QgsMapCanvas())
    qgis.utils.iface = interface
    from processing.core.Processing import Processing

    Processing.initialize()
    import processing.gui.ParametersPanel

    processing.gui.ParametersPanel.iface = interface  # imported before it was set
    qgis.utils.loadPlugin("spatial_privacy")
    qgis.utils.startProcessingPlugin("spatial_privacy")
    return application, interface
