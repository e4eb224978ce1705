//! The report's charts, drawn with plotters' SVG backend into strings to
//! be inlined in the page: line charts (one line per deck, an interval as
//! a shaded band where there is one), grouped bar charts (the deck cost
//! histogram) and interval charts (ratings), all on "nice" ticks; and the
//! dot-and-whisker chart of the compare page, drawn as plain SVG.

use std::fmt::Write;

use std::ops::Range;

use anyhow::Context;
use plotters::coord::Shift;
use plotters::coord::ranged1d::{DefaultFormatting, KeyPointHint};
use plotters::prelude::*;

use super::html::esc;

/// Chart size in pixels (the page scales it down on narrow screens).
const SIZE: (u32, u32) = (480, 300);

/// The font of titles, ticks and legends.
const FONT: &str = "sans-serif";

/// The most ticks on an axis.
const TICKS: usize = 7;

/// Line colours, in deck order (colour-blind-safe, Okabe-Ito).
const PALETTE: [RGBColor; 8] = [
    RGBColor(0, 114, 178),
    RGBColor(213, 94, 0),
    RGBColor(0, 158, 115),
    RGBColor(204, 121, 167),
    RGBColor(230, 159, 0),
    RGBColor(86, 180, 233),
    RGBColor(0, 0, 0),
    RGBColor(240, 228, 66),
];

/// One named line of a chart.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    /// The legend entry (a deck name).
    pub name: String,
    /// The points, in x order.
    pub points: Vec<(f64, f64)>,
    /// The 95% interval at each x, `(x, low, high)`, drawn as a shaded
    /// band; empty when the figure has none.
    pub band: Vec<(f64, f64, f64)>,
}

/// Groups `rows` into one series per `name`, in the order names first
/// appear.
pub fn series_by<T>(
    rows: &[T],
    name: impl Fn(&T) -> &str,
    point: impl Fn(&T) -> (f64, f64),
) -> Vec<Series> {
    let mut out: Vec<Series> = Vec::new();
    for row in rows {
        let n = name(row);
        let i = match out.iter().position(|s| s.name == n) {
            Some(i) => i,
            None => {
                out.push(Series {
                    name: n.to_owned(),
                    points: Vec::new(),
                    band: Vec::new(),
                });
                out.len() - 1
            }
        };
        out[i].points.push(point(row));
    }
    out
}

/// A linear axis from `lo` to `hi` and its ticks: multiples of a step of
/// 1, 2 or 5 × 10^k, printed with the decimals that tell them apart.
#[derive(Clone, Debug, PartialEq)]
pub struct Ticks {
    /// The axis's lower end.
    pub lo: f64,
    /// The axis's upper end.
    pub hi: f64,
    /// The tick values, ascending.
    pub values: Vec<f64>,
    /// Decimals enough to tell the step apart.
    pub decimals: usize,
}

impl Ticks {
    /// At most [`TICKS`] ticks from `lo` to `hi`, the axis widened to
    /// whole steps. With `whole`, the step is at least 1 (turns, costs).
    pub fn covering(lo: f64, hi: f64, whole: bool) -> Ticks {
        let step = step(hi - lo, whole);
        let (lo, hi) = ((lo / step).floor() * step, (hi / step).ceil() * step);
        let hi = if hi > lo { hi } else { lo + step };
        Ticks::of(lo, hi, step)
    }

    fn of(lo: f64, hi: f64, step: f64) -> Ticks {
        let first = (lo / step - 1e-9).ceil() as i64;
        let last = (hi / step + 1e-9).floor() as i64;
        // 0.05 needs 2 decimals, 0.5 one, 5 none.
        let decimals = (-(step.log10() + 1e-9).floor()).max(0.0) as usize;
        Ticks {
            lo,
            hi,
            values: (first..=last).map(|k| k as f64 * step).collect(),
            decimals,
        }
    }

    /// The label of `value`: with the ticks' decimals, or as a percentage
    /// (`share`, values from 0 to 1) with two decimals fewer.
    pub fn label(&self, value: f64, share: bool) -> String {
        if share {
            format!("{:.*}%", self.decimals.saturating_sub(2), value * 100.0)
        } else {
            format!("{:.*}", self.decimals, value)
        }
    }
}

