//! The `jsymex` binary: parses the command line and exits with the library's code.

fn main() {
    std::process::exit(jsymex::cli::main());
}
