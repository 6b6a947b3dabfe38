//! Pruning of the search, each rule with its argument. A rule here may only remove moves when
//! it is proved that a won game stays reachable; a wrong "obvious" rule turns into a false
//! `unsolvable`. Each rule can be switched off, and a test compares verdicts with and without.
//!
//! Rules applied by the move generator itself (always on, see `game::engine::generate`):
//! - only the first of several empty piles is named as a destination, and a whole pile is never
//!   moved into an empty pile: both differ from a kept move only by the numbering of
//!   interchangeable empty piles, and the search's state key already ignores that numbering.
//!
//! **Aces up** (`Prune::aces`), for games that build down and whose stock, if any, turns one
//! card at a time:
//! (1) when an Ace can go to a foundation, that is the only move tried, and
//! (2) an Ace is never moved off a foundation.
//!
//! *Argument.* Building down, nothing is ever placed on an Ace. Let Q' be Q with some Aces that
//! lie on top of their places (pile, reserve slot, waste) lifted onto empty foundations (there
//! are as many foundations as Aces, so one is free). Every move of Q other than a move of a
//! lifted Ace is legal in Q' with the same effect on the rest: no move of Q builds on the Ace;
//! a run whose top card is the Ace moves in Q' as the same run without it (same bottom card,
//! same destination rule); a card the Ace covered is uncovered in Q' (and turned up: a face-up
//! card allows all that a face-down one does); a stock turn that would turn the Ace is skipped
//! (one card at a time, so the turns of the other cards are unchanged); another Ace going to a
//! foundation takes another free foundation. The moves of the lifted Ace itself are dropped: in
//! Q' it is already on its foundation (where only cards of its suit go on it, as in Q).
//! Applied along a whole won game from Q, this gives a won game from Q' that is no longer and in
//! which no Ace ever leaves a foundation (an Ace leaving a foundation is lifted back the same
//! way). So from every winnable position the pruned search has a move that keeps the shortest
//! such win strictly shorter: the forced Ace move (the win from Q' drops at least the Ace's own
//! move to a foundation), or the win's first move, which rule (2) never removes. The search
//! therefore still finds a win whenever one exists. With three cards turned at a time, lifting
//! an Ace out of the talon would change which cards the later turns show, so the rule is off.
//! *Deep in the talon.* With talon plays in a talon turned one card at a time (Klondike draw 1),
//! an Ace anywhere in the talon can go up (one talon play), and (1) forces that play. Lifting
//! such an Ace is as above: a turn that would show it is skipped; a waste card it covered is
//! the waste's top in Q' whenever it is in Q, or sooner; turning the waste over keeps the
//! other cards' order, and one that finds only the Ace is skipped (passes are unlimited where
//! talon plays are used, so no count of passes changes).
//!
//! **Settled cards** (`Prune::safe`), for every game that builds down (with any stock):
//! call a card *settled* when it lies on a foundation, every foundation of its suit is at least
//! that high, and every card that fits on it under the build rule is settled (in Stonewall and
//! Klondike: the two cards of the other colour one rank lower). Then
//! (1) a card whose children (the cards that fit on it) are all settled and that can go to a
//! foundation from the tableau, the reserve, or the waste of a game turning one card at a time
//! (with talon plays, from anywhere in such a talon, as for Aces above),
//! goes there as the only move tried (in a two-deck game the rule also asks that both copies of
//! the next lower card of its suit be settled), and
//! (2) a settled card never comes off a foundation.
//!
//! *Argument for (2).* Let L be the settled cards of Q. L is closed under "fits on", and in each
//! suit it is the lowest ranks (a settled card's lower suit-mates are settled: induction on
//! rank). Take a won game σ from Q and drop every move of a card of L. In a game that builds
//! down, whatever is placed on a card of L is in L, so in every position P of σ the cards of L
//! off the foundations lie at the tops of piles, above all other cards; let P' be P with them
//! back on the foundations (each suit's foundations, as a multiset of heights, raised to the
//! top rank of L in that suit). Every kept move is legal in P' with the same effect on the rest:
//! its unit (a card not in L, with the part of its run not in L) is still at the top of its
//! pile and still a run; its destination pile has the same top (a card not in L never lies on
//! one in L), and an empty pile of P is empty in P'; a card not in L fits a foundation of P'
//! whenever it fits one of P, and a foundation top not in L is the same in P and P'. L is
//! never in the stock or waste. So the kept moves win from Q, never move a card of L, and are
//! fewer than σ when σ moved one.
//!
//! *Argument for (1).* Let c be such a card, Q' = Q with c on the foundation. First apply (2)'s
//! argument: a won game σ from Q that moves no card of L, so nothing is ever placed on c. Then
//! c is like the Ace of the Aces rule: every move of σ other than c's own is legal in Q' with
//! the same effect (a run with c on top moves without it; the card below c is uncovered; a turn
//! of c in a one-at-a-time talon is skipped and the others' order is unchanged; an empty pile
//! that c would have occupied is empty, which any move into it accepts). In a two-deck game the
//! other copy of c may go to a foundation in σ while c is off it: both copies of the card below
//! c are settled, so the foundations of c's suit never drop below it, and while one copy is off
//! there is a foundation at the height below c for the other. σ moves c to a foundation at
//! least once, so the win from Q' is shorter. Together: from every winnable position, the pruned
//! search keeps a move that shortens the shortest win (the forced move; else the shortest win
//! moves no settled card off a foundation, so its first move is kept), and finds a win.
//! In a game that also builds up (Lucky Piles) a card of L could have cards not in L placed on
//! it, so the rule is off there. Tests compare verdicts with and without it.
//!
//! **Free children** (`Prune::free`, an extension of rule (1) above), for games that build
//! down and move single cards (Flower Garden, Lucky Thirteen, Luckier Thirteen; with two decks
//! Napoleon's Shoulder and Forty Thieves), or runs held together by a rule under which a card
//! fits on another only where the build rule lets it too (`Build::within`: Wildflower's
//! same-suit runs on any-suit building, Klondike's and Stonewall's alternating runs; with two
//! decks Napoleon's Square): call a card *free* when it is off the
//! foundations, it is the next card its suit's (lowest) foundation takes, the card below it in
//! its suit is settled (or it is an Ace), and every card that fits on it is settled. Then
//! rule (1) also forces a card c that can go up when each of c's children is settled **or
//! free** (Solvitaire's "two ranks above the lowest foundation" in
//! any-suit games is a case of this).
//!
//! *Argument.* Take a won game σ from Q that moves no settled card (rule (2)'s argument). A free
//! card d stays free along σ: the card below it in its suit is settled and stays up, so its
//! foundation stays at the height that takes d until d itself goes up; and d's children are
//! settled, so nothing is ever placed on d. A unit holding d holds above d only cards that fit
//! on it under the run rule, so under the build rule: children of d, settled, never in play. So
//! d moves only from the top of its place (where single cards move, trivially), and at the top
//! of any unit it moves in. A unit put onto c is d alone: its bottom card has d's rank (it fits
//! on c), and a card below d in a run has a rank above d's. At the first move of σ that puts
//! a free child d of c onto c, put d on its foundation instead, and drop d's later moves until
//! σ itself puts d up: from then on d lies,
//! in σ, at the top of whatever it lies on (nothing goes on it), so every other move of σ is
//! legal with d on the foundation instead, with the same effect (a unit with d on top moves
//! without it: the rest is still a run, with the same bottom card; the card below d is bare
//! sooner, which no move of σ needs to be otherwise; the cards of d's suit above it go up in σ
//! only after d). The game is no longer, and has one placement of a free child on c fewer;
//! repeat. The result is a won game from Q in which nothing is ever placed on c: the settled
//! children never move, the free ones are never put on it. The card below c in its suit is
//! settled (in any-suit and same-suit games it is a child of c and on the foundation, so not
//! free; in alternating colour, both children of c are settled or free, so the cards below them
//! in their suits, the children of c's suit-mate below, are settled), so it never comes down.
//! From here on the argument is that of rule (1): c is like the lifted Ace, and the win from Q
//! with c up is shorter (with runs too: a unit with c on top moves without it). Runs held
//! together by a rule looser than the build rule (any-suit runs on same-suit building) would
//! let a card lie on d inside a run; a rules file cannot have them (they are refused), and
//! `Prune::free_rule_holds` checks it all the same.
//!
//! *Two decks.* Let h be the height of the lowest foundation of d's suit s. Both copies of the
//! card below d are settled, so neither foundation of s drops below h, and the foundations of s
//! at height h are exactly as many as the copies of d off the foundations (a foundation above h
//! holds a copy of d). The rewriting above is made for whichever copy of d σ first puts onto
//! c, off the foundations or taken from the top of one (then it simply stays there): the game
//! it gives has, at each step, the foundations of σ with one foundation of s at h raised to
//! h + 1 by that copy. Every other move of σ stays legal: the other copy finds a foundation at
//! h whenever it goes up in σ (σ then has both copies off and two foundations at h); a card of
//! s above d goes onto the same foundation as in σ; σ never takes a card from a foundation at
//! h (its top is settled). Foundations are interchangeable (the key ignores their numbering),
//! so which of two at one height takes a card does not matter. The rest of the argument, and
//! rule (1)'s own two-deck condition (both copies of the card below c settled), are as above.
//! In Forty Thieves (same suit) c's children are the copies of the card below it, which that
//! condition already asks to be settled, so the rule adds nothing there; in Napoleon's
//! Shoulder (any suit) it is the two-deck form of "two ranks above the lowest foundation".
//!
//! **Nested free cards** (`Prune::nested`, with `free`), for one-deck games where the
//! free-children rule holds: call a card *free* as above but let its children be settled **or
//! free** themselves (the next card its suit's foundation takes, the card below it settled or
//! it an Ace, every child settled or free: a definition by rank, children being a rank
//! lower), and call a card *dominant* when each of its children is settled or free. Then
//! (1) a dominant card that can go up goes up as the only move tried, where rule (1) allows it
//! (in Klondike: both foundations of the other colour at most two below it, the other one of
//! its colour at most three, lonelybot's `dominance_mask`);
//! (2) a dominant card never comes off a foundation; and
//! (3) a dominant card that can go up never goes from the stock or waste onto the tableau
//! (with three cards turned too: the play up takes it out of the talon exactly as the play
//! onto the tableau would).
//!
//! *Argument.* Take a won game σ from Q that moves no settled card (rule (2)'s argument). A
//! free card stays the next card of its suit while it is off the foundation (the card below
//! it is settled, so never comes down). Take the last move of σ that puts a unit U onto a
//! free or dominant card b. U's head is a child of b, not settled (settled cards never move),
//! so free; each card above it in U fits on the one below under the run rule, so under the
//! build rule (`Build::within`), and is free in turn. With one deck the cards of U are of
//! different suits (each is its suit's next card). Replace the move by putting U's cards up
//! one by one from the top (each is then at the top of its pile and its suit's next card; a
//! card from the waste goes up from the waste; one taken off a foundation stays there), and
//! drop each later move of those cards until σ puts it up, as for the Aces rule: every other
//! move stays legal (nothing is put on a card of U after this move, the last such placement;
//! a unit with such a card on top moves without it; the cards of its suit above it go up only
//! after it). The game adds at most |U| moves and drops at least |U| + 1 (the placement, and
//! each card's move up in σ), so it is strictly shorter. So a shortest win from Q never puts
//! anything on a free or dominant card. (A dominant card's suit-mate below it is settled, as
//! in rule (1), so never comes down.) Then: (1) c is like the lifted Ace (as in rule (1)),
//! and the win from Q with c up is shorter; (2) if a shortest
//! win's first move took a dominant card t off a foundation, dropping every move of t until σ
//! puts it up again (nothing is put on it meanwhile; the pile or space it would have occupied
//! only stays bare or empty) gives a shorter win; (3) if its first move took a dominant card
//! c that can go up from the stock or waste onto the tableau, playing c up instead (the talon
//! changes alike) and dropping c's later moves until σ puts it up gives a shorter win. So
//! from every winnable position the forced move shortens the shortest win, or the first move
//! of a shortest win is kept by (2) and (3), and the other rules keep it as they keep any
//! shortest win's first move (their rewritings keep the length, and a shortest win's first
//! move is never one that (2) or (3) removes). Tests compare verdicts with and without it.
//!
//! **The deck's last card** (`Prune::deck`, with `nested`), for the nested rule's games whose
//! stock turns d > 1 cards at a time with unlimited passes (Klondike draw 3; lonelybot's deck
//! dominance): let the talon hold n cards, w of them in the waste, with w a multiple of d or
//! w >= n - 1 (the waste at a pass boundary, or the stock down to its last card). When the
//! talon's last card c (the bottom card of the stock, or the waste's top when the stock is
//! empty) is dominant and can go up, its play up is the only move tried. (Turning one card at
//! a time, `safe` already forces every such talon card.)
//!
//! *Argument.* Count the moves that are not turns or redeals (*card moves*; the rewritings of
//! the arguments above change card moves only). Let σ be a won game from Q with the fewest
//! card moves, in real moves: it moves no settled card and puts nothing on c (the nested
//! argument), and c's suit-mate below it is settled, so never comes down. Let Q' be Q after
//! the play: c up, the talon without c, all of its n - 1 cards in the waste. While c is in the
//! talon of a position P of σ it is the talon's last card (plays from the waste keep the
//! talon's order); map P to P' = P with c up and out of the talon, its waste ending where P's
//! does or, if P's holds c (w = n), at the end of the shorter talon: w' = min(w, n - 1). Each
//! move of σ until c leaves the talon is made in P' with the same effect on the image, or
//! dropped: a turn takes w to min(w + d, n) and w' to min(w + d, n - 1), and is dropped when
//! w = n - 1 (P' has no stock; the turn only shows c); a redeal (w = n) finds w' = n - 1 and an
//! empty stock in P', and is made there too (dropped if that talon is empty); a play from the
//! waste of a card other than c (so w < n) finds the same card on top of the waste of P'
//! (w' = w), and leaves w - 1 = min(w - 1, n - 2); any other move reads nothing that differs,
//! as c's foundation is read by no card of σ while c is away (a card above c in its suit can
//! not go up, the card below never moves; an Ace of another suit finds another empty
//! foundation). σ's move of c out of the talon (from the waste, w = n) is dropped: the talons
//! of P and P' are then the same, n - 1 cards all in the waste. From there c is like the
//! lifted Ace of the Aces rule: nothing is put on it, each of its moves is dropped, and every
//! other move is legal with c up and has the same effect. So σ's moves, made from the image of
//! Q, win with at least one card move fewer. The image of Q is Q' when w >= n - 1; otherwise w
//! is a multiple of d below n - 1, and from Q' a redeal and w / d turns, each of d cards,
//! reach it. So the shortest win from Q' has fewer card moves than σ, and the forced move
//! shortens the shortest win as the other forced moves do. Where the waste ends elsewhere the
//! image is not reachable from Q' (turns from an empty waste stop at multiples of d), which is
//! why the rule asks it. Tests compare verdicts with and without it.
//!
//! **Up and down in suit** (`Prune::updown`), for one-deck games built up or down in suit that
//! move single cards (same-suit Lucky Piles): a card that can go to a foundation from the
//! tableau or the reserve goes there as the only move tried. No other rule above holds there.
//!
//! *Argument.* Let c = (s, r) be such a card (the foundation of s holds A..r-1), Q' = Q with c
//! up, and σ a won game from Q. Only cards of one suit, one rank apart, fit on each other.
//! Follow σ from Q', keeping this invariant between a position P of σ and the position P' of
//! the new game: they differ only in a set U of cards of s, the ranks f+1..m where f is the
//! height of s's foundation in P; in P' those cards are on the foundation (s stands at m), in P
//! they lie in the tableau or the reserve with only cards of U above them. At the start
//! U = {c} (c is at the top of its place; a reserve slot it leaves is never filled). Each move
//! of σ, of a card x:
//! - x in U: dropped. If it goes up in P, it is (s, f+1), the lowest of U, which loses it; if
//!   it lands on a card or in an empty pile, the invariant holds (what it leaves in P lay below
//!   it only; it lies above only cards of U, or on top of a pile).
//! - x = (s, f), the top of s's foundation in P, taken off while U is not empty: dropped, and U
//!   gains it (f drops by one). It fits only on (s, f+1), in U, or goes into an empty pile:
//!   either way it lies above only cards of U.
//! - x not in U onto a card of U: x is of suit s, next in rank to a card of U, not on s's
//!   foundation (the case above), so x = (s, m+1). It goes up in P' instead: it is at the top
//!   of its place there as in P, and s stands at m. U gains it.
//! - Any other move is made as it is: x is at the top of its place in P' as in P (the cards of U
//!   that P' lacks lie above cards of U only); a destination card not in U is a top card in P'
//!   when it is in P, an empty pile of P is empty in P', and if x goes up it is (s, f+1) when of
//!   suit s, not in U, so U is empty and the foundations agree. The stock and waste never hold a
//!   card of U, so turns and waste plays are unchanged.
//!
//! σ ends with every card up: f = 13 and U (ranks above 13) is empty, so the new game wins too.
//! c is in U until σ puts it up, so each of σ's moves of c (one at least) is dropped, and the
//! win from Q' has fewer moves than σ. So from every winnable position the forced move leads to
//! one whose shortest win is shorter, and the search finds a win whenever one exists. The
//! argument needs single cards (a run could carry a card that is not in U out from under one
//! that is) and one deck (two copies of a card in U). A with/without cross-check over reduced
//! deals is in the tests.
//!
//! **Stuck Kings** (`Prune::kings`), for games that build down and never let a King from the
//! tableau into an empty pile (Lucky Thirteen, Napoleon's Shoulder): a position is dead, and the
//! search tries no move in it, when some suit can never get a King onto a foundation.
//!
//! *Argument.* In such a game a King in a tableau pile can only ever move to a foundation
//! (nothing is built on a King's rank going down, and no empty pile takes it, alone or heading a
//! run, from the tableau). A card below such a King in its pile can move only once the King has
//! left, so only after some King of the King's suit has gone up.
//! For a suit s, let E(s) be the first time a King of s goes onto a foundation (the game is won
//! only if every E(s) happens). At E(s) a foundation of s holds A to Q, and the King itself has
//! left its place: so for every rank r (King included) some copy of the card (r, s) has left
//! the place it has now. A copy lying below tableau Kings of suits T can leave only after every
//! E(t), t in T. So E(s) can happen only after, for every r, every E(t) of the suits T of some
//! copy of (r, s) (a copy off the tableau, or in it below no King, has T empty). Start from no
//! suit and add, again and again, each suit s whose every rank has a copy with T among the
//! suits added so far: a suit never added has no first King going up in any continuation (the
//! first such E(s) to happen would need an earlier one), so no continuation wins. The rule
//! only ends the search at positions that cannot be won, so it never loses a win.
//!
//! **Split runs** (`Prune::runs`), for one-deck games built down in alternating colour in which
//! any alternating run moves as a unit and an empty pile takes any run its bottom card could
//! fill it with (Klondike, Stonewall): call a move a *split* when it takes a run R off a
//! face-up card X that R's bottom card Y fits on, and puts it on a card Z (not into an empty
//! pile). A split is tried only when, right after it, X could be *used*: X can go to a
//! foundation, or the other card Y' that fits on X can come onto it (Y' is not face down and
//! not under another card on a foundation).
//!
//! *Argument.* With one deck and alternating colours exactly two cards fit on X (Y and Y'), and
//! Y fits on exactly two cards (X and Z). Let σ be a shortest won game from Q (of the form the
//! other rules' arguments give) whose first move is a split s (R from X to Z). Until R's bottom
//! card Y leaves Z, Z stays covered. Let u be the first later move that *uses* X (X to a
//! foundation, or a unit headed by Y' onto X) or takes Y off Z. Each move between s and u is
//! legal, with the same effect on every other card, in the game where s is not made yet (R on
//! X, Z bare): a move that touches neither X's pile below R nor Z's: R is the same run wherever
//! it lies; a unit holding Z (with R on it) moved: move it without R, to the same destination
//! (same head); a unit whose top is X (bare after s) moved: move it with R on it (X and R form
//! a run with the same head, and an empty pile that takes one takes the other). If u takes Y
//! off Z (Y fits only on X and Z, so it goes back onto X, to a foundation or into an empty
//! pile), make that move from X instead and drop s: both games then agree, one move shorter,
//! against σ's minimality. A game is won only when X and Y are on foundations, so u exists.
//! Otherwise u uses X: make s right before u (Z is still bare there), which gives a won game as
//! short as σ, whose first move is no longer s.
//!
//! *Termination.* Call a split of a game *good* when the move right after it is its u. The
//! moves between s and u keep, in the rewritten game, their moving card, the card below it and
//! the card they land on, so each keeps its kind (split or not, the same X, Y and Z) and its
//! own u. The step makes s good, and breaks no good split: a good pair between s and u stays
//! adjacent, the part from u on is unchanged, s (put back before u) is the u of none of them
//! (it lands on Z, which no split between s and u can have as its X, as Y lies on Z until u),
//! and u is not the u of the move before it (X lies bare from s to u, so no split between them
//! takes a run off X, and Y' fits only on X and one other card). So each step adds a good
//! split and keeps the length: repeating it while the first move is a split that is not good
//! ends, with a game as short as σ whose first move is not a split or is a good one.
//!
//! *The rule keeps that move*: a good split means that, before s (which changes no
//! foundation and turns no card), X can go to a foundation or Y' is face up, on top of a
//! foundation, in the reserve, the stock or the waste, which is what the rule asks (a superset
//! of the uses). *With the other rules:* where a forced move (Aces, settled cards) exists it
//! is the only move tried and is not a split, so the split rule removes nothing there; else
//! every shortest win moves no Ace and no settled card off a foundation (their arguments), and
//! the rewriting keeps the length and moves no card off a foundation that σ did not, so its
//! result is a shortest win whose first move every rule keeps. Tests compare verdicts with and
//! without the rule.
//!
//! **Blocked cards** (`Prune::blocks`), for one-deck games: a position where some card can
//! never go up is a dead end, and the search tries no move in it. The test and its argument
//! are in `solve::blocked`; it only ends the search at positions that cannot be won.
//!
//! **Take-backs** (`Prune::back`), in every game, in the exact depth-first searches (each
//! position stored, by its exact key or a coarser one): a move that undoes the move just made,
//! restoring the position before it, is not made. *Argument.* That position is the parent of
//! the one being expanded: on the search's path, so stored (the root is stored before it is
//! expanded, every other position as it is entered). Made, the move would reach a position
//! whose key is in the table, which the search takes back at once. So the rule removes no
//! position the search would enter: the search is the same but for its node count. A move
//! restores its parent exactly (`takes_back`) when it moves the same cards back between the
//! same two places (tableau piles and foundations; nothing goes back to a reserve, the stock
//! or the waste) and the move before it turned no card up and left the source pile's
//! undisturbed prefix as it was. Not in the suit-symmetric search, which passes a position with
//! one forced move through without storing it.
//!
//! With talon plays (`game::engine::generate_with`) the rules combine: the arguments above are
//! made on games of real moves, and the win they leave is rewritten into talon plays without
//! changing its other moves; so count only the moves that are not turns, and from every winnable
//! position a kept move (the forced one, a kept move of the win, or its talon play) leads to a
//! winnable position at which that count has dropped or drops with the next kept move.