/// The axis for plotters: its ticks are the only key points (no light
/// mesh lines).
impl Ranged for Ticks {
    type FormatOption = DefaultFormatting;
    type ValueType = f64;

    fn map(&self, value: &f64, limit: (i32, i32)) -> i32 {
        let t = (value - self.lo) / (self.hi - self.lo);
        limit.0 + (f64::from(limit.1 - limit.0) * t).round() as i32
    }

    fn key_points<Hint: KeyPointHint>(&self, hint: Hint) -> Vec<f64> {
        if hint.weight().allow_light_points() {
            Vec::new()
        } else {
            self.values.clone()
        }
    }

    fn range(&self) -> Range<f64> {
        self.lo..self.hi
    }
}

/// The nice step giving at most [`TICKS`] ticks over `span`.
fn step(span: f64, whole: bool) -> f64 {
    let span = if span.is_finite() && span > 0.0 {
        span
    } else {
        1.0
    };
    let raw = span / (TICKS - 1) as f64;
    let magnitude = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * magnitude)
        .find(|s| span / s <= (TICKS - 1) as f64 + 1e-9)
        .unwrap_or(10.0 * magnitude);
    if whole { step.max(1.0).round() } else { step }
}

/// The range of `values` (finite ones; 0 to 1 when there are none).
fn extent(values: impl Iterator<Item = f64>) -> (f64, f64) {
    values
        .filter(|v| v.is_finite())
        .fold(None, |acc: Option<(f64, f64)>, v| {
            Some(acc.map_or((v, v), |(lo, hi)| (lo.min(v), hi.max(v))))
        })
        .unwrap_or((0.0, 1.0))
}

/// Axis labels and the y range of a chart.
#[derive(Clone, Copy, Debug)]
pub struct Axes<'a> {
    /// The chart's title.
    pub title: &'a str,
    /// The x axis's label.
    pub x: &'a str,
    /// The y axis's label.
    pub y: &'a str,
    /// Whether y values are shares, shown as percentages on a 0 to 100%
    /// axis; else the axis runs from 0 to the data's maximum.
    pub share: bool,
}

/// An SVG line chart of `series`, one colour each, with a legend; x is a
/// whole number (a turn). A series' band is shaded in its colour.
pub fn line_chart(axes: Axes, series: &[Series]) -> anyhow::Result<String> {
    let points = || series.iter().flat_map(|s| s.points.iter());
    let (x0, x1) = extent(points().map(|p| p.0));
    let x_ticks = Ticks::covering(x0, x1, true);
    let y_ticks = if axes.share {
        Ticks::covering(0.0, 1.0, false)
    } else {
        let bands = series.iter().flat_map(|s| s.band.iter().map(|b| b.2));
        let (lo, hi) = extent(points().map(|p| p.1).chain(bands).chain([0.0]));
        Ticks::covering(lo, hi, false)
    };
    draw(axes.title, |root| {
        let mut chart = frame(root, axes, &x_ticks, &y_ticks, false)?;
        for (i, s) in series.iter().enumerate() {
            let colour = PALETTE[i % PALETTE.len()];
            if !s.band.is_empty() {
                let outline: Vec<(f64, f64)> = s
                    .band
                    .iter()
                    .map(|b| (b.0, b.2))
                    .chain(s.band.iter().rev().map(|b| (b.0, b.1)))
                    .collect();
                chart.draw_series([Polygon::new(outline, colour.mix(0.15).filled())])?;
            }
            chart
                .draw_series(LineSeries::new(
                    s.points.iter().copied(),
                    colour.stroke_width(2),
                ))?
                .label(s.name.as_str())
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 18, y)], colour.stroke_width(2))
                });
            // A line of one point draws nothing: mark the point.
            if let [only] = s.points.as_slice() {
                chart.draw_series([Circle::new(*only, 4, colour.filled())])?;
            }
        }
        legend(&mut chart, corner(series, &x_ticks, &y_ticks))
    })
}

