"""Run in a fresh process with QGIS's widgets: open the algorithm dialog (and the batch dialog) of
each algorithm or model named on the command line and report, as JSON, what the file widget of
each file parameter offers and the label the dialog shows:
{algorithm: {parameter: {"mode": "save" | "open" | ..., "label": text, "value": the path a
file widget was given, as the run gets it}}, "batch": {algorithm: columns of its batch dialog}}.

Usage: python dialog_file_widgets.py PLUGINS_DIR ALGORITHM_ID...
(The test session runs QGIS without its GUI, where no widget can be made.)
"""

import json
import os
import sys

from dialog_session import start

app, iface = start(sys.argv[1])
from processing.gui.AlgorithmDialog import AlgorithmDialog  # noqa: E402
from qgis.core import QgsApplication  # noqa: E402
from qgis.gui import QgsFileWidget  # noqa: E402
from processing.gui.BatchAlgorithmDialog import BatchAlgorithmDialog  # noqa: E402

MODES = {QgsFileWidget.StorageMode.GetFile: "open", QgsFileWidget.StorageMode.SaveFile: "save",
         QgsFileWidget.StorageMode.GetDirectory: "folder",
         QgsFileWidget.StorageMode.GetMultipleFiles: "open several"}


def file_widget(wrapper):
    widget = wrapper.widget if hasattr(wrapper, "widget") else wrapper.wrappedWidget()
    return widget if isinstance(widget, QgsFileWidget) else widget.findChild(QgsFileWidget)


def label_text(wrapper):
    label = wrapper.label if hasattr(wrapper, "label") else wrapper.wrappedLabel()
    return label.text() if label is not None else None


report = {}
kept = []  # dialogs and algorithms live until the process ends, as in QGIS's window
for algorithm_id in sys.argv[2:]:
    algorithm = QgsApplication.processingRegistry().createAlgorithmById(algorithm_id)
    dialog = AlgorithmDialog(algorithm, False, None)
    kept.extend([algorithm, dialog])
    shown = {}
    for definition in algorithm.parameterDefinitions():
        wrapper = dialog.mainWidget().wrappers.get(definition.name())
        if wrapper is None or definition.isDestination():
            continue
        widget = file_widget(wrapper) if definition.type() == "file" else None
        shown[definition.name()] = {"mode": MODES.get(widget.storageMode()) if widget else None,
                                    "label": label_text(wrapper)}
        if widget is not None:  # a path picked in the widget is the value the run gets
            widget.setFilePath("/nowhere/new.file")
            shown[definition.name()]["value"] = wrapper.parameterValue()
    report[algorithm_id] = shown
    batch = BatchAlgorithmDialog(algorithm.create(), None)
    kept.append(batch)
    report.setdefault("batch", {})[algorithm_id] = batch.mainWidget().tblParameters.columnCount()
print(json.dumps(report))
sys.stdout.flush()
os._exit(0)  # QGIS 3.22 may crash while a standalone interpreter is torn down
