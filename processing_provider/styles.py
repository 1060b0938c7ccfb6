"""Styles shipped as .qml files: applied on load in QGIS and stored with file outputs."""

from qgis.core import QgsProcessingLayerPostProcessorInterface

from .base import HERE
from .io import store_style

# QGIS does not own post-processors: keep one per style alive for the session.
_POST_PROCESSORS = {}


class StyleOnLoad(QgsProcessingLayerPostProcessorInterface):
    def __init__(self, qml_path):
        super().__init__()
        self.qml_path = qml_path

    def postProcessLayer(self, layer, context, feedback):  # noqa: N802 (QGIS's name)
        layer.loadNamedStyle(self.qml_path)
        layer.triggerRepaint()


def apply_style(style_name, destination, context):
    """Style ``destination`` when QGIS loads it, and store the style in a file output."""
    qml_path = str(HERE / "styles" / f"{style_name}.qml")
    if context.willLoadLayerOnCompletion(destination):
        post_processor = _POST_PROCESSORS.setdefault(qml_path, StyleOnLoad(qml_path))
        context.layerToLoadOnCompletionDetails(destination).setPostProcessor(post_processor)
    if "memory:" not in destination and context.getMapLayer(destination) is None:
        store_style(destination, qml_path)
