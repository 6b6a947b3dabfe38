//! Random playouts checked against a slow, independent legality oracle.
//!
//! The oracle (module [`oracle`]) is written straight from `docs/rules.md`: it reads the
//! public fields of a [`Position`] into plain lists of cards and decides every move with its own
//! code. It never calls `legal`, `generate`, `movable_tail` or the variant's `Rules`.
//!
//! At every step of every playout:
//! (a) every generated move is accepted by the oracle and by `legal` (which returns it unchanged);
//! (b) every move the oracle accepts, over all from/to/count combinations, is generated, or
//!     differs from a generated move only by the numbering of interchangeable places (empty
//!     piles; foundations holding the same suit to the same height), or is a whole pile moved
//!     into an empty pile; `legal` agrees with the oracle on every combination;
//! (c) at some steps, apply then undo of every generated move restores the position (==);
//! (d) no card is lost or duplicated;
//! (e) after apply no pile top is face down, and the position is the one the oracle predicts;
//! (f) in Klondike (the games whose search uses talon plays), every talon play of the solver's
//!     move set is what the oracle's own turns and play give, and every card turning can bring
//!     to the top of the waste, to every place that takes it, is a talon play (see
//!     [`check_talon_plays`]).
//!
//! The moves compared in (a)-(e) are the engine's real moves (`generate`): the stock turn and
//! the redeal, not the talon plays.

use patience::deal;
use patience::games::{
    FlowerGarden, FortyThieves, Klondike, KlondikeDraw3, LuckierThirteen, LuckyPiles,
    LuckyPilesSameSuit, LuckyThirteen, NapoleonsShoulder, NapoleonsSquare, Stonewall, Wildflower,
};
use patience::internal::game::{Place, generate_with};
use patience::{Move, Position, Variant, apply, generate, legal, undo};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The rules of RULES.md in plain code, independent of the engine.
pub mod oracle {
    use patience::internal::cards::Card;
    use patience::internal::game::Place;
    use patience::{Move, Position};

    /// The three games of the brief, the family named alongside them, and Klondike.
    #[derive(Copy, Clone, Debug, PartialEq, Eq)]
    pub enum Game {
        Stonewall,
        LuckyPiles,
        NapoleonsShoulder,
        FlowerGarden,
        Wildflower,
        LuckyThirteen,
        LuckierThirteen,
        NapoleonsSquare,
        FortyThieves,
        LuckyPilesSameSuit,
        Klondike,
        KlondikeDraw3,
    }

    /// Where a unit comes from, for the space rules.
    #[derive(Copy, Clone, Debug, PartialEq, Eq)]
    enum From {
        Tableau,
        Reserve,
        Foundation,
        Waste,
    }

    fn red(c: Card) -> bool {
        // Suits are C D H S: diamonds and hearts are red.
        matches!(c.suit(), 1 | 2)
    }

