// The bundled problems are built into the binary (`problem::bundled`):
// rebuild when any of them changes, is added or is removed.
fn main() {
    println!("cargo:rerun-if-changed=problems");
}
