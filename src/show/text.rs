//! The table of a position as lines of text for a terminal: the foundations, the reserve, the
//! stock and waste, then the tableau piles as columns (top of the screen = bottom of a pile).

use super::Layout;
use crate::cards::CardToken;
use crate::deal::Deal;

/// How a piece of text is drawn.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Ink {
    /// Labels and blanks.
    Plain,
    /// A face-up heart or diamond.
    Red,
    /// A face-up club or spade.
    Black,
    /// A face-down card's back.
    Back,
}

/// A piece of a line: its text and ink.
pub type Piece = (String, Ink);

/// A card as three characters: `10♥`, ` 7♣`, `▒▒▒` face down.
pub fn card(t: &CardToken) -> Piece {
    match t {
        CardToken::Known {
            card,
            face_up: true,
        } => {
            let text = format!(
                "{:>3}",
                format!("{}{}", rank(card.rank()), suit(card.suit()))
            );
            let ink = if card.suit() == 1 || card.suit() == 2 {
                Ink::Red
            } else {
                Ink::Black
            };
            (text, ink)
        }
        CardToken::Known { face_up: false, .. } => ("\u{2592}\u{2592}\u{2592}".into(), Ink::Back),
        CardToken::Unknown => ("???".into(), Ink::Back),
    }
}

fn rank(r: u8) -> String {
    match r {
        1 => "A".into(),
        11 => "J".into(),
        12 => "Q".into(),
        13 => "K".into(),
        n => n.to_string(),
    }
}

fn suit(s: u8) -> char {
    ['\u{2663}', '\u{2666}', '\u{2665}', '\u{2660}'][s as usize & 3]
}

fn plain(text: impl Into<String>) -> Piece {
    (text.into(), Ink::Plain)
}

/// A labelled row of places, each showing its top card (`-` when empty).
fn places(label: &str, tops: impl Iterator<Item = Option<CardToken>>) -> Vec<Piece> {
    let mut line = vec![plain(format!("{label:<4}"))];
    for top in tops {
        match top {
            Some(t) => line.push(card(&t)),
            None => line.push(plain("  -")),
        }
        line.push(plain(" "));
    }
    line
}

/// The lines of a position's table.
pub fn table(deal: &Deal, layout: &Layout) -> Vec<Vec<Piece>> {
    let mut lines = Vec::new();
    let found =
        (0..layout.foundations).map(|f| deal.foundations.get(f).and_then(|l| l.last().copied()));
    lines.push(places("F", found));
    for (k, chunk) in deal.reserve.chunks(8).enumerate() {
        let label = if k == 0 { "R" } else { "" };
        lines.push(places(label, chunk.iter().copied()));
    }
    if layout.draw > 0 {
        let mut line = vec![plain(format!("S   {:>2} cards  W ", deal.stock.len()))];
        let shown = deal.waste.len().saturating_sub(layout.draw.max(1) as usize);
        if deal.waste.is_empty() {
            line.push(plain("  -"));
        }
        for t in &deal.waste[shown..] {
            line.push(card(t));
            line.push(plain(" "));
        }
        lines.push(line);
    }
    lines.push(Vec::new());
    let mut head = vec![plain("    ")];
    for p in 0..layout.piles {
        head.push(plain(format!("{:>3} ", format!("T{}", p + 1))));
    }
    lines.push(head);
    let depth = deal.piles.iter().map(Vec::len).max().unwrap_or(0).max(1);
    for d in 0..depth {
        let mut line = vec![plain("    ")];
        for pile in &deal.piles {
            match pile.get(d) {
                Some(t) => line.push(card(t)),
                None if d == 0 => line.push(plain("  -")),
                None => line.push(plain("   ")),
            }
            line.push(plain(" "));
        }
        lines.push(line);
    }
    lines
}

/// The lines of a position's table as plain text, without trailing blanks.
pub fn table_text(deal: &Deal, layout: &Layout) -> Vec<String> {
    table(deal, layout)
        .into_iter()
        .map(|line| {
            let s: String = line.into_iter().map(|(t, _)| t).collect();
            s.trim_end().to_string()
        })
        .collect()
}