/// A chart's frame on `root`: the title, the axes on `x` and `y` with
/// their ticks and labels, horizontal grid lines (and vertical ones but
/// for `bars`).
fn frame<'a, 'b>(
    root: &'a DrawingArea<SVGBackend<'b>, Shift>,
    axes: Axes,
    x: &Ticks,
    y: &Ticks,
    bars: bool,
) -> anyhow::Result<ChartContext<'a, SVGBackend<'b>, Cartesian2d<Ticks, Ticks>>> {
    let mut chart = ChartBuilder::on(root)
        .caption(axes.title, (FONT, 18))
        .margin(10)
        .x_label_area_size(40)
        .y_label_area_size(55)
        .build_cartesian_2d(x.clone(), y.clone())?;
    let mut mesh = chart.configure_mesh();
    if bars {
        mesh.disable_x_mesh();
    }
    mesh.x_desc(axes.x)
        .y_desc(axes.y)
        .x_label_formatter(&|v| x.label(*v, false))
        .y_label_formatter(&|v| y.label(*v, axes.share))
        .label_style((FONT, 13))
        .axis_desc_style((FONT, 13))
        .light_line_style(WHITE.mix(0.0))
        .draw()?;
    Ok(chart)
}

/// Where the legend of a line chart hides the fewest points: the upper
/// left corner, else the upper right or the lower right one.
fn corner(series: &[Series], x: &Ticks, y: &Ticks) -> SeriesLabelPosition {
    let points: Vec<(f64, f64)> = series
        .iter()
        .flat_map(|s| &s.points)
        .map(|p| ((p.0 - x.lo) / (x.hi - x.lo), (p.1 - y.lo) / (y.hi - y.lo)))
        .collect();
    // The legend covers about the outer 40% of the width and, for a few
    // series, the outer 35% of the height.
    let under = |left: bool, top: bool| {
        points
            .iter()
            .filter(|(px, py)| {
                (if left { *px < 0.4 } else { *px > 0.6 })
                    && (if top { *py > 0.65 } else { *py < 0.35 })
            })
            .count()
    };
    [
        (under(true, true), SeriesLabelPosition::UpperLeft),
        (under(false, true), SeriesLabelPosition::UpperRight),
        (under(false, false), SeriesLabelPosition::LowerRight),
    ]
    .into_iter()
    .min_by_key(|c| c.0)
    .map_or(SeriesLabelPosition::UpperLeft, |c| c.1)
}

/// Draws the legend of `chart` at `position`.
fn legend<'a, 'b: 'a, CT: CoordTranslate>(
    chart: &mut ChartContext<'a, SVGBackend<'b>, CT>,
    position: SeriesLabelPosition,
) -> anyhow::Result<()> {
    chart
        .configure_series_labels()
        .position(position)
        .label_font((FONT, 13))
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK.mix(0.3))
        .draw()?;
    Ok(())
}

/// How a bar chart lays out the series of one x.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bars {
    /// One bar per series, side by side (a grouped bar chart).
    Grouped,
    /// One bar per x, the series stacked in order from the axis up.
    Stacked,
}

/// An SVG bar chart of `series` by x (a whole number: a cost, a round),
/// laid out as `bars` says, with a legend.
pub fn bar_chart(axes: Axes, series: &[Series], bars: Bars) -> anyhow::Result<String> {
    let points = || series.iter().flat_map(|s| s.points.iter());
    let (x0, x1) = extent(points().map(|p| p.0));
    // A tick under every group; headroom above the bars for the legend.
    let x_ticks = Ticks {
        lo: x0 - 0.5,
        hi: x1 + 0.5,
        values: (x0.round() as i64..=x1.round() as i64)
            .map(|x| x as f64)
            .collect(),
        decimals: 0,
    };
    let rects = bar_rects(series, bars);
    let hi = rects
        .iter()
        .flatten()
        .map(|r| r.1 + r.2)
        .fold(0.0, f64::max);
    let y_ticks = Ticks::covering(0.0, hi * 1.3, false);
    let (width, step) = match bars {
        Bars::Grouped => (
            0.8 / series.len().max(1) as f64,
            0.8 / series.len().max(1) as f64,
        ),
        Bars::Stacked => (0.6, 0.0),
    };
    draw(axes.title, |root| {
        let mut chart = frame(root, axes, &x_ticks, &y_ticks, true)?;
        for (i, (s, rects)) in series.iter().zip(&rects).enumerate() {
            let colour = PALETTE[i % PALETTE.len()];
            let left = -width.max(step * series.len() as f64) / 2.0 + i as f64 * step;
            chart
                .draw_series(rects.iter().map(|&(x, y0, y)| {
                    Rectangle::new(
                        [(x + left, y0), (x + left + width, y0 + y)],
                        colour.filled(),
                    )
                }))?
                .label(s.name.as_str())
                .legend(move |(x, y)| {
                    Rectangle::new([(x, y - 5), (x + 12, y + 5)], colour.filled())
                });
        }
        legend(&mut chart, SeriesLabelPosition::UpperRight)
    })
}

