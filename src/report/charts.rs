//! The report's charts, drawn with plotters' SVG backend into strings to
//! be inlined in the page: line charts (one line per deck) and an
//! error-bar chart (ratings).

use anyhow::Context;
use plotters::coord::Shift;
use plotters::prelude::*;

/// Chart size in pixels (the page scales it down on narrow screens).
const SIZE: (u32, u32) = (480, 300);

/// The font of titles, ticks and legends.
const FONT: &str = "sans-serif";

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
                });
                out.len() - 1
            }
        };
        out[i].points.push(point(row));
    }
    out
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

/// An SVG line chart of `series`, one colour each, with a legend.
pub fn line_chart(axes: Axes, series: &[Series]) -> anyhow::Result<String> {
    let points = || series.iter().flat_map(|s| s.points.iter());
    let (x0, x1) = padded(points().map(|p| p.0), false);
    let (y0, y1) = if axes.share {
        (0.0, 1.0)
    } else {
        padded(points().map(|p| p.1).chain([0.0]), true)
    };
    draw(axes.title, |root| {
        let mut chart = ChartBuilder::on(root)
            .caption(axes.title, (FONT, 18))
            .margin(10)
            .x_label_area_size(40)
            .y_label_area_size(55)
            .build_cartesian_2d(x0..x1, y0..y1)?;
        let whole = |x: &f64| {
            // Turns are whole numbers: no tick between two.
            if (x - x.round()).abs() < 1e-9 {
                format!("{x:.0}")
            } else {
                String::new()
            }
        };
        let y_label = |y: &f64| {
            if axes.share {
                format!("{:.0}%", y * 100.0)
            } else {
                format!("{y:.1}")
            }
        };
        chart
            .configure_mesh()
            .x_desc(axes.x)
            .y_desc(axes.y)
            .x_label_formatter(&whole)
            .y_label_formatter(&y_label)
            .label_style((FONT, 13))
            .axis_desc_style((FONT, 13))
            .light_line_style(WHITE.mix(0.0))
            .draw()?;
        for (i, s) in series.iter().enumerate() {
            let colour = PALETTE[i % PALETTE.len()];
            chart
                .draw_series(LineSeries::new(
                    s.points.iter().copied(),
                    colour.stroke_width(2),
                ))?
                .label(s.name.as_str())
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 18, y)], colour.stroke_width(2))
                });
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperLeft)
            .label_font((FONT, 13))
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK.mix(0.3))
            .draw()?;
        Ok(())
    })
}

/// One bar of an error-bar chart: a name, a value and its interval.
#[derive(Clone, Debug, PartialEq)]
pub struct Bar {
    /// The label under the bar (a deck name).
    pub name: String,
    /// The point estimate.
    pub value: f64,
    /// The interval's lower end.
    pub low: f64,
    /// The interval's upper end.
    pub high: f64,
}

/// An SVG chart of `bars` as points with vertical error bars, left to
/// right in the given order.
pub fn error_bar_chart(title: &str, y: &str, bars: &[Bar]) -> anyhow::Result<String> {
    let n = bars.len().max(1);
    let values = bars.iter().flat_map(|b| [b.low, b.value, b.high]);
    let (y0, y1) = padded(values, false);
    draw(title, |root| {
        let mut chart = ChartBuilder::on(root)
            .caption(title, (FONT, 18))
            .margin(10)
            .x_label_area_size(40)
            .y_label_area_size(60)
            .build_cartesian_2d((0..n).into_segmented(), y0..y1)?;
        let label = |v: &SegmentValue<usize>| match v {
            SegmentValue::CenterOf(i) => bars.get(*i).map(|b| b.name.clone()).unwrap_or_default(),
            _ => String::new(),
        };
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_labels(n)
            .x_label_formatter(&label)
            .y_label_formatter(&|v: &f64| format!("{v:.0}"))
            .y_desc(y)
            .label_style((FONT, 13))
            .axis_desc_style((FONT, 13))
            .light_line_style(WHITE.mix(0.0))
            .draw()?;
        chart.draw_series(bars.iter().enumerate().map(|(i, b)| {
            ErrorBar::new_vertical(
                SegmentValue::CenterOf(i),
                b.low,
                b.value,
                b.high,
                PALETTE[0].filled(),
                12,
            )
        }))?;
        chart.draw_series(bars.iter().enumerate().map(|(i, b)| {
            Circle::new((SegmentValue::CenterOf(i), b.value), 4, PALETTE[0].filled())
        }))?;
        Ok(())
    })
}

/// The range of `values` with 5% margins (and a unit range when empty or
/// flat); with `from_zero`, the range starts at the lowest value exactly.
fn padded(values: impl Iterator<Item = f64>, from_zero: bool) -> (f64, f64) {
    let (lo, hi) = values
        .filter(|v| v.is_finite())
        .fold(None, |acc: Option<(f64, f64)>, v| {
            Some(acc.map_or((v, v), |(lo, hi)| (lo.min(v), hi.max(v))))
        })
        .unwrap_or((0.0, 1.0));
    let span = if hi > lo { hi - lo } else { 1.0 };
    let pad = span * 0.05;
    (if from_zero { lo } else { lo - pad }, hi + pad)
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
    fn ranges_are_padded_and_never_empty() {
        assert_eq!(padded([0.0, 10.0].into_iter(), true), (0.0, 10.5));
        assert_eq!(padded([2.0, 2.0].into_iter(), false), (1.95, 2.05));
        assert_eq!(padded(std::iter::empty(), false), (-0.05, 1.05));
    }

    #[test]
    fn charts_are_svg_with_escaped_text() {
        let series = [Series {
            name: "<Fox & Co>".into(),
            points: vec![(1.0, 1.0), (2.0, 3.0)],
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
        let bars = [Bar {
            name: "a&b".into(),
            value: 1500.0,
            low: 1450.0,
            high: 1550.0,
        }];
        let svg = error_bar_chart("ratings", "rating", &bars).unwrap();
        assert!(svg.contains("a&amp;b"));
        assert!(svg.contains("<circle"));
    }
}
