use crate::game::{Build, FaceDown, Rules, Sight, Space, Stock, Unit};

/// Wildflower: Flower Garden (6 x 6 face up, 16-card open reserve, down regardless of suit), but
/// a descending run in one suit moves as a unit; any card or such run fills a space.
pub const RULES: Rules = Rules {
    id: "wildflower",
    name: "Wildflower",
    summary: "6x6 face up, 16 open reserve; down any suit; same-suit runs move; any card or run to a space",
    decks: 1,
    pile_sizes: &[6; 6],
    face_down: FaceDown::None,
    sight: Sight::Faces,
    reserve: 16,
    build: Build::DownAnySuit,
    unit: Unit::Run(Build::DownSameSuit),
    space: Space::Any,
    stock: Stock::None,
};
