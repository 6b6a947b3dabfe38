//! The compiled shapes of a game that is not built in: [`Custom<B, U, W>`], specialised on its
//! build rule `B` and what moves as a unit `U` (constants of the type, like a built-in game's)
//! and the words `W` of its state key; every other rule is read from the [`Rules`] value, which
//! does not change during a run, so its branches are always predicted the same way.
//!
//! A shape's rules live in one slot per shape, set by `enter` for the time of a
//! [`crate::rules::with_rules`] call. Two calls with different rules of the same shape at the
//! same time (in one process) take turns; calls with the same rules share the slot, nested or
//! from several threads.

use crate::game::rules::KeyWords;
use crate::game::{Build, Rules, Unit, Variant};
use std::marker::PhantomData;
use std::sync::atomic::{AtomicPtr, Ordering};
use std::sync::{Condvar, Mutex};

/// A build rule as a type.
pub trait BuildTag: Copy + Default + Send + Sync + 'static {
    const BUILD: Build;
    /// The slot row of the rule.
    const ROW: usize;
}

macro_rules! build_tags {
    ($($(#[$doc:meta])* $T:ident = $b:ident, $row:expr;)*) => {
        $(
            $(#[$doc])*
            #[derive(Copy, Clone, Default, Debug)]
            pub struct $T;
            impl BuildTag for $T {
                const BUILD: Build = Build::$b;
                const ROW: usize = $row;
            }
        )*
    };
}

build_tags! {
    /// Down in alternating colour.
    DownAltColour = DownAltColour, 0;
    /// Down in any suit.
    DownAnySuit = DownAnySuit, 1;
    /// Down in suit.
    DownSameSuit = DownSameSuit, 2;
    /// Up or down in any suit.
    UpDownAnySuit = UpDownAnySuit, 3;
    /// Up or down in suit.
    UpDownSameSuit = UpDownSameSuit, 4;
}

/// What moves as a unit, as a type.
pub trait UnitTag: Copy + Default + Send + Sync + 'static {
    const UNIT: Unit;
    /// The slot plane of the rule.
    const PLANE: usize;
}

macro_rules! unit_tags {
    ($($(#[$doc:meta])* $T:ident = $u:expr, $plane:expr;)*) => {
        $(
            $(#[$doc])*
            #[derive(Copy, Clone, Default, Debug)]
            pub struct $T;
            impl UnitTag for $T {
                const UNIT: Unit = $u;
                const PLANE: usize = $plane;
            }
        )*
    };
}

unit_tags! {
    /// The top card only.
    Single = Unit::Single, 0;
    /// Runs down in alternating colour.
    RunsAltColour = Unit::Run(Build::DownAltColour), 1;
    /// Runs down in any suit.
    RunsAnySuit = Unit::Run(Build::DownAnySuit), 2;
    /// Runs down in suit.
    RunsSameSuit = Unit::Run(Build::DownSameSuit), 3;
}

/// The key widths a game from a file is compiled for, in words; the smallest that holds the
/// game's key is used. The narrowest, 3, only for games built down in alternating colour (the
/// one build rule whose one-deck games without a stock fit it, Stonewall's family: a narrower
/// table entry, and two shapes more to compile rather than ten).
pub const WIDTHS: [usize; 3] = [3, 4, 8];

/// A game from data, with build rule `B`, unit rule `U` and a key of `W` words.
#[derive(Copy, Clone, Default, Debug)]
pub struct Custom<B: BuildTag, U: UnitTag, const W: usize>(PhantomData<(B, U)>);

/// The slot of one shape: the rules in use (`UNSET` when none), and who holds them.
struct Slot {
    rules: AtomicPtr<Rules>,
    /// The rules held (as an address) and how many calls hold them.
    held: Mutex<(usize, usize)>,
    free: Condvar,
}

/// What an unheld slot points to: no game (an empty id, which `check` refuses).
const UNSET: &Rules = &Rules {
    id: "",
    ..crate::variants::Stonewall::RULES
};

#[allow(clippy::declare_interior_mutable_const)]
const EMPTY: Slot = Slot {
    rules: AtomicPtr::new(UNSET as *const Rules as *mut Rules),
    held: Mutex::new((0, 0)),
    free: Condvar::new(),
};

static SLOTS: [[[Slot; WIDTHS.len()]; 4]; 5] = [const { [const { [EMPTY; WIDTHS.len()] }; 4] }; 5];

const fn column(w: usize) -> usize {
    let mut i = 0;
    while i < WIDTHS.len() {
        if WIDTHS[i] == w {
            return i;
        }
        i += 1;
    }
    panic!("not a compiled key width")
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
    fn rules() -> &'static Rules {
        let p = SLOTS[B::ROW][U::PLANE][const { column(W) }]
            .rules
            .load(Ordering::Acquire);
        // SAFETY: the slot only ever holds `UNSET` or the address of a `&'static Rules` (see
        // `enter`), and rules are never written through it.
        let r = unsafe { &*p };
        // Not checked in release builds, where the branch costs (measured: docs/performance.md,
        // "Custom::rules: no check in release builds").
        debug_assert!(
            !r.id.is_empty(),
            "a game from a rules file used outside rules::with_rules"
        );
        r
    }
}

/// Holds the slot of a shape while a call runs; lets it go when dropped.
pub(crate) struct Held(&'static Slot);

/// Puts `rules` in the slot of shape (`B`, `U`, `W`), waiting while other rules hold it.
pub(crate) fn enter<B: BuildTag, U: UnitTag, const W: usize>(rules: &'static Rules) -> Held {
    let slot = &SLOTS[B::ROW][U::PLANE][column(W)];
    let me = rules as *const Rules as usize;
    let mut held = slot.held.lock().unwrap_or_else(|e| e.into_inner());
    while held.1 > 0 && held.0 != me {
        held = slot.free.wait(held).unwrap_or_else(|e| e.into_inner());
    }
    if held.1 == 0 {
        slot.rules
            .store(rules as *const Rules as *mut Rules, Ordering::Release);
        held.0 = me;
    }
    held.1 += 1;
    Held(slot)
}

impl Drop for Held {
    fn drop(&mut self) {
        let mut held = self.0.held.lock().unwrap_or_else(|e| e.into_inner());
        held.1 -= 1;
        if held.1 == 0 {
            self.0.free.notify_all();
        }
    }
}
