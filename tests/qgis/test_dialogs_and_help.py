"""What the dialog shows and the help it opens: Advanced groups, short labels, labels in the help,
and a shipped help page per algorithm and language."""

import html
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from qgis.core import Qgis, QgsProcessingParameterDefinition, QgsSettings
from qgis.PyQt.QtCore import QUrl

from models import plain_algorithms

ROOT = Path(__file__).resolve().parents[2]
HELP = ROOT / "processing_provider" / "help"
# Characters a label may take in a 1300 px dialog without a horizontal scrollbar (French
# runs longer than English).
MAX_LABEL = {"en": 60, "fr": 70}

# What a first run does not need, folded into the dialog's Advanced group.
ADVANCED = {
    "resolutionsweep": {"TOLERANCE", "ORIGIN", "KEY_FIELDS", "PROTECTION_LEVEL", "PARENT_FACTOR",
                        "STRATA", "STRATUM_FIELD", "PREVIOUS_RELEASES", "CKM_PTABLE",
                        "CKM_KEY_FILE"},
    "suppressedgrid": {"ORIGIN", "KEY_FIELDS", "PROTECTION_LEVEL", "PARENT_FACTOR", "STUDY_AREA",
                       "ZERO_MASK", "STRATA", "STRATUM_FIELD", "STRATUM_RESOLUTIONS",
                       "PREVIOUS_RELEASES", "PUBLISHED_ZONES"},
    "kanonymitygate": {"AUDIT_LAYERS", "AUDIT_COUNT_FIELD", "PUBLISHED_TOTAL", "PROTECTION_LEVEL",
                       "CELL_FIELD", "SENSITIVE_FIELD", "L", "T", "ORDERED", "STRATUM_FIELD",
                       "PREVIOUS_RELEASES", "PERSONS_TOTAL", "PERSONS_TOTAL_KIND"},
    "joinsimulation": {"POSITION_ERROR_SHARE", "POSITION_ERROR_DISTANCE", "COVERAGE_WEIGHT_FIELD",
                       "SEED", "AUXILIARY_PROVENANCE", "OTHER_RELEASES", "RELEASE_LINK_FIELD"},
    "geomask": {"SEED"},
    "syntheticauxiliary": {"SEED"},
    "disclosurerisk": {"POPULATION_FIELD", "HOUSEHOLD_FIELD", "CONTINUOUS_FIELDS", "RARE_THRESHOLD",
                       "RISK_THRESHOLD", "POPULATION_UNIQUENESS"},
    "zonerisk": {"POPULATION_FIELD", "HOUSEHOLD_FIELD"},
    "riskbudgetgate": {"PER_RELEASE_CEILING", "CUMULATIVE_CEILING", "WARN_AT", "GATE_ON",
                       "LEDGER_HEAD"},
    "reassessreleases": {"RELEASE_ID", "LEDGER_HEAD"},
    "ptable": {"PSTAY"},
    "cellkeygrid": {"RECORD_KEY_FIELD", "D", "V", "JS", "ORIGIN", "KEY_FIELDS", "STUDY_AREA",
                    "AUDIT_PARENT_FACTOR"},
    "dpgrid": {"MECHANISM", "MAX_CELLS_PER_PERSON", "ORIGIN", "SEED", "LEDGER_HEAD"},
    "recordswap": {"ORIGIN", "HIERARCHY_ZONES", "HIERARCHY_ZONE_FIELDS", "CARRY_ALONG", "SEED"},
    "methodcomparison": {"MECHANISM", "PTABLE", "D", "V", "JS", "KEY_FILE", "EXTENT", "ORIGIN",
                         "PROTECTION_LEVEL", "MARGINALS", "PARENT_FACTOR", "RISK_FIELDS",
                         "SWAP_RATE", "SIMILARITY_FIELDS", "MAX_DONOR_DISTANCE", "SEED"},
}
# The dialogs a newcomer opens first: most of what they hold is for later runs.
BUSY_DIALOGS = ("resolutionsweep", "suppressedgrid", "kanonymitygate")


@pytest.fixture(scope="module")
def french_labels():
    sys.path.insert(0, str(ROOT / "scripts"))
    import update_translations
    return update_translations.read_ts(ROOT / "i18n" / "spatial_privacy_fr.ts")


@pytest.fixture(scope="module")
def algorithms(provider):
    """Fresh algorithm objects, initialised as the dialog initialises them (English)."""
    fresh = []
    for registered in plain_algorithms(provider):
        algorithm = registered.createInstance()
        algorithm.initAlgorithm({})
        fresh.append(algorithm)
    assert fresh[0].parameterDefinition("INPUT").description().isascii()  # no translator active
    return fresh


