//! Small HTML building blocks: escaping, number formats, tables, the
//! interval bar and the heat-map colour scale.

use std::fmt::Write;

use super::read::Estimate;

/// `text` with `& < > " '` escaped, safe in element content and in quoted
/// attribute values.
pub fn esc(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// A share as a percentage with one decimal (`71.6%`), or `—` when
/// undefined.
pub fn pct(x: Option<f64>) -> String {
    x.map_or_else(|| "—".to_owned(), |x| format!("{:.1}%", x * 100.0))
}

/// A number with `decimals` decimals, or `—` when undefined.
pub fn num(x: Option<f64>, decimals: usize) -> String {
    x.map_or_else(|| "—".to_owned(), |x| format!("{x:.decimals$}"))
}

/// A table: `header` and `rows` are HTML already (escape text first).
/// With `id`, the table gets that id; `class` is its class list.
pub fn table(id: Option<&str>, class: &str, header: &[String], rows: &[Vec<String>]) -> String {
    let mut out = String::new();
    let id = id
        .map(|i| format!(" id=\"{}\"", esc(i)))
        .unwrap_or_default();
    let _ = write!(out, "<table{id} class=\"{class}\">\n<thead><tr>");
    for h in header {
        let _ = write!(out, "<th>{h}</th>");
    }
    out.push_str("</tr></thead>\n<tbody>\n");
    for row in rows {
        out.push_str("<tr>");
        for cell in row {
            let _ = write!(out, "<td>{cell}</td>");
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody>\n</table>\n");
    out
}

/// A rate as a percentage, its 95% interval below it in small print when
/// known (as the card table shows them): for the table cells too narrow
/// for [`interval`]'s bar.
pub fn pct_ci(e: &Estimate) -> String {
    match range(e) {
        Some(r) => format!("{}<br><small>{r}</small>", pct(e.value)),
        None => pct(e.value),
    }
}

/// The interval of a rate as text, `31.3–83.2%`, when known.
pub fn range(e: &Estimate) -> Option<String> {
    let (lo, hi) = e.low.zip(e.high)?;
    Some(format!("{}–{}", num(Some(lo * 100.0), 1), pct(Some(hi))))
}

/// A win rate with its 95% interval: a small bar from 0 to 100% with the
/// interval shaded and the estimate marked, then the numbers.
pub fn interval(e: &Estimate) -> String {
    let text = format!(
        "<span class=\"ci-text\">{} <small>({} – {})</small></span>",
        pct(e.value),
        pct(e.low),
        pct(e.high)
    );
    let (Some(v), Some(lo), Some(hi)) = (e.value, e.low, e.high) else {
        return text;
    };
    let at = |x: f64| x.clamp(0.0, 1.0) * 100.0;
    format!(
        "<span class=\"ci\" title=\"95% interval {} – {}\">\
         <span class=\"ci-range\" style=\"left:{:.1}%;width:{:.1}%\"></span>\
         <span class=\"ci-point\" style=\"left:{:.1}%\"></span></span> {text}",
        pct(Some(lo)),
        pct(Some(hi)),
        at(lo),
        (at(hi) - at(lo)).max(0.0),
        at(v),
    )
}

/// The background and text colours of a heat-map cell for a win rate:
/// red below 50%, white at 50%, blue above; grey when undefined.
pub fn heat(rate: Option<f64>) -> (String, &'static str) {
    let Some(r) = rate else {
        return ("#e0e0e0".to_owned(), "#000");
    };
    let r = r.clamp(0.0, 1.0);
    const LOW: [f64; 3] = [202.0, 0.0, 32.0];
    const MID: [f64; 3] = [247.0, 247.0, 247.0];
    const HIGH: [f64; 3] = [5.0, 113.0, 176.0];
    let (from, to, t) = if r < 0.5 {
        (LOW, MID, r * 2.0)
    } else {
        (MID, HIGH, (r - 0.5) * 2.0)
    };
    let c: Vec<String> = (0..3)
        .map(|i| format!("{:.0}", from[i] + (to[i] - from[i]) * t))
        .collect();
    let text = if (r - 0.5).abs() > 0.3 {
        "#fff"
    } else {
        "#000"
    };
    (format!("rgb({})", c.join(",")), text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_markup() {
        assert_eq!(
            esc(r#"<a href="x">Tom & 'Jerry'</a>"#),
            "&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;"
        );
    }

    #[test]
    fn formats_numbers() {
        assert_eq!(pct(Some(0.716)), "71.6%");
        assert_eq!(pct(None), "—");
        assert_eq!(num(Some(15.97), 1), "16.0");
    }

    #[test]
    fn interval_bar_places_the_estimate() {
        let e = Estimate {
            value: Some(0.66),
            low: Some(0.6047),
            high: Some(0.7113),
        };
        let html = interval(&e);
        assert!(html.contains("left:60.5%;width:10.7%"), "{html}");
        assert!(
            html.contains("class=\"ci-point\" style=\"left:66.0%\""),
            "{html}"
        );
        let undefined = Estimate {
            value: None,
            low: None,
            high: None,
        };
        assert!(!interval(&undefined).contains("ci-range"));
    }

    #[test]
    fn heat_scale_runs_red_white_blue() {
        assert_eq!(heat(Some(0.0)).0, "rgb(202,0,32)");
        assert_eq!(heat(Some(0.5)).0, "rgb(247,247,247)");
        assert_eq!(heat(Some(1.0)), ("rgb(5,113,176)".to_owned(), "#fff"));
        assert_eq!(heat(None).0, "#e0e0e0");
    }
}
