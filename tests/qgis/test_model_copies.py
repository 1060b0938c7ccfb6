"""Editable copies of the example models (issue 41): the Plugins menu copies the shipped models
into the user's models folder, never over a file already there, and Processing's Models
provider lists them at once (a provider's own models cannot be edited in the designer)."""

from pathlib import Path

from qgis.core import QgsApplication, QgsProcessingModelAlgorithm, QgsSettings
from qgis.PyQt.QtWidgets import QWidget

SHIPPED = ("censusgridswapcellkey", "publishgridsafely", "releaseunderriskbudget")


class MessageBar:
    def __init__(self):
        self.messages = []

    def pushMessage(self, title, text, level):  # noqa: N802 (QGIS's name)
        self.messages.append((text, level))


class Iface:
    """What the plugin uses of QGIS's interface: its Plugins menu and message bar."""

    def __init__(self):
        self.window = QWidget()
        self.bar = MessageBar()
        self.menu = []

    def mainWindow(self):  # noqa: N802
        return self.window

    def messageBar(self):  # noqa: N802
        return self.bar

    def addPluginToMenu(self, name, action):  # noqa: N802
        self.menu.append((name, action))

    def removePluginMenu(self, name, action):  # noqa: N802
        self.menu.remove((name, action))


def test_the_menu_copies_the_models_where_the_designer_edits_them(provider, plugin_package,
                                                                  tmp_path):
    from importlib import import_module

    MODELS_SETTING = import_module(plugin_package.__name__ + ".processing_provider.presentation."
                                   "model_copies").MODELS_SETTING

    folder = tmp_path / "models"
    folder.mkdir()
    mine = folder / "publishgridsafely.model3"
    mine.write_text("the user's own edits", encoding="utf-8")
    from processing.core.ProcessingConfig import ProcessingConfig  # the test sets it as Options do

    settings = QgsSettings()
    before = ProcessingConfig.getSetting("MODELS_FOLDER")
    ProcessingConfig.setSettingValue("MODELS_FOLDER", str(folder))
    assert settings.value(MODELS_SETTING) == str(folder)  # what the plugin reads
    iface = Iface()
    plugin = plugin_package.classFactory(iface)
    try:
        plugin.initGui()
        assert len(iface.menu) == 1
        _, action = iface.menu[0]
        action.trigger()
        written = sorted(path.name for path in folder.glob("*.model3"))
        assert written == ["censusgridswapcellkey.model3", "publishgridsafely (2).model3",
                           "publishgridsafely.model3", "releaseunderriskbudget.model3"]
        assert mine.read_text(encoding="utf-8") == "the user's own edits"  # never replaced
        copy = QgsProcessingModelAlgorithm()
        assert copy.fromFile(str(folder / "publishgridsafely (2).model3"))
        listed = {Path(algorithm.sourceFilePath()).name for algorithm in
                  QgsApplication.processingRegistry().providerById("model").algorithms()}
        assert {"censusgridswapcellkey.model3", "releaseunderriskbudget.model3"} <= listed
        text, _ = iface.bar.messages[-1]
        assert "3 example model(s) copied to" in text and str(folder) in text
    finally:
        ProcessingConfig.setSettingValue("MODELS_FOLDER", before)
        plugin.unload()
    assert iface.menu == []
