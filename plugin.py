"""The plugin object: installs the translator and registers the Processing provider.

Under qgis_process ``iface`` is None and only ``initProcessing`` is called,
so everything the algorithms need happens there.
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
    def __init__(self):
        self.provider = None  # QGIS forgets algorithms whose provider is garbage-collected
        self.translator = install_translator()

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

    def unload(self):
        if self.provider is not None:
            QgsApplication.processingRegistry().removeProvider(self.provider)
            self.provider = None
        if self.translator is not None:
            QCoreApplication.removeTranslator(self.translator)
            self.translator = None
