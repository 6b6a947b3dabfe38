//! Deals as plain text: the picture of a deal (`patience deal`) and a replay position by
//! position (`patience show --plain`).

use super::Replay;
use crate::cards::CardToken;
use crate::deal::Deal;
use crate::game::Rules;
use std::io::Write;

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

/// Every position of `replay`, the deal first, each after a line naming the move that made it.
pub fn write_replay(replay: &Replay, rules: &Rules, out: &mut dyn Write) -> std::io::Result<()> {
    let n = replay.moves.len();
    writeln!(
        out,
        "{}: {n} move{}",
        replay.title,
        if n == 1 { "" } else { "s" }
    )?;
    for (i, deal) in replay.positions.iter().enumerate() {
        writeln!(out)?;
        match i {
            0 => writeln!(out, "move 0 of {n}: the deal")?,
            _ => {
                let m = &replay.moves[i - 1];
                writeln!(out, "move {i} of {n}: {} ({})", m.token, m.text)?;
            }
        }
        let picture = picture(deal, rules);
        // The picture's first line is its title, which the line above replaces.
        let body = picture.split_once('\n').map_or("", |(_, rest)| rest);
        out.write_all(body.as_bytes())?;
    }
    Ok(())
}
