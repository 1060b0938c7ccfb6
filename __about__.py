"""The plugin's identity, read once from metadata.txt (the one place it is written)."""

from configparser import ConfigParser
from pathlib import Path

PLUGIN_DIR = Path(__file__).resolve().parent
_metadata = ConfigParser(interpolation=None)
_metadata.read(PLUGIN_DIR / "metadata.txt", encoding="utf-8")

NAME = _metadata.get("general", "name")
VERSION = _metadata.get("general", "version")
HOMEPAGE = _metadata.get("general", "homepage")
QGIS_MINIMUM_VERSION = _metadata.get("general", "qgisMinimumVersion")
QGIS_MAXIMUM_VERSION = _metadata.get("general", "qgisMaximumVersion")
