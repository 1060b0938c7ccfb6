"""The Spatial Privacy Processing provider (frozen id: spatialprivacy)."""

from qgis.core import QgsProcessingProvider
from qgis.PyQt.QtGui import QIcon

from .. import __about__
from .base import HERE, tr
from .algorithms.cell_key_grid import CellKeyGrid
from .algorithms.disclosure_risk import DisclosureRisk
from .algorithms.dp_grid import DpGrid
from .presentation.example_models import example_models
from .algorithms.geomask import Geomask
from .algorithms.join_simulation import JoinSimulation
from .algorithms.kanonymity_gate import KAnonymityGate
from .algorithms.method_comparison import MethodComparison
from .algorithms.perturbation_table import PerturbationTable
from .algorithms.reassess_releases import ReassessReleases
from .algorithms.record_swap import RecordSwap
from .algorithms.resolution_sweep import ResolutionSweep
from .algorithms.risk_budget_gate import RiskBudgetGate
from .algorithms.suppressed_grid import SuppressedGrid
from .algorithms.synthetic_auxiliary import SyntheticAuxiliary
from .algorithms.zone_risk import ZoneRisk

ALGORITHMS = (ResolutionSweep, SuppressedGrid, KAnonymityGate, JoinSimulation, Geomask,
              SyntheticAuxiliary, DisclosureRisk, ZoneRisk, RiskBudgetGate, ReassessReleases,
              PerturbationTable, CellKeyGrid, DpGrid, RecordSwap, MethodComparison)


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
