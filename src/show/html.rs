//! The replay page: one self-contained HTML file (its style, script and the replay's positions
//! inside it; nothing is loaded from elsewhere) that draws the table after each move and
//! steps through the moves by buttons and keys.
//!
//! Hooks for tests and scripts: `#move-number` holds the number of the move shown (0: the
//! deal) and `body[data-move]` the same; each place is an element `.place[data-place]`
//! (`T1`, `R1`, `F1`, `S`, `W`) whose `data-cards` lists its cards bottom first as a deal file
//! writes them (`7h` face down); `#replay-data` holds the replay's JSON.

use super::Replay;
use maud::{DOCTYPE, Markup, PreEscaped, html};

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
                        div.row #top {
                            @if l.draw > 0 {
                                (place("S", "stock", "Stock"))
                                (place("W", "waste", "Waste"))
                            }
                            div.spacer {}
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
                        div.row #tableau {
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
                        div #status {
                            "Move " span #move-number { "0" } " of " span #move-count { (n) }
                            " \u{00B7} go to "
                            input #jump type="number" min="0" max=(n) value="0";
                        }
                        div #current-move { "The deal" }
                        ol #moves {
                            li data-move="0" { span.n { "0." } span.tok { "deal" } span.txt {} }
                            @for (i, m) in replay.moves.iter().enumerate() {
                                li data-move=(i + 1) {
                                    span.n { (i + 1) "." }
                                    span.tok { (m.token) }
                                    span.txt { (m.text) }
                                }
                            }
                        }
                        p.keys {
                            "Keys: space play/pause, \u{2190} \u{2192} one move, Page Up/Down ten, "
                            "Home/End first/last; click a move to go to it. Open the page as page.html#40 to start at move 40."
                        }
                    }
                }
                script #replay-data type="application/json" { (PreEscaped(replay.to_json())) }
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
