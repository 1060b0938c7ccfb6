"""Numbers as people read them, legend classes, and charts whose text stays on the page."""

import math
import re

import pytest

from spatial_privacy_plugin.charts import WIDTH, line_chart_svg, sweep_figure
from spatial_privacy_plugin.formatting import count_class_breaks, percent, risk_class_breaks


@pytest.mark.parametrize("share, text", [
    (0.125, "12.5 %"), (1.0, "100.0 %"), (0.05, "5.0 %"), (0.0034, "0.34 %"),
    (0.00003, "0.0030 %"), (0.000001, "0.00010 %"), (0.0, "0 %"), (None, "–"),
    (float("nan"), "–")])
def test_percent_shows_small_risks(share, text):
    assert percent(share) == text


def test_count_classes_start_at_k_and_stop_at_the_largest_count():
    assert count_class_breaks(10) == [10, 25, 50, 100, 250, 500]
    assert count_class_breaks(10, largest=60) == [10, 25, 50]
    assert count_class_breaks(10, largest=12) == [10]
    assert count_class_breaks(5, largest=60) == [5, 10, 25, 50]
    assert count_class_breaks(20)[:2] == [20, 50]  # no sliver class 20–24
    assert count_class_breaks(1) == [1, 5, 10, 25, 50, 100]  # 2.5 is no count


def test_risk_classes_have_the_ceiling_as_a_break():
    assert risk_class_breaks(0.02) == [0.005, 0.01, 0.02, 0.04]
    assert risk_class_breaks(0.6) == [0.15, 0.3, 0.6]  # no break at 1 or above
    assert risk_class_breaks() == [0.001, 0.01, 0.05, 0.2]


LONG = "random guess in candidate set (π marketer)"


def escalation_svg(first=(0.1, 0.4, 0.7), second=(0.1, 0.4, 0.7)):
    return line_chart_svg("Escalation", ["location", "location + sex", "location + sex + age band"],
                          [("believed (π unique)", list(first)), ("really (π correct)", list(second)),
                           (LONG, [0.2, 0.5, 0.8])],
                          "share of targets", "what the adversary knows", 0.1, "ceiling ρ = 0.1")


def text_elements(svg):
    return [(float(x), float(y), text) for x, y, text in
            re.findall(r'<text x="([\d.]+)" y="([\d.]+)"[^>]*>([^<]*)</text>', svg)]


def test_the_legend_is_not_clipped_on_the_right():
    legend = [(x, text) for x, _, text in text_elements(escalation_svg()) if text == LONG]
    assert legend, "the legend names every series"
    x, text = legend[0]
    assert x + 7.5 * len(text) < WIDTH  # a generous 7.5 px per character still fits


def test_the_axis_title_is_below_every_tick_label():
    svg = escalation_svg()
    elements = text_elements(svg)
    title_y = next(y for _, y, text in elements if text == "what the adversary knows")
    tick_y = [y for _, y, text in elements if text in ("location", "location + sex", "age band",
                                                         "location + sex +")]
    assert tick_y and title_y > max(tick_y) + 12


def test_equal_lines_stay_distinguishable():
    svg = escalation_svg()
    lines = re.findall(r'<polyline [^>]*stroke-width="([\d.]+)"[^>]*?(?:stroke-dasharray="([^"]*)")?/>',
                       svg)
    assert len(lines) == 3
    assert len({width for width, _ in lines}) == 3 and len({dash for _, dash in lines}) == 3
    # The two equal series have different markers: circles for one, squares for the other.
    assert "<circle" in svg and "<rect x=" in svg


def test_sweep_figure_marks_the_tolerance_and_the_recommended_size():
    labels = {"title": "t", "size": "cell size (m)", "share": "withheld", "median": "median",
              "share_of": "withheld {name}", "median_of": "median {name}",
              "tolerance": "tolerance 20.0 %", "recommended": "recommended: 1000 m",
              "none_publishable": "none"}
    figure = sweep_figure([(None, [250, 500, 1000], [0.5, 0.3, 0.1], [12, 20, 40])], 0.2, 1000.0,
                          labels)
    assert [trace["name"] for trace in figure["data"]] == ["withheld", "median"]
    assert figure["data"][1]["yaxis"] == "y2"
    shapes = figure["layout"]["shapes"]
    assert shapes[0]["y0"] == shapes[0]["y1"] == 0.2 and shapes[1]["x0"] == 1000.0
    texts = {note["text"]: note for note in figure["layout"]["annotations"]}
    # An annotation on a log axis is placed at the logarithm of its value.
    assert texts["recommended: 1000 m"]["x"] == pytest.approx(math.log10(1000))
    assert figure["layout"]["legend"]["orientation"] == "h"  # under the plot: never clipped
    strata = sweep_figure([("urban", [250, 500], [0.5, 0.1], [12, 30]),
                           ("rural", [250, 500], [0.9, 0.4], [3, 11])], 0.2, None, labels)
    assert [trace["name"] for trace in strata["data"]] == ["withheld urban", "median urban",
                                                           "withheld rural", "median rural"]
    assert [note["text"] for note in strata["layout"]["annotations"]][-1] == "none"
