"""Spatial Privacy: QGIS entry point. Nothing heavy is imported here."""


def classFactory(iface):  # noqa: N802 (QGIS's name)
    from .plugin import SpatialPrivacyPlugin
    return SpatialPrivacyPlugin(iface)
