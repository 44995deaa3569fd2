//! Damaged SGF never panics. Each bundled problem, edited at random
//! (characters inserted, deleted or replaced, a stretch repeated), either
//! loads or gives an error line that names the file; whatever loads is
//! solved within a small position limit, and whatever is decided there is
//! checked. A session ran 3,000 such files through `shikatsu solve`
//! without a panic; this keeps it so.

use crate::common::cases;
use proptest::prelude::*;
use shikatsu::analysis::{Options, Status, analyze};
use shikatsu::dfpn::Limits;
use shikatsu::problem::sgf::load_str;

/// The bundled problem files' texts.
fn bundled() -> Vec<String> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/problems");
    let mut texts: Vec<String> = shikatsu::problem::sgf_files(std::path::Path::new(dir))
        .into_iter()
        .map(|p| std::fs::read_to_string(p.expect("a bundled file")).expect("readable"))
        .collect();
    texts.sort();
    assert!(texts.len() > 10, "the bundled problems are found");
    texts
}

/// Characters an edit puts in: SGF's own punctuation, property names,
/// point letters, digits and white space.
const ALPHABET: &[u8] = b"()[];:\\ABWLPMAQSZTRCEabcdefghijklmnopqrst0123456789 \n";

#[derive(Clone, Debug)]
enum Edit {
    Insert(usize, Vec<u8>),
    Delete(usize, usize),
    Replace(usize, u8),
    Repeat(usize, usize, usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    let letter = (0..ALPHABET.len()).prop_map(|i| ALPHABET[i]);
    prop_oneof![
        (any::<usize>(), prop::collection::vec(letter.clone(), 1..6))
            .prop_map(|(at, s)| Edit::Insert(at, s)),
        (any::<usize>(), 1usize..8).prop_map(|(at, n)| Edit::Delete(at, n)),
        (any::<usize>(), letter).prop_map(|(at, c)| Edit::Replace(at, c)),
        (any::<usize>(), any::<usize>(), 1usize..20)
            .prop_map(|(at, from, n)| Edit::Repeat(at, from, n)),
    ]
}

fn apply(text: &str, edits: &[Edit]) -> String {
    let mut t = text.as_bytes().to_vec();
    for e in edits {
        let at = |i: usize| i % (t.len() + 1);
        match e {
            Edit::Insert(i, s) => {
                let i = at(*i);
                t.splice(i..i, s.iter().copied());
            }
            Edit::Delete(i, n) => {
                let i = at(*i);
                t.drain(i..(i + n).min(t.len()));
            }
            Edit::Replace(i, c) if !t.is_empty() => {
                let i = *i % t.len();
                t[i] = *c;
            }
            Edit::Replace(..) => {}
            Edit::Repeat(i, from, n) => {
                let (i, from) = (at(*i), at(*from));
                let chunk = t[from..(from + n).min(t.len())].to_vec();
                t.splice(i..i, chunk);
            }
        }
    }
    // Every edit keeps the text ASCII where it was, but a cut may split
    // a character of a comment in another script.
    String::from_utf8_lossy(&t).into_owned()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(256), ..ProptestConfig::default() })]

    #[test]
    fn damaged_problems_load_or_say_why_and_never_panic(
        pick in any::<prop::sample::Index>(),
        edits in prop::collection::vec(edit(), 1..7),
    ) {
        let texts = bundled();
        let text = apply(&texts[pick.index(texts.len())], &edits);
        let opts = Options {
            limits: Limits { positions: Some(3_000), time: None },
            memory: 4 << 20,
            ..Options::default()
        };
        for loaded in load_str("damaged.sgf", &text) {
            match loaded {
                Err(e) => {
                    let line = e.to_string();
                    prop_assert!(line.starts_with("damaged.sgf: "), "{line}");
                    prop_assert!(!line.contains('\n'), "one line: {line}");
                    prop_assert!(!e.cause.trim().is_empty(), "a cause: {line}");
                }
                Ok(problem) => {
                    for side in problem.sides() {
                        let a = analyze(&problem, side, &opts);
                        if a.status != Status::Unknown {
                            prop_assert!(a.checked, "{}: {:?} unchecked", problem.label(), a.status);
                        }
                    }
                }
            }
        }
    }
}
