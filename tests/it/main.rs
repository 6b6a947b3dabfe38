//! The one integration-test binary. Shared helpers live in `common` (running the binary, files)
//! and `helpers` (positions, rule checks, solving).

mod batch;
mod catalogue;
mod cli;
mod cluster;
mod common;
mod deals;
mod family;
mod hardening;
mod hardening2;
mod hardening3;
mod helpers;
mod hidden;
mod klondike;
mod loose;
mod playouts;
mod prune;
mod pysol;
mod readme;
mod rules;
mod rulesfile;
mod shorten;
mod show;
mod solver;
mod sweep;
