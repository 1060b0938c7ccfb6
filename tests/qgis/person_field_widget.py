"""Run in a fresh process with QGIS's widgets: which person id field the algorithm dialog's
field widget selects for a layer, as JSON {algorithm: {layer: field or null}}.

Usage: python person_field_widget.py PLUGINS_DIR
(The test session runs QGIS without its GUI, where no widget can be made.)
"""

import json
import os
import sys

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, sys.argv[1])
sys.path.insert(0, "/usr/share/qgis/python/plugins")

from qgis.core import QgsApplication, QgsProcessingContext, QgsProject, \
    QgsVectorLayer  # noqa: E402
from qgis.gui import QgsGui, QgsProcessingContextGenerator, QgsProcessingGui, \
    QgsProcessingParameterWidgetContext  # noqa: E402

app = QgsApplication([], True)
app.initQgis()
from processing.core.Processing import Processing  # noqa: E402

Processing.initialize()
import qgis.utils  # noqa: E402

qgis.utils.loadPlugin("spatial_privacy")
qgis.utils.startProcessingPlugin("spatial_privacy")

LAYERS = {"with_person_id": "fid:integer&field=trip:string&field=person_id:string",
          "without": "fid:integer&field=trip:string"}
layers = {name: QgsVectorLayer(f"Point?crs=EPSG:3035&field={fields}", name, "memory")
          for name, fields in LAYERS.items()}
QgsProject.instance().addMapLayers(list(layers.values()))


class Generator(QgsProcessingContextGenerator):
    def __init__(self, context):
        super().__init__()
        self.context = context

    def processingContext(self):  # noqa: N802 (QGIS's name)
        return self.context


kept = []  # widgets and wrappers live as long as the dialog would
report = {}
for algorithm_id, parent in (("suppressedgrid", "INPUT"), ("resolutionsweep", "INPUT"),
                             ("zonerisk", "RECORDS")):
    algorithm = QgsApplication.processingRegistry().algorithmById(f"spatialprivacy:{algorithm_id}")
    report[algorithm_id] = {}
    for name, layer in layers.items():
        context = QgsProcessingContext()
        context.setProject(QgsProject.instance())
        generator = Generator(context)
        widget_context = QgsProcessingParameterWidgetContext()
        widget_context.setProject(QgsProject.instance())
        wrappers = []
        for parameter in (parent, "PERSON_FIELD"):
            wrapper = QgsGui.processingGuiRegistry().createParameterWidgetWrapper(
                algorithm.parameterDefinition(parameter), QgsProcessingGui.WidgetType.Standard)
            wrapper.setWidgetContext(widget_context)
            wrapper.registerProcessingContextGenerator(generator)
            kept.extend([wrapper, wrapper.createWrappedWidget(context)])
            wrappers.append(wrapper)
        kept.extend([context, generator, widget_context])
        source, field = wrappers
        source.setParameterValue(layer.id(), context)
        field.setParentLayerWrapperValue(source)
        value = field.parameterValue()
        report[algorithm_id][name] = value if isinstance(value, str) and value else None
print(json.dumps(report))
sys.stdout.flush()
os._exit(0)  # QGIS 3.22 may crash while a standalone interpreter is torn down
