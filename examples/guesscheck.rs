//! How often the guessed target is the marked one: every problem under
//! the given paths, loaded with its marks, guessed without them.
use shikatsu::problem::{guess::candidates, load_paths};

fn main() {
    let paths: Vec<String> = std::env::args().skip(1).collect();
    let (mut right, mut wrong, mut none, mut many) = (0, 0, 0, 0);
    for loaded in load_paths(&paths) {
        let Ok(p) = loaded else { continue };
        let c = candidates(&p.board);
        let target = p.board.block(p.targets[0]);
        let h = p.board.height();
        match c.as_slice() {
            [one]
                if target.get(one.point.index())
                    || p.board.color_at(one.point) == Some(p.defender)
                        && p.region.area.get(one.point.index()) =>
            {
                right += 1
            }
            [one] => {
                wrong += 1;
                println!(
                    "WRONG {} marked {} guessed {} {}",
                    p.label(),
                    p.targets[0].human(h),
                    one.color.name(),
                    one.point.human(h)
                );
            }
            [] => {
                none += 1;
                println!("NONE  {} marked {}", p.label(), p.targets[0].human(h));
            }
            _ => {
                many += 1;
                let names: Vec<String> = c
                    .iter()
                    .map(|c| format!("{} {} ({})", c.color.name(), c.point.human(h), c.room))
                    .collect();
                let hit = c.iter().any(|c| {
                    target.get(c.point.index())
                        || p.board.color_at(c.point) == Some(p.defender)
                            && p.region.area.get(c.point.index())
                });
                println!(
                    "MANY  {} marked {} {} : {}",
                    p.label(),
                    p.targets[0].human(h),
                    if hit { "(among)" } else { "(not among)" },
                    names.join(", ")
                );
            }
        }
    }
    println!("right {right}, wrong {wrong}, none {none}, several {many}");
}
