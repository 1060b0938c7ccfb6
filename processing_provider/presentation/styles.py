"""Classed styles whose legend shows values: built in code so that the labels are translated.

A grid's legend reads 10–24, 25–49, … (the first class starts at k) with withheld
cells hatched; a risk layer's legend reads probability classes with the policy's
ceiling as a break. The style is applied when QGIS loads an output and stored
with file outputs (qgis_process and models do not run the post-processor).
"""

from qgis.core import QgsExpression, QgsFillSymbol, QgsLinePatternFillSymbolLayer, QgsMapLayer, \
    QgsMarkerSymbol, QgsProcessingLayerPostProcessorInterface, QgsRuleBasedRenderer, QgsVectorLayer
from qgis.PyQt import sip
from qgis.PyQt.QtGui import QColor

from ...spatial_privacy_plugin.formatting import count_class_breaks, percent, risk_class_breaks, \
    spread_breaks
from ..base import tr
from ..destinations import gpkg_layer
from ..staged_outputs import final_destination

# Light to dark: more people (counts), more risk (below the ceiling, then above it).
COUNT_COLOURS = ("#fee5d9", "#a50f15")
RISK_COLOURS = ("#ffffd4", "#cc4c02")
OVER_CEILING_COLOURS = ("#ef3b2c", "#67000d")
WITHHELD_FILL = "224,224,224,255"
NO_ESTIMATE_FILL = "189,189,189,255"
ZONE_OUTLINE = "77,77,77,255"

# QGIS takes ownership of a post-processor and deletes it with the run's context, so every run
# gets a new one. Python keeps a reference until QGIS has deleted it: without one, Python could
# collect its half of the object before the layer loads.
_LIVE_POST_PROCESSORS = []


def _blend(colours, position):
    """The colour at ``position`` in [0, 1] between two hex colours."""
    first, last = QColor(colours[0]), QColor(colours[1])
    channels = [round(a + (b - a) * position) for a, b in
                zip(first.getRgb()[:3], last.getRgb()[:3])]
    return ",".join(str(value) for value in channels) + ",255"


def _fill(colour, outline="255,255,255,255", width="0.1"):
    return QgsFillSymbol.createSimple({"color": colour, "outline_color": outline,
                                       "outline_width": width, "outline_width_unit": "MM"})


def _hatched(colour):
    """Grey fill with diagonal lines: visibly not a value."""
    symbol = _fill(colour, "158,158,158,255")
    hatch = QgsLinePatternFillSymbolLayer()
    hatch.setLineAngle(45)
    hatch.setDistance(1.2)
    hatch.setColor(QColor(90, 90, 90))
    symbol.appendSymbolLayer(hatch)
    return symbol


def _marker(colour):
    return QgsMarkerSymbol.createSimple({"name": "circle", "color": colour, "size": "2",
                                         "outline_style": "no"})


def _renderer(rules):
    """A rule-based renderer from (symbol, filter, label) triples, in legend order."""
    root = QgsRuleBasedRenderer.Rule(None)
    for symbol, expression, label in rules:
        root.appendChild(QgsRuleBasedRenderer.Rule(symbol, 0, 0, expression, label))
    return QgsRuleBasedRenderer(root)


def _positions(count):
    return [index / max(count - 1, 1) for index in range(count)]