    impl Game {
        pub fn decks(self) -> usize {
            match self {
                Game::NapoleonsShoulder | Game::NapoleonsSquare | Game::FortyThieves => 2,
                _ => 1,
            }
        }
        pub fn piles(self) -> usize {
            match self {
                Game::Stonewall | Game::FlowerGarden | Game::Wildflower => 6,
                Game::LuckyPiles
                | Game::LuckyThirteen
                | Game::LuckierThirteen
                | Game::LuckyPilesSameSuit => 13,
                Game::NapoleonsShoulder | Game::NapoleonsSquare => 12,
                Game::FortyThieves => 10,
                Game::Klondike | Game::KlondikeDraw3 => 7,
            }
        }
        pub fn reserve(self) -> usize {
            match self {
                Game::Stonewall | Game::FlowerGarden | Game::Wildflower => 16,
                _ => 0,
            }
        }
        pub fn foundations(self) -> usize {
            4 * self.decks()
        }
        pub fn has_stock(self) -> bool {
            matches!(
                self,
                Game::NapoleonsShoulder
                    | Game::NapoleonsSquare
                    | Game::FortyThieves
                    | Game::Klondike
                    | Game::KlondikeDraw3
            )
        }
        /// Cards turned from the stock at a time: three in Klondike draw 3, one elsewhere.
        pub fn draw(self) -> usize {
            match self {
                Game::KlondikeDraw3 => 3,
                _ => 1,
            }
        }
        /// May the waste be turned back over into the stock (unlimited passes)? Only in
        /// Klondike; the other games with a stock have one pass.
        pub fn redeals(self) -> bool {
            matches!(self, Game::Klondike | Game::KlondikeDraw3)
        }
        /// May `card` lie on the tableau card `base`?
        #[inline(always)]
        fn fits(self, card: Card, base: Card) -> bool {
            let (c, b) = (card.rank() as i32, base.rank() as i32);
            let same_suit = card.suit() == base.suit();
            match self {
                // Down by one in alternating colour.
                Game::Stonewall | Game::LuckierThirteen | Game::Klondike | Game::KlondikeDraw3 => {
                    b - c == 1 && red(card) != red(base)
                }
                // Up or down by one, any suit, no wrap (ranks 1..=13, so A and K never touch).
                Game::LuckyPiles => (b - c).abs() == 1,
                // Up or down by one in the same suit.
                Game::LuckyPilesSameSuit => (b - c).abs() == 1 && same_suit,
                // Down by one, any suit.
                Game::NapoleonsShoulder
                | Game::FlowerGarden
                | Game::Wildflower
                | Game::LuckyThirteen => b - c == 1,
                // Down by one in the same suit.
                Game::NapoleonsSquare | Game::FortyThieves => b - c == 1 && same_suit,
            }
        }
        /// Does a tableau tail of more than one card move as a unit?
        #[inline(always)]
        fn runs_move(self) -> bool {
            matches!(
                self,
                Game::Stonewall
                    | Game::Wildflower
                    | Game::NapoleonsSquare
                    | Game::Klondike
                    | Game::KlondikeDraw3
            )
        }
        /// Inside a unit that moves (where runs move): may `card` lie on `below`?
        #[inline(always)]
        fn run_link(self, card: Card, below: Card) -> bool {
            match self {
                // A descending run in one suit (Wildflower builds in any suit, but only such a
                // run moves as a unit).
                Game::Wildflower | Game::NapoleonsSquare => {
                    below.rank() == card.rank() + 1 && card.suit() == below.suit()
                }
                // Elsewhere a run is a sequence under the build rule (Stonewall, Klondike).
                _ => self.fits(card, below),
            }
        }
        /// May a unit whose bottom card is `bottom`, coming from `from`, fill an empty pile?
        #[inline(always)]
        fn space_ok(self, bottom: Card, from: From) -> bool {
            match self {
                Game::Stonewall
                | Game::FlowerGarden
                | Game::Wildflower
                | Game::LuckierThirteen
                | Game::NapoleonsSquare
                | Game::FortyThieves => true,
                // A King, alone or heading a run, from anywhere (Klondike's run rule comes from
                // `unit`; Lucky Piles moves single cards).
                Game::LuckyPiles
                | Game::LuckyPilesSameSuit
                | Game::Klondike
                | Game::KlondikeDraw3 => bottom.rank() == 13,
                Game::NapoleonsShoulder => {
                    from == From::Waste || (from == From::Foundation && bottom.rank() == 1)
                }
                Game::LuckyThirteen => false,
            }
        }
    }

    /// A position as plain lists, every list bottom first.
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub struct Table {
        /// (card, face up).
        pub piles: Vec<Vec<(Card, bool)>>,
        pub reserve: Vec<Option<Card>>,
        pub found: Vec<Vec<Card>>,
        /// The last card is the next one turned.
        pub stock: Vec<Card>,
        /// The last card is the top.
        pub waste: Vec<Card>,
    }

    impl Table {
        /// Reads the public fields of a position (the layout documented in `position.rs`).
        pub fn read(game: Game, pos: &Position) -> Table {
            let piles = (0..game.piles())
                .map(|p| {
                    let pile = &pos.piles()[p];
                    pile.cards[..pile.len as usize]
                        .iter()
                        .map(|&b| (Card::from_index(b & 0x7F), b & 0x80 == 0))
                        .collect()
                })
                .collect();
            let reserve = (0..game.reserve())
                .map(|r| (pos.reserve()[r] != 0xFF).then(|| Card::from_index(pos.reserve()[r])))
                .collect();
            let found = (0..game.foundations())
                .map(|f| {
                    (1..=pos.found_height(f))
                        .map(|r| Card::new(r, pos.found_suit(f)))
                        .collect()
                })
                .collect();
            let stock = (0..pos.stock_len())
                .map(|i| Card::from_index(pos.talon()[pos.stock()[i] as usize]))
                .collect();
            let waste = (0..pos.waste_len())
                .map(|i| Card::from_index(pos.talon()[pos.waste()[i] as usize]))
                .collect();
            Table {
                piles,
                reserve,
                found,
                stock,
                waste,
            }
        }

