//! The table of a position as lines of text for a terminal: the foundations, the reserve, the
//! stock and waste, then the tableau piles as columns (top of the screen = bottom of a pile).
//!
//! The cards the last move put down are drawn in brackets (`[10♥]`, [`Ink::Moved`] for their
//! colour), so that plain text shows them too. A pile taller than the rows given starts with
//! `+N`, the number of its lowest cards not drawn, and shows its top cards.

use super::{Layout, Replay};
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
    /// A card the last move put down (its brackets included).
    Moved,
    /// The count of a pile's cards not drawn (`+N`).
    Hidden,
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

/// A place of the table.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Place {
    /// A tableau pile, from 0.
    Pile(usize),
    /// A reserve slot, from 0.
    Reserve(usize),
    /// A foundation, from 0.
    Foundation(usize),
    Stock,
    Waste,
}

/// The cards a move put down: the place it put them onto and how many (its top cards).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Moved {
    pub place: Place,
    pub cards: usize,
}

impl Place {
    /// The place of a move's token side (`T4`, `R1`, `F2`, `S`, `W`), numbered from 1.
    pub fn parse(text: &str) -> Option<Place> {
        let number = || text[1..].parse::<usize>().ok().filter(|&n| n >= 1);
        match text.chars().next()? {
            'T' => Some(Place::Pile(number()? - 1)),
            'R' => Some(Place::Reserve(number()? - 1)),
            'F' => Some(Place::Foundation(number()? - 1)),
            'S' if text.len() == 1 => Some(Place::Stock),
            'W' if text.len() == 1 => Some(Place::Waste),
            _ => None,
        }
    }

    /// How many cards the place holds in `deal` (a reserve slot: 0 or 1).
    fn len(self, deal: &Deal) -> usize {
        match self {
            Place::Pile(p) => deal.piles.get(p).map_or(0, Vec::len),
            Place::Reserve(r) => deal.reserve.get(r).map_or(0, |c| c.is_some() as usize),
            Place::Foundation(f) => deal.foundations.get(f).map_or(0, Vec::len),
            Place::Stock => deal.stock.len(),
            Place::Waste => deal.waste.len(),
        }
    }
}

/// The cards move `at` of `replay` put down (none for the deal, `at == 0`): the place it moved
/// onto and the cards it gained there, at least one.
pub fn moved(replay: &Replay, at: usize) -> Option<Moved> {
    let step = replay.moves.get(at.checked_sub(1)?)?;
    let place = Place::parse(&step.to)?;
    let before = place.len(&replay.positions[at - 1]);
    let after = place.len(&replay.positions[at]);
    Some(Moved {
        place,
        cards: after.saturating_sub(before).max(1),
    })
}

/// A card, in brackets with [`Ink::Moved`] when `marked`, else between blanks: 5 characters.
fn cell(t: &CardToken, marked: bool) -> Vec<Piece> {
    let (text, ink) = card(t);
    if marked {
        vec![(format!("[{text}]"), Ink::Moved)]
    } else {
        vec![plain(" "), (text, ink), plain(" ")]
    }
}

/// A labelled row of places, each showing its top card (`-` when empty); `marked` says whether
/// a place's top card was put down by the last move.
fn places(
    label: &str,
    tops: impl Iterator<Item = Option<CardToken>>,
    marked: impl Fn(usize) -> bool,
) -> Vec<Piece> {
    let mut line = vec![plain(format!("{label:<3}"))];
    for (i, top) in tops.enumerate() {
        match top {
            Some(t) => line.extend(cell(&t, marked(i))),
            None => line.push(plain("   - ")),
        }
    }
    line
}

/// The lines of a position's table, the cards `moved` put down in brackets, each pile drawn in
/// at most `rows` rows (at least 2): a taller one shows `+N` (its N lowest cards not drawn)
/// and then its top cards.
pub fn table(deal: &Deal, layout: &Layout, moved: Option<Moved>, rows: usize) -> Vec<Vec<Piece>> {
    let is = |place: Place| moved.filter(|m| m.place == place).map_or(0, |m| m.cards);
    let mut lines = Vec::new();
    let found =
        (0..layout.foundations).map(|f| deal.foundations.get(f).and_then(|l| l.last().copied()));
    lines.push(places("F", found, |f| is(Place::Foundation(f)) > 0));
    for (k, chunk) in deal.reserve.chunks(8).enumerate() {
        let label = if k == 0 { "R" } else { "" };
        lines.push(places(label, chunk.iter().copied(), |r| {
            is(Place::Reserve(8 * k + r)) > 0
        }));
    }
    if layout.draw > 0 {
        let count = format!("{:>2} cards", deal.stock.len());
        let count = if is(Place::Stock) > 0 {
            (format!("[{count}]"), Ink::Moved)
        } else {
            plain(format!(" {count} "))
        };
        let mut line = vec![plain("S  "), count, plain("  W ")];
        let shown = deal.waste.len().saturating_sub(layout.draw.max(1) as usize);
        let new = deal.waste.len() - is(Place::Waste).min(deal.waste.len());
        if deal.waste.is_empty() {
            line.push(plain("   - "));
        }
        for (i, t) in deal.waste.iter().enumerate().skip(shown) {
            line.extend(cell(t, i >= new));
        }
        lines.push(line);
    }
    lines.push(Vec::new());
    let mut head = vec![plain("   ")];
    for p in 0..layout.piles {
        head.push(plain(format!(" {:>3} ", format!("T{}", p + 1))));
    }
    lines.push(head);
    let rows = rows.max(2);
    let depth = deal.piles.iter().map(Vec::len).max().unwrap_or(0).max(1);
    for d in 0..depth.min(rows) {
        let mut line = vec![plain("   ")];
        for (p, pile) in deal.piles.iter().enumerate() {
            // A pile past `rows` skips its lowest cards, counted on its first row.
            let skip = if pile.len() > rows {
                pile.len() - (rows - 1)
            } else {
                0
            };
            let new = pile.len() - is(Place::Pile(p)).min(pile.len());
            match (d, skip) {
                (0, 1..) => line.push((format!(" {:>3} ", format!("+{skip}")), Ink::Hidden)),
                (_, 1..) => {
                    let i = skip + d - 1;
                    line.extend(cell(&pile[i], i >= new));
                }
                _ => match pile.get(d) {
                    Some(t) => line.extend(cell(t, d >= new)),
                    None if d == 0 => line.push(plain("   - ")),
                    None => line.push(plain("     ")),
                },
            }
        }
        lines.push(line);
    }
    lines
}

/// The number of the cards `table` leaves out of a position's piles when drawn in `rows` rows.
pub fn hidden(deal: &Deal, rows: usize) -> usize {
    let rows = rows.max(2);
    deal.piles
        .iter()
        .map(|p| {
            if p.len() > rows {
                p.len() - (rows - 1)
            } else {
                0
            }
        })
        .sum()
}

/// The lines of a position's table as plain text, without trailing blanks.
pub fn table_text(deal: &Deal, layout: &Layout, moved: Option<Moved>, rows: usize) -> Vec<String> {
    table(deal, layout, moved, rows)
        .into_iter()
        .map(|line| {
            let s: String = line.into_iter().map(|(t, _)| t).collect();
            s.trim_end().to_string()
        })
        .collect()
}
