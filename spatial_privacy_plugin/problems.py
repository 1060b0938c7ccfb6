"""Why a gate fails: an untranslated template and its values, translated where it is shown."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    """One reason the gate fails, as an untranslated template and its values."""

    template: str
    params: tuple  # sorted (name, value) pairs

    def message(self, translate=lambda text: text):
        return translate(self.template).format(**dict(self.params))


def problem(template, **params):
    return Problem(template, tuple(sorted(params.items())))