        /// Every card with how often it appears anywhere.
        pub fn counts(&self) -> [usize; 52] {
            let mut n = [0; 52];
            let mut add = |c: Card| n[c.index() as usize] += 1;
            self.piles.iter().flatten().for_each(|&(c, _)| add(c));
            self.reserve.iter().flatten().for_each(|&c| add(c));
            self.found.iter().flatten().for_each(|&c| add(c));
            self.stock.iter().for_each(|&c| add(c));
            self.waste.iter().for_each(|&c| add(c));
            n
        }

        pub fn won(&self, game: Game) -> bool {
            self.found.iter().map(Vec::len).sum::<usize>() == 52 * game.decks()
        }

        #[inline(always)]
        fn exists(&self, game: Game, p: Place) -> bool {
            match p {
                Place::Tableau(i) => (i as usize) < game.piles(),
                Place::Reserve(i) => (i as usize) < game.reserve(),
                Place::Foundation(i) => (i as usize) < game.foundations(),
                Place::Stock | Place::Waste => game.has_stock(),
            }
        }

        /// The bottom card of the unit that would move and where it comes from, if `m.from`
        /// can give `m.count` cards as one unit.
        #[inline(always)]
        fn unit(&self, game: Game, m: Move) -> Option<(Card, From)> {
            let n = m.count as usize;
            if n == 0 {
                return None;
            }
            match m.from {
                Place::Tableau(p) => {
                    let pile = &self.piles[p as usize];
                    if n > pile.len() || (n > 1 && !game.runs_move()) {
                        return None;
                    }
                    let tail = &pile[pile.len() - n..];
                    // Face-down cards never move.
                    if tail.iter().any(|&(_, up)| !up) {
                        return None;
                    }
                    // A longer unit must be a run: each card is linked to the one below it.
                    if tail.windows(2).any(|w| !game.run_link(w[1].0, w[0].0)) {
                        return None;
                    }
                    Some((tail[0].0, From::Tableau))
                }
                Place::Reserve(r) => {
                    let c = self.reserve[r as usize]?;
                    (n == 1).then_some((c, From::Reserve))
                }
                Place::Foundation(f) => {
                    let c = *self.found[f as usize].last()?;
                    (n == 1).then_some((c, From::Foundation))
                }
                Place::Waste => {
                    let c = *self.waste.last()?;
                    (n == 1).then_some((c, From::Waste))
                }
                Place::Stock => None,
            }
        }

        /// Can `m.from` give `m.count` cards as one unit (or is it the stock, which gives
        /// a turn, or in Klondike the waste, which may be turned back over whatever the
        /// count)? When it cannot, the oracle refuses every move from it with that count.
        #[inline(always)]
        pub fn can_give(&self, game: Game, m: Move) -> bool {
            self.exists(game, m.from)
                && (m.from == Place::Stock
                    || (m.from == Place::Waste && game.redeals())
                    || self.unit(game, m).is_some())
        }

        /// Is `m` a legal move here under RULES.md? (A talon move's count is not looked at: the
        /// text form of `S>W` carries none.)
        #[inline(always)]
        pub fn accepts(&self, game: Game, m: Move) -> bool {
            if !self.exists(game, m.from) || !self.exists(game, m.to) {
                return false;
            }
            match (m.from, m.to) {
                // Turn the stock onto the waste (one card, or up to three in draw 3).
                (Place::Stock, Place::Waste) => return !self.stock.is_empty(),
                // Turn the whole waste back over as the stock: in Klondike (unlimited passes),
                // once the stock is empty; never in the one-pass games.
                (Place::Waste, Place::Stock) => {
                    return game.redeals() && self.stock.is_empty() && !self.waste.is_empty();
                }
                // Nothing else comes from the stock, and nothing enters the stock, the waste
                // or a reserve.
                (Place::Stock, _)
                | (_, Place::Stock)
                | (_, Place::Waste)
                | (_, Place::Reserve(_)) => {
                    return false;
                }
                _ => {}
            }
            let Some((bottom, from)) = self.unit(game, m) else {
                return false;
            };
            match m.to {
                Place::Foundation(g) => {
                    // One card at a time, up in suit from the Ace; a foundation top only goes
                    // back into play (onto piles), not to another foundation.
                    if m.count != 1 || from == From::Foundation {
                        return false;
                    }
                    match self.found[g as usize].last() {
                        None => bottom.rank() == 1,
                        Some(top) => top.suit() == bottom.suit() && bottom.rank() == top.rank() + 1,
                    }
                }
                Place::Tableau(q) => {
                    if m.from == m.to {
                        return false;
                    }
                    match self.piles[q as usize].last() {
                        None => game.space_ok(bottom, from),
                        Some(&(top, up)) => up && game.fits(bottom, top),
                    }
                }
                _ => false,
            }
        }

