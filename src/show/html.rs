//! The replay page: one self-contained HTML file (its style, script and the replay inside it;
//! nothing is loaded from elsewhere) that draws the table after each move and steps through
//! the moves by buttons, a slider, the move list and keys.
//!
//! Hooks for tests and scripts: `#move-number` holds the number of the move shown (0: the
//! deal) and `body[data-move]` the same; each place is an element `.place[data-place]`
//! (`T1`, `R1`, `F1`, `S`, `W`) whose `data-cards` lists its cards bottom first as a deal file
//! writes them (`7h` face down); `#slider` is the slider over the moves; `#won` is shown from
//! the move that wins on, and `#unfinished` at the last move of a list that does not win.
//!
//! `#replay-data` holds the replay as JSON ([`data`]): the title, the layout, `won` (the move
//! that wins, or null), `start` (each place's cards in the deal, as in `data-cards`) and
//! `moves`, each with its token, its words, the places it takes from and puts onto, and
//! `changes`: for each place the move changes, `[place, kept, added]`, its first `kept` cards
//! staying and the cards of `added` (as in `data-cards`) put on them. The script rebuilds the
//! positions from these, so the page grows by the move, not by the position.

use super::{Layout, Replay, Step};
use crate::deal::Deal;
use maud::{DOCTYPE, Markup, PreEscaped, html};
use serde::Serialize;
use std::collections::BTreeMap;

const STYLE: &str = include_str!("replay.css");
const SCRIPT: &str = include_str!("replay.js");

/// The page of a replay.
pub fn page(replay: &Replay) -> String {
    let l = &replay.layout;
    let n = replay.moves.len();
    let markup = html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                link rel="icon" href="data:,";
                title { (replay.title) " \u{2014} patience" }
                style { (PreEscaped(STYLE)) }
            }
            body data-move="0" data-playing="false" {
                header {
                    h1 { (replay.title) }
                    p {
                        (n) " move" @if n != 1 { "s" } ", replayed by the rules of " (l.name)
                        " (" (l.decks) " deck" @if l.decks > 1 { "s" } ")"
                    }
                }
                main {
                    section #board {
                        p #won .outcome hidden {
                            "Won: every card is on a foundation"
                            @if let Some(w) = replay.won { " (move " (w) ")" } "."
                        }
                        p #unfinished .outcome hidden {
                            "The moves end here and the deal is not won: "
                            span #cards-up {} " of " (l.cards) " cards are on the foundations."
                        }
                        div.row #top {
                            @if l.draw > 0 {
                                (place("S", "stock", "Stock"))
                                (place("W", "waste", "Waste"))
                                div.spacer {}
                            }
                            @for f in 1..=l.foundations {
                                (place(&format!("F{f}"), "foundation", &format!("F{f}")))
                            }
                        }
                        @if l.reserve > 0 {
                            div #reserve title="Reserve" {
                                @for r in 1..=l.reserve {
                                    (place(&format!("R{r}"), "reserve", &format!("R{r}")))
                                }
                            }
                        }
                        div #tableau {
                            @for t in 1..=l.piles {
                                (place(&format!("T{t}"), "pile", &format!("T{t}")))
                            }
                        }
                    }
                    aside {
                        div #controls {
                            button #first type="button" title="First position (Home)" { "|\u{25C0}" }
                            button #back type="button" title="Back one move (\u{2190})" { "\u{25C0}" }
                            button #play type="button" title="Play or pause (space)" { "\u{25B6} Play" }
                            button #forward type="button" title="Forward one move (\u{2192})" { "\u{25B6}" }
                            button #last type="button" title="Last position (End)" { "\u{25B6}|" }
                            select #speed title="Speed" {
                                option value="1000" { "slow" }
                                option value="500" selected { "normal" }
                                option value="150" { "fast" }
                            }
                        }
                        input #slider type="range" min="0" max=(n) value="0" step="1"
                            aria-label="Move";
                        div #status {
                            "Move " span #move-number { "0" } " of " span #move-count { (n) }
                            " \u{00B7} go to "
                            input #jump type="number" min="0" max=(n) value="0";
                        }
                        div #current-move { "The deal" }
                        // The script lists the moves from the replay's data.
                        ol #moves {}
                        p.keys {
                            "Keys: space play/pause, \u{2190} \u{2192} one move, Page Up/Down ten, "
                            "Home/End first/last; drag the slider or click a move to go to it. "
                            "Open the page as page.html#40 to start at move 40."
                        }
                    }
                }
                script #replay-data type="application/json" { (PreEscaped(data(replay))) }
                script { (PreEscaped(SCRIPT)) }
            }
        }
    };
    markup.into_string()
}

