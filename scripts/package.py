"""Build the installable plugin zip: one top folder, compiled translations, no tests.

Usage: python3 scripts/package.py [OUTPUT.zip]   (default build/spatial_privacy.zip)
"""

import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOP_FOLDER = "spatial_privacy"
FILES = ("metadata.txt", "LICENSE", "README.md", "__init__.py", "__about__.py", "plugin.py")
FOLDERS = {
    "spatial_privacy_plugin": ("*.py",),
    "processing_provider": ("*.py", "*.html", "*.svg", "*.model3"),
    "i18n": ("*.qm",),
}
# Sources of the help pages, which the zip holds built (processing_provider/help/pages).
LEFT_OUT = ("processing_provider/help/details",)


def plugin_files():
    yield from (ROOT / name for name in FILES)
    for folder, patterns in FOLDERS.items():
        for pattern in patterns:
            yield from (path for path in sorted((ROOT / folder).rglob(pattern))
                        if "__pycache__" not in path.parts and not any(
                            path.relative_to(ROOT).as_posix().startswith(left + "/")
                            for left in LEFT_OUT))


def build(output):
    files = sorted(set(plugin_files()))
    if not any(path.suffix == ".qm" for path in files):
        raise SystemExit("no compiled translations in i18n/: run 'make translations' first")
    output.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(output, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in files:
            # Fixed timestamps: the same sources give the same zip.
            info = zipfile.ZipInfo(f"{TOP_FOLDER}/{path.relative_to(ROOT).as_posix()}",
                                   date_time=(2026, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, path.read_bytes())
    return output


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "build" / f"{TOP_FOLDER}.zip"
    print(build(target))
