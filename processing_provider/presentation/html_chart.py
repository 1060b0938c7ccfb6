"""An HTML chart file from a plotly figure spec; where plotly is missing, a page that says why.

QGIS on Debian and Ubuntu brings plotly (python3-plotly, a dependency of
python3-qgis); other installations may lack it. A missing plotly never fails
a run: the chart file explains how to get the chart instead.
"""

from html import escape
from pathlib import Path

from ..base import tr


def write_html_chart(path, figure, title, feedback, before_chart=""):
    """Write ``figure`` (a plotly figure as a dict) to ``path`` as one self-contained HTML page,
    with ``before_chart`` (HTML: headings, tables) above the chart.

    The page carries plotly's script, so it opens without a network. Returns
    True when the chart was drawn, False when the page only explains why not.
    """
    try:
        import plotly.io
    except ImportError:
        reason = tr("The chart needs the Python package plotly, which this QGIS does not have. On "
                    "Debian or Ubuntu: sudo apt install python3-plotly; elsewhere install it into "
                    "QGIS's Python (OSGeo4W Shell: python -m pip install plotly). The table holds "
                    "every figure the chart would show.")
        feedback.pushWarning(reason)
        Path(path).write_text(f"<html><head><meta charset='utf-8'><title>{escape(title)}</title>"
                              f"</head><body><h1>{escape(title)}</h1>{before_chart}<p>{escape(reason)}</p>"
                              f"</body></html>", encoding="utf-8")
        return False
    page = plotly.io.to_html(figure, include_plotlyjs=True, full_html=True,
                             config={"displaylogo": False, "responsive": True})
    # plotly's page has no title of its own: name it as the chart.
    page = page.replace("<head>", f"<head><meta charset='utf-8'><title>{escape(title)}</title>", 1)
    if before_chart:
        page = page.replace("<body>", f"<body><h1>{escape(title)}</h1>{before_chart}", 1)
    Path(path).write_text(page, encoding="utf-8")
    return True