use super::key::KeyContext;
use crate::cards::Card;
use crate::game::position::{NONE, Position};
use crate::game::rules::SourceKind;
use crate::game::{Build, Move, Place, Space, Stock, Undo, Unit, Variant, generate_with};

/// The move that takes `m` back, restoring the position before it (`u`, its undo record), if
/// there is one (the take-back rule above): the same cards back between the same two places,
/// where `m` turned no card up and left the source pile's undisturbed prefix alone.
#[inline(always)]
pub fn takes_back(m: Move, u: &Undo) -> Option<Move> {
    let place = |p: Place| matches!(p, Place::Tableau(_) | Place::Foundation(_));
    let plain = m.as_twin_shift().is_none()
        && place(m.from)
        && place(m.to)
        && matches!(
            (m.from, m.to),
            (Place::Tableau(_), _) | (_, Place::Tableau(_))
        );
    (plain && !u.flipped && u.fixed.is_none()).then(|| Move::new(m.to, m.from, m.count))
}

/// Makes, from the one table of rules below, everything that lists them: [`Rule`] and
/// [`Rule::ALL`], [`Rule::name`] (the `--prune-off` value), [`Rule::holds`], the flags of
/// [`Prune`] with its `Default` (all on) and [`Prune::NONE`], and the flag accessors. A rule's
/// doc comment is its `--help` text and its flag's doc.
macro_rules! prune_rules {
    ($($(#[doc = $doc:expr])* $rule:ident / $field:ident = $holds:path;)*) => {
        /// Which proved prunings the search applies: one flag per [`Rule`], each applied only in
        /// games where [`Rule::holds`].
        #[derive(Copy, Clone, Debug, PartialEq, Eq)]
        pub struct Prune {
            $($(#[doc = $doc])* pub $field: bool,)*
        }

        /// A proved pruning rule that can be switched off (`--prune-off NAME`): one name per
        /// field of [`Prune`]. Each variant's doc is its `--help` text.
        #[derive(Copy, Clone, Debug, PartialEq, Eq)]
        #[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
        pub enum Rule {
            $($(#[doc = $doc])* $rule,)*
        }

        impl Rule {
            /// Every rule, in the order the messages list them.
            pub const ALL: [Rule; [$(Rule::$rule),*].len()] = [$(Rule::$rule),*];

            /// Its name, as `--prune-off` takes it and the messages print it.
            pub fn name(self) -> &'static str {
                match self {
                    $(Rule::$rule => stringify!($field),)*
                }
            }

            /// Does its argument hold for game `V` (so that, asked for, it is applied)? A
            /// constant of a built-in game's code where `self` is a constant.
            #[inline(always)]
            pub fn holds<V: Variant>(self, v: V) -> bool {
                match self {
                    $(Rule::$rule => $holds(v),)*
                }
            }
        }

        impl Default for Prune {
            fn default() -> Self {
                Prune { $($field: true,)* }
            }
        }

        impl Prune {
            /// No pruning beyond the generator's renaming of empty piles.
            pub const NONE: Prune = Prune { $($field: false,)* };

            fn flag(&self, rule: Rule) -> &bool {
                match rule {
                    $(Rule::$rule => &self.$field,)*
                }
            }

            fn flag_mut(&mut self, rule: Rule) -> &mut bool {
                match rule {
                    $(Rule::$rule => &mut self.$field,)*
                }
            }
        }
    };
}

// The rules: `Variant / flag = the fn that says where its argument holds`. Adding a rule is a
// line here, its `holds` fn (below, with its argument in the module doc, or in the rule's own
// module) and its use (`Plan::on(Rule::Name)`).
prune_rules! {
    /// An Ace goes up at once and stays.
    Aces / aces = Prune::aces_rule_holds;
    /// Cards nothing more can be built on go up at once; settled foundation cards stay.
    Safe / safe = Prune::safe_rule_holds;
    /// A position where some suit's King can never go up is a dead end: games where a tableau
    /// King can only go to a foundation.
    Kings / kings = Prune::kings_rule_holds;
    /// Turning the stock and playing the card shown are one move, in games whose stock is
    /// turned over again without limit.
    Talon / talon = Prune::talon_plays_used;
    /// A run is taken off a face-up card it fits on only when that card can then go up or take
    /// the other card that fits on it: Klondike, Stonewall.
    Runs / runs = Prune::runs_rule_holds;
    /// A position where some card can never go up, as a card above a lower one of its suit has
    /// nowhere to go, is a dead end: one-deck games.
    Blocks / blocks = Prune::blocks_rule_holds;
    /// With `safe`: a card also goes up at once when each card that fits on it is settled or
    /// is itself next to go up with nothing to hold: games that build down.
    Free / free = Prune::free_rule_holds;
    /// A card that can go up goes up at once: one-deck games built up or down in suit that
    /// move single cards.
    Updown / updown = Prune::updown_rule_holds;
    /// The depth-first searches take positions that differ only in which of its two places
    /// each face-up card is built on as one, and move a run onto its base card's twin to put
    /// that card up: Klondike.
    Loose / loose = Prune::loose_rule_holds;
    /// A position where some copy of a card can never go up, with the one-pass waste as a
    /// stack, is a dead end: two-deck games.
    Twin / twin = super::twin::holds;
    /// With `free`: a free card may have free children too; a card whose children are all
    /// settled or free never comes off a foundation, and never goes from the stock or waste
    /// onto the tableau when it can go up: one-deck games that build down.
    Nested / nested = Prune::nested_rule_holds;
    /// With `nested`: the talon's last card goes up at once when nothing that fits on it needs
    /// it and the waste ends at a pass boundary: one-deck games built down that turn several
    /// cards at a time with unlimited passes.
    Deck / deck = Prune::deck_rule_holds;
    /// A move that takes back the move just made, restoring the position before it, is not
    /// made in the exact searches: that position is on the path, so its key is in the table.
    Back / back = Prune::back_rule_holds;
}

impl Prune {
    /// Is `rule` asked for? (`free` only with `safe`, which it extends.)
    pub fn asks(&self, rule: Rule) -> bool {
        match rule {
            Rule::Free => self.free && self.safe,
            Rule::Nested => self.nested && self.free && self.safe,
            Rule::Deck => self.deck && self.nested && self.free && self.safe,
            r => *self.flag(r),
        }
    }

    /// These prunings with `rule` switched off.
    pub fn without(mut self, rule: Rule) -> Prune {
        *self.flag_mut(rule) = false;
        self
    }

    /// Does the "Aces up" argument hold for this game?
    pub fn aces_rule_holds<V: Variant>(v: V) -> bool {
        let down = matches!(
            V::BUILD,
            Build::DownAltColour | Build::DownAnySuit | Build::DownSameSuit
        );
        down && one_at_a_time(v.rules().stock)
    }

    /// Does the settled-cards argument hold for this game? (It builds down.)
    pub fn safe_rule_holds<V: Variant>(_: V) -> bool {
        matches!(
            V::BUILD,
            Build::DownAltColour | Build::DownAnySuit | Build::DownSameSuit
        )
    }

    /// Does the free-children argument hold for this game? (Built down; single cards move, or
    /// runs held together by a rule under which a card fits on another only where the build
    /// rule lets it, so that a free card heads any unit it moves in; one deck or two.)
    pub fn free_rule_holds<V: Variant>(v: V) -> bool {
        Self::safe_rule_holds::<V>(v)
            && match V::UNIT {
                Unit::Single => true,
                Unit::Run(b) => b.within(V::BUILD),
            }
    }

    /// Does the nested-free argument hold for this game? (The free-children argument's game, with
    /// one deck, so that each suit has one next card and each card one copy.)
    pub fn nested_rule_holds<V: Variant>(v: V) -> bool {
        Self::free_rule_holds::<V>(v) && v.rules().decks == 1
    }

    /// Does the deck's-last-card argument hold for this game? (The nested argument's game, with
    /// a stock turned several cards at a time and unlimited passes; turning one card at a time,
    /// `safe` already forces the talon's cards.)
    pub fn deck_rule_holds<V: Variant>(v: V) -> bool {
        Self::nested_rule_holds::<V>(v) && draw_cycle(v.rules().stock) > 1
    }

    /// Does the take-back argument hold for this game? In every game: it removes only moves
    /// whose position the search has already entered (`takes_back`).
    pub fn back_rule_holds<V: Variant>(_: V) -> bool {
        true
    }

    /// Does the up-and-down-in-suit argument hold for this game? (One deck, built up or down in
    /// suit, single cards move.)
    pub fn updown_rule_holds<V: Variant>(v: V) -> bool {
        v.rules().decks == 1
            && matches!(V::BUILD, Build::UpDownSameSuit)
            && matches!(V::UNIT, Unit::Single)
    }

    /// Does the loose-tableau argument hold for this game? (See `solve::loose`.)
    pub fn loose_rule_holds<V: Variant>(v: V) -> bool {
        super::loose::holds::<V>(v)
    }

    /// Does the stuck-Kings argument hold for this game? (It builds down, and an empty pile
    /// never takes a King from the tableau.)
    pub fn kings_rule_holds<V: Variant>(v: V) -> bool {
        matches!(
            V::BUILD,
            Build::DownAltColour | Build::DownAnySuit | Build::DownSameSuit
        ) && !v
            .rules()
            .space_accepts(Card::new(13, 0), SourceKind::Tableau)
    }

    /// Does the blocked-cards argument hold for this game? (One deck; see `solve::blocked`.)
    pub fn blocks_rule_holds<V: Variant>(v: V) -> bool {
        v.rules().decks == 1
    }

    /// Does the split-runs argument hold for this game? (One deck, built down in alternating
    /// colour, any alternating run moves as a unit, and an empty pile takes any run that its
    /// bottom card could fill it with.)
    pub fn runs_rule_holds<V: Variant>(v: V) -> bool {
        v.rules().decks == 1
            && matches!(V::BUILD, Build::DownAltColour)
            && matches!(V::UNIT, Unit::Run(Build::DownAltColour))
            && matches!(v.rules().space, Space::Any | Space::Kings)
    }

    /// Are talon plays used in this game (with `talon` on)? In games whose stock may be turned
    /// over again without limit: the arguments that combine them with the other rules assume
    /// that no count of passes changes (with a limited number of passes they gave a false
    /// `unsolvable`). In a one-pass game a talon play buries for good every card it turns past,
    /// and the searches found fewer wins with them than with single turns, so there, as with
    /// any limited number of passes, the stock is turned one move at a time (measured:
    /// docs/performance.md, "talon_plays_used: talon plays only where the stock turns freely").
    pub fn talon_plays_used<V: Variant>(v: V) -> bool {
        match v.rules().stock {
            Stock::None => false,
            Stock::Waste { passes, .. } => passes.is_none(),
        }
    }

    /// Does the search's move set have talon plays (`talon` on, in a game where they are used)?
    #[inline(always)]
    pub fn talon_plays<V: Variant>(&self, v: V) -> bool {
        self.talon && Self::talon_plays_used::<V>(v)
    }

    /// The key context of a search from `start` with this move set (talon plays merge waste
    /// places: `KeyContext::with_talon_plays`).
    pub fn key_context<V: Variant>(&self, v: V, start: &Position) -> KeyContext {
        Plan::new::<V>(v, self).key_context::<V>(v, start)
    }

    /// Appends the moves the search tries in `pos` (before [`Prune::apply`]): every move, or
    /// with `talon` (where used) the move set with talon plays.
    #[inline(always)]
    pub fn generate<V: Variant>(&self, v: V, pos: &Position, out: &mut Vec<Move>) {
        generate_with::<V>(v, pos, out, self.talon_plays::<V>(v));
    }

    /// Is `pos` a dead end ([`Plan::dead_end`])?
    #[inline]
    pub fn dead_end<V: Variant>(&self, v: V, pos: &Position) -> bool {
        Plan::new::<V>(v, self).dead_end::<V>(v, pos)
    }

    /// Prunes `moves[start..]` ([`Plan::apply`]); returns the new end.
    #[inline]
    pub fn apply<V: Variant>(
        &self,
        v: V,
        pos: &Position,
        moves: &mut [Move],
        start: usize,
    ) -> usize {
        Plan::new::<V>(v, self).apply::<V>(v, pos, moves, start)
    }
}

/// The prunings of one search, resolved once from a [`Prune`] and the game's rules: each rule
/// is on where the `Prune` asks for it and its argument's preconditions hold
/// ([`Rule::holds`]), and with it what the rules say that the rules need at every node.
/// A search makes its plan at its start, so that a game from a rules file reads its rules
/// there, not at every node. A built-in game's preconditions are constants of its code: for
/// it [`Plan::on`] still conjoins them, so that a rule that never holds leaves no code.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The rules that are on.
    on: RuleSet,
    /// The stock, if any, turns one card at a time.
    one_at_a_time: bool,
    /// One deck.
    one_deck: bool,
    /// The cards the stock turns at a time, with unlimited passes (`draw_cycle`).
    cycle: u8,
}

/// A set of [`Rule`]s, a bit per rule.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
struct RuleSet(u16);

impl RuleSet {
    #[inline(always)]
    fn contains(self, r: Rule) -> bool {
        self.0 >> r as u16 & 1 != 0
    }
}

/// The cards `stock` turns at a time where it may be turned over without limit; 0 otherwise.
#[inline(always)]
fn draw_cycle(stock: Stock) -> u8 {
    match stock {
        Stock::Waste { draw, passes: None } => draw,
        _ => 0,
    }
}

/// Does `stock` (if any) turn one card at a time?
#[inline(always)]
fn one_at_a_time(stock: Stock) -> bool {
    match stock {
        Stock::None => true,
        Stock::Waste { draw, .. } => draw == 1,
    }
}

/// `resolved` in a game from a rules file; `of_rules(v)` (a constant) in a built-in game.
#[inline(always)]
fn pick<V: Variant>(v: V, resolved: bool, of_rules: impl FnOnce(V) -> bool) -> bool {
    if V::CONST_RULES {
        of_rules(v)
    } else {
        resolved
    }
}

impl Plan {
    /// The plan of a search with `prune` in game `V`.
    pub fn new<V: Variant>(v: V, prune: &Prune) -> Plan {
        let rules = v.rules();
        let on = Rule::ALL
            .iter()
            .filter(|&&r| prune.asks(r) && r.holds::<V>(v))
            .fold(0, |set, &r| set | 1 << r as u16);
        Plan {
            on: RuleSet(on),
            one_at_a_time: one_at_a_time(rules.stock),
            one_deck: rules.decks == 1,
            cycle: draw_cycle(rules.stock),
        }
    }

    /// Is `rule` on in this search? Where `rule` is a constant this is a test of one bit
    /// (conjoined, in a built-in game, with the constant [`Rule::holds`]).
    #[inline(always)]
    pub fn on<V: Variant>(&self, v: V, rule: Rule) -> bool {
        self.on.contains(rule) && pick::<V>(v, true, |v| rule.holds::<V>(v))
    }
    /// Is one of the dead-end tests by relaxation on: blocked cards (one deck) or twin cards
    /// (two decks; so never both)?
    #[inline(always)]
    fn relaxed<V: Variant>(&self, v: V) -> bool {
        self.on::<V>(v, Rule::Blocks) || self.on::<V>(v, Rule::Twin)
    }
    /// The dead-end test by relaxation that is on, if any: blocked cards or twin cards.
    #[inline(always)]
    fn relaxed_blocked<V: Variant>(&self, v: V, pos: &Position) -> bool {
        self.relaxed::<V>(v)
            && if self.on::<V>(v, Rule::Blocks) {
                super::blocked::blocked::<V>(v, pos)
            } else {
                super::twin::blocked::<V>(v, pos)
            }
    }
    /// Do the depth-first searches key the tableau loosely and make twin shifts
    /// (`solve::loose`)?
    #[inline(always)]
    pub fn loose<V: Variant>(&self, v: V) -> bool {
        self.on::<V>(v, Rule::Loose)
    }
    /// Does the search's move set have talon plays?
    #[inline(always)]
    pub fn talon_plays<V: Variant>(&self, v: V) -> bool {
        self.on::<V>(v, Rule::Talon)
    }
    #[inline(always)]
    fn one_at_a_time<V: Variant>(&self, v: V) -> bool {
        pick::<V>(v, self.one_at_a_time, |v| one_at_a_time(v.rules().stock))
    }
    #[inline(always)]
    fn cycle<V: Variant>(&self, v: V) -> u8 {
        if V::CONST_RULES {
            draw_cycle(v.rules().stock)
        } else {
            self.cycle
        }
    }
    #[inline(always)]
    fn one_deck<V: Variant>(&self, v: V) -> bool {
        pick::<V>(v, self.one_deck, |v| v.rules().decks == 1)
    }

    /// The key context of a search from `start` with this move set (talon plays merge waste
    /// places: `KeyContext::with_talon_plays`).
    pub fn key_context<V: Variant>(&self, v: V, start: &Position) -> KeyContext {
        KeyContext::new::<V>(v, start).with_talon_plays::<V>(v, self.talon_plays::<V>(v))
    }

    /// Appends the moves the search tries in `pos` (before [`Plan::apply`]): every move, or
    /// with talon plays the move set with talon plays.
    #[inline(always)]
    pub fn generate<V: Variant>(&self, v: V, pos: &Position, out: &mut Vec<Move>) {
        generate_with::<V>(v, pos, out, self.talon_plays::<V>(v));
    }

    /// Is `pos` a dead end by the stuck-Kings rule or the blocked-cards test (where they hold
    /// and are on)? The searches ask this before they generate the moves of a position, and
    /// try none at a dead end.
    #[inline]
    pub fn dead_end<V: Variant>(&self, v: V, pos: &Position) -> bool {
        self.kings_dead_end::<V>(v, pos) || self.relaxed_blocked::<V>(v, pos)
    }

    /// [`Plan::dead_end`] of a position below the root of a search, every position on the way
    /// to it having passed the test: the blocked-cards test alone. The stuck-Kings test is not
    /// asked again, as no move makes it true (argued in [`Plan::dead_end_after`]); debug builds
    /// check that it is false. The best-first search asks this of every position but its root.
    #[inline]
    pub fn dead_end_below<V: Variant>(&self, v: V, pos: &Position) -> bool {
        debug_assert!(
            !self.kings_dead_end::<V>(v, pos),
            "Kings stuck below a position where they were not"
        );
        self.relaxed_blocked::<V>(v, pos)
    }

    /// Must [`Plan::dead_end_below`] be asked of the position `pos` that the move `m` (`u`:
    /// what `apply` returned) led to from a position that no test found a dead end? `false`
    /// where the blocked-cards test is off, or where the move cannot change its answer
    /// (`blocked::may_block`, proved there): then the answer is the parent's, "not a dead end".
    /// The best-first search keeps this beside each position it stores.
    #[inline]
    pub fn asks_after<V: Variant>(&self, v: V, pos: &Position, m: Move, u: &Undo) -> bool {
        self.relaxed::<V>(v) && super::blocked::may_block::<V>(pos, m, u)
    }

    /// [`Plan::dead_end`] of the position `pos` that the move `m` (`u`: what `apply` returned)
    /// led to from a position that no test found a dead end: the blocked-cards test is asked
    /// only where the move may change its answer (`blocked::may_block`), and not after a move
    /// that seldom changes it (`blocked::seldom_blocks`), where a dead end may go unseen until
    /// a later test (never a wrong verdict: a skipped test only keeps a position it could cut).
    /// The stuck-Kings test is not asked again: no move makes it true (argued below).
    #[inline]
    pub fn dead_end_after<V: Variant>(&self, v: V, pos: &Position, m: Move, u: &Undo) -> bool {
        let blocked = self.relaxed::<V>(v)
            && if !super::blocked::may_block::<V>(pos, m, u) {
                debug_assert!(
                    !self.relaxed_blocked::<V>(v, pos) || {
                        // The parent was blocked, unseen after a move that seldom blocks.
                        let mut parent = pos.clone();
                        crate::game::undo::<V>(&mut parent, m, *u);
                        self.relaxed_blocked::<V>(v, &parent)
                    },
                    "{m} left the blocked-cards answer unchanged"
                );
                false
            } else if super::blocked::seldom_blocks(m, u) {
                false
            } else {
                self.relaxed_blocked::<V>(v, pos)
            };
        // No stuck-Kings test after a move: a move never makes Kings stuck where they were
        // not. The test reads only which cards lie below which tableau Kings, and where it is on
        // (`kings_rule_holds`) a King never comes to lie on a card: nothing is built on a King
        // that way (it would need a rank above the King), an empty pile never takes a King from
        // the tableau, and a King from elsewhere fills an empty pile. A card below a King stays
        // below it until the King goes up. So every card lies below no more Kings than in the
        // parent, each suit's cards are at least as free, and the fixed point gets at least the
        // same suits' Kings up: stuck here means stuck in the parent, which was tested (at the
        // root by `dead_end`, below it by induction).
        debug_assert!(
            !self.kings_dead_end::<V>(v, pos) || {
                let mut parent = pos.clone();
                crate::game::undo::<V>(&mut parent, m, *u);
                self.kings_dead_end::<V>(v, &parent)
            },
            "{m} made Kings stuck"
        );
        blocked
    }

    /// Is `pos` a dead end by the stuck-Kings rule (where it is on)?
    #[inline(always)]
    fn kings_dead_end<V: Variant>(&self, v: V, pos: &Position) -> bool {
        self.on::<V>(v, Rule::Kings) && stuck_kings::<V>(v, pos)
    }

    /// Prunes `moves[start..]` (the moves of `pos`, which is no dead end: see
    /// [`Plan::dead_end`]) in place; returns the new end.
    #[inline]
    pub fn apply<V: Variant>(
        &self,
        v: V,
        pos: &Position,
        moves: &mut [Move],
        start: usize,
    ) -> usize {
        self.apply_forced::<V>(v, pos, moves, start).0
    }

    /// [`Plan::apply`], and whether a rule forced the one move left (a move up that its
    /// argument keeps alone).
    #[inline]
    pub fn apply_forced<V: Variant>(
        &self,
        v: V,
        pos: &Position,
        moves: &mut [Move],
        start: usize,
    ) -> (usize, bool) {
        let aces = self.on::<V>(v, Rule::Aces);
        let safe = self.on::<V>(v, Rule::Safe);
        let runs = self.on::<V>(v, Rule::Runs);
        let foundation = |p: Place| matches!(p, Place::Foundation(_));
        if self.on::<V>(v, Rule::Updown)
            && let Some(end) = updown_forced(moves, start)
        {
            return (end, true);
        }
        if !(aces || safe)
            || !moves[start..]
                .iter()
                .any(|m| foundation(m.to) || foundation(m.from))
        {
            // Both rules act only on moves to or from a foundation.
            let end = if runs {
                split_runs::<V>(v, pos, moves, start, moves.len())
            } else {
                moves.len()
            };
            return (end, false);
        }
        let one_at_a_time = self.one_at_a_time::<V>(v);
        let one_deck = self.one_deck::<V>(v);
        // A talon play's card counts as any other when the talon turns one card at a time.
        let talon = one_at_a_time && self.talon_plays::<V>(v);
        let card_of = |m: &Move| match m.from {
            Place::Tableau(p) => Some(pos.piles[p as usize].top()),
            Place::Reserve(r) => Some(Card::from_index(pos.reserve[r as usize])),
            Place::Waste => pos.waste_top(),
            Place::Foundation(f) => pos.found_top(f as usize),
            Place::Stock if talon => m
                .as_talon_play()
                .map(|(t, _)| crate::game::talon_card(pos, t as usize - 1)),
            Place::Stock => None,
        };
        let low = if safe {
            low_heights::<V>(v, pos)
        } else {
            [0; 4]
        };
        let settled = if safe { settled_above::<V>(&low) } else { 0 };
        // Free cards count as settled children (the free-children extension of rule (1));
        // with the nested rule, free cards may have free children.
        let nested = safe && self.on::<V>(v, Rule::Nested);
        let free = if nested {
            free_above::<V>(&low, settled, true)
        } else if safe && self.on::<V>(v, Rule::Free) {
            free_above::<V>(&low, settled, false)
        } else {
            0
        };
        // A card whose children are all settled or free (the nested rule's *dominant* cards).
        let dominant = |c: Card| children::<V>(c) & !(settled | free) == 0;

        // The deck rule: the talon's last card, dominant and able to go up, with the waste
        // at a pass boundary (a multiple of the cards turned, or the stock down to at most
        // one card), goes up. `deck_up` is the talon's length then: the play up is the talon
        // play to that waste length, or from the waste when the stock is empty.
        let deck_up = if nested && self.on::<V>(v, Rule::Deck) {
            let (w, n) = (
                pos.waste_len as usize,
                (pos.waste_len + pos.stock_len) as usize,
            );
            let d = self.cycle::<V>(v).max(1) as usize;
            (n > 0 && (w % d == 0 || w + 1 >= n))
                .then(|| crate::game::talon_card(pos, n - 1))
                .filter(|&c| low[c.suit() as usize] + 1 == c.rank() && dominant(c))
                .map(|_| n)
        } else {
            None
        };
        let deck_forced = |m: &Move| match (deck_up, m.from) {
            (Some(n), Place::Stock) => m.as_talon_play().is_some_and(|(t, _)| t as usize == n),
            (Some(n), Place::Waste) => pos.waste_len as usize == n,
            _ => false,
        };
        let forced = |m: &Move| -> bool {
            if !matches!(m.to, Place::Foundation(_)) {
                return false;
            }
            if deck_forced(m) {
                return true;
            }
            let Some(c) = card_of(m) else { return false };
            (aces && c.rank() == 1)
                || (safe
                    && (one_at_a_time || m.from != Place::Waste)
                    && dominant(c)
                    && (one_deck
                        || c.rank() == 1
                        || settled >> Card::new(c.rank() - 1, c.suit()).index() & 1 != 0))
        };
        let end = moves.len();
        // (1) An Ace (Aces rule) or a card whose children are settled that can go up is the
        // only move.
        if let Some(i) = (start..end).find(|&i| forced(&moves[i])) {
            moves[start] = moves[i];
            return (start + 1, true);
        }
        // (2) No Ace (Aces rule) and no settled card comes off a foundation; with the nested
        // rule no dominant card either, and no dominant card that can go up goes from the stock
        // or waste onto the tableau.
        let mut w = start;
        for i in start..end {
            let m = moves[i];
            let kept = match m.from {
                Place::Foundation(_) => card_of(&m).is_none_or(|c| {
                    !(aces && c.rank() == 1)
                        && settled >> c.index() & 1 == 0
                        && !(nested && dominant(c))
                }),
                Place::Waste | Place::Stock if nested && matches!(m.to, Place::Tableau(_)) => {
                    let c = match m.from {
                        Place::Waste => pos.waste_top(),
                        _ => m
                            .as_talon_play()
                            .map(|(t, _)| crate::game::talon_card(pos, t as usize - 1)),
                    };
                    c.is_none_or(|c| !(low[c.suit() as usize] + 1 == c.rank() && dominant(c)))
                }
                _ => true,
            };
            if kept {
                moves[w] = m;
                w += 1;
            }
        }
        let end = if runs {
            split_runs::<V>(v, pos, moves, start, w)
        } else {
            w
        };
        (end, false)
    }
}

/// The up-and-down-in-suit rule: a card that can go up from the tableau or the reserve is the
/// only move (no other rule that removes moves holds in such a game). Puts it first and gives
/// the end of the one move kept, if there is such a card.
#[inline(always)]
fn updown_forced(moves: &mut [Move], start: usize) -> Option<usize> {
    let up = |m: &Move| {
        matches!(m.to, Place::Foundation(_))
            && matches!(m.from, Place::Tableau(_) | Place::Reserve(_))
    };
    let i = (start..moves.len()).find(|&i| up(&moves[i]))?;
    moves[start] = moves[i];
    Some(start + 1)
}

/// The split-runs rule on `moves[start..end]`: drops each move that takes a run off a face-up
/// card it fits on, onto another card, unless the card left on top can go to a foundation or
/// the other card that fits on it can come (it is neither face down nor under another card on
/// a foundation). Returns the new end.
fn split_runs<V: Variant>(
    v: V,
    pos: &Position,
    moves: &mut [Move],
    start: usize,
    end: usize,
) -> usize {
    let mut down: Option<u64> = None;
    let mut w = start;
    for i in start..end {
        let m = moves[i];
        let kept = match (m.from, m.to) {
            (Place::Tableau(p), Place::Tableau(q)) if !pos.piles[q as usize].is_empty() => {
                let pile = &pos.piles[p as usize];
                let rest = pile.len as usize - m.count as usize;
                if rest == 0 || pile.is_down(rest - 1) {
                    true
                } else {
                    let (x, y) = (pile.card(rest - 1), pile.card(rest));
                    if !V::BUILD.fits(y, x) || pos.found_slot_for::<V>(v, x).is_some() {
                        true
                    } else {
                        let other = children::<V>(x) & !(1u64 << y.index());
                        let d = *down.get_or_insert_with(|| face_down::<V>(v, pos));
                        other & d == 0 && {
                            let o = Card::from_index(other.trailing_zeros() as u8);
                            let h = found_height_of::<V>(v, pos, o.suit());
                            h <= o.rank()
                        }
                    }
                }
            }
            _ => true,
        };
        if kept {
            moves[w] = m;
            w += 1;
        }
    }
    w
}

/// The face-down tableau cards, a bit per card index. Only a pile's undisturbed prefix
/// (`Pile::fixed`) is read: every card above it was put there by a move, so is face up.
fn face_down<V: Variant>(v: V, pos: &Position) -> u64 {
    let mut d = 0u64;
    for pile in &pos.piles[..v.rules().piles()] {
        for i in 0..pile.fixed as usize {
            if pile.is_down(i) {
                d |= 1u64 << pile.card(i).index();
            }
        }
        debug_assert!(
            (pile.fixed as usize..pile.len as usize).all(|i| !pile.is_down(i)),
            "a card above the prefix is face up"
        );
    }
    d
}

/// The height of the foundation of `suit` (one deck), 0 when it has not started.
fn found_height_of<V: Variant>(v: V, pos: &Position, suit: u8) -> u8 {
    (0..v.rules().foundations())
        .find(|&f| pos.found_suit[f] == suit)
        .map_or(0, |f| pos.found_height[f])
}

/// The cards that fit on `card` under the game's build rule (a bit per card index).
#[inline(always)]
pub fn children<V: Variant>(card: Card) -> u64 {
    V::BUILD.children_of(1 << card.index())
}

/// The settled cards of `pos` (see the module's doc), a bit per card index: per rank from the
/// Aces up, a card is settled when every foundation of its suit is at least that high and all
/// its children are settled.
#[inline]
pub fn settled<V: Variant>(v: V, pos: &Position) -> u64 {
    settled_above::<V>(&low_heights::<V>(v, pos))
}

/// [`settled`] from the lowest foundation heights per suit (`low_heights`).
#[inline]
fn settled_above<V: Variant>(low: &[u8; 4]) -> u64 {
    let mut l = 0u64;
    for r in 1..=13u8 {
        let mut any = false;
        for s in 0..4u8 {
            if r <= low[s as usize] {
                let c = Card::new(r, s);
                if children::<V>(c) & !l == 0 {
                    l |= 1 << c.index();
                    any = true;
                }
            }
        }
        if !any {
            break;
        }
    }
    l
}

/// Per suit, the height of its lowest foundation (0 while a foundation of the suit is empty).
#[inline]
fn low_heights<V: Variant>(v: V, pos: &Position) -> [u8; 4] {
    let rules = v.rules();
    let mut low = [u8::MAX; 4];
    let mut count = [0u8; 4];
    for f in 0..rules.foundations() {
        let s = pos.found_suit[f];
        if s != NONE {
            count[s as usize] += 1;
            low[s as usize] = low[s as usize].min(pos.found_height[f]);
        }
    }
    for s in 0..4 {
        if count[s] < rules.decks {
            low[s] = 0;
        }
    }
    low
}

/// The free cards of `pos` (see the free-children extension in the module's doc), a bit per
/// card index: for each suit, the next card its lowest foundation takes, when the card below
/// it is settled (or it is the Ace) and every card that fits on it is settled.
#[inline]
pub fn free<V: Variant>(v: V, pos: &Position, settled: u64) -> u64 {
    free_above::<V>(&low_heights::<V>(v, pos), settled, false)
}

/// [`free`] from the lowest foundation heights per suit (`low_heights`): for each suit, the
/// next card its foundation takes, when the card below it is settled (or it is the Ace) and
/// every card that fits on it is settled, or with `nested` (the nested rule, see its argument
/// in the module's doc; one deck) settled or itself such a card.
#[inline]
fn free_above<V: Variant>(low: &[u8; 4], settled: u64, nested: bool) -> u64 {
    let mut out = 0u64;
    // Nested, each round adds the cards whose children are now all in; a child is a rank
    // lower, so four rounds reach the fixed point (one suit's card at most a round).
    for _ in 0..if nested { 4 } else { 1 } {
        let before = out;
        let known = if nested { settled | out } else { settled };
        for s in 0..4u8 {
            let h = low[s as usize];
            if h >= 13 {
                continue;
            }
            let c = Card::new(h + 1, s);
            let below_settled = h == 0 || settled >> Card::new(h, s).index() & 1 != 0;
            if below_settled && children::<V>(c) & !known == 0 {
                out |= 1 << c.index();
            }
        }
        if out == before {
            break;
        }
    }
    out
}

/// Can some suit never get a King onto a foundation, because of the cards that tableau Kings
/// lie on? (The stuck-Kings rule; see the module's doc. Meaningful where
/// [`Prune::kings_rule_holds`].)
#[inline]
pub fn stuck_kings<V: Variant>(v: V, pos: &Position) -> bool {
    // For each card, the suits of the tableau Kings above each of its copies that lie below
    // one (a copy not recorded lies below none, or is off the tableau).
    let mut below = [[0u8; 2]; 52];
    let mut recorded = [0u8; 52];
    let mut any = false;
    for pile in &pos.piles[..v.rules().piles()] {
        let mut kings = 0u8;
        for i in (0..pile.len as usize).rev() {
            let c = pile.card(i);
            if kings != 0 {
                let k = c.index() as usize;
                below[k][recorded[k] as usize & 1] = kings;
                recorded[k] += 1;
                any = true;
            }
            if c.rank() == 13 {
                kings |= 1 << c.suit();
            }
        }
    }
    if !any {
        return false;
    }
    // In one deck the only copy must be free; in two, either.
    let free = |k: usize, done: u8| {
        below[k][0] & !done == 0
            || (v.rules().decks == 2 && (recorded[k] < 2 || below[k][1] & !done == 0))
    };
    let mut done = 0u8;
    loop {
        let before = done;
        for s in 0..4u8 {
            if done >> s & 1 == 0
                && (1..=13u8).all(|r| free(Card::new(r, s).index() as usize, done))
            {
                done |= 1 << s;
            }
        }
        if done == before {
            return done != 0b1111;
        }
    }
}

impl Prune {
    /// Which proved pruning rules a search of game `V` uses: each is on only where its
    /// argument's preconditions hold for the game's rules (and `--prune-off` left it on).
    pub fn text<V: Variant>(&self, v: V) -> String {
        let rules = Rule::ALL.map(|r| (r.name(), self.asks(r), r.holds::<V>(v)));
        let list = |f: &dyn Fn(bool, bool) -> bool| -> String {
            let names: Vec<&str> = rules
                .iter()
                .filter(|&&(_, asked, holds)| f(asked, holds))
                .map(|&(n, ..)| n)
                .collect();
            if names.is_empty() {
                "none".to_string()
            } else {
                names.join(",")
            }
        };
        let mut text = format!(
            "pruning on: {}; not for these rules: {}",
            list(&|asked, holds| asked && holds),
            list(&|_, holds| !holds)
        );
        let off = list(&|asked, holds| !asked && holds);
        if off != "none" {
            text.push_str(&format!("; switched off: {off}"));
        }
        text
    }
}
