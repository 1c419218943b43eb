import ArgumentParser

/// How the commands that write files (`export`, `report`) say what they wrote: a line for a person,
/// or with `--json` one JSON value alone on standard output.
struct WrittenOutputOptions: ParsableArguments {
    @Flag(help: "Print what was written (and, for an export, the items left out with why) as JSON on standard output.")
    var json = false
}
