"""HTML chart files from plotly figure specs; where plotly is missing, a page that says why.

QGIS on Debian and Ubuntu brings plotly (python3-plotly, a dependency of
python3-qgis); other installations may lack it. A missing plotly never fails
a run: the chart file explains how to get the chart instead.

A chart (the sweep's, the join's, the comparison's) refers to plotly.js written once beside
the charts, named with its version: pages open without a network, and a folder of charts
holds one copy. A report meant to travel alone (the record swap's report, the join
simulation's report) carries plotly.js inside the page instead (about 3.5 MB more), so that
it draws wherever it is sent.
"""

from html import escape
from pathlib import Path

from ..base import tr

CONFIG = {"displaylogo": False, "responsive": True}


def plotly_missing(feedback):
    """The reason a chart cannot be drawn (said in the log), or None where plotly is there."""
    try:
        import plotly.io  # noqa: F401
    except ImportError:
        reason = tr("The chart needs the Python package plotly, which this QGIS does not have. On "
                    "Debian or Ubuntu: sudo apt install python3-plotly; elsewhere install it into "
                    "QGIS's Python (OSGeo4W Shell: python -m pip install plotly). The table holds "
                    "every figure the chart would show.")
        feedback.pushWarning(reason)
        return reason
    return None


def plotly_script(folder):
    """Write plotly.js into ``folder`` unless it is there already; its file name."""
    from plotly.offline import get_plotlyjs, get_plotlyjs_version

    name = f"plotly-{get_plotlyjs_version()}.min.js"
    path = Path(folder) / name
    if not path.exists():
        partial = path.with_name(f".{name}.partial")
        partial.write_text(get_plotlyjs(), encoding="utf-8")
        partial.replace(path)  # a reader never sees half a script
    return name


def figure_div(figure, folder, travels=False):
    """(the script loading plotly.js, the figure's div) for a page saved in ``folder``: the
    script refers to plotly.js written into ``folder``, or with ``travels`` holds it whole
    (a page that draws alone, wherever it is sent)."""
    import plotly.io

    if travels:
        from plotly.offline import get_plotlyjs

        script = f"<script type='text/javascript'>{get_plotlyjs()}</script>"
    else:
        script = f"<script src='{escape(plotly_script(folder))}'></script>"
    return script, plotly.io.to_html(figure, include_plotlyjs=False, full_html=False,
                                     config=CONFIG)


def write_html_chart(path, figure, title, feedback, before_chart="", travels=False):
    """Write ``figure`` (a plotly figure as a dict) to ``path`` as an HTML page, plotly.js beside
    (inside the page with ``travels``: a report), with ``before_chart`` (HTML: headings,
    tables) above the chart.

    Returns True when the chart was drawn, False when the page only explains why not.
    """
    reason = plotly_missing(feedback)
    head = f"<head><meta charset='utf-8'><title>{escape(title)}</title>"
    heading = f"<h1>{escape(title)}</h1>{before_chart}" if before_chart or reason else ""
    if reason is not None:
        Path(path).write_text(f"<html>{head}</head><body>{heading}<p>{escape(reason)}</p>"
                              f"</body></html>", encoding="utf-8")
        return False
    script, div = figure_div(figure, Path(path).parent, travels)
    Path(path).write_text(f"<html>{head}{script}</head><body>{heading}{div}</body></html>",
                          encoding="utf-8")
    return True
