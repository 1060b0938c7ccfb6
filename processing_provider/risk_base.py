"""What the record-risk and zone-risk algorithms share: key, weight and household inputs."""

from qgis.core import QgsProcessingException, QgsProcessingParameterField

from .base import SpatialPrivacyAlgorithm, tr


class RiskAlgorithm(SpatialPrivacyAlgorithm):
    """Base of algorithms that measure the risk of records with categorical keys."""

    GROUP_ID = "risk"
    KEY_FIELDS = "KEY_FIELDS"
    WEIGHT_FIELD = "WEIGHT_FIELD"
    POPULATION_FIELD = "POPULATION_FIELD"
    HOUSEHOLD_FIELD = "HOUSEHOLD_FIELD"

    def add_key_parameters(self, parent):
        self.addParameter(QgsProcessingParameterField(
            self.KEY_FIELDS, tr("Key variables (categorical attributes an adversary knows)"),
            parentLayerParameterName=parent, allowMultiple=True))
        self.addParameter(QgsProcessingParameterField(
            self.WEIGHT_FIELD, tr("Sampling weight (F̂ = sum of weights in the key)"),
            parentLayerParameterName=parent, optional=True,
            type=QgsProcessingParameterField.DataType.Numeric))
        self.addParameter(QgsProcessingParameterField(
            self.POPULATION_FIELD, tr("Population frequency of the key, from a register"),
            parentLayerParameterName=parent, optional=True,
            type=QgsProcessingParameterField.DataType.Numeric))
        self.addParameter(QgsProcessingParameterField(
            self.HOUSEHOLD_FIELD, tr("Household id (risk shared by a household's members)"),
            parentLayerParameterName=parent, optional=True))

    def key_inputs(self, parameters, context):
        """(key field names, weight field, population field, household field)."""
        keys = self.field_names(parameters, self.KEY_FIELDS, context)
        if not keys:
            raise QgsProcessingException(tr("Choose at least one key variable."))
        optional = [self.parameterAsString(parameters, name, context) or None
                    for name in (self.WEIGHT_FIELD, self.POPULATION_FIELD, self.HOUSEHOLD_FIELD)]
        return (keys, *optional)

    @staticmethod
    def needed_fields(keys, *optional):
        return list(keys) + [name for name in optional if name]

    @staticmethod
    def measure(columns, keys, weight, population, household, rare_threshold=3):
        from ..spatial_privacy_plugin.risk.measures import record_risk
        return record_risk([columns[name] for name in keys], keys,
                           columns[weight] if weight else None,
                           columns[population] if population else None,
                           columns[household] if household else None, rare_threshold)