/// Each series' bars as `(x, base, height)`: the base is 0, or for
/// stacked bars the top of the series below it at the same x.
fn bar_rects(series: &[Series], bars: Bars) -> Vec<Vec<(f64, f64, f64)>> {
    let mut tops: Vec<(f64, f64)> = Vec::new();
    let mut base = |x: f64, y: f64| -> f64 {
        if bars == Bars::Grouped {
            return 0.0;
        }
        match tops.iter_mut().find(|t| t.0 == x) {
            Some(t) => {
                t.1 += y;
                t.1 - y
            }
            None => {
                tops.push((x, y));
                0.0
            }
        }
    };
    series
        .iter()
        .map(|s| s.points.iter().map(|&(x, y)| (x, base(x, y), y)).collect())
        .collect()
}

/// One estimate of an interval chart: a name, a value and its interval.
#[derive(Clone, Debug, PartialEq)]
pub struct Bar {
    /// The label under the estimate (a deck name).
    pub name: String,
    /// The point estimate.
    pub value: f64,
    /// The interval's lower end.
    pub low: f64,
    /// The interval's upper end.
    pub high: f64,
}

/// An SVG chart of `bars`, left to right in the given order: each
/// interval a shaded band, its estimate a dot.
pub fn interval_chart(title: &str, y: &str, bars: &[Bar]) -> anyhow::Result<String> {
    let n = bars.len().max(1);
    let (lo, hi) = extent(bars.iter().flat_map(|b| [b.low, b.value, b.high]));
    let y_ticks = Ticks::covering(lo, hi, false);
    let x_ticks = Ticks {
        lo: -0.5,
        hi: n as f64 - 0.5,
        values: (0..n).map(|i| i as f64).collect(),
        decimals: 0,
    };
    draw(title, |root| {
        let mut chart = ChartBuilder::on(root)
            .caption(title, (FONT, 18))
            .margin(10)
            .x_label_area_size(40)
            .y_label_area_size(60)
            .build_cartesian_2d(x_ticks, y_ticks.clone())?;
        let label = |x: &f64| {
            bars.get(x.round().max(0.0) as usize)
                .map(|b| b.name.clone())
                .unwrap_or_default()
        };
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_label_formatter(&label)
            .y_label_formatter(&|v| y_ticks.label(*v, false))
            .y_desc(y)
            .label_style((FONT, 13))
            .axis_desc_style((FONT, 13))
            .light_line_style(WHITE.mix(0.0))
            .draw()?;
        chart.draw_series(bars.iter().enumerate().map(|(i, b)| {
            let x = i as f64;
            Rectangle::new(
                [(x - 0.15, b.low), (x + 0.15, b.high)],
                PALETTE[0].mix(0.3).filled(),
            )
        }))?;
        chart.draw_series(
            bars.iter()
                .enumerate()
                .map(|(i, b)| Circle::new((i as f64, b.value), 4, PALETTE[0].filled())),
        )?;
        Ok(())
    })
}

