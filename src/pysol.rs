//! PySolFC's game numbers as a deal source (docs/formats.md, "Deal sources"): the deal that
//! PySolFC deals for its game number N, converted to our layout and card names.
//!
//! Written from the algorithm, not from PySolFC's (GPL) code:
//!
//! - **The deck.** PySolFC numbers its cards deck by deck, suit by suit in the order clubs,
//!   spades, hearts, diamonds, ranks Ace to King. The list is its talon, bottom first: the
//!   last card is the top, dealt first.
//! - **The generator.** A game number N below 32,000 uses the Microsoft C library's LCG, as
//!   Windows FreeCell does (`x = x * 214013 + 2531011`, output bits 16..30 of `x`, seeded with
//!   N), and first rearranges a one-deck talon into rank order (Aces first, each rank in the
//!   order clubs, diamonds, hearts, spades). From 32,000 on, MT19937 seeded as Python's
//!   `random.Random(N)` seeds it (`init_by_array` over N's 32-bit words, least significant
//!   first), drawing Python's 53-bit `random()`. PySolFC's game numbers run from 0 to 10^20.
//! - **The shuffle.** For i from the last index down to 1, j = randint(0, i), swap i and j;
//!   `randint(0, i)` is `rand() % (i + 1)` with the LCG and `floor(random() * (i + 1))` with
//!   MT19937.
//! - **The deal.** Each game's own order (its `startGame`): rows dealt across the piles,
//!   reserves, and for the games with a waste the first turn of the stock at the start (that
//!   card, or Klondike by threes' three, is the waste of our deal).

use crate::cards::{Card, CardToken};
use crate::deal::Deal;
use crate::game::Rules;

/// The highest PySolFC game number (its `MAX_SEED`, 10^20).
pub const MAX_NUMBER: u128 = 100_000_000_000_000_000_000;

/// Game numbers below this use the LCG; from it on, MT19937.
pub const MT_FROM: u128 = 32_000;

/// The highest LCG game PySolFC shows as `msN` (its LCG's `MAX_SEED`, 2^33 - 1).
pub const MS_MAX: u128 = (1 << 33) - 1;

/// Marks a number given as `msN` (PySolFC's LCG games, N up to [`MS_MAX`]) from N itself,
/// which from 32,000 on is an MT19937 game: the bit is far above [`MAX_NUMBER`].
pub const MS_BIT: u128 = 1 << 100;

/// Why PySolFC has no deal for a request.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PysolError {
    /// Our game is not one of PySolFC's (or not in a layout that matches ours).
    #[error("PySolFC has no {0}")]
    NoSuchGame(String),
    /// The number is 0 or above PySolFC's highest game number.
    #[error("PySolFC game numbers run from 1 to {MAX_NUMBER} (and ms1 to ms{MS_MAX}), not {}", number_text(*.0))]
    OutOfRange(u128),
    /// Not a PySolFC number: a seed of ours past the largest (a deal source's error all the
    /// same, [`crate::batch::DealSource::deal`]).
    #[error("seeds run from 0 to {max}, not {0}", max = u64::MAX)]
    NoSeed(u128),
}

/// How a PySolFC game lays out its cards at the start.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Layout {
    /// 6 piles of 6 dealt in six rows (a row face up where `up`), then 16 reserve cards
    /// (Stonewall, Flower Garden, Wildflower).
    Raglan { up: [bool; 6] },
    /// 13 piles of 4 dealt in four rows, face up (Lucky Thirteen, Lucky Piles).
    Thirteen,
    /// Two decks, `piles` piles of 4 dealt in four rows, face up; the first stock card is
    /// turned onto the waste (Forty Thieves and its family).
    Forty { piles: usize },
    /// Klondike: piles of 1..7, each row dealt from the last pile down, all but each pile's
    /// top face down; then `draw` cards are turned onto the waste.
    Klondike { draw: usize },
}

/// The PySolFC game whose deal one of our games takes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PysolGame {
    /// PySolFC's game id.
    pub id: u32,
    /// PySolFC's name for it.
    pub name: &'static str,
    layout: Layout,
}

const RAGLAN_DOWN_UP: Layout = Layout::Raglan {
    up: [false, true, false, true, false, true],
};
const RAGLAN_UP: Layout = Layout::Raglan { up: [true; 6] };

