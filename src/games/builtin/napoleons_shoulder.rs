use crate::game::{Build, FaceDown, Rules, Sight, Space, Stock, Unit};

/// Napoleon's Shoulder: two decks, 12 x 4 face up, down regardless of suit, single cards,
/// spaces filled only from the waste (or by an Ace from a foundation), 56-card stock, one pass.
pub const RULES: Rules = Rules {
    id: "napoleons-shoulder",
    name: "Napoleon's Shoulder",
    summary: "2 decks, 12x4 face up; down any suit; single cards; spaces from the waste only; stock 1 pass",
    decks: 2,
    pile_sizes: &[4; 12],
    face_down: FaceDown::None,
    sight: Sight::Faces,
    reserve: 0,
    build: Build::DownAnySuit,
    unit: Unit::Single,
    space: Space::WasteOnly {
        aces_from_foundation: true,
    },
    stock: Stock::Waste {
        draw: 1,
        passes: Some(1),
    },
};
