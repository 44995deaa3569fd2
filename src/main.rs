fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    for r in shikatsu::problem::load_paths(&args) {
        match r {
            Ok(p) => println!("{} defender {:?} pl {:?} area {} answers {:?}", p.label(), p.defender, p.to_move, p.region.area.count(), p.answers.len()),
            Err(e) => println!("ERR {e}"),
        }
    }
}
