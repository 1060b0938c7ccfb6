"""Styles shipped as .qml files: applied on load in QGIS and stored with file outputs."""

from qgis.core import QgsProcessingLayerPostProcessorInterface
from qgis.PyQt import sip

from .base import HERE
from .io import store_style

# QGIS takes ownership of a post-processor and deletes it with the run's context, so every run
# gets a new one. Python keeps a reference until QGIS has deleted it: without one, Python could
# collect its half of the object before the layer loads.
_LIVE_POST_PROCESSORS = []


class StyleOnLoad(QgsProcessingLayerPostProcessorInterface):
    def __init__(self, qml_path):
        super().__init__()
        self.qml_path = qml_path

    def postProcessLayer(self, layer, context, feedback):  # noqa: N802 (QGIS's name)
        layer.loadNamedStyle(self.qml_path)
        layer.triggerRepaint()


def style_on_load(qml_path):
    """A new post-processor for one run, kept alive until QGIS deletes it."""
    _LIVE_POST_PROCESSORS[:] = [kept for kept in _LIVE_POST_PROCESSORS if not sip.isdeleted(kept)]
    post_processor = StyleOnLoad(qml_path)
    _LIVE_POST_PROCESSORS.append(post_processor)
    return post_processor


def apply_style(style_name, destination, context):
    """Style ``destination`` when QGIS loads it, and store the style in a file output."""
    qml_path = str(HERE / "styles" / f"{style_name}.qml")
    if context.willLoadLayerOnCompletion(destination):
        context.layerToLoadOnCompletionDetails(destination).setPostProcessor(style_on_load(qml_path))
    if "memory:" not in destination and context.getMapLayer(destination) is None:
        store_style(destination, qml_path)