        /// How many cards a talon move moves: the cards a stock turn takes (`draw`, or what
        /// is left), or the whole waste turned back over. (The engine writes it in the move.)
        pub fn talon_count(&self, game: Game, m: Move) -> usize {
            match (m.from, m.to) {
                (Place::Stock, Place::Waste) => game.draw().min(self.stock.len()),
                (Place::Waste, Place::Stock) => self.waste.len(),
                _ => unreachable!("{m} is no talon move"),
            }
        }

        /// Makes a move the oracle accepts, turning up a face-down card left on top.
        pub fn apply(&mut self, game: Game, m: Move) {
            let cards: Vec<Card> = match (m.from, m.to) {
                (Place::Stock, _) => {
                    // One card at a time from the stock's top onto the waste: the last one
                    // turned lies on top.
                    for _ in 0..game.draw().min(self.stock.len()) {
                        let c = self.stock.pop().unwrap();
                        self.waste.push(c);
                    }
                    return;
                }
                (Place::Waste, Place::Stock) => {
                    // The waste turned over: its top card goes to the stock's bottom, and its
                    // bottom card (the first turned) is the next one turned.
                    self.stock = self.waste.drain(..).rev().collect();
                    return;
                }
                (Place::Tableau(p), _) => {
                    let pile = &mut self.piles[p as usize];
                    let rest = pile.len() - m.count as usize;
                    let taken = pile.split_off(rest).into_iter().map(|(c, _)| c).collect();
                    if let Some(last) = pile.last_mut() {
                        last.1 = true;
                    }
                    taken
                }
                (Place::Reserve(r), _) => vec![self.reserve[r as usize].take().unwrap()],
                (Place::Foundation(f), _) => vec![self.found[f as usize].pop().unwrap()],
                (Place::Waste, _) => vec![self.waste.pop().unwrap()],
            };
            match m.to {
                Place::Tableau(q) => {
                    self.piles[q as usize].extend(cards.iter().map(|&c| (c, true)))
                }
                Place::Foundation(g) => self.found[g as usize].extend(cards),
                _ => unreachable!(),
            }
        }

        /// Every from/to/count combination worth asking about, as the sources (place and
        /// count) and the destinations: every source with every destination. With
        /// `extended`, also places that do not exist in the game, count 0, and two cards from
        /// single-card sources. The stock is asked with count 1 only: the text form of a stock
        /// move carries no count (legal fills it in).
        pub fn candidates(
            &self,
            game: Game,
            extended: bool,
            sources: &mut Vec<(Place, u8)>,
            dests: &mut Vec<Place>,
        ) {
            sources.clear();
            dests.clear();
            let x = extended as usize;
            dests.extend((0..game.piles() + x).map(|i| Place::Tableau(i as u8)));
            dests.extend((0..game.reserve() + x).map(|i| Place::Reserve(i as u8)));
            dests.extend((0..game.foundations() + x).map(|i| Place::Foundation(i as u8)));
            dests.push(Place::Stock);
            dests.push(Place::Waste);
            let mut add = |from: Place, max: usize| {
                for count in (1 - x)..=max {
                    sources.push((from, count as u8));
                }
            };
            for p in 0..game.piles() + x {
                let len = self.piles.get(p).map_or(0, Vec::len);
                add(Place::Tableau(p as u8), len + 1);
            }
            for r in 0..game.reserve() + x {
                add(Place::Reserve(r as u8), 1 + x);
            }
            for f in 0..game.foundations() + x {
                add(Place::Foundation(f as u8), 1 + x);
            }
            add(Place::Waste, 1 + x);
            sources.push((Place::Stock, 1));
        }
    }
}

use oracle::{Game, Table};

fn empty_pile(pos: &Position, p: Place) -> bool {
    matches!(p, Place::Tableau(q) if pos.piles()[q as usize].len == 0)
}

/// Do `a` and `b` differ only by the numbering of interchangeable places?
fn same_up_to_renaming(pos: &Position, a: Move, b: Move) -> bool {
    // The text form of a stock turn or a redeal carries no count (legal fills it in).
    if a.is_talon() || b.is_talon() {
        return a.from == b.from && a.to == b.to;
    }
    if a.from != b.from || a.count != b.count {
        return false;
    }
    if a.to == b.to {
        return true;
    }
    match (a.to, b.to) {
        (Place::Tableau(_), Place::Tableau(_)) => empty_pile(pos, a.to) && empty_pile(pos, b.to),
        (Place::Foundation(f), Place::Foundation(g)) => {
            let (f, g) = (f as usize, g as usize);
            pos.found_height(f) == pos.found_height(g)
                && (pos.found_height(f) == 0 || pos.found_suit(f) == pos.found_suit(g))
        }
        _ => false,
    }
}

