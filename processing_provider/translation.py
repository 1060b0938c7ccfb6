"""Translation: the one context the whole plugin uses, and numbers written as QGIS's language
writes them. Apart from the base class so that modules the base class imports can translate."""

import numbers
import string
from pathlib import Path

from qgis.core import QgsSettings
from qgis.PyQt.QtCore import QCoreApplication, QLocale

from ..spatial_privacy_plugin.formatting import Figure

HERE = Path(__file__).resolve().parent
TRANSLATION_CONTEXT = "SpatialPrivacy"


def tr(text):
    """Translate with the one context the whole plugin uses; a template's ``format`` writes
    numbers as its language does. Text without fields stays a plain str: Qt stores a str
    subclass given as a QVariant (an attribute value) as a Python object, not as text."""
    translated = QCoreApplication.translate(TRANSLATION_CONTEXT, text)
    return Message(translated) if "{" in translated else translated


class Message(str):
    """A translated message template: ``format`` writes the numbers it is given (and figures
    written out, such as percentages) with the decimal and group separators of QGIS's
    language, where the plugin is translated into it (12,5 % and 12 345 in French)."""

    def format(self, *args, **kwargs):
        return LocalNumbers().vformat(self, args, kwargs)


class LocalNumbers(string.Formatter):
    def __init__(self):
        super().__init__()
        self.separators = number_separators()

    def format_field(self, value, format_spec):
        text = super().format_field(value, format_spec)
        number = isinstance(value, (numbers.Number, Figure)) and not isinstance(value, bool)
        return text.translate(self.separators) if number and self.separators else text


def local_figure(value):
    """A table cell as QGIS's language writes it: a count with thousands separators, a number or
    a figure (a percentage) with its decimal separator (12 345 and 0,89 % in French); other
    values as text."""
    if isinstance(value, numbers.Integral) and not isinstance(value, bool):
        return Message("{:,}").format(int(value))
    return Message("{}").format(value)


def number_separators():
    """{".": decimal point, ",": group separator} of QGIS's language when the plugin ships a
    translation into it and its separators differ from English; else {}."""
    language = user_language()
    if language == "en" or not (HERE.parent / "i18n" / f"spatial_privacy_{language}.qm").exists():
        return {}
    locale = QLocale(language)
    separators = {ord("."): str(locale.decimalPoint()), ord(","): str(locale.groupSeparator())}
    return {} if separators == {ord("."): ".", ord(","): ","} else separators


def user_language():
    """Two-letter language of QGIS's user interface ('en' when unset)."""
    locale = QgsSettings().value("locale/userLocale", "") or "en"
    return str(locale)[:2]
