"""The record swap's report: swapped shares per level and per top-level area, what an intruder
who looks near a target's true cell finds, and the chart of the distances between swapped
households (an HTML page for the data holder)."""

from html import escape

from ...spatial_privacy_plugin.formatting import percent
from ..base import local_figure, tr
from .html_chart import write_html_chart

# Top-level areas listed in the report, those with the largest share moved first.
LISTED_AREAS = 50


def html_table(headers, rows):
    return "<table border='1' cellpadding='4' style='border-collapse:collapse'><tr>" + "".join(
        f"<th>{escape(header)}</th>" for header in headers) + "</tr>" + "".join(
        "<tr>" + "".join(f"<td>{escape(local_figure(cell))}</td>" for cell in row) + "</tr>"
        for row in rows) + "</table>"


def write_swap_report(path, result, levels, max_distance, feedback):
    """Write the report of ``result`` (swapping.SwapResult) over ``levels`` to ``path``."""
    from ...spatial_privacy_plugin.swap.summary import area_shares, distance_figure, \
        level_shares, neighbourhood_shares

    by_level = level_shares(result, levels)
    intro = tr("{swapped:,} of {households:,} households swapped ({share}; the swap rate asked "
               "for {target:,}). {high:,} household(s) were high-risk; {unswapped:,} of them kept "
               "their location for want of a donor. For the data holder only: never publish this "
               "report.").format(
        swapped=int(result.households_swapped), households=int(result.n_households),
        share=percent(result.households_swapped / result.n_households), target=int(result.target),
        high=int((result.high_risk_level >= 0).sum()), unswapped=len(result.unswapped))
    level_rows = [[row.level, row.areas, row.high_risk_swaps, row.rate_swaps,
                   row.households_moved, percent(row.share_moved), percent(row.area_share_min),
                   percent(row.area_share_median), percent(row.area_share_max)]
                  for row in by_level.itertuples(index=False)]
    areas = area_shares(result, levels[0]).sort_values("share_moved", ascending=False,
                                                        kind="stable")
    area_rows = [[row.area, row.households, row.left, row.entered, percent(row.share_moved)]
                 for row in areas.head(LISTED_AREAS).itertuples(index=False)]
    body = (f"<p>{escape(intro)}</p>" + neighbourhood_section(neighbourhood_shares(result, levels))
            + f"<h2>{escape(tr('Swapped share per level'))}</h2>"
            + html_table([tr("level"), tr("areas"), tr("high-risk swaps"), tr("swaps for the "
                                                                               "rate"),
                          tr("households whose area changed"), tr("share"),
                          tr("smallest share in an area"), tr("median share in an area"),
                          tr("largest share in an area")], level_rows)
            + f"<h2>{escape(tr('Top-level areas (largest share moved first)'))}</h2>"
            + html_table([tr("area"), tr("households"), tr("households that left"),
                          tr("households that came"), tr("share moved")], area_rows)
            + f"<h2>{escape(tr('Distances between swapped households'))}</h2>")
    labels = {"title": tr("Distances between swapped households"),
              "distance": tr("distance (metres)"), "swaps": tr("swaps"),
              "limit": tr("donor distance {distance} m")}
    write_html_chart(path, distance_figure(result.pairs["distance"], max_distance, labels),
                     tr("Record swap"), feedback, body, travels=True)


def neighbourhood_text(shares):
    """One sentence: where an intruder who knows a target's true cell finds it published
    (``shares``: ``summary.neighbourhood_shares``)."""
    high = shares.set_index("group").loc["high_risk"]
    if not high.households:
        return tr("No household was high-risk.")
    return tr("An intruder who knows a high-risk household's true cell (at the level where it "
              "was at risk) finds it published there for {same} of them, and within the 3 × 3 "
              "cells around it for {near} (without the swap: 100 %).").format(
        same=percent(high.same_cell), near=percent(high.neighbourhood))


def neighbourhood_section(shares):
    """The report's section on the neighbourhood intruder: the sentence and the table."""
    names = {"high_risk": tr("high-risk households"), "swapped": tr("swapped households")}
    rows = [[names[row.group], row.households, percent(row.same_cell), percent(row.neighbourhood)]
            for row in shares.itertuples(index=False)]
    return (f"<h2>{escape(tr('Published near the true cell'))}</h2>"
            f"<p>{escape(neighbourhood_text(shares))}</p>"
            + html_table([tr("households"), tr("number"), tr("published in their true cell"),
                          tr("published within the 3 × 3 cells around it")], rows))
