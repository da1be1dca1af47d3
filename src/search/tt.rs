//! The transposition table: one or two entries per slot, with the replacement schemes of
//! Breuker's thesis. The only large allocation of a search; its size is a parameter.
//!
//! Layout: an entry takes 16 bytes (for moves of up to two bytes, as every game's are) and
//! four entries share one 64-byte cache line, so a slot (one entry, or two for the two-level
//! schemes) never straddles two lines and a probe or a store touches one line.
//!
//! Emptying the table is a generation bump, not a pass over memory: every entry carries the
//! generation it was written in, and an entry of another generation is empty to probes and to
//! the replacement schemes alike, so a bumped table searches exactly as a freshly allocated
//! one. When the 6-bit generation wraps (every 63 searches) the table is wiped for real, so no
//! entry of an earlier generation can come back to life.
//!
//! An entry keeps 32 bits of its key, those just above the slot's index bits: a probe matches
//! the low `tt-bits + 32` bits of the key (48 with the default size), where a full key
//! matched all 64.

use super::params::TtScheme;

/// What an entry's value says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The value is exact.
    Exact,
    /// The true value is at least the value (a fail high).
    Lower,
    /// The true value is at most the value (a fail low).
    Upper,
}

/// One stored search result.
#[derive(Clone, Copy, Debug)]
pub struct Entry<M> {
    /// The hash, to tell positions sharing a slot apart (a probe returns the key it was
    /// asked for).
    pub key: u64,
    /// The best (or refuting) move found, if any.
    pub mv: Option<M>,
    /// The value, mate scores relative to this node.
    pub value: i32,
    /// The remaining depth the value was searched to (at most 127).
    pub depth: u8,
    /// What kind of value it is.
    pub bound: Bound,
    /// Nodes the search of this entry's subtree took (for the big1 schemes).
    pub size: u32,
}

/// An entry as stored: 16 bytes when `M` takes at most two.
#[derive(Clone, Copy)]
#[repr(C)]
struct Slot<M> {
    /// The 32 key bits above the table's index bits.
    check: u32,
    value: i32,
    size: u32,
    /// The move, meaningful when [`HAS_MOVE`] is set in `depth`.
    mv: M,
    /// The depth, and [`HAS_MOVE`].
    depth: u8,
    /// The generation (high six bits; [`EMPTY`] for a slot never written since the last
    /// wipe) and the bound (low two).
    tag: u8,
}

/// The bit of [`Slot::depth`] that says a move is stored.
const HAS_MOVE: u8 = 0x80;
/// The generation of a slot never written since the last wipe; never the table's own.
const EMPTY: u8 = 0;
/// Generations run 1..=MAX_GENERATION.
const MAX_GENERATION: u8 = 63;

impl<M: Copy + Default> Slot<M> {
    fn vacant() -> Self {
        Slot {
            check: 0,
            value: 0,
            size: 0,
            mv: M::default(),
            depth: 0,
            tag: EMPTY,
        }
    }

    fn generation(&self) -> u8 {
        self.tag >> 2
    }

    fn pack(e: &Entry<M>, check: u32, generation: u8) -> Self {
        debug_assert!(e.depth < HAS_MOVE, "depth {} does not fit", e.depth);
        let bound = match e.bound {
            Bound::Exact => 0,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        Slot {
            check,
            value: e.value,
            size: e.size,
            mv: e.mv.unwrap_or_default(),
            depth: e.depth | if e.mv.is_some() { HAS_MOVE } else { 0 },
            tag: generation << 2 | bound,
        }
    }

    fn unpack(&self, key: u64) -> Entry<M> {
        Entry {
            key,
            mv: (self.depth & HAS_MOVE != 0).then_some(self.mv),
            value: self.value,
            depth: self.depth & !HAS_MOVE,
            bound: match self.tag & 3 {
                0 => Bound::Exact,
                1 => Bound::Lower,
                _ => Bound::Upper,
            },
            size: self.size,
        }
    }
}

/// Four entries in one cache line.
#[derive(Clone, Copy)]
#[repr(C, align(64))]
struct Line<M>([Slot<M>; 4]);

/// A transposition table for moves of type `M`.
pub struct Table<M> {
    lines: Vec<Line<M>>,
    /// The generation live entries carry (1..=[`MAX_GENERATION`]).
    generation: u8,
    /// Index bits of a slot.
    bits: u32,
    mask: usize,
    scheme: TtScheme,
    /// The big1 schemes replace only on a strictly bigger subtree (CAMMP).
    strict_big: bool,
}

impl<M: Copy + Default> Table<M> {
    /// A table of `2^bits` slots (each of two entries for the two-level schemes).
    pub fn new(bits: u32, scheme: TtScheme) -> Self {
        let entries = (1usize << bits) * Self::ways_of(scheme);
        Table {
            lines: vec![Line([Slot::vacant(); 4]); entries.div_ceil(4)],
            generation: EMPTY + 1,
            bits,
            mask: (1usize << bits) - 1,
            scheme,
            strict_big: false,
        }
    }