fn whole_pile_to_space(pos: &Position, m: Move) -> bool {
    matches!(m.from, Place::Tableau(p) if pos.piles()[p as usize].len == m.count)
        && empty_pile(pos, m.to)
}

/// The parts of a position that describe the game, leaving out the bytes past the end of each
/// pile, of the stock and of the waste (checked too, by `==`, after this: a failure here says
/// that the game itself changed, a failure only there that undo left bytes behind).
fn same_game_state(a: &Position, b: &Position) -> bool {
    a.piles()
        .iter()
        .zip(b.piles())
        .all(|(p, q)| p.as_slice() == q.as_slice() && p.fixed == q.fixed)
        && a.reserve() == b.reserve()
        && a.found_suits() == b.found_suits()
        && a.found_heights() == b.found_heights()
        && a.talon() == b.talon()
        && a.stock() == b.stock()
        && a.waste() == b.waste()
        && a.redeals() == b.redeals()
        && a.on_found() == b.on_found()
}

/// Where two positions with the same game state differ (for the message of a failed `==`).
fn scratch_difference(before: &Position, after: &Position) -> String {
    let mut out = Vec::new();
    for (p, (a, b)) in before.piles().iter().zip(after.piles()).enumerate() {
        if a != b {
            let len = a.len as usize;
            out.push(format!(
                "T{} (len {len}) bytes past its end were {:?}, now {:?}",
                p + 1,
                &a.cards[len..len + 4],
                &b.cards[len..len + 4]
            ));
        }
    }
    if before.waste() != after.waste() {
        let len = before.waste_len();
        out.push(format!(
            "waste (len {len}) entries past its end were {:?}, now {:?}",
            &before.waste()[len..len + 2],
            &after.waste()[len..len + 2]
        ));
    }
    if before.stock() != after.stock() {
        out.push("stock entries past its end differ".to_string());
    }
    out.join("; ")
}

/// (f) The talon plays of the solver's move set (`generate_with`, the K+ idea), in the games
/// that use them (Klondike). The other moves of that set are the plain ones but the stock turn
/// and the redeal. Each talon play, played out by the oracle as what it stands for (turn the
/// stock, after turning the waste back over once first if it says so, until the waste holds its
/// target count, then play the waste's top card to its place), is made of moves the oracle
/// accepts, ends where the engine's `apply` of it ends, and `undo` restores the position; no
/// two plays take the same card to the same place. And every card that turning alone (turns
/// and redeals, any number) brings to the top of the waste, other than its top card now, with
/// every place the oracle lets it go from there, is a talon play (up to the renaming of
/// interchangeable places). Returns the number of checks made.
fn check_talon_plays<V: Variant>(
    v: V,
    game: Game,
    pos: &mut Position,
    table: &Table,
    dests: &[Place],
    ctx: &str,
) -> u64 {
    let mut checked = 0;
    let mut all = Vec::new();
    generate_with::<V>(v, pos, &mut all, true);
    let mut plain = Vec::new();
    generate::<V>(v, pos, &mut plain);
    let others: Vec<Move> = all
        .iter()
        .copied()
        .filter(|m| m.as_talon_play().is_none())
        .collect();
    plain.retain(|m| !m.is_talon());
    assert_eq!(
        others, plain,
        "{ctx}: the talon-play move set differs beyond the talon"
    );
    let turn = Move::new(Place::Stock, Place::Waste, 1);
    let over = Move::new(Place::Waste, Place::Stock, 1);
    let plays: Vec<(Move, usize, bool)> = all
        .iter()
        .filter_map(|&m| m.as_talon_play().map(|(t, r)| (m, t as usize, r)))
        .collect();
    for (i, &(m, t, redeal)) in plays.iter().enumerate() {
        let what = format!("talon play to {} of waste size {t} (redeal {redeal})", m.to);
        assert!(
            !plays[..i]
                .iter()
                .any(|&(m2, t2, _)| t2 == t && m2.to == m.to),
            "{ctx}: {what} generated twice"
        );
        // The oracle plays it out.
        let mut o = table.clone();
        if redeal {
            while !o.stock.is_empty() {
                assert!(o.accepts(game, turn), "{ctx}: {what}: a turn refused");
                o.apply(game, turn);
            }
            assert!(o.accepts(game, over), "{ctx}: {what}: the redeal refused");
            o.apply(game, over);
        }
        while o.waste.len() < t {
            assert!(
                o.accepts(game, turn),
                "{ctx}: {what}: the stock runs out first"
            );
            o.apply(game, turn);
        }
        assert_eq!(o.waste.len(), t, "{ctx}: {what}: turning passes that size");
        let play = Move::new(Place::Waste, m.to, 1);
        assert!(o.accepts(game, play), "{ctx}: {what}: {play} refused");
        o.apply(game, play);
        let before = pos.clone();
        let u = apply::<V>(v, pos, m);
        assert_eq!(Table::read(game, pos), o, "{ctx}: {what} ends elsewhere");
        undo::<V>(pos, m, u);
        assert!(
            *pos == before,
            "{ctx}: apply+undo of {what} does not restore the position"
        );
        checked += 1;
    }
    // Every card that turning brings to the top of the waste, to every place that takes it.
    let mut o = table.clone();
    let mut seen = vec![o.waste.len()];
    loop {
        let m = if !o.stock.is_empty() {
            turn
        } else if !o.waste.is_empty() {
            over
        } else {
            break;
        };
        assert!(o.accepts(game, m), "{ctx}: {m} refused while turning");
        o.apply(game, m);
        let w = o.waste.len();
        if seen.contains(&w) {
            break;
        }
        seen.push(w);
        for &to in dests {
            let play = Move::new(Place::Waste, to, 1);
            let plays_to = matches!(to, Place::Tableau(_) | Place::Foundation(_));
            if w == 0 || !plays_to || !o.accepts(game, play) {
                continue;
            }
            let found = plays.iter().any(|&(m2, t2, _)| {
                t2 == w && same_up_to_renaming(pos, Move::new(Place::Waste, m2.to, 1), play)
            });
            assert!(
                found,
                "{ctx}: turning to a waste of {w} cards and {play} is no talon play (talon plays: {:?})",
                plays
                    .iter()
                    .map(|&(m2, t2, r)| (t2, r, m2.to))
                    .collect::<Vec<_>>()
            );
            checked += 1;
        }
    }
    checked
}

