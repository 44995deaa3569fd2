//! Zobrist keys, generated at compile time so every run (and every
//! process in a batch) hashes positions identically.

use super::bits::BITS;

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

/// One key per point from the splitmix sequence at `state`, and the
/// state after it.
const fn keys(mut state: u64) -> ([u64; BITS], u64) {
    let mut t = [0u64; BITS];
    let mut i = 0;
    while i < BITS {
        let (s, z) = splitmix(state);
        state = s;
        t[i] = z;
        i += 1;
    }
    (t, state)
}

const fn table() -> [[u64; BITS]; 2] {
    let (black, state) = keys(0x5348_494B_4154_5355); // "SHIKATSU"
    let (white, _) = keys(state);
    [black, white]
}

/// `STONE[color][point]`.
pub static STONE: [[u64; BITS]; 2] = table();

/// `KO_POINT[point]`: the point a simple ko forbids retaking at once.
pub static KO_POINT: [u64; BITS] = keys(0x4B4F_504F_494E_5453).0; // "KOPOINTS"

/// Extra keys for state that is not stones; chosen apart from the table.
pub const WHITE_TO_MOVE: u64 = splitmix(1).1;
pub const AFTER_PASS: u64 = splitmix(2).1;
pub const AFTER_THREAT: u64 = splitmix(3).1;
pub const CAPTURED: [u64; 8] = [
    splitmix(10).1,
    splitmix(11).1,
    splitmix(12).1,
    splitmix(13).1,
    splitmix(14).1,
    splitmix(15).1,
    splitmix(16).1,
    splitmix(17).1,
];

/// Key of the external ko threats still held (`[black, white]`); zero when
/// neither side holds any, so positions without threats hash as before.
pub const fn threats(t: [u8; 2]) -> u64 {
    if t[0] == 0 && t[1] == 0 {
        return 0;
    }
    splitmix(0x1000 + ((t[0] as u64) << 8) + t[1] as u64).1
}