/// One point of a scatter chart: where it is, the 95% interval of its y,
/// and its group (its colour and legend entry).
#[derive(Clone, Debug, PartialEq)]
pub struct Dot {
    /// Its x.
    pub x: f64,
    /// Its y (the estimate).
    pub y: f64,
    /// The interval's lower end.
    pub low: f64,
    /// The interval's upper end.
    pub high: f64,
    /// Its group: an index into the chart's `groups`.
    pub group: usize,
}

/// An SVG scatter chart of `dots`, each with its interval as a vertical
/// line, coloured by group (`groups` names the legend entries), over a
/// grey line at y = 0; x is a whole number (a price).
pub fn scatter_chart(axes: Axes, groups: &[&str], dots: &[Dot]) -> anyhow::Result<String> {
    let (x0, x1) = extent(dots.iter().map(|d| d.x));
    let x_ticks = Ticks::covering(x0 - 0.5, x1 + 0.5, true);
    let (lo, hi) = extent(dots.iter().flat_map(|d| [d.low, d.high]).chain([0.0]));
    let y_ticks = Ticks::covering(lo, hi, false);
    draw(axes.title, |root| {
        let mut chart = frame(root, axes, &x_ticks, &y_ticks, false)?;
        chart.draw_series([PathElement::new(
            vec![(x_ticks.lo, 0.0), (x_ticks.hi, 0.0)],
            BLACK.mix(0.4).stroke_width(1),
        )])?;
        for (g, name) in groups.iter().enumerate() {
            let colour = PALETTE[g % PALETTE.len()];
            let members = || dots.iter().filter(move |d| d.group == g);
            chart
                .draw_series(members().map(|d| {
                    PathElement::new(vec![(d.x, d.low), (d.x, d.high)], colour.mix(0.5))
                }))?;
            chart
                .draw_series(members().map(|d| Circle::new((d.x, d.y), 3, colour.filled())))?
                .label(*name)
                .legend(move |(x, y)| Circle::new((x + 6, y), 4, colour.filled()));
        }
        legend(&mut chart, SeriesLabelPosition::UpperRight)
    })
}

/// One row of a dot-and-whisker chart: a difference and its interval.
#[derive(Clone, Debug, PartialEq)]
pub struct Whisker {
    /// The row's label.
    pub label: String,
    /// The estimate.
    pub value: f64,
    /// The interval's lower end.
    pub low: f64,
    /// The interval's upper end.
    pub high: f64,
    /// Whether the row is highlighted (its interval excludes 0).
    pub flagged: bool,
}

/// A dot-and-whisker chart as SVG: a row per whisker, labels on the left,
/// a dashed line at 0, highlighted rows tinted and drawn in red; `x` names
/// the axis.
pub fn whisker_chart(rows: &[Whisker], x: &str) -> String {
    const WIDTH: f64 = 760.0;
    const LABELS: f64 = 330.0;
    const ROW: f64 = 22.0;
    const AXIS: f64 = 44.0;
    let (lo, hi) = extent(rows.iter().flat_map(|r| [r.low, r.high]).chain([0.0]));
    let ticks = Ticks::covering(lo, hi, false);
    let (lo, hi) = (ticks.lo, ticks.hi);
    let plot = (LABELS, WIDTH - 20.0);
    let at = |v: f64| plot.0 + (v - lo) / (hi - lo) * (plot.1 - plot.0);
    let height = rows.len() as f64 * ROW + AXIS;
    let bottom = rows.len() as f64 * ROW;
    let mut svg = format!(
        "<svg class=\"whiskers\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" \
         height=\"{height}\" viewBox=\"0 0 {WIDTH} {height}\" font-family=\"{FONT}\" \
         font-size=\"12\">\n"
    );
    for (i, r) in rows.iter().enumerate() {
        let y = i as f64 * ROW + ROW / 2.0;
        let colour = if r.flagged { "#b00020" } else { "#0072b2" };
        if r.flagged {
            let _ = writeln!(
                svg,
                "<rect x=\"0\" y=\"{:.1}\" width=\"{WIDTH}\" height=\"{ROW}\" fill=\"#fff3cd\"/>",
                y - ROW / 2.0
            );
        }
        let _ = writeln!(
            svg,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>\n\
             <line x1=\"{:.1}\" x2=\"{:.1}\" y1=\"{y:.1}\" y2=\"{y:.1}\" stroke=\"{colour}\" \
             stroke-width=\"2\"/>\n<circle cx=\"{:.1}\" cy=\"{y:.1}\" r=\"4\" fill=\"{colour}\"/>",
            LABELS - 8.0,
            y + 4.0,
            esc(&r.label),
            at(r.low),
            at(r.high),
            at(r.value),
        );
    }
    let zero = at(0.0);
    let _ = writeln!(
        svg,
        "<line x1=\"{zero:.1}\" x2=\"{zero:.1}\" y1=\"0\" y2=\"{bottom:.1}\" stroke=\"#555\" \
         stroke-dasharray=\"4 3\"/>\n<line x1=\"{:.1}\" x2=\"{:.1}\" y1=\"{bottom:.1}\" \
         y2=\"{bottom:.1}\" stroke=\"#555\"/>",
        plot.0, plot.1
    );
    for v in &ticks.values {
        let _ = writeln!(
            svg,
            "<line x1=\"{x:.1}\" x2=\"{x:.1}\" y1=\"{bottom:.1}\" y2=\"{:.1}\" stroke=\"#555\"/>\
             <text x=\"{x:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>",
            bottom + 5.0,
            bottom + 18.0,
            ticks.label(*v, false),
            x = at(*v),
        );
    }
    let _ = write!(
        svg,
        "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>\n</svg>\n",
        (plot.0 + plot.1) / 2.0,
        bottom + 36.0,
        esc(x)
    );
    svg
}

