use crate::game::{Build, FaceDown, Rules, Sight, Space, Stock, Unit};

/// Lucky Piles, same suit (PySolFC's Lucky Piles): 13 x 4 face up, up or down by one in the
/// same suit, single cards, only Kings fill a space.
pub const RULES: Rules = Rules {
    id: "lucky-piles-same-suit",
    name: "Lucky Piles (same suit)",
    summary: "13x4 face up; up or down by one in suit; single cards; only Kings to a space",
    decks: 1,
    pile_sizes: &[4; 13],
    face_down: FaceDown::None,
    sight: Sight::Faces,
    reserve: 0,
    build: Build::UpDownSameSuit,
    unit: Unit::Single,
    space: Space::Kings,
    stock: Stock::None,
};
