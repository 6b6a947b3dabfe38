//! The compiled shapes of a game that is not built in: [`Custom<B, U, W>`], specialised on its
//! build rule `B` and what moves as a unit `U` (constants of the type, like a built-in game's)
//! and the words `W` of its state key; every other rule is read from the [`Rules`] value, which
//! does not change during a run, so its branches are always predicted the same way.
//!
//! A shape's rules are the value of the game ([`Variant::rules`]): two games of one shape with
//! different rules run side by side in one process.

use crate::game::rules::KeyWords;
use crate::game::{Build, Rules, Unit, Variant};
use std::marker::PhantomData;

/// A build rule as a type.
pub trait BuildTag: Copy + Default + Send + Sync + 'static {
    const BUILD: Build;
}

macro_rules! build_tags {
    ($($(#[$doc:meta])* $T:ident = $b:ident;)*) => {
        $(
            $(#[$doc])*
            #[derive(Copy, Clone, Default, Debug)]
            pub struct $T;
            impl BuildTag for $T {
                const BUILD: Build = Build::$b;
            }
        )*
    };
}

build_tags! {
    /// Down in alternating colour.
    DownAltColour = DownAltColour;
    /// Down in any suit.
    DownAnySuit = DownAnySuit;
    /// Down in suit.
    DownSameSuit = DownSameSuit;
    /// Up or down in any suit.
    UpDownAnySuit = UpDownAnySuit;
    /// Up or down in suit.
    UpDownSameSuit = UpDownSameSuit;
}

/// What moves as a unit, as a type.
pub trait UnitTag: Copy + Default + Send + Sync + 'static {
    const UNIT: Unit;
}

macro_rules! unit_tags {
    ($($(#[$doc:meta])* $T:ident = $u:expr;)*) => {
        $(
            $(#[$doc])*
            #[derive(Copy, Clone, Default, Debug)]
            pub struct $T;
            impl UnitTag for $T {
                const UNIT: Unit = $u;
            }
        )*
    };
}

unit_tags! {
    /// The top card only.
    Single = Unit::Single;
    /// Runs down in alternating colour.
    RunsAltColour = Unit::Run(Build::DownAltColour);
    /// Runs down in any suit.
    RunsAnySuit = Unit::Run(Build::DownAnySuit);
    /// Runs down in suit.
    RunsSameSuit = Unit::Run(Build::DownSameSuit);
}

/// The key widths a game from a file is compiled for, in words; the smallest that holds the
/// game's key is used. The narrowest, 3, only for games built down in alternating colour (the
/// one build rule whose one-deck games without a stock fit it, Stonewall's family: a narrower
/// table entry, and two shapes more to compile rather than ten).
pub const WIDTHS: [usize; 3] = [3, 4, 8];

/// A game from data, with build rule `B`, unit rule `U` and a key of `W` words: its rules are
/// the value it holds (checked by [`crate::games::validate`] to be of this shape).
#[derive(Copy, Clone, Debug)]
pub struct Custom<B: BuildTag, U: UnitTag, const W: usize>(&'static Rules, PhantomData<(B, U)>);

impl<B: BuildTag, U: UnitTag, const W: usize> Custom<B, U, W> {
    /// The game of `rules`, which must have build rule `B` and unit rule `U` and a key of at
    /// most `W` words (what [`crate::games::with_rules`] chooses the shape by).
    pub(crate) fn new(rules: &'static Rules) -> Self {
        debug_assert!(rules.build == B::BUILD && rules.unit == U::UNIT);
        Custom(rules, PhantomData)
    }
}

impl<B: BuildTag, U: UnitTag, const W: usize> Variant for Custom<B, U, W>
where
    [u64; W]: KeyWords,
{
    type Key = [u64; W];
    const BUILD: Build = B::BUILD;
    const UNIT: Unit = U::UNIT;
    const CONST_RULES: bool = false;
    #[inline(always)]
    fn rules(self) -> &'static Rules {
        self.0
    }
}
