//! Zobrist keys from a fixed seed, so hashes (and so node counts) are the same on every build.
//!
//! The keys come from SplitMix64, a tiny generator that needs no crate and no randomness from
//! the environment; each game builds its key table at compile time from a seed of its own.

/// One step of SplitMix64: the next state and its output.
pub const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (state, z ^ (z >> 31))
}

/// `N` keys from SplitMix64 started at `seed`, built at compile time.
pub const fn key_table<const N: usize>(seed: u64) -> [u64; N] {
    let mut keys = [0u64; N];
    let mut state = seed;
    let mut i = 0;
    while i < N {
        let (next, key) = splitmix64(state);
        state = next;
        keys[i] = key;
        i += 1;
    }
    keys
}
