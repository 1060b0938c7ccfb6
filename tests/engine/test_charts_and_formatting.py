"""Numbers as people read them, legend classes, and charts whose text stays on the page."""

import math

import pytest

from spatial_privacy_plugin.charts import comparison_figure, escalation_figure, sweep_figure
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


def escalation(first=(0.1, 0.4, 0.7), second=(0.1, 0.4, 0.7), threshold=0.1):
    return escalation_figure(["location", "location + sex", "location + sex + age band"],
                             [("believed (π unique)", list(first)),
                              ("really (π correct)", list(second)),
                              ("random guess (π marketer)", [0.2, None, 0.8])],
                             threshold, {"title": "t", "share": "share of targets",
                                         "steps": "what the adversary knows",
                                         "threshold": "ceiling ρ = 0.1"})


def test_equal_lines_stay_distinguishable():
    lines = [trace for trace in escalation()["data"] if trace["mode"] == "lines+markers"]
    assert len(lines) == 3
    assert len({trace["line"]["width"] for trace in lines}) == 3
    assert len({trace["line"]["dash"] for trace in lines}) == 3
    assert len({trace["marker"]["symbol"] for trace in lines}) == 3
    assert lines[2]["y"] == [0.2, None, 0.8]  # an unknown figure is a gap, not a zero


def test_the_ceiling_is_a_legend_entry_not_a_label_on_the_plot():
    figure = escalation()
    ceiling = figure["data"][-1]
    assert ceiling["name"] == "ceiling ρ = 0.1" and set(ceiling["y"]) == {0.1}
    assert not figure["layout"].get("annotations")
    assert len(escalation(threshold=None)["data"]) == 3  # no policy, no line


def test_sweep_figure_marks_the_tolerance_and_the_recommended_size():
    labels = {"title": "t", "size": "cell size (m)", "share": "withheld", "median": "median",
              "share_of": "withheld {name}", "median_of": "median {name}",
              "tolerance": "tolerance 20.0 %", "recommended": "recommended: 1000 m",
              "none_publishable": "none"}
    figure = sweep_figure([(None, [250, 500, 1000], [0.5, 0.3, 0.1], [12, 20, 40])], 0.2, 1000.0,
                          labels)
    assert [trace["name"] for trace in figure["data"]] == ["withheld", "median", "tolerance 20.0 %"]
    assert figure["data"][1]["yaxis"] == "y2"
    # The tolerance is a line named in the legend: a label on the plot hid the 250 m median.
    tolerance = figure["data"][2]
    assert set(tolerance["y"]) == {0.2} and tolerance["x"] == [250, 500, 1000]
    shapes = figure["layout"]["shapes"]
    assert [shape["x0"] for shape in shapes] == [1000.0]
    texts = {note["text"]: note for note in figure["layout"]["annotations"]}
    assert "tolerance 20.0 %" not in texts
    # An annotation on a log axis is placed at the logarithm of its value.
    assert texts["recommended: 1000 m"]["x"] == pytest.approx(math.log10(1000))
    assert figure["layout"]["legend"]["orientation"] == "h"  # under the plot: never clipped
    strata = sweep_figure([("urban", [250, 500], [0.5, 0.1], [12, 30]),
                           ("rural", [250, 500], [0.9, 0.4], [3, 11])], 0.2, None, labels)
    assert [trace["name"] for trace in strata["data"]] == ["withheld urban", "median urban",
                                                           "withheld rural", "median rural",
                                                           "tolerance 20.0 %"]
    assert [note["text"] for note in strata["layout"]["annotations"]][-1] == "none"


def test_spread_breaks_split_the_one_class_that_holds_every_value():
    from spatial_privacy_plugin.formatting import spread_breaks
    breaks = [0.0025, 0.005, 0.01, 0.02]
    alike = [0.000436, 0.000440, 0.000445, 0.000451, 0.000465]  # the sample city's zones
    split = spread_breaks(breaks, alike)
    added = sorted(set(split) - set(breaks))
    assert added and all(min(alike) < bound <= max(alike) for bound in added)
    assert all(percent(bound) in ("0.044 %", "0.045 %") for bound in added)  # as the legend reads
    assert spread_breaks(breaks, [0.001, 0.003]) == breaks  # two classes already
    assert spread_breaks(breaks, [0.0004] * 3 + [None, float("nan")]) == breaks  # all equal


