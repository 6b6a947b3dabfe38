//! `patience plot CSV... --out FILE.svg [--rules FILE.toml]`: result files as one SVG of win
//! rates and per-deal costs (`patience::show::plot`).

use super::Outcome;
use crate::cli::PlotArgs;
use anyhow::{Context, Result};
use patience::io::results;
use std::io::Write;

pub fn run(args: &PlotArgs, out: &mut dyn Write) -> Result<Outcome> {
    for path in &args.rules {
        patience::games::load(path)?;
    }
    let mut files = Vec::new();
    for path in &args.files {
        let records = results::read(path)?.into_iter().map(|r| r.record).collect();
        // The file's name (not its folder) tells its series apart in the plot.
        let name = path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        files.push((name, records));
    }
    let series = patience::show::plot::series(&files);
    let svg = patience::show::plot::svg(&series)?;
    std::fs::write(&args.out, svg)
        .with_context(|| format!("cannot write {}", args.out.display()))?;
    for s in &series {
        let (rate, interval) = s.rate_texts();
        writeln!(out, "{}: {rate} {interval}", s.label)?;
    }
    writeln!(out, "wrote {}", args.out.display())?;
    Ok(Outcome::Success)
}
