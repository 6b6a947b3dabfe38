//! Plots of result files (`winrate --csv`) as one SVG, drawn with plotters' SVG backend: a key
//! saying what each series is (game, knowledge, seeds, budget), the win rate of each game of
//! each file with its 95% Wilson interval and the band the unknown deals leave open (labelled
//! with their share), and the distribution of nodes and of seconds per deal (log scale), one
//! line per game and file, so that two files of one game stand side by side.
//!
//! Only decided deals (won or lost) make the distributions: an unknown deal stopped at a
//! limit is not "done" there, so each line ends at its decided share and an "unknown" column
//! beside the chart shows the rest.
//!
//! A thoughtful result file does not record its node limit (docs/formats.md): the key says so,
//! with the most nodes of the deals a node limit stopped, when there are some.

use crate::batch::stats::win_interval;
use crate::batch::{Answer, DealSource, Knowledge, Record};
use crate::hidden::Budget;
use crate::solve::Limit;
use plotters::coord::ranged1d::{DefaultFormatting, KeyPointHint, Ranged};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::ops::Range;

/// The deals of one game of one file: a point of the win-rate chart and a line of each
/// distribution.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    /// `stonewall`, `stonewall hidden`, `stonewall (PySolFC)`; with the file's name after it
    /// when several files are plotted.
    pub label: String,
    pub won: u64,
    pub lost: u64,
    pub unknown: u64,
    /// Per deal, in the file's order: its nodes, its seconds, and whether it was decided (won
    /// or lost, not unknown).
    pub nodes: Vec<u64>,
    pub seconds: Vec<f64>,
    pub decided: Vec<bool>,
    pub knowledge: Knowledge,
    pub source: DealSource,
    /// The planner's budget of hidden rows (`None`: thoughtful, or not recorded).
    pub budget: Option<Budget>,
    /// The lowest and highest seed (or PySolFC number).
    pub seeds: (u128, u128),
    /// The deals stopped by each limit, and the most nodes of those stopped by the node limit.
    pub by_nodes: u64,
    pub by_time: u64,
    pub by_memory: u64,
    pub most_nodes_stopped: u64,
}

impl Series {
    pub fn deals(&self) -> u64 {
        self.won + self.lost + self.unknown
    }
    /// The share of deals won, 0 to 1.
    pub fn rate(&self) -> f64 {
        self.won as f64 / self.deals().max(1) as f64
    }
    /// The share won if every unknown deal were won.
    pub fn rate_high(&self) -> f64 {
        (self.won + self.unknown) as f64 / self.deals().max(1) as f64
    }
    /// The 95% interval (unknown deals lost for its low end, won for its high end).
    pub fn interval(&self) -> (f64, f64) {
        win_interval(self.won, self.lost, self.unknown)
    }
    /// The share of deals unknown, 0 to 1.
    pub fn unknown_share(&self) -> f64 {
        self.unknown as f64 / self.deals().max(1) as f64
    }

    /// What the series is, for the key: its knowledge, its seeds, its budget, e.g.
    /// `thoughtful; seeds A–B (N deals); node limit not recorded (K deals stopped by it, at L
    /// nodes)` or `hidden; PySolFC games A–B (N deals); planner rR, S samples × M nodes`.
    pub fn about(&self) -> String {
        let knowledge = match self.knowledge {
            Knowledge::Thoughtful => "thoughtful",
            Knowledge::Hidden => "hidden",
        };
        let (lo, hi) = self.seeds;
        let what = match self.source {
            DealSource::Seed => "seed",
            DealSource::Pysol => "PySolFC game",
        };
        let n = self.deals();
        let seeds = if lo == hi {
            format!("{what} {lo} (1 deal)")
        } else if hi - lo + 1 == n as u128 {
            format!("{what}s {lo}\u{2013}{hi} ({n} deals)")
        } else {
            format!("{n} deals, {what}s {lo} to {hi}")
        };
        let deals = |k: u64| {
            if k == 1 {
                "1 deal".to_string()
            } else {
                format!("{k} deals")
            }
        };
        let mut budget = match (self.knowledge, self.budget) {
            (Knowledge::Hidden, Some(b)) => format!(
                "planner r{}, {} samples \u{00D7} {} nodes",
                b.revision,
                b.samples,
                short(b.sample_nodes as f64)
            ),
            (Knowledge::Hidden, None) => "planner budget not recorded".into(),
            (Knowledge::Thoughtful, _) if self.by_nodes > 0 => format!(
                "node limit not recorded ({} stopped by it, at {} nodes)",
                deals(self.by_nodes),
                short(self.most_nodes_stopped as f64)
            ),
            (Knowledge::Thoughtful, _) => "node limit not recorded (no deal stopped by it)".into(),
        };
        if self.by_time > 0 {
            budget.push_str(&format!(
                "; {} stopped by the time limit",
                deals(self.by_time)
            ));
        }
        if self.by_memory > 0 {
            budget.push_str(&format!(
                "; {} stopped by the memory limit",
                deals(self.by_memory)
            ));
        }
        format!("{knowledge}; {seeds}; {budget}")
    }