/// Our game ids and the PySolFC game whose deal each takes (docs/formats.md, "Deal sources").
/// Lucky Piles, our any-suit game, takes the cards of PySolFC's Lucky Thirteen (PySolFC's
/// Lucky Piles, game 586, is our `lucky-piles-same-suit`; both deal alike).
const GAMES: &[(&str, PysolGame)] = &[
    ("stonewall", game(221, "Stonewall", RAGLAN_DOWN_UP)),
    ("flower-garden", game(222, "Flower Garden", RAGLAN_UP)),
    ("wildflower", game(861, "Wildflower", RAGLAN_UP)),
    (
        "lucky-thirteen",
        game(585, "Lucky Thirteen", Layout::Thirteen),
    ),
    ("lucky-piles", game(585, "Lucky Thirteen", Layout::Thirteen)),
    (
        "lucky-piles-same-suit",
        game(586, "Lucky Piles", Layout::Thirteen),
    ),
    (
        "napoleons-shoulder",
        game(910, "Napoleon's Shoulder", Layout::Forty { piles: 12 }),
    ),
    (
        "napoleons-square",
        game(295, "Napoleon's Square", Layout::Forty { piles: 12 }),
    ),
    (
        "forty-thieves",
        game(13, "Forty Thieves", Layout::Forty { piles: 10 }),
    ),
    (
        "klondike",
        game(2, "Klondike", Layout::Klondike { draw: 1 }),
    ),
    (
        "klondike-draw3",
        game(18, "Klondike (Draw 3)", Layout::Klondike { draw: 3 }),
    ),
];

const fn game(id: u32, name: &'static str, layout: Layout) -> PysolGame {
    PysolGame { id, name, layout }
}

/// The PySolFC game whose deal `rules`' game takes, or the error naming the game PySolFC lacks.
pub fn pysol_game(rules: &Rules) -> Result<PysolGame, PysolError> {
    GAMES
        .iter()
        .find(|(id, _)| *id == rules.id)
        .map(|&(_, g)| g)
        .ok_or_else(|| {
            // A game from a rules file is not PySolFC's, whatever its name.
            PysolError::NoSuchGame(match crate::games::builtin::find(rules.id) {
                Some(_) => rules.name.to_string(),
                None => format!(
                    "game from a rules file ({}, named {:?})",
                    rules.id, rules.name
                ),
            })
        })
}

/// Is `number` one of PySolFC's game numbers? Its error says the range.
pub fn check_number(number: u128) -> Result<u128, PysolError> {
    let ms = number & !MS_BIT;
    let good = match number & MS_BIT {
        0 => (1..=MAX_NUMBER).contains(&number),
        _ => (1..=MS_MAX).contains(&ms),
    };
    if good {
        Ok(number)
    } else {
        Err(PysolError::OutOfRange(number))
    }
}

/// A game number as PySolFC shows it: `123456`, or `ms32000` for an LCG game given as `msN`.
pub(crate) fn number_text(number: u128) -> String {
    match number & MS_BIT {
        0 => number.to_string(),
        _ => format!("ms{}", number & !MS_BIT),
    }
}

/// One of PySolFC's game numbers: N from 1 to 10^20 ([`PysolNumber::MAX`]), or `msN` for its
/// LCG game N (1 to [`PysolNumber::MS_MAX`]), which from 32,000 on is another deal than N.
/// Read from the text PySolFC shows ([`FromStr`](std::str::FromStr)) and shown as it does
/// ([`Display`](std::fmt::Display)): `123456`, `ms32000`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PysolNumber(u128);

impl PysolNumber {
    /// The highest PySolFC game number (its `MAX_SEED`, 10^20).
    pub const MAX: u128 = MAX_NUMBER;
    /// The highest LCG game PySolFC shows as `msN` (2^33 - 1).
    pub const MS_MAX: u128 = MS_MAX;

    /// Game `n` (1 to [`PysolNumber::MAX`]); out of that range, the error says the range.
    pub fn new(n: u128) -> Result<PysolNumber, PysolError> {
        match n & MS_BIT {
            0 => check_number(n).map(PysolNumber),
            _ => Err(PysolError::OutOfRange(n)),
        }
    }

