"""Real QGIS, headless: Processing initialised and the provider registered once."""

import subprocess
import sys

import pytest
from qgis.core import QgsProcessingFeedback, QgsSettings, QgsVectorLayer

import pg_server

sys.path.insert(0, "/usr/share/qgis/python/plugins")


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    """Under pytest-xdist's ``--dist loadgroup`` (make test), the PostGIS tests run one after
    another on one worker: they share one server, its tables and its activity views. Every
    other test goes to whichever worker is free."""
    if not config.pluginmanager.hasplugin("xdist"):
        return
    for item in items:
        module = getattr(item, "module", None)
        if module is not None and pg_server.used_by(module):
            item.add_marker(pytest.mark.xdist_group("postgis"))


@pytest.fixture(scope="session")
def qgis_iface(qgis_iface):
    """pytest-qgis's stand-in for QGIS's interface with a real layer tree view: QGIS 3.44 hands
    the view to a C++ call when it loads results (a mock there is a TypeError)."""
    from qgis.core import QgsLayerTreeModel, QgsProject
    from qgis.gui import QgsLayerTreeView

    view = QgsLayerTreeView()
    view.setModel(QgsLayerTreeModel(QgsProject.instance().layerTreeRoot(), view))
    qgis_iface.layerTreeView = lambda: view
    return qgis_iface


@pytest.fixture(scope="session")
def provider(qgis_app, qgis_processing, plugin_package):
    plugin = plugin_package.classFactory(None)
    plugin.initProcessing()
    yield plugin.provider
    plugin.unload()


class RecordingFeedback(QgsProcessingFeedback):
    """Keeps every message an algorithm writes to the log."""

    def __init__(self):
        super().__init__()
        self.messages = []

    def pushInfo(self, info):  # noqa: N802
        self.messages.append(info)

    def pushWarning(self, warning):  # noqa: N802
        self.messages.append(warning)

    def reportError(self, error, fatalError=False):  # noqa: N802,N803
        self.messages.append(error)

    def pushCommandInfo(self, info):  # noqa: N802
        self.messages.append(info)

    def pushDebugInfo(self, info):  # noqa: N802
        self.messages.append(info)

    def pushConsoleInfo(self, info):  # noqa: N802
        self.messages.append(info)

    def setProgressText(self, text):  # noqa: N802
        self.messages.append(text)


@pytest.fixture(scope="session")
def city_gpkg(repo_root, tmp_path_factory):
    """The sample city as a GeoPackage (scripts/make_sample_data.py's defaults): the same rows
    as the PostGIS table ``trips`` of the test server."""
    path = tmp_path_factory.mktemp("city") / "trips.gpkg"
    subprocess.run([sys.executable, str(repo_root / "scripts" / "make_sample_data.py"), str(path)],
                   check=True, capture_output=True)
    layer = QgsVectorLayer(str(path), "trips", "ogr")
    assert layer.isValid()
    return layer


@pytest.fixture
def feedback():
    return RecordingFeedback()


@pytest.fixture
def run(provider):
    """processing.run on one of our algorithms by its short id."""
    import processing

    def _run(name, parameters, feedback=None, context=None):
        return processing.run(f"spatialprivacy:{name}", parameters, feedback=feedback,
                              context=context)
    return _run


@pytest.fixture
def french(plugin_package):
    """QGIS in French for one test: the plugin's translator installed, removed afterwards."""
    settings = QgsSettings()
    previous = settings.value("locale/userLocale", "")
    settings.setValue("locale/userLocale", "fr_FR")
    from spatial_privacy.plugin import install_translator
    from qgis.PyQt.QtCore import QCoreApplication
    translator = install_translator()
    yield translator
    if translator is not None:
        QCoreApplication.removeTranslator(translator)
    settings.setValue("locale/userLocale", previous)
