//! Board operations on the hot path: play with captures (copy-make),
//! hashing, legal-move generation and Benson's test.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use shikatsu::board::{Board, Color, Point, benson};
use shikatsu::problem::sgf::load_str;
use shikatsu::tsumego::Tsumego;

fn board_ops(c: &mut Criterion) {
    let b = Board::from_ascii(
        "
        .OOX.....
        OO.X.....
        XXXX.....
        .........
        .........",
    );
    c.bench_function("play_capture_two_stones (copy-make)", |bench| {
        bench.iter(|| {
            let mut x = black_box(b);
            x.play(Color::Black, Point::new(2, 1)).ok();
            x.play(Color::Black, Point::new(0, 0)).ok();
            x
        })
    });
    c.bench_function("play_quiet_move", |bench| {
        bench.iter(|| {
            let mut x = black_box(b);
            x.play(Color::White, Point::new(6, 3)).ok();
            x
        })
    });
    c.bench_function("recompute_zobrist_hash", |bench| {
        bench.iter(|| black_box(b).recompute_hash())
    });
    c.bench_function("benson_alive", |bench| {
        bench.iter(|| benson::alive(black_box(&b), Color::White, b.on_board()))
    });
    let p = load_str(
        "bench.sgf",
        "(;FF[4]SZ[9]AB[ae][be][ce][de][ee][af][ef][bg][eg][fg][fh][fi]AW[bf][cf][df][dg][bh][dh][eh][ei]MA[dh])",
    )
    .pop()
    .unwrap()
    .unwrap();
    let game: Tsumego = Tsumego::new(&p, Color::Black, Color::Black, None);
    c.bench_function("legal_moves_in_region", |bench| {
        bench.iter(|| black_box(&game).legal_moves())
    });
}

criterion_group!(benches, board_ops);
criterion_main!(benches);
