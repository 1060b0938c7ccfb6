"""Write the help pages the plugin ships: one standalone HTML page per algorithm and language.

Each page is built from the algorithm itself (its name, description, parameters
with the labels the dialog shows, outputs), the help panel's short text
(processing_provider/help/<id>[_<lang>].html: what it does, needs and writes, at
most 1,500 characters) and the full text behind it
(processing_provider/help/details/<id>[_<lang>].html); other languages take their
labels from i18n/spatial_privacy_<lang>.ts, as the dialog does. The pages go to
processing_provider/help/pages/ and are checked in; helpUrl() opens them. They are
the user guide's page per algorithm (docs/README.md links them).

Usage (with QGIS's Python): python3 scripts/build_help_pages.py [--check]
With --check, write nothing and exit 1 when a checked-in page is missing or out of date.
"""

import html
import re
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HELP = ROOT / "processing_provider" / "help"
DETAILS = HELP / "details"
PAGES = HELP / "pages"
PLUGIN_NAME = "spatial_privacy"

# The pages' own words; the plugin's strings come from the algorithms and the .ts files.
WORDS = {
    "en": {"parameters": "Parameters", "advanced": "Advanced parameters", "outputs": "Outputs",
           "description": "Description", "details": "Details", "label": "In the dialog",
           "name": "Name (models, qgis_process)", "notes": "Notes", "optional": "optional",
           "default": "default: {value}", "yes": "yes", "no": "no", "kind": "Kind",
           "advanced_note": "These are folded into the dialog's Advanced parameters group.",
           "run": "Processing id: {id}", "layer": "layer or table", "file": "file",
           "number": "number (model variable)", "boolean": "true/false (model variable)",
           "text": "text (model variable)", "separator": "; ",
           "steps": "The model runs these algorithms, in this order:"},
    "fr": {"parameters": "Paramètres", "advanced": "Paramètres avancés", "outputs": "Sorties",
           "description": "Description", "details": "Détails",
           "label": "Dans la boîte de dialogue",
           "name": "Nom (modèles, qgis_process)", "notes": "Remarques", "optional": "facultatif",
           "default": "par défaut : {value}", "yes": "oui", "no": "non", "kind": "Type",
           "advanced_note": "Ils sont regroupés dans la section Paramètres avancés de la boîte "
                            "de dialogue.",
           "run": "Identifiant Processing : {id}", "layer": "couche ou table", "file": "fichier",
           "number": "nombre (variable de modèle)", "boolean": "vrai/faux (variable de modèle)",
           "text": "texte (variable de modèle)", "separator": " ; ",
           "steps": "Le modèle exécute ces algorithmes, dans cet ordre :"},
}
OUTPUT_KINDS = {"outputNumber": "number", "outputBoolean": "boolean", "outputString": "text",
                "outputFile": "file", "outputHtml": "file", "outputFolder": "file"}
STYLE = ("body{font-family:sans-serif;max-width:60em;margin:1em auto;padding:0 1em;"
         "line-height:1.45}table{border-collapse:collapse;width:100%;margin:.5em 0 1.5em}"
         "th,td{border:1px solid #ccc;padding:.3em .5em;text-align:left;vertical-align:top}"
         "th{background:#f2f2f2}code{background:#f6f6f6;padding:0 .2em}"
         ".summary{font-size:1.1em}.id{color:#555}")


def languages():
    """English (the source) and every language with a .ts file."""
    return ["en"] + sorted(path.stem.rsplit("_", 1)[1]
                           for path in (ROOT / "i18n").glob("spatial_privacy_*.ts"))


def translations(language):
    """English source → translation, as the dialog would show it (English: itself)."""
    if language == "en":
        return {}
    sys.path.insert(0, str(ROOT / "scripts"))
    import update_translations
    return update_translations.read_ts(ROOT / "i18n" / f"spatial_privacy_{language}.ts")


