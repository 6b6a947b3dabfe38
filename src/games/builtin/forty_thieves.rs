use crate::game::{Build, FaceDown, Rules, Sight, Space, Stock, Unit};

/// Forty Thieves: two decks, 10 x 4 face up, down in suit, single cards, any card fills a
/// space, 64-card stock turned one at a time, one pass.
pub const RULES: Rules = Rules {
    id: "forty-thieves",
    name: "Forty Thieves",
    summary: "2 decks, 10x4 face up; down in suit; single cards; any card to a space; stock 1 pass",
    decks: 2,
    pile_sizes: &[4; 10],
    face_down: FaceDown::None,
    sight: Sight::Faces,
    reserve: 0,
    build: Build::DownSameSuit,
    unit: Unit::Single,
    space: Space::Any,
    stock: Stock::Waste {
        draw: 1,
        passes: Some(1),
    },
};