    /// PySolFC's LCG game `msN` (1 to [`PysolNumber::MS_MAX`]): below 32,000 the same deal as
    /// game N.
    pub fn ms(n: u128) -> Result<PysolNumber, PysolError> {
        match n {
            1..MT_FROM => Ok(PysolNumber(n)),
            MT_FROM..=MS_MAX => Ok(PysolNumber(MS_BIT | n)),
            _ => Err(PysolError::OutOfRange(MS_BIT | (n & !MS_BIT))),
        }
    }

    /// The number N (of `N` or `msN`).
    pub fn number(self) -> u128 {
        self.0 & !MS_BIT
    }

    /// Whether this is an LCG game `msN` from ms32000 on (another deal than game N).
    pub fn is_ms(self) -> bool {
        self.0 & MS_BIT != 0
    }

    /// How a deal of this number is named in a title: `PySolFC game 123456`, and for Lucky
    /// Piles whose game it is.
    pub fn source_text(self, rules: &Rules) -> String {
        match pysol_game(rules) {
            Ok(g) if g.name != rules.name => {
                format!("PySolFC game {self} (the cards of its {})", g.name)
            }
            _ => format!("PySolFC game {self}"),
        }
    }
}

/// The number as [`pysol_deal`] takes it (`msN` from ms32000 on marked above
/// [`PysolNumber::MAX`]).
impl From<PysolNumber> for u128 {
    fn from(n: PysolNumber) -> u128 {
        n.0
    }
}

impl std::fmt::Display for PysolNumber {
    /// As PySolFC shows it: `123456`, or `ms32000`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.is_ms() {
            false => write!(f, "{}", self.0),
            true => write!(f, "ms{}", self.number()),
        }
    }
}

impl std::str::FromStr for PysolNumber {
    type Err = String;

    /// Reads a game number as PySolFC shows it: decimal digits, leading zeros allowed (as in
    /// its 20-digit form `00000000000000123456`), from 1 to [`PysolNumber::MAX`]; or `msN` for
    /// its LCG game N (1 to [`PysolNumber::MS_MAX`]; below 32,000 the same deal as N). 0 is no
    /// game of PySolFC's. The error is one line for the command line.
    fn from_str(text: &str) -> Result<PysolNumber, String> {
        let t = text.trim();
        let (ms, digits) = match t.get(..2) {
            Some(p) if p.eq_ignore_ascii_case("ms") => (true, &t[2..]),
            _ => (false, t),
        };
        let range = format!("from 1 to {MAX_NUMBER}, or ms1 to ms{MS_MAX}");
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!(
                "a PySolFC game number is a whole number {range}, not {text:?}"
            ));
        }
        let digits = digits.trim_start_matches('0');
        if digits.is_empty() {
            return Err(format!(
                "0 is no PySolFC game number (PySolFC says \"Invalid game number\"): they run {range}"
            ));
        }
        // More digits than u128 holds is out of range too.
        match digits.parse::<u128>() {
            Ok(n) if ms && n < MT_FROM => Ok(PysolNumber(n)),
            Ok(n) if ms && n <= MS_MAX => Ok(PysolNumber(MS_BIT | n)),
            Ok(n) if !ms && n <= MAX_NUMBER => Ok(PysolNumber(n)),
            _ => Err(format!("PySolFC game numbers run {range}, not {t}")),
        }
    }
}

