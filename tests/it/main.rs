//! The one integration-test binary. Shared helpers live in `common`.

mod batch;
mod cli;
mod common;
mod deals;
mod family;
mod hidden;
mod klondike;
mod playouts;
mod rules;
mod solver;