/// Runs `plot` on a fresh SVG canvas and returns the SVG text.
fn draw(
    title: &str,
    plot: impl FnOnce(&DrawingArea<SVGBackend<'_>, Shift>) -> anyhow::Result<()>,
) -> anyhow::Result<String> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        root.fill(&WHITE)
            .map_err(anyhow::Error::from)
            .and_then(|()| plot(&root))
            .and_then(|()| Ok(root.present()?))
            .with_context(|| format!("cannot draw the chart {title:?}"))?;
    }
    Ok(svg)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn series_are_grouped_by_name_in_order() {
        let rows = [("b", 1.0, 2.0), ("a", 1.0, 3.0), ("b", 2.0, 4.0)];
        let s = series_by(&rows, |r| r.0, |r| (r.1, r.2));
        assert_eq!(s.len(), 2);
        assert_eq!(s[0].name, "b");
        assert_eq!(s[0].points, vec![(1.0, 2.0), (2.0, 4.0)]);
        assert_eq!(s[1].points, vec![(1.0, 3.0)]);
    }

    #[test]
    fn stacked_bars_start_where_the_series_below_ends() {
        let series = |name: &str, points: Vec<(f64, f64)>| Series {
            name: name.to_owned(),
            points,
            band: Vec::new(),
        };
        let two = [
            series("first", vec![(1.0, 2.0), (2.0, 3.0)]),
            series("second", vec![(1.0, 4.0), (3.0, 1.0)]),
        ];
        assert_eq!(
            bar_rects(&two, Bars::Stacked),
            [
                vec![(1.0, 0.0, 2.0), (2.0, 0.0, 3.0)],
                vec![(1.0, 2.0, 4.0), (3.0, 0.0, 1.0)]
            ]
        );
        let grouped = bar_rects(&two, Bars::Grouped);
        assert!(grouped.iter().flatten().all(|r| r.1 == 0.0));
    }

    #[test]
    fn ticks_are_nice_steps() {
        let t = Ticks::covering(0.0, 0.23, false);
        assert_eq!((t.lo, t.hi), (0.0, 0.25));
        assert_eq!(t.decimals, 2);
        let labels: Vec<String> = t.values.iter().map(|v| t.label(*v, false)).collect();
        assert_eq!(labels, ["0.00", "0.05", "0.10", "0.15", "0.20", "0.25"]);
        let t = Ticks::covering(0.0, 1.0, false);
        let labels: Vec<String> = t.values.iter().map(|v| t.label(*v, true)).collect();
        assert_eq!(labels, ["0%", "20%", "40%", "60%", "80%", "100%"]);
        let t = Ticks::covering(1.0, 24.0, true);
        assert_eq!((t.lo, t.hi, t.decimals), (0.0, 25.0, 0));
        assert_eq!(t.values, [0.0, 5.0, 10.0, 15.0, 20.0, 25.0]);
        // Whole steps stay whole on a short axis.
        assert_eq!(Ticks::covering(1.0, 3.0, true).values, [1.0, 2.0, 3.0]);
    }

    #[test]
    fn tick_labels_are_distinct() {
        let ranges = [
            (0.0, 0.23),
            (0.0, 0.012),
            (1370.0, 1620.3),
            (-9.1, 3.2),
            (0.0, 1.0),
            (0.0, 7.0),
            (16.9, 104.7),
            (2.0, 2.0),
            (0.0, 0.0),
        ];
        for (lo, hi) in ranges {
            for share in [false, true] {
                let t = Ticks::covering(lo, hi, false);
                let (a, b) = (t.lo, t.hi);
                assert!(a <= lo && b >= hi && b > a, "{lo}..{hi}: {a}..{b}");
                assert!((2..=TICKS).contains(&t.values.len()), "{lo}..{hi}: {t:?}");
                let mut labels: Vec<String> = t.values.iter().map(|v| t.label(*v, share)).collect();
                let n = labels.len();
                labels.dedup();
                assert_eq!(labels.len(), n, "{lo}..{hi}: {labels:?}");
            }
        }
    }

    #[test]
    fn charts_are_svg_with_escaped_text() {
        let series = [Series {
            name: "<Fox & Co>".into(),
            points: vec![(1.0, 0.2), (2.0, 0.3)],
            band: vec![(1.0, 0.1, 0.3), (2.0, 0.2, 0.4)],
        }];
        let axes = Axes {
            title: "mana",
            x: "turn",
            y: "mana",
            share: false,
        };
        let svg = line_chart(axes, &series).unwrap();
        assert!(svg.starts_with("<svg"), "{svg}");
        assert!(svg.contains("&lt;Fox &amp; Co&gt;"));
        assert!(!svg.contains("<Fox"));
        assert!(svg.contains("<polygon"), "the band is drawn");
        // Ticks 0.0, 0.1 … 0.4: the band's top is on the axis.
        assert!(svg.contains("\n0.1\n") && svg.contains("\n0.4\n"), "{svg}");
        assert!(!svg.contains("<circle"), "a line of two points is a line");
        // A line of one point (an action taken on turn 0 only) is marked.
        let lone = [Series {
            name: "leader".into(),
            points: vec![(0.0, 1.0)],
            band: Vec::new(),
        }];
        assert!(line_chart(axes, &lone).unwrap().contains("<circle"));
        let svg = bar_chart(axes, &series, Bars::Grouped).unwrap();
        // The background, two bars, the legend's box and border and its
        // colour sample.
        assert_eq!(svg.matches("<rect").count(), 1 + 2 + 2 + 1, "{svg}");
        let bars = [Bar {
            name: "a&b".into(),
            value: 1500.0,
            low: 1450.0,
            high: 1550.0,
        }];
        let svg = interval_chart("ratings", "rating", &bars).unwrap();
        assert!(svg.contains("a&amp;b"));
        assert!(svg.contains("<circle"));
    }

    #[test]
    fn whiskers_highlight_flagged_rows() {
        let rows = [
            Whisker {
                label: "a & b".into(),
                value: -7.3,
                low: -9.1,
                high: -5.5,
                flagged: true,
            },
            Whisker {
                label: "c".into(),
                value: 0.5,
                low: -1.0,
                high: 2.0,
                flagged: false,
            },
        ];
        let svg = whisker_chart(&rows, "B - A");
        assert_eq!(svg.matches("<circle").count(), 2);
        assert_eq!(svg.matches("fill=\"#fff3cd\"").count(), 1);
        assert!(svg.contains(">a &amp; b</text>"));
        assert!(svg.contains(">-10<") && svg.contains(">0<"), "{svg}");
    }
}
