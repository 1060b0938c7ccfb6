"""Reports in French (issue 41): their tables write numbers as the logs do (0,89 %, thousands
separated), translate every word, and leave a figure that is undefined undefined."""

import re

from test_adversary import hand_layers, join
from test_record_swap import census_layer, swap


def table_rows(report):
    """The rows of a Markdown report's table, as lists of cells."""
    return [[cell.strip() for cell in line.strip("|").split("|")]
            for line in report.splitlines() if line.startswith("|") and "---" not in line]


def test_the_join_report_in_french_writes_french_decimals_and_words(run, tmp_path, french):
    release, auxiliary = hand_layers()
    join(run, release, auxiliary, RHO=0.2, REPORT=str(tmp_path / "report.md"),
         AUXILIARY_PROVENANCE="test fixture")
    header, first, second = table_rows((tmp_path / "report.md").read_text(encoding="utf-8"))
    assert "π prospecteur" in header and "π marketer" not in header
    assert first[0] == "lieu" and second[0] == "lieu + sex"
    assert second[1:3] == ["25,0 %", "25,0 %"], second  # π unique, π correct
    # Nobody has a single candidate with location alone: the precision is undefined, not 0 %.
    assert first[4].startswith("non définie"), first
    assert not any(re.search(r"\d\.\d", cell) for cell in first + second), (first, second)


def test_the_swap_report_in_french_separates_thousands_and_writes_french_decimals(
        run, tmp_path, french):
    swap(run, census_layer(1200), REPORT=str(tmp_path / "swap.html"))
    page = (tmp_path / "swap.html").read_text(encoding="utf-8")
    intro = re.search(r"<p>(.*?ménages échangés sur.*?)</p>", page).group(1)
    assert re.search(r"sur 1\s200 \(", intro), intro
    cells = re.findall(r"<td>([^<]*%)</td>", page)
    assert cells and all("." not in cell for cell in cells), cells[:5]
    assert any("," in cell for cell in cells), cells[:5]
