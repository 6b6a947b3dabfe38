use crate::game::{Build, FaceDown, Rules, Sight, Space, Stock, Unit};

const fn klondike(id: &'static str, name: &'static str, summary: &'static str, draw: u8) -> Rules {
    Rules {
        id,
        name,
        summary,
        decks: 1,
        pile_sizes: &[1, 2, 3, 4, 5, 6, 7],
        face_down: FaceDown::AllButTop,
        sight: Sight::Faces,
        reserve: 0,
        build: Build::DownAltColour,
        unit: Unit::Run(Build::DownAltColour),
        space: Space::Kings,
        stock: Stock::Waste { draw, passes: None },
    }
}

/// Klondike, draw 1: 7 piles of 1..7 cards, only each top card face up; down in alternating
/// colour; any face-up run moves; a King or a run headed by a King fills a space; the stock
/// turns one card at a time onto one waste, unlimited passes.
pub const KLONDIKE: Rules = klondike(
    "klondike",
    "Klondike",
    "7 piles of 1..7, top cards up; down alt. colour, runs move; Kings to a space; draw 1, unlimited passes",
    1,
);

/// Klondike, draw 3: as `klondike`, the stock turns three cards at a time.
pub const KLONDIKE_DRAW3: Rules = klondike(
    "klondike-draw3",
    "Klondike (draw 3)",
    "as klondike, but the stock turns three cards at a time",
    3,
);