@pytest.fixture
def locale():
    settings = QgsSettings()
    previous = settings.value("locale/userLocale", "")
    yield lambda name: settings.setValue("locale/userLocale", name)
    settings.setValue("locale/userLocale", previous)


# What the help panel may hold (QGIS core's panels are a few lines); the full page has the rest.
PANEL_LIMIT = 1500


def help_file(folder, algorithm_id, language):
    name = f"{algorithm_id}.html" if language == "en" else f"{algorithm_id}_{language}.html"
    return (folder / name).read_text(encoding="utf-8")


def panel_text(algorithm_id, language):
    """What the dialog's help panel shows."""
    return help_file(HELP, algorithm_id, language)


def details_text(algorithm_id, language):
    """The full text behind the panel, shown on the algorithm's page."""
    return help_file(HELP / "details", algorithm_id, language)


def help_text(algorithm_id, language):
    """Everything the help says of an algorithm: the panel and the full text."""
    return panel_text(algorithm_id, language) + "\n" + details_text(algorithm_id, language)


def test_advanced_parameters_are_those_of_the_table(algorithms):
    for algorithm in algorithms:
        flagged = {definition.name() for definition in algorithm.parameterDefinitions()
                   if definition.flags() & QgsProcessingParameterDefinition.Flag.FlagAdvanced}
        assert flagged == ADVANCED[algorithm.name()], algorithm.name()
    assert set(ADVANCED) == {algorithm.name() for algorithm in algorithms}


def test_busy_dialogs_fold_six_or_more_parameters(algorithms):
    for algorithm in algorithms:
        if algorithm.name() in BUSY_DIALOGS:
            assert len(ADVANCED[algorithm.name()]) >= 6, algorithm.name()


def test_mark_advanced_sets_the_flag_qgis_reads(plugin_package):
    from qgis.core import QgsProcessingParameterString

    from spatial_privacy.processing_provider.base import is_advanced, mark_advanced
    definition = QgsProcessingParameterString("NAME", "Name", optional=True)
    assert not is_advanced(definition)
    assert mark_advanced(definition) is definition
    assert definition.flags() & QgsProcessingParameterDefinition.Flag.FlagAdvanced
    assert definition.flags() & QgsProcessingParameterDefinition.Flag.FlagOptional  # kept


def test_parameters_a_run_needs_are_never_advanced(algorithms):
    """An advanced parameter is optional or has a default: a first run can leave it folded."""
    for algorithm in algorithms:
        for definition in algorithm.parameterDefinitions():
            if definition.name() in ADVANCED[algorithm.name()]:
                optional = definition.flags() & QgsProcessingParameterDefinition.Flag.FlagOptional
                assert optional or definition.defaultValue() is not None, \
                    (algorithm.name(), definition.name())


def test_labels_fit_the_dialog_in_english_and_french(algorithms, french_labels):
    for algorithm in algorithms:
        for definition in algorithm.parameterDefinitions():
            label = definition.description()
            assert len(label) <= MAX_LABEL["en"], (algorithm.name(), label)
            assert len(french_labels[label]) <= MAX_LABEL["fr"], (algorithm.name(),
                                                                  french_labels[label])


def mentions(algorithm_id, language, name):
    """Where the help names a parameter by its id (a qgis_process argument NAME=… excepted)."""
    text = help_text(algorithm_id, language)
    return re.findall(rf"(?<![\w'’]){re.escape(name)}(?![\w'’=])", text)


def test_help_names_parameters_by_their_labels_not_their_ids(algorithms):
    for algorithm in algorithms:
        for definition in algorithm.parameterDefinitions():
            if definition.description().startswith(definition.name()):
                continue  # the label shows the id itself (D, V, JS, PSTAY)
            for language in ("en", "fr"):
                assert not mentions(algorithm.name(), language, definition.name()), \
                    (algorithm.name(), language, definition.name())


def test_help_gives_output_ids_only_as_code(algorithms):
    """Output names are what models and qgis_process read: shown as code, never as prose."""
    for algorithm in algorithms:
        for output in algorithm.outputDefinitions():
            if algorithm.parameterDefinition(output.name()) is not None:
                continue
            for language in ("en", "fr"):
                prose = re.sub(r"<code>.*?</code>", "", help_text(algorithm.name(), language),
                               flags=re.S)
                assert not re.search(rf"(?<![\w'’]){re.escape(output.name())}(?![\w'’])", prose), \
                    (algorithm.name(), language, output.name())


def bold_mentions(algorithm_id, language):
    text = help_text(algorithm_id, language)
    return [re.sub(r"<[^>]+>", "", bold) for bold in re.findall(r"<b>(.*?)</b>", text, re.S)]


