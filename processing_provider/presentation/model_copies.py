"""Editable copies of the example models (issue 41): QGIS does not let a provider's models be
edited ("Edit Model…" is disabled for them), so the plugin's menu copies them into the user's
models folder, where they appear under Models in the toolbox and open in the Model Designer.

A copy never replaces a file already there (the user's own edits): it takes the next free name.
"""

from pathlib import Path

from qgis.core import QgsApplication, QgsSettings

from .example_models import MODELS_FOLDER

MODELS_SETTING = "Processing/Configuration/MODELS_FOLDER"


def user_models_folder():
    """The first folder Processing reads the user's models from (its setting, else the
    profile's processing/models)."""
    setting = QgsSettings().value(MODELS_SETTING, "") or ""
    folders = [part for part in str(setting).split(";") if part.strip()]
    if folders:
        return Path(folders[0])
    return Path(QgsApplication.qgisSettingsDirPath()) / "processing" / "models"


def free_name(folder, stem):
    """``stem``.model3 in ``folder``, or the first ``stem`` (n).model3 not there yet."""
    path = folder / f"{stem}.model3"
    number = 2
    while path.exists():
        path = folder / f"{stem} ({number}).model3"
        number += 1
    return path


def copy_example_models(folder=None):
    """Copy every shipped model into ``folder`` (default ``user_models_folder()``), never over
    an existing file; refresh the Models provider so the copies show at once. Returns the paths
    written."""
    folder = user_models_folder() if folder is None else Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for source in sorted(MODELS_FOLDER.glob("*.model3")):
        target = free_name(folder, source.stem)
        target.write_bytes(source.read_bytes())
        written.append(target)
    models = QgsApplication.processingRegistry().providerById("model")
    if models is not None:
        models.refreshAlgorithms()
    return written
