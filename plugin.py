"""The plugin object: installs the translator and registers the Processing provider.

Under qgis_process ``iface`` is None and only ``initProcessing`` is called,
so everything the algorithms need happens there. In the QGIS window the Plugins menu also
offers editable copies of the example models (a provider's models cannot be edited).
"""

from qgis.core import QgsApplication
from qgis.PyQt.QtCore import QCoreApplication, QTranslator

from .__about__ import PLUGIN_DIR


def install_translator():
    """Load i18n/spatial_privacy_<lang>.qm for QGIS's locale; returns it, or None."""
    from .processing_provider.base import user_language
    path = PLUGIN_DIR / "i18n" / f"spatial_privacy_{user_language()}.qm"
    if not path.exists():
        return None
    translator = QTranslator()
    if not translator.load(str(path)):
        return None
    QCoreApplication.installTranslator(translator)
    return translator


class SpatialPrivacyPlugin:
    def __init__(self, interface=None):
        self.interface = interface  # QGIS's iface; None under qgis_process
        self.provider = None  # QGIS forgets algorithms whose provider is garbage-collected
        self.translator = install_translator()
        self.copy_action = None

    def initProcessing(self):  # noqa: N802 (QGIS's name)
        from .processing_provider.provider import SpatialPrivacyProvider
        if self.provider is None:
            provider = SpatialPrivacyProvider()
            # QGIS refuses (and deletes) a second provider with the same id.
            if QgsApplication.processingRegistry().addProvider(provider):
                self.provider = provider
                # The example models find their steps through the registry, which held none of
                # this provider's algorithms while it loaded: load them again, now resolved.
                provider.refreshAlgorithms()

    def initGui(self):  # noqa: N802 (QGIS's name)
        self.initProcessing()
        if self.interface is None or not hasattr(self.interface, "addPluginToMenu"):
            return
        from qgis.PyQt.QtWidgets import QAction

        from .processing_provider.base import tr
        self.copy_action = QAction(tr("Copy the example models to my models (to edit them)"),
                                   self.interface.mainWindow())
        self.copy_action.triggered.connect(self.copy_example_models)
        self.interface.addPluginToMenu(tr("Spatial Privacy"), self.copy_action)

    def copy_example_models(self):
        """Copy the shipped models where the Model Designer can edit them, and say where."""
        from qgis.core import Qgis

        from .processing_provider.base import tr
        from .processing_provider.presentation.model_copies import copy_example_models
        try:
            written = copy_example_models()
        except OSError as error:
            self.interface.messageBar().pushMessage(
                tr("Spatial Privacy"), tr("The example models could not be copied: {error}")
                .format(error=error), Qgis.MessageLevel.Critical)
            return []
        self.interface.messageBar().pushMessage(
            tr("Spatial Privacy"),
            tr("{count} example model(s) copied to {folder}: they are under Models in the "
               "Processing toolbox, where Edit Model… opens them in the Model Designer.")
            .format(count=len(written), folder=written[0].parent if written else ""),
            Qgis.MessageLevel.Success)
        return written

    def unload(self):
        if self.copy_action is not None:
            from .processing_provider.base import tr
            self.interface.removePluginMenu(tr("Spatial Privacy"), self.copy_action)
            self.copy_action = None
        if self.provider is not None:
            QgsApplication.processingRegistry().removeProvider(self.provider)
            self.provider = None
        if self.translator is not None:
            QCoreApplication.removeTranslator(self.translator)
            self.translator = None
