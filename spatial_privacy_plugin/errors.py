"""Errors the engine raises, carrying an untranslated message template.

The engine cannot translate (it knows nothing of Qt); the Processing glue
translates ``template`` and formats it with ``params``. ``N_`` marks a string
literal for the translation extractor without changing it.
"""


def N_(template):
    """Mark a message template for translation; returns it unchanged."""
    return template


class SpatialPrivacyError(ValueError):
    """Bad input or policy: the message names the problem and the fix."""

    def __init__(self, template, **params):
        self.template = template
        self.params = params
        super().__init__(template.format(**params))


class PolicyError(SpatialPrivacyError):
    """A policy file or a policy value that cannot be used."""


class InputError(SpatialPrivacyError):
    """Input data that cannot be processed as given."""


class Cancelled(Exception):
    """The user cancelled the run; raised between steps of a long computation."""