/// An empty place; the script puts its cards in.
fn place(name: &str, kind: &str, label: &str) -> Markup {
    html! {
        div class={ "place " (kind) } data-place=(name) data-cards="" {
            div.cards {}
            @if name == "S" {
                span #stock-count {}
            } @else {
                span.label { (label) }
            }
        }
    }
}

/// The replay as the page's script reads it (the module's doc describes it).
#[derive(Serialize)]
struct Data<'a> {
    title: &'a str,
    layout: &'a Layout,
    won: Option<usize>,
    start: BTreeMap<String, String>,
    moves: Vec<DataMove<'a>>,
}

#[derive(Serialize)]
struct DataMove<'a> {
    #[serde(flatten)]
    step: &'a Step,
    changes: Vec<(String, usize, String)>,
}

/// The replay's JSON for `#replay-data`, safe inside an HTML `<script>` element (no `</`).
pub fn data(replay: &Replay) -> String {
    let l = &replay.layout;
    let all: Vec<Vec<(String, Vec<String>)>> =
        replay.positions.iter().map(|d| places(d, l)).collect();
    let moves = replay
        .moves
        .iter()
        .enumerate()
        .map(|(i, step)| DataMove {
            step,
            changes: changes(&all[i], &all[i + 1]),
        })
        .collect();
    let data = Data {
        title: &replay.title,
        layout: l,
        won: replay.won,
        start: all[0]
            .iter()
            .map(|(name, cards)| (name.clone(), cards.join(" ")))
            .collect(),
        moves,
    };
    serde_json::to_string(&data)
        .expect("a replay is strings and numbers")
        .replace("</", "<\\/")
}

/// Every place of a position with its cards, bottom first, as `data-cards` lists them.
fn places(d: &Deal, l: &Layout) -> Vec<(String, Vec<String>)> {
    let text = |cards: &[crate::cards::CardToken]| cards.iter().map(|c| c.to_text()).collect();
    let mut out = Vec::new();
    for (i, p) in d.piles.iter().enumerate() {
        out.push((format!("T{}", i + 1), text(p)));
    }
    for (i, r) in d.reserve.iter().enumerate() {
        out.push((
            format!("R{}", i + 1),
            r.iter().map(|c| c.to_text()).collect(),
        ));
    }
    for f in 0..l.foundations {
        let list = d.foundations.get(f).map(|c| text(c)).unwrap_or_default();
        out.push((format!("F{}", f + 1), list));
    }
    if l.draw > 0 {
        out.push(("S".into(), text(&d.stock)));
        out.push(("W".into(), text(&d.waste)));
    }
    out
}

/// What a move changed: each place whose cards differ, with the cards it kept from the bottom
/// and the ones put on them.
fn changes(
    before: &[(String, Vec<String>)],
    after: &[(String, Vec<String>)],
) -> Vec<(String, usize, String)> {
    before
        .iter()
        .zip(after)
        .filter(|((_, old), (_, new))| old != new)
        .map(|((name, old), (_, new))| {
            let kept = old.iter().zip(new).take_while(|(a, b)| a == b).count();
            (name.clone(), kept, new[kept..].join(" "))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::changes;

    fn place(name: &str, cards: &str) -> (String, Vec<String>) {
        let cards = cards.split_whitespace().map(String::from).collect();
        (name.to_string(), cards)
    }

    #[test]
    fn a_change_keeps_the_common_bottom_and_lists_the_rest() {
        let before = [place("T1", "5c 9D 8S"), place("T2", "KH"), place("F1", "")];
        let after = [place("T1", "5C"), place("T2", "KH"), place("F1", "AH")];
        assert_eq!(
            changes(&before, &after),
            vec![("T1".into(), 0, "5C".into()), ("F1".into(), 0, "AH".into())]
        );
        let after = [place("T1", "5c 9D 8S 7H"), place("T2", ""), place("F1", "")];
        assert_eq!(
            changes(&before, &after),
            vec![("T1".into(), 3, "7H".into()), ("T2".into(), 0, "".into())]
        );
    }
}