def test_help_explains_every_advanced_parameter_under_its_label(algorithms, french_labels):
    """A folded parameter lost the detail its long label had: the help gives it, by label."""
    for algorithm in algorithms:
        for language in ("en", "fr"):
            bolds = bold_mentions(algorithm.name(), language)
            for name in ADVANCED[algorithm.name()]:
                label = algorithm.parameterDefinition(name).description()
                if language == "fr":
                    label = french_labels[label]
                stem = label.split(" (")[0]
                assert any(bold.startswith(stem) or label.startswith(bold) for bold in bolds
                           if bold), (algorithm.name(), language, label)


@pytest.mark.parametrize("language, suffix", [("en_GB", ".html"), ("fr_FR", "_fr.html"),
                                              ("de_DE", ".html")])
def test_help_url_opens_a_shipped_page_in_the_users_language(provider, locale, language, suffix):
    locale(language)
    pages = (HELP / "pages").resolve()
    for algorithm in plain_algorithms(provider):
        url = QUrl(algorithm.helpUrl())
        assert url.isLocalFile(), algorithm.helpUrl()
        page = Path(url.toLocalFile())
        assert page.is_file() and page.parent.resolve() == pages, algorithm.helpUrl()
        assert page.name == f"{algorithm.name()}{suffix}"


def test_shipped_pages_are_those_the_generator_writes(algorithms, provider):
    sys.path.insert(0, str(ROOT / "scripts"))
    import build_help_pages
    models = [model for model in provider.algorithms() if model not in plain_algorithms(provider)]
    stale = build_help_pages.stale_pages(build_help_pages.render_pages(algorithms + models))
    assert stale == [], "run: python3 scripts/build_help_pages.py"


@pytest.mark.parametrize("language, suffix", [("en_GB", ".html"), ("fr_FR", "_fr.html")])
def test_an_example_models_help_opens_its_page_listing_its_steps(provider, locale, language,
                                                                 suffix):
    """The modeler's and the dialog's Help button: each step linked to the page of its
    algorithm, in the order the model runs them."""
    locale(language)
    models = [model for model in provider.algorithms() if model not in plain_algorithms(provider)]
    assert models
    for model in models:
        page = Path(QUrl(model.helpUrl()).toLocalFile())
        assert page.is_file() and page.name == f"{model.name()}{suffix}", model.helpUrl()
        text = page.read_text("utf-8")
        steps = re.findall(r'<li><a href="([a-z]+)(?:_fr)?\.html">|<li>.*?<code>[a-z]+:([a-z]+)',
                           text)
        steps = [ours or native for ours, native in steps]
        children = [model.childAlgorithm(child) for child in model.childAlgorithms()]
        assert sorted(steps) == sorted(child.algorithmId().split(":")[1] for child in children)
        for before, after in zip(steps, steps[1:]):
            later = next(child for child in children if child.algorithmId().endswith(after))
            earlier = next(child for child in children if child.algorithmId().endswith(before))
            assert earlier.childId() not in model.dependentChildAlgorithms(later.childId())
        for link in re.findall(r'<a href="([^"]+)">', text):
            assert (page.parent / link).is_file(), link


def test_a_page_shows_the_dialog_labels_and_the_panel_help(algorithms, french_labels):
    gate = next(algorithm for algorithm in algorithms if algorithm.name() == "kanonymitygate")
    for language, translate in (("en", lambda text: text), ("fr", french_labels.__getitem__)):
        name = "kanonymitygate.html" if language == "en" else "kanonymitygate_fr.html"
        page = (HELP / "pages" / name).read_text(encoding="utf-8")
        assert f'<html lang="{language}">' in page
        panel = re.sub(r'<p class="more">.*?</p>', "", panel_text("kanonymitygate", language))
        assert panel.strip() in page and 'class="more"' not in page
        assert details_text("kanonymitygate", language).strip() in page
        basic, advanced = page.split("<h2>")[1:3]
        for definition in gate.parameterDefinitions():
            if definition.isDestination():
                continue
            label = html.escape(translate(definition.description()), quote=False)
            row = f"<tr><td>{label}</td><td><code>{definition.name()}</code></td>"
            assert row in (advanced if definition.name() in ADVANCED["kanonymitygate"] else basic)


