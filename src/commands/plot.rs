//! `patience plot CSV... --out FILE.svg [--rules FILE.toml]`: result files as one SVG of win
//! rates and per-deal costs (`patience::internal::show::plot`).

use super::Outcome;
use super::outputs::{FileArg, check_outputs};
use crate::cli::PlotArgs;
use anyhow::{Context, Result};
use patience::io::results;
use std::io::Write;

pub fn run(args: &PlotArgs, out: &mut dyn Write) -> Result<Outcome> {
    // An image of another kind by its name would hold SVG text all the same.
    if let Some(ext) = args.out.extension()
        && !ext.eq_ignore_ascii_case("svg")
    {
        anyhow::bail!(
            "--out {}: plot writes an SVG image; give a file name ending in .svg",
            args.out.display()
        );
    }
    let mut inputs: Vec<FileArg> = args.files.iter().map(|p| FileArg::new("CSV", p)).collect();
    inputs.extend(args.rules.iter().map(|p| FileArg::new("--rules", p)));
    check_outputs(&inputs, &[FileArg::new("--out", &args.out)])?;
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
    let series = patience::internal::show::plot::series(&files);
    let svg = patience::internal::show::plot::svg(&series)?;
    std::fs::write(&args.out, svg)
        .with_context(|| format!("cannot write {}", args.out.display()))?;
    for s in &series {
        let (rate, interval) = s.rate_texts();
        writeln!(out, "{}: {rate} {interval}", s.label)?;
    }
    writeln!(out, "wrote {}", args.out.display())?;
    Ok(Outcome::Success)
}
