"""Spatial Privacy: QGIS entry point. Nothing heavy is imported here."""


def classFactory(iface):  # noqa: N802 (QGIS's name and signature)
    """The plugin adds Processing algorithms (under qgis_process iface is None) and, in the
    window, a Plugins menu entry that copies the example models where they can be edited."""
    from .plugin import SpatialPrivacyPlugin
    return SpatialPrivacyPlugin(iface)