def count_renderer(k, count_field="n_persons", status_field="status", largest=None, zeros=False,
                   withheld=True, perturbed=False):
    """Classes of people counts from k up, a class for true zeros, withheld cells hatched.

    ``status_field`` None: every record with a count is published (a layer
    without a status). ``withheld`` False leaves the withheld class out and
    ``perturbed`` says a 0 need not be empty (a cell key release).
    """
    count = QgsExpression.quotedColumnRef(count_field)
    published = f"{QgsExpression.quotedColumnRef(status_field)} = 'published' AND " \
        if status_field else ""
    bounds = count_class_breaks(k, largest)
    rules = []
    if zeros:
        rules.append((_fill(_blend(COUNT_COLOURS, 0.0)), f"{published}{count} = 0",
                      tr("0 (a perturbed count: not necessarily empty)") if perturbed
                      else tr("0 (an empty cell)")))
    for position, low, high in zip(_positions(len(bounds)), bounds, bounds[1:] + [None]):
        if high is None:
            expression, label = f"{published}{count} >= {low}", tr("{low} or more").format(low=low)
        else:
            expression = f"{published}{count} >= {low} AND {count} < {high}"
            label = str(low) if high - 1 == low else tr("{low}–{high}").format(low=low, high=high - 1)
        rules.append((_fill(_blend(COUNT_COLOURS, 0.15 + 0.85 * position)), expression, label))
    if withheld:
        not_published = f"{QgsExpression.quotedColumnRef(status_field)} <> 'published' OR " \
            if status_field else ""
        rules.append((_hatched(WITHHELD_FILL), f"{not_published}{count} IS NULL",
                      tr("Withheld (not published)")))
    return _renderer(rules)


def risk_renderer(risk_field, ceiling=None, points=False, no_estimate=True, zones=None):
    """Probability classes with the ceiling as a break; classes above it in reds.

    A class that ends at the ceiling includes it (the gate fails only above it).
    ``zones``: the risks of the zones drawn; where they all fall in one class, that class is
    split at their quantiles (spread_breaks), and a class that still holds every zone says so.
    Zones get dark outlines: a pale class stays visible on a pale map.
    """
    risk = QgsExpression.quotedColumnRef(risk_field)
    breaks = risk_class_breaks(ceiling)
    present = [value for value in zones or () if value is not None and value == value]
    if present:
        breaks = spread_breaks(breaks, present)
    bounds = list(zip([0.0] + breaks, breaks + [None]))
    below = [bound for bound in bounds if ceiling is None or bound[0] < ceiling]
    above = bounds[len(below):]
    symbol = _marker if points else (lambda colour: _fill(colour, ZONE_OUTLINE, "0.3"))
    rules = []
    if no_estimate:
        rules.append((_hatched(NO_ESTIMATE_FILL), f"{risk} IS NULL",
                      tr("No estimate (blocks a release)")))
    for colours, group in ((RISK_COLOURS, below), (OVER_CEILING_COLOURS, above)):
        for position, (low, high) in zip(_positions(len(group)), group):
            lower = f"{risk} > {low!r}" if low == ceiling else f"{risk} >= {low!r}"
            upper = "" if high is None else \
                f" AND {risk} {'<=' if high == ceiling else '<'} {high!r}"
            if high is None:
                label = tr("{low} or more").format(low=percent(low))
            else:
                label = tr("{low} to {high}").format(low=percent(low), high=percent(high))
            if ceiling is not None and low >= ceiling:
                label = tr("{range} (above the ceiling)").format(range=label)
            if present and all(_in_class(value, low, high, ceiling) for value in present):
                label = tr("{range} (all zones)").format(range=label)
            rules.append((symbol(_blend(colours, position)), lower + upper, label))
    return _renderer(rules)


def _in_class(value, low, high, ceiling):
    """Whether ``value`` falls in the class from ``low`` to ``high`` (None: open) as the
    renderer's rules place it (a class ending at the ceiling includes it)."""
    above_low = value > low if low == ceiling else value >= low
    below_high = high is None or (value <= high if high == ceiling else value < high)
    return above_low and below_high


class StyleOnLoad(QgsProcessingLayerPostProcessorInterface):
    def __init__(self, build_renderer):
        super().__init__()
        self.build_renderer = build_renderer

    def postProcessLayer(self, layer, context, feedback):  # noqa: N802 (QGIS's name)
        layer.setRenderer(self.build_renderer())
        layer.triggerRepaint()


