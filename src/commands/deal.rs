//! `patience deal VARIANT (--seed N | --deal FILE | --pysol N) [--json]`: a picture of the deal, or its
//! deal file.

use super::{Outcome, for_variant, load_start};
use crate::cli::{DealArgs, Start};
use anyhow::Result;
use patience::Deal;
use patience::internal::cards::CardToken;
use patience::internal::game::{Rules, Variant};
use patience::io::dealfile::write_deal;
use std::io::Write;

pub fn run(args: &DealArgs, out: &mut dyn Write) -> Result<Outcome> {
    let rules = super::rules_of(&args.variant)?;
    for_variant!(rules, <V(v), 'a>(args: &'a DealArgs = args, out: &'a mut dyn Write = out) -> Result<Outcome> => show::<V>(v, args, out))?
}

fn show<V: Variant>(v: V, args: &DealArgs, out: &mut dyn Write) -> Result<Outcome> {
    let start = args.start.start();
    let (deal, _pos) = load_start::<V>(v, &start)?;
    if args.json {
        writeln!(out, "{}", write_deal(&deal))?;
    } else {
        let mut text = picture(&deal, v.rules());
        if let Start::Pysol(number) = start {
            // The title names the PySolFC game (a deal file has no key for it).
            let rest = text.split_once('\n').map_or("", |(_, rest)| rest);
            let source = patience::internal::pysol::source_text(v.rules(), number);
            text = format!("{}, {source}\n{rest}", v.rules().name);
        }
        out.write_all(text.as_bytes())?;
    }
    Ok(Outcome::Success)
}

/// A card in the picture: `7H` face up, `[7h]` face down, `??` unknown.
fn cell(c: &CardToken) -> String {
    match c {
        CardToken::Known { face_up: false, .. } => format!("[{}]", c.to_text()),
        _ => c.to_text(),
    }
}

/// Cells left-aligned in columns of `width`, without trailing blanks.
fn row(cells: impl IntoIterator<Item = String>, width: usize) -> String {
    let line: Vec<String> = cells.into_iter().map(|c| format!("{c:<width$}")).collect();
    line.join(" ").trim_end().to_string()
}

/// The readable picture of a deal: a title, a legend line, the tableau piles T1.. (bottom card
/// first), the reserve slots R1.., the stock and waste, and the foundations when any has cards.
pub fn picture(deal: &Deal, rules: &Rules) -> String {
    let mut s = String::new();
    let mut line = |text: String| {
        s.push_str(&text);
        s.push('\n');
    };
    match deal.seed {
        Some(seed) => line(format!("{}, seed {seed}", rules.name)),
        None => line(rules.name.to_string()),
    }
    let mut legend = vec!["T = tableau pile, bottom card first".to_string()];
    if deal
        .piles
        .iter()
        .flatten()
        .any(|c| matches!(c, CardToken::Known { face_up: false, .. }))
    {
        legend.push("[7h] = face down".to_string());
    }
    if !deal.reserve.is_empty() {
        legend.push("R = reserve slot (- empty)".to_string());
    }
    if rules.has_stock() {
        legend.push("S = stock, W = waste (bottom first)".to_string());
    }
    let any_found = deal.foundations.iter().any(|f| !f.is_empty());
    if any_found {
        legend.push("F = foundation (top card)".to_string());
    }
    line(format!("legend: {}", legend.join("; ")));

    let label_w = 4;
    for (p, pile) in deal.piles.iter().enumerate() {
        let label = format!("T{}", p + 1);
        if pile.is_empty() {
            line(format!("{label:<label_w$}-"));
        } else {
            line(format!(
                "{label:<label_w$}{}",
                row(pile.iter().map(cell), 5)
            ));
        }
    }
    for chunk in deal.reserve.chunks(8).enumerate() {
        let (k, slots) = chunk;
        let cells = slots.iter().enumerate().map(|(i, slot)| {
            let card = slot.as_ref().map_or("-".to_string(), cell);
            format!("R{:<3}{card}", k * 8 + i + 1)
        });
        line(row(cells, 8));
    }
    if rules.has_stock() {
        let n = deal.stock.len();
        line(format!(
            "{:<label_w$}{n} card{}",
            "S",
            if n == 1 { "" } else { "s" }
        ));
        if deal.waste.is_empty() {
            line(format!("{:<label_w$}-", "W"));
        } else {
            line(format!(
                "{:<label_w$}{}",
                "W",
                row(deal.waste.iter().map(cell), 4)
            ));
        }
    }
    if any_found {
        let cells = deal.foundations.iter().enumerate().map(|(f, list)| {
            let top = list.last().map_or("-".to_string(), cell);
            format!("F{:<3}{top}", f + 1)
        });
        line(row(cells, 8));
    }
    s
}
