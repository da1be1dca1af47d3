//! The repetition ban's memory: every placement the game has passed through, in order, with
//! the side to move in it.
//!
//! Membership is O(1): an open-addressing table (linear probing, load at most one half) maps
//! the Zobrist hash of placement + side to move to the entry, and a hit is confirmed by
//! comparing the placements themselves. Entries are pushed by `make` and popped by `unmake`
//! in LIFO order, so a pop just clears the slot its push filled: everything pushed later is
//! already gone, so the table is then exactly as it was before the push (no tombstones).
//! The occupied squares of each entry are also kept per side to move, packed, for the
//! one-move-reach filter of `mod.rs`.
//!
//! Room for a whole 400-ply game is reserved up front, so `push` does not allocate; a longer
//! history grows by doubling (amortised). This file does not know what a move is.

use std::fmt;

use crate::game::Side;

/// The pieces of each side, indexed by [`Side`].
pub type Placement = [u64; 2];

/// Entries reserved up front: a whole game of 400 plies and some.
const INITIAL_ENTRIES: usize = 512;

#[derive(Clone, Copy, Debug)]
struct Entry {
    placement: Placement,
    hash: u64,
    /// The table slot that holds this entry.
    slot: u32,
    side: Side,
}

/// The placements of the game so far, oldest first.
pub struct History {
    entries: Vec<Entry>,
    /// `occupancies[side]`: the occupied squares of the entries with `side` to move, in order.
    occupancies: [Vec<u64>; 2],
    /// Open-addressing table: 0 is empty, `i + 1` points at `entries[i]`. Its length is a
    /// power of two at least twice the number of entries.
    slots: Vec<u32>,
}

impl History {
    /// An empty history with room for a whole game.
    pub fn new() -> Self {
        History {
            entries: Vec::with_capacity(INITIAL_ENTRIES),
            occupancies: [
                Vec::with_capacity(INITIAL_ENTRIES / 2 + 1),
                Vec::with_capacity(INITIAL_ENTRIES / 2 + 1),
            ],
            slots: vec![0; 2 * INITIAL_ENTRIES],
        }
    }

    /// The number of placements recorded, which is the number of plies played.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Records `placement`, whose Zobrist hash (placement and side to move) is `hash`, with
    /// `side` to move. Always inlined: called out of line (as `#[inline]` left it), `make`
    /// passed the placement through memory, so it copied the whole position to the stack by
    /// 16-byte loads that waited on the narrower stores of the last `unmake` (failed store
    /// forwarding; `perf annotate` charged 40% of quiescence's own samples to two such loads).
    #[inline(always)]
    pub fn push(&mut self, placement: Placement, hash: u64, side: Side) {
        if 2 * (self.entries.len() + 1) > self.slots.len() {
            self.grow();
        }
        let slot = self.free_slot(hash);
        self.entries.push(Entry {
            placement,
            hash,
            slot: slot as u32,
            side,
        });
        self.slots[slot] = self.entries.len() as u32;
        self.occupancies[side as usize].push(placement[0] | placement[1]);
    }

    /// Removes the newest entry and returns its placement.
    pub fn pop(&mut self) -> Placement {
        let entry = self.entries.pop().expect("pop matches an earlier push");
        self.slots[entry.slot as usize] = 0;
        self.occupancies[entry.side as usize].pop();
        entry.placement
    }

    /// Whether `placement`, with hash `hash`, is recorded (with the side to move the hash says).
    pub fn contains(&self, placement: Placement, hash: u64) -> bool {
        let mask = self.slots.len() - 1;
        let mut slot = hash as usize & mask;
        loop {
            match self.slots[slot] {
                0 => return false,
                i => {
                    let entry = &self.entries[i as usize - 1];
                    if entry.hash == hash && entry.placement == placement {
                        return true;
                    }
                }
            }
            slot = (slot + 1) & mask;
        }
    }

    /// The occupied squares of every recorded placement with `side` to move.
    pub fn occupancies(&self, side: Side) -> &[u64] {
        &self.occupancies[side as usize]
    }

    /// Every recorded placement with its side to move, oldest first (the test oracle's view).
    #[cfg(test)]
    pub fn placements(&self) -> impl Iterator<Item = (Placement, Side)> + '_ {
        self.entries.iter().map(|e| (e.placement, e.side))
    }

    fn free_slot(&self, hash: u64) -> usize {
        let mask = self.slots.len() - 1;
        let mut slot = hash as usize & mask;
        while self.slots[slot] != 0 {
            slot = (slot + 1) & mask;
        }
        slot
    }

    /// Doubles the table and re-inserts every entry in order, as if pushed into the larger one.
    #[cold]
    fn grow(&mut self) {
        self.slots = vec![0; 2 * self.slots.len()];
        for i in 0..self.entries.len() {
            let slot = self.free_slot(self.entries[i].hash);
            self.entries[i].slot = slot as u32;
            self.slots[slot] = i as u32 + 1;
        }
    }
}

/// Cloning keeps the reserved capacity, so a cloned game does not allocate in `make` either.
impl Clone for History {
    fn clone(&self) -> Self {
        History {
            entries: clone_with_capacity(&self.entries),
            occupancies: [
                clone_with_capacity(&self.occupancies[0]),
                clone_with_capacity(&self.occupancies[1]),
            ],
            slots: self.slots.clone(),
        }
    }
}

fn clone_with_capacity<T: Copy>(items: &[T]) -> Vec<T> {
    let mut copy = Vec::with_capacity(items.len().max(INITIAL_ENTRIES));
    copy.extend_from_slice(items);
    copy
}

impl fmt::Debug for History {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("History")
            .field("plies", &self.len())
            .finish_non_exhaustive()
    }
}
