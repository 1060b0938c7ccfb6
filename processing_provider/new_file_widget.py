"""A file input the run may create (a ledger, a secret key file): a save dialog in the
algorithm dialog, so that a new file can be picked as well as an existing one.

The parameter stays a ``QgsProcessingParameterFile`` (an input: saved models and
``qgis_process`` see it unchanged); only its widget differs, chosen by QGIS's
``widget_wrapper`` metadata, which names this class by its module path. The
dialog imports this module, never the plugin at load: Processing's GUI is not
there under ``qgis_process``.
"""

from processing.gui.wrappers import WidgetWrapper, dialogTypes
from qgis.gui import QgsFileWidget, QgsGui, QgsProcessingGui


class NewFileWrapper(WidgetWrapper):
    """The algorithm dialog's widget: QgsFileWidget in save mode without an overwrite prompt
    (the run reads and adds to an existing file, it never replaces it). The batch dialog and
    the modeler keep QGIS's own widgets, which offer model inputs and batch filling."""

    def __new__(cls, param, dialog, row=0, col=0, **kwargs):
        kind = dialogTypes.get(dialog.__class__.__name__, QgsProcessingGui.WidgetType.Standard)
        if kind == QgsProcessingGui.WidgetType.Standard:
            return super().__new__(cls)
        registry = QgsGui.processingGuiRegistry()
        if kind == QgsProcessingGui.WidgetType.Modeler:
            wrapper = registry.createModelerParameterWidget(dialog.model, dialog.childId, param,
                                                            dialog.context)
        else:
            wrapper = registry.createParameterWidgetWrapper(param, kind)
        wrapper.setDialog(dialog)
        return wrapper

    def createWidget(self):  # noqa: N802 (QGIS's name)
        widget = QgsFileWidget()
        widget.setStorageMode(QgsFileWidget.StorageMode.SaveFile)
        widget.setConfirmOverwrite(False)
        widget.setFilter(self.parameterDefinition().fileFilter())
        widget.fileChanged.connect(lambda path: self.widgetValueHasChanged.emit(self))
        return widget

    def setValue(self, value):  # noqa: N802 (QGIS's name)
        self.widget.setFilePath("" if value is None else str(value))

    def value(self):
        return self.widget.filePath() or None
