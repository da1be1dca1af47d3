//! The transposition table: one or two entries per slot, with the replacement schemes of
//! Breuker's thesis. The only large allocation of a search; its size is a parameter.
//!
//! Emptying the table is a generation bump, not a pass over memory: every stored entry
//! carries the generation it was written in, and an entry of another generation is empty
//! to probes and to the replacement schemes alike, so a table emptied by a bump behaves
//! exactly as a freshly allocated one. When the generation counter wraps, the table is
//! wiped for real, so no entry from 256 searches ago can come back to life.

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
    /// The full hash, to tell positions sharing a slot apart.
    pub key: u64,
    /// The best (or refuting) move found, if any.
    pub mv: Option<M>,
    /// The value, mate scores relative to this node.
    pub value: i32,
    /// The remaining depth the value was searched to.
    pub depth: u8,
    /// What kind of value it is.
    pub bound: Bound,
    /// Nodes the search of this entry's subtree took (for the big1 schemes).
    pub size: u32,
}

/// An entry as stored: the entry's fields and the generation it was written in (no
/// `Option`, so a slot stays as small as the entry).
#[derive(Clone, Copy)]
struct Slot<M> {
    key: u64,
    mv: Option<M>,
    value: i32,
    depth: u8,
    bound: Bound,
    /// The generation the entry was written in; [`EMPTY`] for a slot never written.
    generation: u8,
    size: u32,
}

/// The generation of a slot never written since the last real wipe; the table's own
/// generation is never this.
const EMPTY: u8 = 0;

impl<M: Copy> Slot<M> {
    const VACANT: Slot<M> = Slot {
        key: 0,
        mv: None,
        value: 0,
        depth: 0,
        bound: Bound::Exact,
        generation: EMPTY,
        size: 0,
    };

    fn stamped(e: Entry<M>, generation: u8) -> Self {
        Slot {
            key: e.key,
            mv: e.mv,
            value: e.value,
            depth: e.depth,
            bound: e.bound,
            generation,
            size: e.size,
        }
    }

    fn entry(&self) -> Entry<M> {
        Entry {
            key: self.key,
            mv: self.mv,
            value: self.value,
            depth: self.depth,
            bound: self.bound,
            size: self.size,
        }
    }
}

/// A transposition table for moves of type `M`.
pub struct Table<M> {
    entries: Vec<Slot<M>>,
    /// The generation live entries carry (never [`EMPTY`]).
    generation: u8,
    mask: usize,
    scheme: TtScheme,
    /// The big1 schemes replace only on a strictly bigger subtree (CAMMP).
    strict_big: bool,
}

impl<M: Copy> Table<M> {
    /// A table of `2^bits` slots (each of two entries for the two-level schemes).
    pub fn new(bits: u32, scheme: TtScheme) -> Self {
        let slots = 1usize << bits;
        let ways = if Self::two_level(scheme) { 2 } else { 1 };
        Table {
            entries: vec![Slot::VACANT; slots * ways],
            generation: EMPTY + 1,
            mask: slots - 1,
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

    fn two_level(scheme: TtScheme) -> bool {
        matches!(scheme, TtScheme::TwoDeep | TtScheme::TwoBig1)
    }

    /// Empties the table: a new generation, or a real wipe when the counter wraps.
    pub fn clear(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == EMPTY {
            self.entries.fill(Slot::VACANT);
            self.generation = EMPTY + 1;
        }
    }

    /// The live entry at `index`, if any: one of another generation is empty.
    #[inline]
    fn live(&self, index: usize) -> Option<Entry<M>> {
        let slot = &self.entries[index];
        (slot.generation == self.generation).then(|| slot.entry())
    }

    fn first_index(&self, key: u64) -> usize {
        let slot = key as usize & self.mask;
        if Self::two_level(self.scheme) {
            2 * slot
        } else {
            slot
        }
    }

    /// The entry stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry<M>> {
        let first = self.first_index(key);
        let ways = if Self::two_level(self.scheme) { 2 } else { 1 };
        (first..first + ways)
            .filter_map(|i| self.live(i))
            .find(|e| e.key == key)
    }

    /// Stores `entry` as the scheme says.
    pub fn store(&mut self, entry: Entry<M>) {
        let first = self.first_index(entry.key);
        let old = self.live(first);
        let keep_first = old.is_some_and(|old| old.key != entry.key && !self.prefers(&entry, &old));
        let new = Slot::stamped(entry, self.generation);
        if !Self::two_level(self.scheme) {
            if !keep_first {
                self.entries[first] = new;
            }
        } else if keep_first {
            self.entries[first + 1] = new;
        } else {
            self.entries[first] = new;
            if let Some(old) = old.filter(|o| o.key != entry.key) {
                self.entries[first + 1] = Slot::stamped(old, self.generation);
            }
        }
    }

    /// Whether the scheme lets `new` take the place of `old`.
    fn prefers(&self, new: &Entry<M>, old: &Entry<M>) -> bool {
        match self.scheme {
            TtScheme::New => true,
            TtScheme::Deep | TtScheme::TwoDeep => new.depth >= old.depth,
            TtScheme::Big1 | TtScheme::TwoBig1 if self.strict_big => new.size > old.size,
            TtScheme::Big1 | TtScheme::TwoBig1 => new.size >= old.size,
        }
    }
}
