fn main() {
    println!("alphachess-server: not built yet");
}
