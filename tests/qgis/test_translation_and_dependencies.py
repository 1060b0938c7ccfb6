"""French display names when QGIS runs in French; a clear message when pandas is missing."""

import pytest
from layers import cells_layer
from qgis.core import QgsProcessingException


def test_display_names_are_translated_in_french(provider, french):
    assert french is not None, "i18n/spatial_privacy_fr.qm is missing: run make translations"
    names = {alg.name(): alg.displayName() for alg in provider.algorithms()}
    assert names == {"resolutionsweep": "Balayage des résolutions",
                     "suppressedgrid": "Grille avec secret statistique",
                     "kanonymitygate": "Contrôle de k-anonymat",
                     "joinsimulation": "Simulation de jointure",
                     "geomask": "Géomasque en anneau",
                     "syntheticauxiliary": "Données auxiliaires synthétiques",
                     "disclosurerisk": "Risque de divulgation par enregistrement",
                     "zonerisk": "Risque de ré-identification par zone",
                     "riskbudgetgate": "Contrôle du budget de risque",
                     "reassessreleases": "Réévaluer les diffusions publiées",
                     "ptable": "Table de perturbation (méthode de la clé de cellule)",
                     "cellkeygrid": "Grille à clé de cellule (effectifs perturbés)",
                     "dpgrid": "Grille différentiellement privée",
                     "recordswap": "Échange ciblé d'enregistrements (ménages)",
                     "methodcomparison": "Comparaison des méthodes",
                     "publishgridsafely": "Publier une grille en sécurité",
                     "releaseunderriskbudget": "Diffuser sous un budget de risque",
                     "censusgridswapcellkey": "Grille de recensement : échange, puis clé de "
                                              "cellule"}
    gate = provider.algorithm("kanonymitygate")
    assert "bloquant" in gate.shortHelpString()
    assert gate.group() == "Contrôles de diffusion"
    model = provider.algorithm("publishgridsafely")
    assert model.group() == "Modèles d'exemple"
    # Input labels are translated when an instance is made (the dialog makes one per run).
    assert model.create().parameterDefinition("policy").description() == "Fichier de politique"


def test_english_without_a_translator(provider):
    assert provider.algorithm("resolutionsweep").displayName() == "Resolution sweep"


def test_missing_scientific_packages_are_explained(provider, monkeypatch, run):
    from spatial_privacy.processing_provider import base
    monkeypatch.setattr(base, "missing_modules", lambda: ["pandas"])
    alg = provider.algorithm("kanonymitygate")
    can_execute, message = alg.canExecute()
    assert not can_execute and "python3-pandas" in message
    with pytest.raises(QgsProcessingException, match="python3-pandas"):
        run("kanonymitygate", {"INPUT": cells_layer([[12, "published"]]), "COUNT_FIELD": "n_persons",
                               "RHO": 0.1, "OUTPUT": "TEMPORARY_OUTPUT"})
