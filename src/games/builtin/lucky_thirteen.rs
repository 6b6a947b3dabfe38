use crate::game::{Build, FaceDown, Rules, Sight, Space, Stock, Unit};

/// Lucky Thirteen: 13 x 4 face up, down by one regardless of suit, single cards, an empty pile
/// is never filled.
pub const RULES: Rules = Rules {
    id: "lucky-thirteen",
    name: "Lucky Thirteen",
    summary: "13x4 face up; down any suit; single cards; spaces never filled",
    decks: 1,
    pile_sizes: &[4; 13],
    face_down: FaceDown::None,
    sight: Sight::Tops,
    reserve: 0,
    build: Build::DownAnySuit,
    unit: Unit::Single,
    space: Space::Never,
    stock: Stock::None,
};