#[derive(Default, Debug)]
struct Stats {
    games: u64,
    moves: u64,
    won: u64,
    stuck: u64,
    best_found: usize,
    candidates_checked: u64,
    undo_checks: u64,
    talon_plays_checked: u64,
}

/// Plays random games of `V` from seeded deals until `total_moves` moves have been made,
/// checking (a)-(e) at every step.
fn playouts<V: Variant>(v: V, game: Game, first_seed: u64, total_moves: u64) -> Stats {
    const MAX_MOVES_PER_GAME: u64 = 400;
    let rules = v.rules();
    let decks = rules.decks as usize;
    assert_eq!(decks, game.decks());
    let mut st = Stats::default();
    let mut generated = Vec::new();
    let (mut sources, mut dests) = (Vec::new(), Vec::new());
    let mut seed = first_seed;
    while st.moves < total_moves {
        let d = deal(rules, seed);
        let mut pos = Position::from_deal::<V>(v, &d).expect("a seeded deal is legal");
        let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0x5EED);
        let mut table = Table::read(game, &pos);
        let mut step = 0u64;
        st.games += 1;
        loop {
            let ctx = || format!("{} seed {seed} step {step}", rules.name);
            // (d) no card lost or duplicated, by the engine's count and by the oracle's.
            assert!(
                pos.card_counts(rules).iter().all(|&n| n as usize == decks),
                "{}: card counts {:?}",
                ctx(),
                pos.card_counts(rules)
            );
            assert!(table.counts().iter().all(|&n| n == decks), "{}", ctx());
            assert_eq!(pos.is_won::<V>(v), table.won(game), "{}", ctx());
            let on_found: usize = table.found.iter().map(Vec::len).sum();
            st.best_found = st.best_found.max(on_found);
            if table.won(game) {
                st.won += 1;
                break;
            }

            generated.clear();
            generate::<V>(v, &pos, &mut generated);
            // (a) every generated move is accepted by the oracle and returned unchanged by legal.
            for (i, &g) in generated.iter().enumerate() {
                assert!(
                    table.accepts(game, g),
                    "{}: generated {g} refused by the oracle",
                    ctx()
                );
                assert_eq!(legal::<V>(v, &pos, g), Ok(g), "{}: generated {g}", ctx());
                if g.is_talon() {
                    assert_eq!(
                        g.count as usize,
                        table.talon_count(game, g),
                        "{}: {g} moves the wrong number of cards",
                        ctx()
                    );
                }
                assert!(
                    !generated[..i].contains(&g),
                    "{}: {g} generated twice",
                    ctx()
                );
            }
            // (b) every move the oracle accepts is generated (up to renaming). On every 8th
            // step legal must agree with the oracle on every combination; on the others the
            // oracle skips a source that cannot give the unit at all (it refuses all its
            // moves) and legal is asked about the moves the oracle accepts.
            let full = step.is_multiple_of(8);
            table.candidates(game, step.is_multiple_of(32), &mut sources, &mut dests);
            for &(from, count) in &sources {
                let gives = table.can_give(
                    game,
                    Move {
                        from,
                        to: from,
                        count,
                    },
                );
                if !gives && !full {
                    continue;
                }
                for &to in &dests {
                    let m = Move { from, to, count };
                    st.candidates_checked += 1;
                    let ok = table.accepts(game, m);
                    assert!(gives || !ok, "{}: oracle inconsistent on {m}", ctx());
                    if ok || full {
                        let by_legal = legal::<V>(v, &pos, m);
                        assert_eq!(
                            by_legal.is_ok(),
                            ok,
                            "{}: {m} (count {count}): oracle says {ok}, legal says {by_legal:?}",
                            ctx(),
                        );
                    }
                    if ok {
                        let found = generated.iter().any(|&g| same_up_to_renaming(&pos, g, m));
                        assert!(
                            found || whole_pile_to_space(&pos, m),
                            "{}: {m} is legal but not generated (generated: {})",
                            ctx(),
                            generated
                                .iter()
                                .map(|g| g.to_string())
                                .collect::<Vec<_>>()
                                .join(" ")
                        );
                    }
                }
            }
            // (f) the solver's talon plays, in the games whose search uses them.
            if game.redeals() && step.is_multiple_of(2) {
                st.talon_plays_checked +=
                    check_talon_plays::<V>(v, game, &mut pos, &table, &dests, &ctx());
            }
            if generated.is_empty() {
                st.stuck += 1;
                break;
            }
            if step >= MAX_MOVES_PER_GAME {
                break;
            }
            // (c) apply then undo restores the position, for every generated move.
            if step.is_multiple_of(4) {
                for &g in &generated {
                    let before = pos.clone();
                    let u = apply::<V>(v, &mut pos, g);
                    undo::<V>(&mut pos, g, u);
                    assert!(
                        same_game_state(&pos, &before),
                        "{}: apply+undo of {g} changed the game state",
                        ctx()
                    );
                    assert!(
                        pos == before,
                        "{}: apply+undo of {g} does not restore the position exactly (==): {}",
                        ctx(),
                        scratch_difference(&before, &pos)
                    );
                    pos = before;
                    st.undo_checks += 1;
                }
            }
            // Choose a move: at random, with a little bias toward the foundations.
            let to_found: Vec<Move> = generated
                .iter()
                .copied()
                .filter(|m| matches!(m.to, Place::Foundation(_)))
                .collect();
            let m = if !to_found.is_empty() && rng.random_bool(0.4) {
                to_found[rng.random_range(0..to_found.len())]
            } else {
                generated[rng.random_range(0..generated.len())]
            };
            apply::<V>(v, &mut pos, m);
            table.apply(game, m);
            // (e) no pile top is face down, and the engine agrees with the oracle's result.
            for p in 0..rules.piles() {
                let pile = &pos.piles()[p];
                if pile.len > 0 {
                    assert!(
                        !pile.is_down(pile.len as usize - 1),
                        "{}: after {m}, T{} top face down",
                        ctx(),
                        p + 1
                    );
                }
            }
            assert_eq!(Table::read(game, &pos), table, "{}: after {m}", ctx());
            st.moves += 1;
            step += 1;
        }
        seed += 1;
    }
    eprintln!("{}: {st:?}", rules.name);
    st
}

