"""Extract every translatable string into i18n/*.ts, keeping existing translations.

Translatable strings are the literal first arguments of ``tr(...)`` and
``N_(...)`` calls in the plugin's Python files; the plugin translates them all
in one context. Usage: python3 scripts/update_translations.py [--check]
With --check, exit 1 when a .ts file lacks a string or has an unfinished one.
"""

import ast
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The example models' names and labels are written by their build script and shown translated.
SOURCES = ("__init__.py", "plugin.py", "processing_provider", "spatial_privacy_plugin",
           "scripts/make_example_models.py")
CONTEXT = "SpatialPrivacy"
MARKERS = {"tr", "N_"}


def python_files():
    for entry in SOURCES:
        path = ROOT / entry
        yield from ([path] if path.is_file() else sorted(path.rglob("*.py")))


def extract():
    strings = {}
    for path in python_files():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
            first = node.args[0]
            if name in MARKERS and isinstance(first, ast.Constant) and isinstance(first.value, str):
                strings.setdefault(first.value, f"{path.relative_to(ROOT)}:{node.lineno}")
    return strings


def read_ts(path):
    if not path.exists():
        return {}
    translations = {}
    for message in ET.parse(path).getroot().iter("message"):
        translation = message.find("translation")
        if translation is not None and translation.get("type") not in ("unfinished", "obsolete"):
            translations[message.findtext("source")] = translation.text or ""
    return translations


def write_ts(path, language, strings, translations):
    root = ET.Element("TS", version="2.1", language=language)
    context = ET.SubElement(root, "context")
    ET.SubElement(context, "name").text = CONTEXT
    for source, location in sorted(strings.items(), key=lambda item: item[1]):
        message = ET.SubElement(context, "message")
        file_name, line = location.rsplit(":", 1)
        ET.SubElement(message, "location", filename=file_name, line=line)
        ET.SubElement(message, "source").text = source
        translation = ET.SubElement(message, "translation")
        if source in translations:
            translation.text = translations[source]
        else:
            translation.set("type", "unfinished")
    ET.indent(root)
    path.write_text('<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n'
                    + ET.tostring(root, encoding="unicode") + "\n", encoding="utf-8")


def main(check):
    strings = extract()
    problems = []
    for path in sorted((ROOT / "i18n").glob("spatial_privacy_*.ts")):
        translations = read_ts(path)
        missing = [source for source in strings if source not in translations]
        if check:
            problems += [f"{path.name}: untranslated: {source!r}" for source in missing]
        else:
            write_ts(path, path.stem.rsplit("_", 1)[1], strings, translations)
            print(f"{path.name}: {len(strings)} strings, {len(missing)} untranslated")
    print("\n".join(problems))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main("--check" in sys.argv))
