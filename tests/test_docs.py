"""The README gets a newcomer running in one screen; the user guide in docs/ holds the rest,
and every link between them leads somewhere."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README_LIMIT = 300  # lines
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def markdown_files():
    return [ROOT / "README.md", ROOT / "bench" / "RESULTS.md",
            *sorted((ROOT / "docs").rglob("*.md"))]


def anchors(path):
    """The heading anchors GitHub gives a Markdown file."""
    found = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            title = line.lstrip("#").strip().lower()
            found.add(re.sub(r"[^\w\- ]", "", title).replace(" ", "-"))
    return found


def broken_links(path):
    broken = []
    for target in LINK.findall(path.read_text(encoding="utf-8")):
        if re.match(r"[a-z]+:", target):
            continue  # a web address
        file, _, anchor = target.partition("#")
        resolved = (path.parent / file).resolve() if file else path
        if not resolved.exists():
            broken.append(target)
        elif anchor and resolved.suffix == ".md" and anchor not in anchors(resolved):
            broken.append(target)
    return broken


def test_the_readme_is_short_and_gives_the_two_commands():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= README_LIMIT
    assert "make demo" in readme and "make test" in readme
    for section in ("## Installing the plugin in QGIS", "## The attacker", "## Not done yet",
                    "## Development"):
        assert section in readme


def test_every_algorithm_has_a_page_in_the_user_guide():
    pages = {path.stem for path in (ROOT / "docs" / "algorithms").glob("*.md")}
    panels = {path.stem for path in (ROOT / "processing_provider" / "help").glob("*.html")
              if not path.stem.endswith("_fr")}
    assert pages == panels
    guide = (ROOT / "docs" / "README.md").read_text(encoding="utf-8")
    assert all(f"algorithms/{name}.md" in guide for name in pages)


def test_every_link_of_the_readme_and_the_guide_leads_somewhere():
    assert {str(path.relative_to(ROOT)): broken_links(path) for path in markdown_files()
            if broken_links(path)} == {}


def test_the_link_check_finds_a_broken_link(tmp_path):
    # The negative control: a missing file and a missing heading.
    (tmp_path / "a.md").write_text("# Title\n\n[x](b.md) [y](#title) [z](#nowhere)\n")
    assert broken_links(tmp_path / "a.md") == ["b.md", "#nowhere"]
