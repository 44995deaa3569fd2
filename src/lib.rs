//! shikatsu: proves Go life-and-death problems with df-pn.
//!
//! Layers, each importing only those before it: `board` (rules),
//! `problem` (SGF to a tsumego position), `dfpn` (a generic solver that
//! knows nothing of Go), `tsumego` (the Go game plugged into it), `proof`
//! (solution trees and their independent checker), `analysis` (status of a problem for a side to move, ko grades, eyes or
//! seki) and `report` (machine-readable results, and the proof files'
//! names and root comment).
#![deny(unsafe_code)]

pub mod analysis;
pub mod batch;
pub mod board;
pub mod dfpn;
pub mod problem;
pub mod proof;
pub mod report;
pub mod tsumego;
