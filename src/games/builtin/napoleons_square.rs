use crate::game::{Build, FaceDown, Rules, Sight, Space, Stock, Unit};

/// Napoleon's Square: two decks, 12 x 4 face up, down in suit, single cards or same-suit runs
/// as a unit, any card or run fills a space, 56-card stock turned one at a time, one pass.
pub const RULES: Rules = Rules {
    id: "napoleons-square",
    name: "Napoleon's Square",
    summary: "2 decks, 12x4 face up; down in suit; runs move; any card or run to a space; stock 1 pass",
    decks: 2,
    pile_sizes: &[4; 12],
    face_down: FaceDown::None,
    sight: Sight::Faces,
    reserve: 0,
    build: Build::DownSameSuit,
    unit: Unit::Run(Build::DownSameSuit),
    space: Space::Any,
    stock: Stock::Waste {
        draw: 1,
        passes: Some(1),
    },
};