def help_body(algorithm_id, language, folder=HELP):
    """The help panel's text (``folder`` HELP) or the full text behind it (DETAILS); the
    panel's pointer to this page (``<p class="more">``) is left out."""
    for name in (f"{algorithm_id}_{language}.html", f"{algorithm_id}.html"):
        if (folder / name).exists():
            text = (folder / name).read_text(encoding="utf-8")
            return re.sub(r'<p class="more">.*?</p>\s*', "", text, flags=re.S).strip()
    raise FileNotFoundError(f"no help text for {algorithm_id} in {folder}")


def page_name(algorithm_id, language):
    return f"{algorithm_id}.html" if language == "en" else f"{algorithm_id}_{language}.html"


def default_text(definition, translate, words):
    """The default value as the dialog shows it, or None when there is none to show."""
    from qgis.core import QgsProcessingParameterBoolean, QgsProcessingParameterEnum

    value = definition.defaultValue()
    if value is None or value == "" or definition.isDestination():
        return None
    if isinstance(definition, QgsProcessingParameterBoolean):
        return words["yes"] if value else words["no"]
    if isinstance(definition, QgsProcessingParameterEnum):
        return translate(definition.options()[int(value)])
    return str(value)


def parameter_rows(definitions, translate, words):
    from qgis.core import QgsProcessingParameterDefinition

    rows = []
    for definition in definitions:
        notes = []
        if definition.flags() & QgsProcessingParameterDefinition.Flag.FlagOptional:
            notes.append(words["optional"])
        default = default_text(definition, translate, words)
        if default is not None:
            notes.append(words["default"].format(value=default))
        rows.append((translate(definition.description()), definition.name(),
                     words["separator"].join(notes)))
    return rows


def table(headers, rows):
    """A table of (label, name, notes) rows, one row a line."""
    head = "".join(f"<th>{escape(header)}</th>" for header in headers)
    body = ["<tr><td>{}</td><td><code>{}</code></td><td>{}</td></tr>".format(
        *(escape(cell) for cell in row)) for row in rows]
    return "\n".join([f"<table>\n<tr>{head}</tr>"] + body + ["</table>"])


def escape(text):
    return html.escape(text, quote=False)


def render_page(algorithm, language, translation, catalogue):
    """One algorithm's or example model's standalone page in one language."""
    from qgis.core import QgsProcessingModelAlgorithm

    from spatial_privacy.processing_provider.base import is_advanced

    def translate(text):
        return translation.get(text) or text

    words = WORDS[language]
    inputs = [definition for definition in algorithm.parameterDefinitions()
              if not definition.isDestination()]
    basic = [definition for definition in inputs if not is_advanced(definition)]
    advanced = [definition for definition in inputs if is_advanced(definition)]
    columns = (words["label"], words["name"], words["notes"])
    outputs = [(translate(output.description()), output.name(),
                words[OUTPUT_KINDS.get(output.type(), "layer")])
               for output in algorithm.outputDefinitions()]
    if isinstance(algorithm, QgsProcessingModelAlgorithm):
        title, summary = algorithm.displayName(), algorithm.shortDescription()
        body = [model_steps(algorithm, language, translate, words, catalogue)]
    else:
        title, summary = algorithm.DISPLAY_NAME, algorithm.SHORT_DESCRIPTION
        body = [help_body(algorithm.name(), language), f"<h2>{words['details']}</h2>",
                help_body(algorithm.name(), language, DETAILS)]
    title = translate(title)
    parts = [
        "<!DOCTYPE html>",
        f'<html lang="{language}">',
        f'<head><meta charset="utf-8"><title>{escape(title)} — Spatial Privacy</title>'
        f"<style>{STYLE}</style></head>",
        "<body>",
        f"<h1>{escape(title)}</h1>",
        f'<p class="summary">{escape(translate(summary))}</p>',
        '<p class="id">{}</p>'.format(escape(words["run"].format(
            id=f"spatialprivacy:{algorithm.name()}"))),
        f"<h2>{words['parameters']}</h2>",
        table(columns, parameter_rows(basic, translate, words)),
    ]
    if advanced:
        parts += [f"<h2>{words['advanced']}</h2>", f"<p>{words['advanced_note']}</p>",
                  table(columns, parameter_rows(advanced, translate, words))]
    parts += [f"<h2>{words['outputs']}</h2>",
              table((words["label"], words["name"], words["kind"]), outputs),
              f"<h2>{words['description']}</h2>", *body, "</body>", "</html>", ""]
    return "\n".join(parts)


