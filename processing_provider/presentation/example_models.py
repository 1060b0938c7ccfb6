"""The example graphical models the provider serves (processing_provider/models/*.model3).

Served by the provider, not copied into the user's profile: they appear under
Spatial Privacy in the toolbox on every QGIS from 3.22, a user's own model can
use them as steps, and an upgrade of the plugin upgrades them. The id of each
is frozen as ``spatialprivacy:<file stem>``; its name, description and input
labels are shown translated. scripts/make_example_models.py builds the files.
"""

from qgis.core import Qgis, QgsMessageLog, QgsProcessingModelAlgorithm

from ..base import GROUPS, HERE, help_page_url, offer_new_file, tr

MODELS_FOLDER = HERE / "models"
GROUP_ID = "examples"
# The models' file inputs a run may create (a new path starts a ledger, makes a key).
NEW_FILE_INPUTS = ("ledger", "key_file")


class ExampleModel(QgsProcessingModelAlgorithm):
    """A shipped model under a frozen id, with its texts translated when shown."""

    def __init__(self, path):
        super().__init__()
        self.path = path
        self.readable = self.fromFile(str(path))
        self.setSourceFilePath(str(path))
        for definition in self.parameterDefinitions():
            definition.setDescription(tr(definition.description()))
            if definition.type() == "file":
                definition.setFileFilter(tr(definition.fileFilter()))
            if definition.name() in NEW_FILE_INPUTS:
                offer_new_file(definition)
        for child_id in self.childAlgorithms():
            step = self.childAlgorithm(child_id)
            step.setDescription(tr(step.description()))

    def createInstance(self):
        return ExampleModel(self.path)

    def name(self):
        return self.path.stem

    def displayName(self):
        return tr(super().displayName())

    def group(self):
        return tr(GROUPS[GROUP_ID])

    def groupId(self):
        return GROUP_ID

    def shortDescription(self):
        return tr(self.helpContent().get("ALG_DESC", ""))

    def shortHelpString(self):
        return self.shortDescription()

    def helpUrl(self):
        return help_page_url(self.name())


def example_models():
    """The shipped models; one that cannot be read is named in the log, not listed."""
    models = [ExampleModel(path) for path in sorted(MODELS_FOLDER.glob("*.model3"))]
    for model in models:
        if not model.readable:
            QgsMessageLog.logMessage(tr("The example model {path} could not be read: reinstall the "
                                        "plugin.").format(path=model.path), "Spatial Privacy",
                                     Qgis.MessageLevel.Warning)
    return [model for model in models if model.readable]