    /// The label of its unknown deals: `unknown: N (P%)`.
    pub fn unknown_text(&self) -> String {
        format!(
            "unknown: {} ({:.2}%)",
            self.unknown,
            100.0 * self.unknown_share()
        )
    }

    /// The labels of its point: the rate (`12.50%`, or `12.50–14.00%` when some deals are
    /// unknown) and the interval with the number of deals (`[9.13%, 16.20%] of 200`).
    pub fn rate_texts(&self) -> (String, String) {
        let (lo, hi) = self.interval();
        let rate = if self.unknown == 0 {
            format!("{:.2}%", 100.0 * self.rate())
        } else {
            format!(
                "{:.2}\u{2013}{:.2}%",
                100.0 * self.rate(),
                100.0 * self.rate_high()
            )
        };
        let interval = format!(
            "[{:.2}%, {:.2}%] of {}",
            100.0 * lo,
            100.0 * hi,
            self.deals()
        );
        (rate, interval)
    }
}

/// A plot that could not be drawn.
#[derive(Debug, thiserror::Error)]
pub enum PlotError {
    #[error("nothing to plot: the files hold no rows")]
    Empty,
    #[error("drawing the plot: {0}")]
    Draw(String),
}

/// The series of some files (each a name and its records), in the order met: one per file and
/// game, knowledge, deal source and planner budget.
pub fn series(files: &[(String, Vec<Record>)]) -> Vec<Series> {
    type Key = (usize, &'static str, Knowledge, DealSource, String);
    let mut keys: Vec<Key> = Vec::new();
    let mut out: Vec<Series> = Vec::new();
    for (f, (name, records)) in files.iter().enumerate() {
        for r in records {
            let budget = r.budget.map(|b| format!("{b:?}")).unwrap_or_default();
            let key = (f, r.variant, r.knowledge, r.source, budget);
            let i = match keys.iter().position(|k| *k == key) {
                Some(i) => i,
                None => {
                    let mut label = r.variant.to_string();
                    if r.knowledge == Knowledge::Hidden {
                        label.push_str(" hidden");
                    }
                    if r.source == DealSource::Pysol {
                        label.push_str(" (PySolFC)");
                    }
                    if files.len() > 1 {
                        label.push_str(&format!(" \u{00B7} {name}"));
                    }
                    keys.push(key);
                    out.push(Series {
                        label,
                        won: 0,
                        lost: 0,
                        unknown: 0,
                        nodes: Vec::new(),
                        seconds: Vec::new(),
                        decided: Vec::new(),
                        knowledge: r.knowledge,
                        source: r.source,
                        budget: r.budget,
                        seeds: (r.seed, r.seed),
                        by_nodes: 0,
                        by_time: 0,
                        by_memory: 0,
                        most_nodes_stopped: 0,
                    });
                    out.len() - 1
                }
            };
            let s = &mut out[i];
            match r.answer {
                Answer::Won { .. } => s.won += 1,
                Answer::Lost => s.lost += 1,
                Answer::Unknown(limit) => {
                    s.unknown += 1;
                    match limit {
                        Limit::Nodes => {
                            s.by_nodes += 1;
                            s.most_nodes_stopped = s.most_nodes_stopped.max(r.nodes);
                        }
                        Limit::Time => s.by_time += 1,
                        // A reader refuses `cancelled`; counted with memory if it came.
                        Limit::Memory | Limit::Cancelled => s.by_memory += 1,
                    }
                }
            }
            s.nodes.push(r.nodes);
            s.seconds.push(r.seconds);
            s.decided.push(!matches!(r.answer, Answer::Unknown(_)));
            s.seeds = (s.seeds.0.min(r.seed), s.seeds.1.max(r.seed));
        }
    }
    // Several budgets of one game in one file: tell them apart by their place.
    for i in 0..out.len() {
        let same = (0..out.len())
            .filter(|&j| out[j].label == out[i].label)
            .count();
        if same > 1 {
            out[i].label.push_str(&format!(" #{}", i + 1));
        }
    }
    out
}

/// The colour of series `i`.
fn colour(i: usize) -> RGBColor {
    const PALETTE: [RGBColor; 8] = [
        RGBColor(31, 119, 180),
        RGBColor(214, 39, 40),
        RGBColor(44, 160, 44),
        RGBColor(148, 103, 189),
        RGBColor(255, 127, 14),
        RGBColor(23, 190, 207),
        RGBColor(140, 86, 75),
        RGBColor(227, 119, 194),
    ];
    PALETTE[i % PALETTE.len()]
}

/// The x axis of the win-rate chart: one place per series, labelled with its name.
struct Categories(usize);

impl Ranged for Categories {
    type FormatOption = DefaultFormatting;
    type ValueType = f64;
    fn map(&self, value: &f64, limit: (i32, i32)) -> i32 {
        let span = self.0 as f64;
        let t = (value + 0.5) / span;
        limit.0 + (t * (limit.1 - limit.0) as f64).round() as i32
    }
    fn key_points<Hint: KeyPointHint>(&self, _hint: Hint) -> Vec<f64> {
        (0..self.0).map(|i| i as f64).collect()
    }
    fn range(&self) -> Range<f64> {
        -0.5..self.0 as f64 - 0.5
    }
}

/// The SVG of the series: the win rates, then the distributions of nodes and of seconds.
pub fn svg(series: &[Series]) -> Result<String, PlotError> {
    if series.iter().all(|s| s.deals() == 0) {
        return Err(PlotError::Empty);
    }
    let mut text = String::new();
    let width = 1000u32.max(200 * series.len() as u32);
    let height = 1180 + key_height(series);
    {
        let root = SVGBackend::with_string(&mut text, (width, height)).into_drawing_area();
        draw(&root, series).map_err(|e| PlotError::Draw(e.to_string()))?;
        root.present().map_err(|e| PlotError::Draw(e.to_string()))?;
    }
    Ok(text)
}

type Area<'a> = DrawingArea<SVGBackend<'a>, plotters::coord::Shift>;
type DrawResult<T> = Result<T, Box<dyn std::error::Error + 'static>>;

/// The height of the key: a heading and a line per series.
fn key_height(series: &[Series]) -> u32 {
    40 + 22 * series.len() as u32
}

fn draw(root: &Area, series: &[Series]) -> DrawResult<()> {
    root.fill(&WHITE)?;
    let (head, rest) = root.split_vertically(key_height(series));
    key(&head, series)?;
    let (top, rest) = rest.split_vertically(460);
    let (mid, bottom) = rest.split_vertically(360);
    win_rates(&top, series)?;
    // Decided deals only: an unknown deal's nodes and seconds are where a limit stopped it.
    let decided = |s: &Series, values: Vec<f64>| -> Vec<f64> {
        values
            .into_iter()
            .zip(&s.decided)
            .filter_map(|(v, &d)| d.then_some(v))
            .collect()
    };
    let nodes: Vec<Vec<f64>> = series
        .iter()
        .map(|s| decided(s, s.nodes.iter().map(|&n| (n as f64).max(1.0)).collect()))
        .collect();
    distribution(&mid, series, &nodes, "Nodes per deal", "nodes (log scale)")?;
    let seconds: Vec<Vec<f64>> = series
        .iter()
        .map(|s| decided(s, s.seconds.iter().map(|&x| x.max(1e-6)).collect()))
        .collect();
    distribution(
        &bottom,
        series,
        &seconds,
        "Seconds per deal",
        "seconds (log scale)",
    )?;
    Ok(())
}

/// The key: each series' colour, label and what it is ([`Series::about`]).
fn key(area: &Area, series: &[Series]) -> DrawResult<()> {
    let heading = ("sans-serif", 16).into_font().color(&BLACK);
    area.draw(&Text::new(
        "Series: game, knowledge, deals, budget",
        (16, 12),
        heading,
    ))?;
    for (i, s) in series.iter().enumerate() {
        let y = 40 + 22 * i as i32;
        let c = colour(i);
        area.draw(&Rectangle::new([(16, y), (30, y + 14)], c.filled()))?;
        let style = ("sans-serif", 14).into_font().color(&BLACK);
        area.draw(&Text::new(
            format!("{}: {}", s.label, s.about()),
            (38, y),
            style,
        ))?;
    }
    Ok(())
}

fn win_rates(area: &Area, series: &[Series]) -> DrawResult<()> {
    let labels: Vec<String> = series.iter().map(|s| s.label.clone()).collect();
    let mut chart = ChartBuilder::on(area)
        .caption(
            "Win rate, 95% Wilson interval; shaded: the share the unknown deals leave open",
            ("sans-serif", 20),
        )
        .margin(16)
        .x_label_area_size(70)
        .y_label_area_size(60)
        .build_cartesian_2d(Categories(series.len()), 0f64..100f64)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_label_formatter(&|v| {
            labels
                .get(v.round().max(0.0) as usize)
                .cloned()
                .unwrap_or_default()
        })
        .y_desc("deals won (%)")
        .y_label_formatter(&|v| format!("{v:.0}%"))
        .label_style(("sans-serif", 14))
        .max_light_lines(1)
        .draw()?;
    for (i, s) in series.iter().enumerate() {
        let x = i as f64;
        let c = colour(i);
        let (lo, hi) = s.interval();
        if s.unknown > 0 {
            chart.draw_series(std::iter::once(Rectangle::new(
                [
                    (x - 0.3, 100.0 * s.rate()),
                    (x + 0.3, 100.0 * s.rate_high()),
                ],
                c.mix(0.2).filled(),
            )))?;
        }
        let bar = c.stroke_width(2);
        chart.draw_series([
            PathElement::new(vec![(x, 100.0 * lo), (x, 100.0 * hi)], bar),
            PathElement::new(vec![(x - 0.08, 100.0 * lo), (x + 0.08, 100.0 * lo)], bar),
            PathElement::new(vec![(x - 0.08, 100.0 * hi), (x + 0.08, 100.0 * hi)], bar),
        ])?;
        chart.draw_series(std::iter::once(Circle::new(
            (x, 100.0 * s.rate()),
            6,
            c.filled(),
        )))?;
        // The rate and the interval above the interval, or below it when it reaches the top,
        // or beside it when it spans nearly everything.
        // With unknown deals, a third line under them names their share, in the series'
        // colour: counted neither won nor lost.
        let (rate, interval) = s.rate_texts();
        let lines = if s.unknown > 0 { 3.0 } else { 2.0 };
        let (anchor, x_text, first) = if hi <= 0.8 {
            (HPos::Center, x, 100.0 * hi + 3.0 + 5.0 * (lines - 1.0))
        } else if lo >= 0.2 {
            (HPos::Center, x, 100.0 * lo - 5.0)
        } else {
            (HPos::Left, x + 0.1, 55.0)
        };
        let style = ("sans-serif", 13)
            .into_font()
            .color(&BLACK)
            .pos(Pos::new(anchor, VPos::Bottom));
        chart.draw_series([
            Text::new(rate, (x_text, first), style.clone()),
            Text::new(interval, (x_text, first - 5.0), style.clone()),
        ])?;
        if s.unknown > 0 {
            chart.draw_series(std::iter::once(Text::new(
                s.unknown_text(),
                (x_text, first - 10.0),
                style.color(&c),
            )))?;
        }
    }
    Ok(())
}

/// The share of deals (y) decided within x: one line per series, `values` its decided deals'
/// values; beside it, when some deals are unknown, a column of their share.
fn distribution(
    area: &Area,
    series: &[Series],
    values: &[Vec<f64>],
    title: &str,
    x_desc: &str,
) -> DrawResult<()> {
    let area = if series.iter().any(|s| s.unknown > 0) {
        let (w, _) = area.dim_in_pixel();
        let column = 60 + 40 * series.len() as u32;
        let (left, right) = area.split_horizontally(w.saturating_sub(column));
        unknown_column(&right, series)?;
        left
    } else {
        area.clone()
    };
    let area = &area;
    let all = values.iter().flatten().copied();
    let lo = all.clone().fold(f64::INFINITY, f64::min);
    let hi = all.fold(0f64, f64::max);
    let (lo, hi) = if lo.is_finite() && hi > lo {
        (lo, hi)
    } else {
        (lo.min(1.0), lo.min(1.0) * 10.0)
    };
    let mut chart = ChartBuilder::on(area)
        .caption(
            format!("{title}: share of deals decided within x"),
            ("sans-serif", 20),
        )
        .margin(16)
        .x_label_area_size(44)
        .y_label_area_size(60)
        .build_cartesian_2d((lo..hi * 1.05).log_scale(), 0f64..100f64)?;
    chart
        .configure_mesh()
        .x_desc(x_desc)
        .y_desc("deals (%)")
        .x_label_formatter(&|v| short(*v))
        .y_label_formatter(&|v| format!("{v:.0}%"))
        .label_style(("sans-serif", 14))
        .max_light_lines(4)
        .draw()?;
    for (i, (s, v)) in series.iter().zip(values).enumerate() {
        let mut sorted = v.clone();
        sorted.sort_by(|a, b| a.total_cmp(b));
        // A share of all the series' deals: with unknown ones the line stops short of 100%.
        let n = s.deals().max(1) as f64;
        let mut points = Vec::with_capacity(2 * sorted.len());
        for (k, &x) in sorted.iter().enumerate() {
            points.push((x, 100.0 * k as f64 / n));
            points.push((x, 100.0 * (k + 1) as f64 / n));
        }
        // The key at the top names the colours.
        chart.draw_series(LineSeries::new(points, colour(i).stroke_width(2)))?;
    }
    Ok(())
}

/// The unknown deals of each series as a band from its decided share to 100%, on the scale
/// of the distribution beside it, labelled `unknown`.
fn unknown_column(area: &Area, series: &[Series]) -> DrawResult<()> {
    let mut chart = ChartBuilder::on(area)
        .caption("unknown", ("sans-serif", 20))
        .margin(16)
        .x_label_area_size(44)
        .y_label_area_size(10)
        .build_cartesian_2d(Categories(series.len()), 0f64..100f64)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .disable_y_mesh()
        .x_label_formatter(&|_| String::new())
        .y_labels(0)
        .x_desc("not decided")
        .label_style(("sans-serif", 14))
        .draw()?;
    for (i, s) in series.iter().enumerate() {
        if s.unknown == 0 {
            continue;
        }
        let x = i as f64;
        let c = colour(i);
        let low = 100.0 * (1.0 - s.unknown_share());
        chart.draw_series([
            Rectangle::new([(x - 0.35, low), (x + 0.35, 100.0)], c.mix(0.35).filled()),
            Rectangle::new([(x - 0.35, low), (x + 0.35, 100.0)], c.stroke_width(1)),
        ])?;
        let style = ("sans-serif", 12)
            .into_font()
            .color(&BLACK)
            .pos(Pos::new(HPos::Center, VPos::Top));
        chart.draw_series(std::iter::once(Text::new(
            format!("{} ({:.0}%)", s.unknown, 100.0 * s.unknown_share()),
            (x, low - 1.0),
            style,
        )))?;
    }
    Ok(())
}

/// A number for an axis: `1k`, `2.5M`, `0.001`, `0.00001`.
fn short(v: f64) -> String {
    if v >= 1e9 {
        format!("{}G", trim(v / 1e9, 3))
    } else if v >= 1e6 {
        format!("{}M", trim(v / 1e6, 3))
    } else if v >= 1e3 {
        format!("{}k", trim(v / 1e3, 3))
    } else if v >= 1.0 || v <= 0.0 {
        trim(v, 3)
    } else {
        // Enough decimals for the first two significant digits.
        trim(v, (-v.log10()).ceil() as usize + 1)
    }
}

fn trim(v: f64, decimals: usize) -> String {
    let s = format!("{v:.decimals$}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}
