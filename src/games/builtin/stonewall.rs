use crate::game::{Build, FaceDown, Rules, Sight, Space, Stock, Unit};

/// Stonewall: 6 x 6 with the 1st, 3rd and 5th card face down, a 16-card open reserve,
/// down in alternating colour, any face-up alternating run moves, anything fills a space.
pub const RULES: Rules = Rules {
    id: "stonewall",
    name: "Stonewall",
    summary: "6x6 (1st/3rd/5th down), 16 open reserve; down alt. colour, runs move, any card to a space",
    decks: 1,
    pile_sizes: &[6; 6],
    face_down: FaceDown::OddFromBottom,
    sight: Sight::Faces,
    reserve: 16,
    build: Build::DownAltColour,
    unit: Unit::Run(Build::DownAltColour),
    space: Space::Any,
    stock: Stock::None,
};
