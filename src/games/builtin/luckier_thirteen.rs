use crate::game::{Build, FaceDown, Rules, Sight, Space, Stock, Unit};

/// Luckier Thirteen: 13 x 4 face up, down by one in alternating colour, single cards, any card
/// fills a space.
pub const RULES: Rules = Rules {
    id: "luckier-thirteen",
    name: "Luckier Thirteen",
    summary: "13x4 face up; down alt. colour; single cards; any card to a space",
    decks: 1,
    pile_sizes: &[4; 13],
    face_down: FaceDown::None,
    sight: Sight::Faces,
    reserve: 0,
    build: Build::DownAltColour,
    unit: Unit::Single,
    space: Space::Any,
    stock: Stock::None,
};
