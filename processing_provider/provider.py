"""The Spatial Privacy Processing provider (frozen id: spatialprivacy)."""

from qgis.core import QgsProcessingProvider
from qgis.PyQt.QtGui import QIcon

from .. import __about__
from .base import HERE, tr
from .cell_key_grid import CellKeyGrid
from .disclosure_risk import DisclosureRisk
from .dp_grid import DpGrid
from .example_models import example_models
from .geomask import Geomask
from .join_simulation import JoinSimulation
from .kanonymity_gate import KAnonymityGate
from .perturbation_table import PerturbationTable
from .reassess_releases import ReassessReleases
from .resolution_sweep import ResolutionSweep
from .risk_budget_gate import RiskBudgetGate
from .suppressed_grid import SuppressedGrid
from .synthetic_auxiliary import SyntheticAuxiliary
from .zone_risk import ZoneRisk

ALGORITHMS = (ResolutionSweep, SuppressedGrid, KAnonymityGate, JoinSimulation, Geomask,
              SyntheticAuxiliary, DisclosureRisk, ZoneRisk, RiskBudgetGate, ReassessReleases,
              PerturbationTable, CellKeyGrid, DpGrid)


class SpatialPrivacyProvider(QgsProcessingProvider):
    def id(self):
        return "spatialprivacy"

    def name(self):
        return tr("Spatial Privacy")

    def longName(self):
        return tr("Spatial Privacy {version}").format(version=__about__.VERSION)

    def versionInfo(self):
        return __about__.VERSION

    def icon(self):
        return QIcon(str(HERE / "icons" / "provider.svg"))

    def svgIconPath(self):
        return str(HERE / "icons" / "provider.svg")

    def loadAlgorithms(self):
        for algorithm in ALGORITHMS:
            self.addAlgorithm(algorithm())
        for model in example_models():
            self.addAlgorithm(model)
