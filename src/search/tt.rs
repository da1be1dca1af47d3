//! The transposition table: one or two entries per slot, with the replacement schemes of
//! Breuker's thesis. The only large allocation of a search; its size is a parameter.

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

/// A transposition table for moves of type `M`.
pub struct Table<M> {
    entries: Vec<Option<Entry<M>>>,
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
            entries: vec![None; slots * ways],
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

    /// Empties the table.
    pub fn clear(&mut self) {
        self.entries.fill(None);
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
        self.entries[first..first + ways]
            .iter()
            .flatten()
            .find(|e| e.key == key)
            .copied()
    }

    /// Stores `entry` as the scheme says.
    pub fn store(&mut self, entry: Entry<M>) {
        let first = self.first_index(entry.key);
        let keep_first = match self.entries[first] {
            Some(old) => old.key != entry.key && !self.prefers(&entry, &old),
            None => false,
        };
        if !Self::two_level(self.scheme) {
            if !keep_first {
                self.entries[first] = Some(entry);
            }
        } else if keep_first {
            self.entries[first + 1] = Some(entry);
        } else {
            let old = self.entries[first].replace(entry);
            if let Some(old) = old.filter(|o| o.key != entry.key) {
                self.entries[first + 1] = Some(old);
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
