//! The one integration-test binary. Shared helpers live in `common` (running the binary, files)
//! and `helpers` (positions, rule checks, solving).

mod bad_input;
mod batch;
mod catalogue;
mod cli;
mod cluster;
mod common;
mod deals;
mod family;
mod full_disk;
mod helpers;
mod hidden;
mod inputs;
mod interrupts;
mod klondike;
mod limits;
mod loose;
mod messages;
mod paths;
mod playouts;
mod plot;
mod progress;
mod prune;
mod pysol;
mod readme;
mod refused_inputs;
mod replay_terminal;
mod result_files;
mod resumed_files;
mod rules;
mod rulesfile;
mod shorten;
mod show;
mod solver;
mod sweep;
mod tasks;
