use crate::game::{Build, FaceDown, Rules, Sight, Space, Stock, Unit};

/// Flower Garden: 6 x 6 all face up, a 16-card open reserve, down by one regardless of suit,
/// single cards, any card fills a space.
pub const RULES: Rules = Rules {
    id: "flower-garden",
    name: "Flower Garden",
    summary: "6x6 face up, 16 open reserve; down any suit; single cards; any card to a space",
    decks: 1,
    pile_sizes: &[6; 6],
    face_down: FaceDown::None,
    sight: Sight::Faces,
    reserve: 16,
    build: Build::DownAnySuit,
    unit: Unit::Single,
    space: Space::Any,
    stock: Stock::None,
};
