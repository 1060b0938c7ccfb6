"""A pytest plugin that keeps QGIS's settings of a test run out of the source tree.

pytest-qgis points ``QGIS_CUSTOM_CONFIG_PATH`` at ``<rootdir>/.qgis-settings``
and QGIS then writes its profile there (an ini file, SQLite databases) in
every run. This plugin, loaded early with ``-p tests.state_outside_tree`` (the
Makefile's test target does so), gives pytest-qgis ``build/test-state`` as the
folder to put it in instead. The hypothesis database is moved in
``tests/conftest.py``.
"""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STATE = ROOT / "build" / "test-state"


class _Rooted:
    """The pytest config as pytest-qgis sees it, with another root folder."""

    def __init__(self, config, root):
        self._config = config
        self.rootpath = root

    def __getattr__(self, name):
        return getattr(self._config, name)


def _redirect():
    try:
        from pytest_qgis import plugin
    except ImportError:
        return
    original = getattr(plugin, "_load_qgis_settings", None)
    if original is None or getattr(original, "redirected", False):
        return

    def load_settings_outside_tree(config):
        STATE.mkdir(parents=True, exist_ok=True)
        return original(_Rooted(config, STATE))

    load_settings_outside_tree.redirected = True
    plugin._load_qgis_settings = load_settings_outside_tree


_redirect()
