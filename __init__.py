"""Spatial Privacy: QGIS entry point. Nothing heavy is imported here."""


def classFactory(iface):  # noqa: N802 (QGIS's name and signature)
    """The plugin needs no iface: it adds Processing algorithms only (under qgis_process
    iface is None)."""
    from .plugin import SpatialPrivacyPlugin
    return SpatialPrivacyPlugin()