/// The deal of PySolFC's game `number` for `rules`' game, in our layout: piles bottom first,
/// the stock's last card the next one turned, the waste holding the card(s) PySolFC turns at
/// the start. `seed` is left empty (a deal file has no key for a PySolFC number).
pub fn pysol_deal(rules: &Rules, number: u128) -> Result<Deal, PysolError> {
    let game = pysol_game(rules)?;
    let number = check_number(number)?;
    let decks = match game.layout {
        Layout::Forty { .. } => 2,
        _ => 1,
    };
    let mut d = Dealer {
        talon: talon(decks, number),
        piles: Vec::new(),
        reserve: Vec::new(),
        waste: Vec::new(),
    };
    match game.layout {
        Layout::Raglan { up } => {
            d.piles = vec![Vec::new(); 6];
            for face_up in up {
                d.row(0..6, face_up);
            }
            d.reserve = (0..16).map(|_| Some(d.take(true))).collect();
        }
        Layout::Thirteen => {
            d.piles = vec![Vec::new(); 13];
            for _ in 0..4 {
                d.row(0..13, true);
            }
        }
        Layout::Forty { piles } => {
            d.piles = vec![Vec::new(); piles];
            for _ in 0..4 {
                d.row(0..piles, true);
            }
            d.turn(1);
        }
        Layout::Klondike { draw } => {
            d.piles = vec![Vec::new(); 7];
            for first in 1..7 {
                d.row((first..7).rev(), false);
            }
            d.row((0..7).rev(), true);
            d.turn(draw);
        }
    }
    // The rest of the talon is the stock, its top (the list's end) turned next: bottom first
    // already.
    let stock = d
        .talon
        .iter()
        .map(|&card| CardToken::Known {
            card,
            face_up: true,
        })
        .collect();
    Ok(Deal {
        variant: Some(rules.id.to_string()),
        seed: None,
        piles: d.piles,
        reserve: d.reserve,
        stock,
        waste: d.waste,
        foundations: Vec::new(),
    })
}

/// Deals from the top (the end) of PySolFC's talon.
struct Dealer {
    talon: Vec<Card>,
    piles: Vec<Vec<CardToken>>,
    reserve: Vec<Option<CardToken>>,
    waste: Vec<CardToken>,
}

impl Dealer {
    fn take(&mut self, face_up: bool) -> CardToken {
        let card = self
            .talon
            .pop()
            .expect("every PySolFC layout fits in its decks");
        CardToken::Known { card, face_up }
    }

    /// One card to each of `piles`, in that order.
    fn row(&mut self, piles: impl Iterator<Item = usize>, face_up: bool) {
        for p in piles {
            let c = self.take(face_up);
            self.piles[p].push(c);
        }
    }

    /// Turns up to `n` stock cards onto the waste, one by one.
    fn turn(&mut self, n: usize) {
        for _ in 0..n.min(self.talon.len()) {
            let c = self.take(true);
            self.waste.push(c);
        }
    }
}

/// PySolFC's suits in its card order (clubs, spades, hearts, diamonds) as our suit indices
/// (`C D H S`).
const PYSOL_SUITS: [u8; 4] = [0, 3, 2, 1];

/// PySolFC's shuffled talon for game `number` (at most [`MAX_NUMBER`]) with `decks` decks:
/// the last card is the top, dealt first.
pub fn talon(decks: u8, number: u128) -> Vec<Card> {
    // A number given as `msN` is LCG game N whatever its size.
    let (lcg, number) = match number & MS_BIT {
        0 => (number < MT_FROM, number),
        _ => (true, number & !MS_BIT),
    };
    let mut cards: Vec<Card> = if lcg && decks == 1 {
        // The LCG's FreeCell order: by rank, each rank clubs, diamonds, hearts, spades.
        (1..=13u8)
            .flat_map(|r| (0..4u8).map(move |s| Card::new(r, s)))
            .collect()
    } else {
        (0..decks)
            .flat_map(|_| {
                PYSOL_SUITS
                    .iter()
                    .flat_map(|&s| (1..=13u8).map(move |r| Card::new(r, s)))
            })
            .collect()
    };
    if lcg {
        let mut lcg = MsLcg::new(number as u64);
        for i in (1..cards.len()).rev() {
            let j = lcg.next() as usize % (i + 1);
            cards.swap(i, j);
        }
    } else {
        let mut mt = Mt19937::from_number(number);
        for i in (1..cards.len()).rev() {
            let j = (mt.random() * (i + 1) as f64) as usize;
            cards.swap(i, j);
        }
    }
    cards
}

/// The Microsoft C library's `rand()`, as Windows FreeCell and PySolFC use it below game 32,000,
/// with PySolFC's extension to its games `ms2147483648` .. `ms8589934591` (its `LCRandom31`):
/// from 2^31 the high bit of each 15-bit draw is set, from 2^32 the state starts at N - 2^32
/// and each draw is 16 bits plus one.
struct MsLcg {
    state: u32,
    seed: u64,
}

impl MsLcg {
    fn new(seed: u64) -> Self {
        let state = if seed < 1 << 32 {
            seed
        } else {
            seed - (1 << 32)
        };
        MsLcg {
            state: state as u32,
            seed,
        }
    }