    /// This table, whose big1 schemes replace only on a strictly bigger subtree when `strict`.
    pub fn strict_big(self, strict: bool) -> Self {
        Table {
            strict_big: strict,
            ..self
        }
    }

    fn ways_of(scheme: TtScheme) -> usize {
        match scheme {
            TtScheme::TwoDeep | TtScheme::TwoBig1 => 2,
            TtScheme::New | TtScheme::Deep | TtScheme::Big1 => 1,
        }
    }

    /// Empties the table: a new generation, or a real wipe when the counter wraps.
    pub fn clear(&mut self) {
        if self.generation == MAX_GENERATION {
            self.lines.fill(Line([Slot::vacant(); 4]));
            self.generation = EMPTY;
        }
        self.generation += 1;
    }

    /// The first entry's index of `key`'s slot, and the key bits its entries keep.
    #[inline]
    fn locate(&self, key: u64) -> (usize, u32) {
        let index = (key as usize & self.mask) * Self::ways_of(self.scheme);
        (index, (key >> self.bits) as u32)
    }

    #[inline]
    fn slot(&self, index: usize) -> &Slot<M> {
        &self.lines[index / 4].0[index % 4]
    }

    #[inline]
    fn slot_mut(&mut self, index: usize) -> &mut Slot<M> {
        &mut self.lines[index / 4].0[index % 4]
    }

    /// The slot at `index` if it holds a live entry (one of this generation).
    #[inline]
    fn live(&self, index: usize) -> Option<&Slot<M>> {
        let slot = self.slot(index);
        (slot.generation() == self.generation).then_some(slot)
    }

    /// Starts loading `key`'s line into the cache for a probe or store soon after: the
    /// negamax calls it as soon as a move is made, so that the wait for memory overlaps the
    /// child's first work instead of stalling its probe. A hint only: nothing changes.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let line: *const Line<M> = &self.lines[self.locate(key).0 / 4];
            // SAFETY: a prefetch is a hint that never faults, and SSE (which it needs) is
            // part of every x86-64 CPU.
            unsafe { _mm_prefetch(line.cast::<i8>(), _MM_HINT_T0) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The entry stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry<M>> {
        let (first, check) = self.locate(key);
        (first..first + Self::ways_of(self.scheme))
            .filter_map(|i| self.live(i))
            .find(|slot| slot.check == check)
            .map(|slot| slot.unpack(key))
    }

    /// Stores `entry` as the scheme says.
    pub fn store(&mut self, entry: Entry<M>) {
        let (first, check) = self.locate(entry.key);
        let new = Slot::pack(&entry, check, self.generation);
        let old = self.live(first).copied();
        let other = old.filter(|old| old.check != check);
        let keep_first = other.is_some_and(|old| !self.prefers(&new, &old));
        if Self::ways_of(self.scheme) == 1 {
            if !keep_first {
                *self.slot_mut(first) = new;
            }
        } else if keep_first {
            *self.slot_mut(first + 1) = new;
        } else {
            *self.slot_mut(first) = new;
            if let Some(old) = other {
                *self.slot_mut(first + 1) = old;
            }
        }
    }

    /// Whether the scheme lets `new` take the place of `old`.
    fn prefers(&self, new: &Slot<M>, old: &Slot<M>) -> bool {
        let depth = |s: &Slot<M>| s.depth & !HAS_MOVE;
        match self.scheme {
            TtScheme::New => true,
            TtScheme::Deep | TtScheme::TwoDeep => depth(new) >= depth(old),
            TtScheme::Big1 | TtScheme::TwoBig1 if self.strict_big => new.size > old.size,
            TtScheme::Big1 | TtScheme::TwoBig1 => new.size >= old.size,
        }
    }
}

#[cfg(test)]
mod tests;