def model_steps(model, language, translate, words, catalogue):
    """A model's steps in the order they run (a step after those it depends on, then top to
    bottom as the modeler draws them), each of the plugin's linked to its algorithm's page."""
    children = [model.childAlgorithm(child_id) for child_id in model.childAlgorithms()]
    children.sort(key=lambda child: (len(model.dependsOnChildAlgorithms(child.childId())),
                                     child.position().y()))
    items = []
    for child in children:
        provider, name = child.algorithmId().split(":", 1)
        if provider == "spatialprivacy":
            label = escape(translate(catalogue[name].DISPLAY_NAME))
            items.append(f'<li><a href="{page_name(name, language)}">{label}</a></li>')
        else:  # a QGIS algorithm: its own help is in QGIS
            items.append(f"<li>{escape(translate(child.description()))} "
                         f"(<code>{escape(child.algorithmId())}</code>)</li>")
    return "\n".join([f"<p>{words['steps']}</p>", "<ol>"] + items + ["</ol>"])


def render_pages(algorithms):
    """Every page, by file name, for algorithms and example models initialised in English."""
    catalogue = {algorithm.name(): algorithm for algorithm in algorithms}
    pages = {}
    for language in languages():
        translation = translations(language)
        for algorithm in algorithms:
            pages[page_name(algorithm.name(), language)] = render_page(algorithm, language,
                                                                       translation, catalogue)
    return pages


def stale_pages(pages):
    """Names of checked-in pages that differ from the generated ones, or are extra or missing."""
    present = {path.name for path in PAGES.glob("*.html")}
    return sorted(name for name in present | set(pages)
                  if name not in pages or name not in present
                  or (PAGES / name).read_text(encoding="utf-8") != pages[name])


def english_algorithms():
    """The plugin's algorithms and example models, initialised without a translator (labels
    in English)."""
    folder = Path(tempfile.mkdtemp(prefix="sp_help_pages_"))
    (folder / PLUGIN_NAME).symlink_to(ROOT, target_is_directory=True)
    sys.path.insert(0, str(folder))
    from qgis.analysis import QgsNativeAlgorithms
    from qgis.core import QgsApplication

    from spatial_privacy.processing_provider.presentation.example_models import example_models
    from spatial_privacy.processing_provider.provider import ALGORITHMS, SpatialPrivacyProvider
    # A model knows its outputs once the algorithms of its steps are registered.
    registry = QgsApplication.processingRegistry()
    registry.addProvider(QgsNativeAlgorithms(registry))
    registry.addProvider(SpatialPrivacyProvider())
    algorithms = []
    for algorithm_class in ALGORITHMS:
        algorithm = algorithm_class()
        algorithm.initAlgorithm({})
        algorithms.append(algorithm)
    return algorithms + example_models()


def main(check):
    from qgis.core import QgsApplication

    application = QgsApplication([], False)
    application.initQgis()
    pages = render_pages(english_algorithms())
    if check:
        stale = stale_pages(pages)
        print("\n".join(f"out of date: {name}" for name in stale))
        return 1 if stale else 0
    PAGES.mkdir(exist_ok=True)
    for path in PAGES.glob("*.html"):
        if path.name not in pages:
            path.unlink()
    for name, text in pages.items():
        (PAGES / name).write_text(text, encoding="utf-8")
    print(f"{len(pages)} pages in {PAGES.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main("--check" in sys.argv))