    fn next(&mut self) -> u32 {
        self.state = self.state.wrapping_mul(214_013).wrapping_add(2_531_011);
        let draw = self.state >> 16;
        match self.seed {
            s if s < 1 << 31 => draw & 0x7fff,
            s if s < 1 << 32 => (draw & 0x7fff) | 0x8000,
            _ => (draw & 0xffff) + 1,
        }
    }
}

/// MT19937 (Matsumoto and Nishimura's reference `mt19937ar.c`), seeded and read as Python's
/// `random` module does.
struct Mt19937 {
    mt: [u32; 624],
    index: usize,
}

impl Mt19937 {
    const N: usize = 624;
    const M: usize = 397;

    fn init_genrand(seed: u32) -> Self {
        let mut mt = [0u32; 624];
        mt[0] = seed;
        for i in 1..Self::N {
            mt[i] = 1_812_433_253u32
                .wrapping_mul(mt[i - 1] ^ (mt[i - 1] >> 30))
                .wrapping_add(i as u32);
        }
        Mt19937 { mt, index: Self::N }
    }

    /// The reference `init_by_array`.
    fn init_by_array(key: &[u32]) -> Self {
        debug_assert!(!key.is_empty());
        let mut g = Self::init_genrand(19_650_218);
        let mt = &mut g.mt;
        let (mut i, mut j) = (1usize, 0usize);
        for _ in 0..Self::N.max(key.len()) {
            mt[i] = (mt[i] ^ (mt[i - 1] ^ (mt[i - 1] >> 30)).wrapping_mul(1_664_525))
                .wrapping_add(key[j])
                .wrapping_add(j as u32);
            i += 1;
            j += 1;
            if i >= Self::N {
                mt[0] = mt[Self::N - 1];
                i = 1;
            }
            if j >= key.len() {
                j = 0;
            }
        }
        for _ in 0..Self::N - 1 {
            mt[i] = (mt[i] ^ (mt[i - 1] ^ (mt[i - 1] >> 30)).wrapping_mul(1_566_083_941))
                .wrapping_sub(i as u32);
            i += 1;
            if i >= Self::N {
                mt[0] = mt[Self::N - 1];
                i = 1;
            }
        }
        mt[0] = 0x8000_0000;
        g
    }

    /// Python's `random.Random(number)`: the key is the number's 32-bit words, least
    /// significant first (one word 0 for 0).
    fn from_number(number: u128) -> Self {
        let mut key = Vec::with_capacity(4);
        let mut n = number;
        loop {
            key.push(n as u32);
            n >>= 32;
            if n == 0 {
                break;
            }
        }
        Self::init_by_array(&key)
    }

    fn next_u32(&mut self) -> u32 {
        const UPPER: u32 = 0x8000_0000;
        const LOWER: u32 = 0x7fff_ffff;
        const MATRIX_A: u32 = 0x9908_b0df;
        if self.index >= Self::N {
            let mt = &mut self.mt;
            for k in 0..Self::N {
                let y = (mt[k] & UPPER) | (mt[(k + 1) % Self::N] & LOWER);
                let mag = if y & 1 == 1 { MATRIX_A } else { 0 };
                mt[k] = mt[(k + Self::M) % Self::N] ^ (y >> 1) ^ mag;
            }
            self.index = 0;
        }
        let mut y = self.mt[self.index];
        self.index += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^= y >> 18;
        y
    }