def style_on_load(build_renderer):
    """A new post-processor for one run, kept alive until QGIS deletes it."""
    _LIVE_POST_PROCESSORS[:] = [kept for kept in _LIVE_POST_PROCESSORS if not sip.isdeleted(kept)]
    post_processor = StyleOnLoad(build_renderer)
    _LIVE_POST_PROCESSORS.append(post_processor)
    return post_processor


def apply_style(build_renderer, destination, context):
    """Style ``destination`` when QGIS loads it, and store the style in a file output.

    ``build_renderer`` makes a new renderer each time it is called (a layer owns its renderer).
    """
    loaded = final_destination(destination)  # QGIS loads it where it goes once complete
    if context.willLoadLayerOnCompletion(loaded):
        context.layerToLoadOnCompletionDetails(loaded).setPostProcessor(
            style_on_load(build_renderer))
    if "memory:" not in destination and context.getMapLayer(destination) is None:
        store_style(destination, build_renderer())


def load_under_own_name(context, destination, name):
    """Load ``destination`` as ``name`` even where a model names its outputs (a data holder's
    table keeps the warning its name carries). A staged output is loaded from where it goes."""
    for loaded in (destination, final_destination(str(destination))):
        if context.willLoadLayerOnCompletion(loaded):
            details = context.layerToLoadOnCompletionDetails(loaded)
            details.name = name
            details.forceName = True


def dp_renderer(levels, count_field="n_persons", level_field="resolution_m"):
    """One rule per level of a differentially private grid, the finest shown and the others
    ready to switch on in the legend (the levels overlap); under each, classes of the noisy
    counts. ``levels``: (cell size, 95 % accuracy, largest count) per level, finest first.

    A level's label states its accuracy; its first class holds the counts within that noise of
    an empty cell, so the map shows no difference the noise could have made.
    """
    count = QgsExpression.quotedColumnRef(count_field)
    root = QgsRuleBasedRenderer.Rule(None)
    for index, (size, accuracy, largest) in enumerate(levels):
        level = QgsRuleBasedRenderer.Rule(
            None, 0, 0, f"{QgsExpression.quotedColumnRef(level_field)} = {size!r}",
            tr("{size:g} m cells: counts ±{accuracy} people (95 %)").format(size=size,
                                                                           accuracy=accuracy))
        level.setActive(index == 0)
        first = max(int(accuracy), 1)
        bounds = [0] + count_class_breaks(first, largest)
        for position, low, high in zip(_positions(len(bounds)), bounds, bounds[1:] + [None]):
            if high is None:
                expression, label = f"{count} >= {low}", tr("{low} or more").format(low=low)
            else:
                expression = f"{count} >= {low} AND {count} < {high}"
                label = tr("{low}–{high}").format(low=low, high=high - 1)
            if low == 0:
                label = tr("{range} (within the noise of an empty cell)").format(range=label)
            level.appendChild(QgsRuleBasedRenderer.Rule(
                _fill(_blend(COUNT_COLOURS, 0.15 + 0.85 * position)), 0, 0, expression, label))
        root.appendChild(level)
    return QgsRuleBasedRenderer(root)


def store_style(destination, renderer):
    """Store ``renderer`` as the default style of a file output (GeoPackage table or sidecar).

    Styles applied in the GUI do not reach qgis_process users; a style stored
    with the file travels with it. Memory outputs are left to the post-processor.
    """
    layer = QgsVectorLayer(destination, "styled", "ogr")
    if not layer.isValid():
        return False
    layer.setRenderer(renderer)
    added = gpkg_layer(destination)
    if added is not None:
        # A layer added to a GeoPackage: its style goes with it, not in a .qml named after the
        # file (which QGIS would apply to every layer of the file).
        return not layer.saveStyleToDatabase(final_destination(added[1]), "", True, "")
    try:
        message, stored = layer.saveDefaultStyle(QgsMapLayer.StyleCategory.AllStyleCategories)
    except TypeError:  # QGIS < 3.26 takes no categories
        message, stored = layer.saveDefaultStyle()
    return bool(stored)