/// Moves per game in the normal test run: 3x10^5 checked moves in all, about 8 s for the
/// slowest game (Stonewall) in the test profile. The full check of 10^6 moves per game is the
/// ignored `playouts_long_all_games` (a few minutes).
const NORMAL_MOVES: u64 = 100_000;

fn sanity(st: &Stats, game: &str) {
    assert!(st.games > 10, "{game}: {st:?}");
    assert!(st.undo_checks > 0 && st.candidates_checked > 0);
    // The bias toward the foundations takes some games far.
    assert!(st.best_found >= 20, "{game}: no playout got far: {st:?}");
}

#[test]
fn playouts_stonewall() {
    let st = playouts::<Stonewall>(Stonewall, Game::Stonewall, 0, NORMAL_MOVES);
    sanity(&st, "Stonewall");
}

#[test]
fn playouts_lucky_piles() {
    let st = playouts::<LuckyPiles>(LuckyPiles, Game::LuckyPiles, 0, NORMAL_MOVES);
    sanity(&st, "Lucky Piles");
}

#[test]
fn playouts_napoleons_shoulder() {
    let st =
        playouts::<NapoleonsShoulder>(NapoleonsShoulder, Game::NapoleonsShoulder, 0, NORMAL_MOVES);
    sanity(&st, "Napoleon's Shoulder");
}