def test_dialogs_need_no_horizontal_scrollbar_at_1300_pixels(plugin_package, algorithms):
    """Every dialog with its Advanced group unfolded; the control, one label as long as the
    longest was, must need the scrollbar (a check that cannot see one proves nothing)."""
    folder = Path(plugin_package.__file__).resolve().parent
    link = Path(tempfile.mkdtemp(prefix="sp_dialogs_")) / "spatial_privacy"
    link.symlink_to(folder, target_is_directory=True)
    completed = subprocess.run(
        [sys.executable, str(Path(__file__).with_name("dialog_scrollbars.py")), str(link.parent),
         "1300"], capture_output=True, text=True, timeout=300,
        env=dict(os.environ, HOME=str(link.parent), QT_QPA_PLATFORM="offscreen"))
    assert completed.returncode == 0, completed.stderr[-3000:]
    report = json.loads(completed.stdout.strip().splitlines()[-1])
    control = report.pop("control")
    assert set(report) == {algorithm.name() for algorithm in algorithms}
    for name, dialog in report.items():
        assert dialog == {"scrollbar": False, "unfolded": 1}, name
    if not control["scrollbar"]:  # QGIS 3.40 wraps long labels: no label widens its dialog
        pytest.skip(f"QGIS {Qgis.version()} wraps long labels, so the control shows no scrollbar")
    assert control == {"scrollbar": True, "unfolded": 1}


@pytest.mark.parametrize("language, locale_name", [("en", "en_GB"), ("fr", "fr_FR")])
def test_every_help_panel_is_short_and_its_full_text_is_on_its_page(provider, locale, language,
                                                                      locale_name):
    """What it does, what it needs, what it writes, in at most 1,500 characters; the long text
    lives on the page the Help button opens (before, the gate's panel held 7,600 characters)."""
    locale(locale_name)
    needs, writes = {"en": ("Needs", "Writes"), "fr": ("Il faut", "Écrit")}[language]
    for algorithm in plain_algorithms(provider):
        panel = panel_text(algorithm.name(), language)
        assert algorithm.shortHelpString() == panel  # what QGIS shows in this language
        assert len(panel) <= PANEL_LIMIT, (algorithm.name(), language, len(panel))
        assert f"<b>{needs}</b>" in panel and f"<b>{writes}</b>" in panel, algorithm.name()
        assert panel.rstrip().endswith("</p>") and 'class="more"' in panel, algorithm.name()
        page = Path(QUrl(algorithm.helpUrl()).toLocalFile())
        assert page.is_file(), algorithm.helpUrl()
        assert details_text(algorithm.name(), language).strip() in page.read_text("utf-8")
    for model in provider.algorithms():
        if model not in plain_algorithms(provider):
            assert len(model.shortHelpString()) <= PANEL_LIMIT, model.name()


def test_the_panel_limit_would_catch_the_long_panels_of_before():
    """The negative control: the texts that were panels (now the full text) are past it."""
    longest = max(len(details_text(name, "en")) for name in ADVANCED)
    assert longest > PANEL_LIMIT


def test_files_a_run_may_create_open_a_save_dialog_and_labels_say_one_of(plugin_package):
    """A ledger or key file that a new path starts is picked in a save dialog (an existing file
    too, without an overwrite prompt), in the algorithms' and the models' dialogs; a policy
    stays an open dialog (the control). Where one of two inputs is needed, both labels say so.
    The batch dialog (QGIS's own widgets there) still opens."""
    folder = Path(plugin_package.__file__).resolve().parent
    link = Path(tempfile.mkdtemp(prefix="sp_files_")) / "spatial_privacy"
    link.symlink_to(folder, target_is_directory=True)
    creating = {"spatialprivacy:cellkeygrid": "KEY_FILE", "spatialprivacy:dpgrid": "LEDGER",
                "spatialprivacy:riskbudgetgate": "LEDGER",
                "spatialprivacy:releaseunderriskbudget": "ledger",
                "spatialprivacy:censusgridswapcellkey": "key_file"}
    completed = subprocess.run(
        [sys.executable, str(Path(__file__).with_name("dialog_file_widgets.py")), str(link.parent),
         *creating], capture_output=True, text=True, timeout=300,
        env=dict(os.environ, HOME=str(link.parent), QT_QPA_PLATFORM="offscreen"))
    assert completed.returncode == 0, completed.stderr[-3000:]
    report = json.loads(completed.stdout.strip().splitlines()[-1])
    assert all(columns > 5 for columns in report.pop("batch").values())
    for algorithm_id, name in creating.items():
        shown = report[algorithm_id]
        assert shown[name]["mode"] == "save", (algorithm_id, shown[name])
        assert shown[name]["value"] == "/nowhere/new.file"
        policy = "policy" if "policy" in shown else "POLICY"
        assert shown[policy]["mode"] == "open", (algorithm_id, shown[policy])
    assert "one of it or a record key" in report["spatialprivacy:cellkeygrid"]["KEY_FILE"]["label"]
    dp_grid = report["spatialprivacy:dpgrid"]
    assert "one of it or a study area" in dp_grid["EXTENT"]["label"]
    assert "one of it or an extent" in dp_grid["STUDY_AREA"]["label"]
