"""The person id field: its default, and the warning when the chosen field numbers features
rather than people."""

from qgis.core import QgsProcessingParameterDefinition, QgsProcessingParameterField

from ..spatial_privacy_plugin.counting.person_ids import REASON_KEY, REASON_OTHER_FIELD, \
    REASON_ROW_NUMBERS, ROW_ID_NAMES, ids_differing_in_form, normalise_name, person_id_doubt, \
    person_like_fields
from .base import tr

# QGIS 3.22 takes one field name as a default: the dialog selects it where the layer has it
# and leaves the choice empty otherwise (never the first field, which is often the fid).
PERSON_ID_DEFAULT = "person_id"


def person_field_parameter(name, description, parent, optional=False):
    return QgsProcessingParameterField(name, description, defaultValue=PERSON_ID_DEFAULT,
                                       parentLayerParameterName=parent, optional=optional)


def chosen_person_field(algorithm, parameters, name, context, source):
    """The person id field to use ('' or None when unset).

    The default applies only where the layer has it: an optional field left at a default the
    layer lacks stays unset. QGIS 3.22 validates a required field as given (the dialog leaves
    it empty where the default is missing), so a wrong name is named when it is read.
    """
    chosen = algorithm.parameterAsString(parameters, name, context)
    optional = algorithm.parameterDefinition(name).flags() & \
        QgsProcessingParameterDefinition.Flag.FlagOptional
    if optional and chosen == PERSON_ID_DEFAULT and chosen not in source.fields().names():
        return None
    return chosen or None


def other_person_fields(source, chosen):
    """The layer's other fields named like a person id (read beside the chosen one)."""
    return [name for name in person_like_fields(source.fields().names()) if name != chosen]


def warn_if_features_are_counted(layer, field, values, others, feedback):
    """Warn, naming the field, when ``values`` of ``field`` look like feature numbers.

    ``layer`` (or None) tells the primary key; ``others`` maps other person-like fields to
    their values. See spatial_privacy_plugin.counting.person_ids for the rules.
    """
    warn_of_differing_forms(field, values, feedback)
    return warn_of_doubt(field, person_id_doubt(values, is_layer_key(layer, field), others),
                         feedback)


def warn_of_differing_forms(field, values, feedback):
    """Warn where text ids differ only by leading zeros or surrounding spaces ('00012' and
    '12'): each is counted as a person of its own."""
    count, examples = ids_differing_in_form(values)
    if count:
        feedback.pushWarning(tr(
            "{count} id(s) of the person id field '{field}' are written in several forms that "
            "differ only by leading zeros or surrounding spaces ({examples}): each form counts "
            "as a different person. If they are one person, clean the field (trim the spaces, "
            "remove the leading zeros) and run again.").format(
            count=count, field=field,
            examples="; ".join(", ".join(f"'{form}'" for form in group) for group in examples)))


def is_layer_key(layer, field):
    """The field is named like a row id, or is the primary key of ``layer`` (None: no layer)."""
    if normalise_name(field) in ROW_ID_NAMES:
        return True
    index = layer.fields().lookupField(field) if layer is not None else -1
    return index >= 0 and index in layer.primaryKeyAttributes()


def warn_of_doubt(field, doubt, feedback):
    """The warning of a ``person_id_doubt`` (None: no warning); True when one was given."""
    if doubt is None:
        return False
    reason, other = doubt
    if reason == REASON_KEY:
        message = tr("The person id field '{field}' is the layer's feature id or primary key: "
                     "every feature counts as a person, so the counts are of features, not "
                     "people. Choose the field that identifies people.")
    elif reason == REASON_OTHER_FIELD:
        message = tr("Every value of the person id field '{field}' is distinct while '{other}', "
                     "named like a person id, repeats: each feature counts as a person. Choose "
                     "the field that identifies people.")
    else:
        assert reason == REASON_ROW_NUMBERS
        message = tr("Every value of the person id field '{field}' is distinct and together "
                     "they are consecutive integers, as row numbers are: where people have "
                     "several points, each feature counts as a person. Choose the field that "
                     "identifies people (or ignore this if each person has one point).")
    feedback.pushWarning(message.format(field=field, other=other))
    return True
