//! The solver's transposition table: proven bounds on the future margin of a house
//! configuration, keyed by the configuration itself (so there are no false hits), in buckets
//! of four 16-byte entries that keep the entries whose subtrees cost the most work.
//!
//! It knows nothing of the search that fills it.

use super::board::View;

/// One entry: the houses (the key), the bounds, the best move and the work it cost.
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    houses: [u8; 12],
    lower: i8,
    upper: i8,
    best: u8,
    work: u8,
}

/// What a probe finds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// The future margin is at least this.
    pub lower: i32,
    /// The future margin is at most this.
    pub upper: i32,
    /// The best move found when these bounds were proven (a house number, 0 for none).
    pub best: u8,
}

const BUCKET: usize = 4;

/// The bytes of one entry.
pub const ENTRY_BYTES: u64 = std::mem::size_of::<Entry>() as u64;

/// The table: a power of two of buckets.
pub struct Table {
    entries: Vec<Entry>,
    mask: usize,
}

impl Table {
    /// A table of at most `megabytes` MiB (at least one bucket).
    pub fn new(megabytes: usize) -> Table {
        let bytes = megabytes.max(1) << 20;
        let fit = (bytes / (BUCKET * std::mem::size_of::<Entry>())).max(1);
        // The largest power of two that fits.
        let buckets = 1 << (usize::BITS - 1 - fit.leading_zeros());
        Table {
            entries: vec![Entry::default(); buckets * BUCKET],
            mask: buckets - 1,
        }
    }

    fn bucket(&self, view: &View) -> usize {
        let low = u64::from_le_bytes(view.houses[..8].try_into().expect("eight bytes"));
        let high = u32::from_le_bytes(view.houses[8..].try_into().expect("four bytes"));
        let mixed = (low ^ u64::from(high).rotate_left(29)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        ((mixed >> 32) as usize & self.mask) * BUCKET
    }

    /// The table's size in bytes.
    #[cfg(test)]
    pub fn bytes(&self) -> usize {
        self.entries.len() * std::mem::size_of::<Entry>()
    }

    /// The bounds stored for `view`'s houses.
    pub fn probe(&self, view: &View) -> Option<Bounds> {
        let start = self.bucket(view);
        self.entries[start..start + BUCKET]
            .iter()
            .find(|e| e.houses == view.houses)
            .map(|e| Bounds {
                lower: i32::from(e.lower),
                upper: i32::from(e.upper),
                best: e.best,
            })
    }

    /// Stores `bounds` for `view`'s houses, proven with `nodes` nodes: over the same houses,
    /// else over the entry of the least work in the bucket.
    pub fn store(&mut self, view: &View, bounds: Bounds, nodes: u64) {
        let work = (64 - nodes.leading_zeros()) as u8;
        let start = self.bucket(view);
        let bucket = &mut self.entries[start..start + BUCKET];
        let slot = match bucket.iter().position(|e| e.houses == view.houses) {
            Some(i) => i,
            None => (0..BUCKET)
                .min_by_key(|&i| bucket[i].work)
                .expect("a bucket has entries"),
        };
        bucket[slot] = Entry {
            houses: view.houses,
            lower: bounds.lower as i8,
            upper: bounds.upper as i8,
            best: bounds.best,
            work,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::{Bounds, Table, View};

    /// A full bucket gives up the entry that cost the least work, never a more valuable one;
    /// the same houses are always updated in place.
    #[test]
    fn a_full_bucket_replaces_its_cheapest_entry() {
        let mut table = Table::new(1);
        let view = |i: u8, j: u8, k: u8| {
            let mut houses = [0; 12];
            houses[..3].copy_from_slice(&[i, j, k]);
            View {
                houses,
                left: i32::from(i) + i32::from(j) + i32::from(k),
            }
        };
        let target = table.bucket(&view(0, 0, 0));
        let candidates =
            (0..64).flat_map(|i| (0..64).flat_map(move |j| (0..64).map(move |k| (i, j, k))));
        let same: Vec<View> = candidates
            .map(|(i, j, k)| view(i, j, k))
            .filter(|v| table.bucket(v) == target)
            .take(5)
            .collect();
        assert_eq!(same.len(), 5, "five positions sharing a bucket");
        let bounds = |value: i32| Bounds {
            lower: value,
            upper: value,
            best: 1,
        };
        // Work 4, 1, 7 and 3 bits; then a fifth position of work 2.
        for (i, nodes) in [8, 1, 64, 4, 2].into_iter().enumerate() {
            table.store(&same[i], bounds(i as i32), nodes);
        }
        let kept: Vec<bool> = same.iter().map(|v| table.probe(v).is_some()).collect();
        assert_eq!(kept, [true, false, true, true, true]);
        table.store(&same[2], bounds(9), 1);
        assert_eq!(table.probe(&same[2]), Some(bounds(9)));
        let kept: Vec<bool> = same.iter().map(|v| table.probe(v).is_some()).collect();
        assert_eq!(kept, [true, false, true, true, true]);
    }
}