COMPARISON_LABELS = {
    "title": "t", "size": "cell size (m)", "mae": "MAE", "mae_note": "solid, dashed",
    "mae_bounded": "MAE against the bounded counts", "wasserstein": "distance",
    "risk": "what an attacker can know", "risk_note": "cells pinned; DP within ±2",
    "cells": "cells pinned", "probability": "DP: within ±2", "missing_title": "Not computed:",
    "missing": "{method} at {size:g} m: {measure} not computed, because {reason}.",
    "note": "not a release"}


def comparison(missing_distance=True):
    rows = [{"name": name, "sizes": [250.0, 1000.0], "mae": [1.0, 0.5],
             "wasserstein": [30.0, 60.0], "risk": [4, 1], "risk_kind": "cells"}
            for name in ("suppression", "cell key", "swap + cell key")]
    rows.insert(2, {"name": "DP", "sizes": [250.0, 1000.0], "mae": [9.0, 37.5],
                    "mae_bounded": [0.9, 0.8],
                    "wasserstein": [float("nan") if missing_distance else 20.0, 40.0],
                    "risk": [0.93, 0.93], "risk_kind": "probability"})
    why = {("DP", 250.0, "wasserstein"): "its transport problem is too large"}
    return comparison_figure(rows, COMPARISON_LABELS, why)


def test_comparison_figure_has_one_legend_entry_per_method():
    figure = comparison()
    shown = [trace["name"] for trace in figure["data"] if trace["showlegend"]]
    assert shown == ["suppression", "cell key", "DP", "swap + cell key"]
    # Every line of a method answers to its legend entry.
    assert {trace["legendgroup"] for trace in figure["data"]} == set(shown)


def test_comparison_figure_shows_each_methods_own_risk_and_no_exact_small_counts():
    figure = comparison()
    risk = [trace for trace in figure["data"] if trace["yaxis"] in ("y3", "y4")]
    assert [(trace["name"], trace["yaxis"]) for trace in risk] == [
        ("suppression", "y3"), ("cell key", "y3"), ("DP", "y4"), ("swap + cell key", "y3")]
    assert figure["layout"]["yaxis4"]["overlaying"] == "y3"
    assert figure["layout"]["yaxis4"]["tickformat"] == ".0%"
    text = str(figure)
    assert "exactly" not in text
    # The DP row's error against the counts it noises is its own dashed line.
    dp_mae = [trace for trace in figure["data"] if trace["name"] == "DP" and trace["yaxis"] == "y"]
    assert [trace["line"]["dash"] for trace in dp_mae] == ["solid", "dash"]
    assert dp_mae[1]["y"] == [0.9, 0.8]
    notes = " ".join(note["text"] for note in figure["layout"]["annotations"])
    assert "cells pinned; DP within ±2" in notes and "solid, dashed" in notes


def test_a_missing_point_is_explained_on_the_chart():
    figure = comparison()
    distance = [trace for trace in figure["data"] if trace["name"] == "DP"
                and trace["yaxis"] == "y2"][0]
    assert distance["y"] == [None, 40.0]  # a gap, not a zero
    notes = [note["text"] for note in figure["layout"]["annotations"]]
    assert any("DP at 250 m: distance not computed, because its transport problem is too "
               "large." in note for note in notes)
    assert not any("not computed" in note for note in
                   [note["text"] for note in comparison(False)["layout"]["annotations"]])
    with pytest.raises(KeyError):  # a gap the caller does not explain is refused
        comparison_figure([{"name": "DP", "sizes": [250.0], "mae": [None], "wasserstein": [1.0],
                            "risk": [0.9], "risk_kind": "probability"}], COMPARISON_LABELS, {})