/// The family games: fewer moves each (there are seven of them).
const FAMILY_MOVES: u64 = 30_000;

/// As [`sanity`], with the least number of cards some playout must get to the foundations:
/// random play in the 6-pile games with a 16-card reserve rarely gets as far as elsewhere.
fn sanity_reaching(st: &Stats, game: &str, found: usize) {
    assert!(st.games > 10, "{game}: {st:?}");
    assert!(st.undo_checks > 0 && st.candidates_checked > 0);
    assert!(st.best_found >= found, "{game}: no playout got far: {st:?}");
}

#[test]
fn playouts_flower_garden() {
    let st = playouts::<FlowerGarden>(FlowerGarden, Game::FlowerGarden, 0, FAMILY_MOVES);
    sanity_reaching(&st, "Flower Garden", 12);
}

#[test]
fn playouts_wildflower() {
    let st = playouts::<Wildflower>(Wildflower, Game::Wildflower, 0, FAMILY_MOVES);
    sanity_reaching(&st, "Wildflower", 12);
}

#[test]
fn playouts_lucky_thirteen() {
    let st = playouts::<LuckyThirteen>(LuckyThirteen, Game::LuckyThirteen, 0, FAMILY_MOVES);
    sanity(&st, "Lucky Thirteen");
}

#[test]
fn playouts_luckier_thirteen() {
    let st = playouts::<LuckierThirteen>(LuckierThirteen, Game::LuckierThirteen, 0, FAMILY_MOVES);
    sanity(&st, "Luckier Thirteen");
}

#[test]
fn playouts_napoleons_square() {
    let st = playouts::<NapoleonsSquare>(NapoleonsSquare, Game::NapoleonsSquare, 0, FAMILY_MOVES);
    sanity(&st, "Napoleon's Square");
}

#[test]
fn playouts_forty_thieves() {
    let st = playouts::<FortyThieves>(FortyThieves, Game::FortyThieves, 0, FAMILY_MOVES);
    sanity(&st, "Forty Thieves");
}

#[test]
fn playouts_lucky_piles_same_suit() {
    let st = playouts::<LuckyPilesSameSuit>(
        LuckyPilesSameSuit,
        Game::LuckyPilesSameSuit,
        0,
        FAMILY_MOVES,
    );
    sanity(&st, "Lucky Piles (same suit)");
}

/// Klondike: as the family games, and the talon plays of the solver's move set checked too
/// (check (f)). Random play in Klondike never runs out of moves (the stock turns and turns
/// back), so each game is cut at `MAX_MOVES_PER_GAME`.
fn sanity_klondike(st: &Stats, game: &str) {
    sanity_reaching(st, game, 30);
    assert!(st.talon_plays_checked > 1000, "{game}: {st:?}");
}

#[test]
fn playouts_klondike() {
    let st = playouts::<Klondike>(Klondike, Game::Klondike, 0, FAMILY_MOVES);
    sanity_klondike(&st, "Klondike");
}

#[test]
fn playouts_klondike_draw3() {
    let st = playouts::<KlondikeDraw3>(KlondikeDraw3, Game::KlondikeDraw3, 0, FAMILY_MOVES);
    sanity_klondike(&st, "Klondike (draw 3)");
}

/// The long run: 10^6 moves per game (3x10^6 in all), on other seeds.
#[test]
#[ignore = "long: 3x10^6 checked moves, a few minutes; run with --ignored"]
fn playouts_long_all_games() {
    let n = 1_000_000;
    sanity(
        &playouts::<Stonewall>(Stonewall, Game::Stonewall, 1 << 32, n),
        "Stonewall",
    );
    sanity(
        &playouts::<LuckyPiles>(LuckyPiles, Game::LuckyPiles, 1 << 32, n),
        "Lucky Piles",
    );
    sanity(
        &playouts::<NapoleonsShoulder>(NapoleonsShoulder, Game::NapoleonsShoulder, 1 << 32, n),
        "Napoleon's Shoulder",
    );
}