    /// Python's `random()`: 53 random bits in [0, 1).
    fn random(&mut self) -> f64 {
        let a = (self.next_u32() >> 5) as f64;
        let b = (self.next_u32() >> 6) as f64;
        (a * 67_108_864.0 + b) * (1.0 / 9_007_199_254_740_992.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mt19937_matches_the_reference_output() {
        // mt19937ar.out: init_by_array({0x123, 0x234, 0x345, 0x456}).
        let mut mt = Mt19937::init_by_array(&[0x123, 0x234, 0x345, 0x456]);
        let first: Vec<u32> = (0..5).map(|_| mt.next_u32()).collect();
        assert_eq!(
            first,
            [1067595299, 955945823, 477289528, 4107218783, 4228976476]
        );
        // The 1000th output of the reference run.
        let mut mt = Mt19937::init_by_array(&[0x123, 0x234, 0x345, 0x456]);
        let last = (0..1000).map(|_| mt.next_u32()).last();
        assert_eq!(last, Some(3460025646));
    }

    #[test]
    fn mt19937_reads_as_python_random() {
        // Python 3: random.Random(123456).random() and random.Random(10**20).random().
        let mut mt = Mt19937::from_number(123_456);
        assert_eq!(mt.random(), 0.8056271362589);
        let mut mt = Mt19937::from_number(MAX_NUMBER);
        assert_eq!(mt.random(), 0.018195028987988637);
        let mut mt = Mt19937::from_number(0);
        assert_eq!(mt.random(), 0.8444218515250481);
    }

    #[test]
    fn the_lcg_is_microsoft_rand() {
        // srand(1): the C library's well-known first outputs.
        let mut lcg = MsLcg::new(1);
        let first: Vec<u32> = (0..5).map(|_| lcg.next()).collect();
        assert_eq!(first, [41, 18467, 6334, 26500, 19169]);
    }

    #[test]
    fn the_lcg_past_2_pow_31_is_pysolfcs_extension() {
        // From 2^31 the draws are those of N - 2^31 with the high bit set; from 2^32 the
        // state starts at N - 2^32 and a draw is its 16 bits plus one.
        for k in [0u64, 1, 11982] {
            let (mut low, mut high) = (MsLcg::new(k), MsLcg::new((1 << 31) + k));
            let mut wide = MsLcg::new((1 << 32) + k);
            let mut state = k as u32;
            for _ in 0..100 {
                assert_eq!(high.next(), low.next() | 0x8000);
                state = state.wrapping_mul(214_013).wrapping_add(2_531_011);
                assert_eq!(wide.next(), ((state >> 16) & 0xffff) + 1);
            }
        }
    }

    #[test]
    fn game_numbers_are_checked() {
        let parse_number = |t: &str| t.parse::<PysolNumber>().map(u128::from);
        assert_eq!(parse_number("123456"), Ok(123_456));
        assert_eq!(parse_number("00000000000000123456"), Ok(123_456));
        assert_eq!(parse_number("100000000000000000000"), Ok(MAX_NUMBER));
        for zero in ["0", "000", "ms0"] {
            let e = parse_number(zero).unwrap_err();
            assert!(e.starts_with("0 is no PySolFC game number"), "{e}");
        }
        assert_eq!(parse_number("ms123"), Ok(123));
        assert_eq!(parse_number("MS31999"), Ok(31_999));
        assert_eq!(parse_number("ms32000"), Ok(MS_BIT | 32_000));
        assert_eq!(parse_number("ms8589934591"), Ok(MS_BIT | MS_MAX));
        assert!(parse_number("ms8589934592").is_err());
        assert_eq!(number_text(MS_BIT | 32_000), "ms32000");
        for text in ["123456", "ms32000", "ms8589934591", "100000000000000000000"] {
            let n: PysolNumber = text.parse().unwrap();
            assert_eq!(n.to_string(), text);
        }
        assert_eq!("ms123".parse::<PysolNumber>().unwrap().to_string(), "123");
        assert_eq!(PysolNumber::ms(123), PysolNumber::new(123));
        assert_eq!(
            PysolNumber::ms(32_000).map(|n| n.to_string()).as_deref(),
            Ok("ms32000")
        );
        assert!(PysolNumber::new(0).is_err() && PysolNumber::ms(MS_MAX + 1).is_err());
        assert!(PysolNumber::new(MAX_NUMBER + 1).is_err() && PysolNumber::new(MS_BIT | 5).is_err());
        assert!(check_number(0).is_err() && check_number(MS_BIT).is_err());
        for bad in [
            "100000000000000000001",
            "999999999999999999999999999999999999999999",
        ] {
            let e = parse_number(bad).unwrap_err();
            assert!(e.contains("from 1 to 100000000000000000000"), "{e}");
            assert!(e.contains(bad), "{e}");
        }
        for bad in ["", "-1", "12a", "ms", "msx", "1.5"] {
            let e = parse_number(bad).unwrap_err();
            assert!(e.contains("PySolFC game number"), "{e}");
        }
    }
}
