//! The files a command writes, checked against the files it reads and against each other
//! before anything is written: no command writes over one of its inputs (given directly,
//! through a symbolic link or a hard link, or by another spelling of its path), and no two
//! outputs share a file.

use anyhow::{Result, bail};
use std::path::{Path, PathBuf};

/// A file named on the command line: how the command line names it (`--csv`, `SOLUTION`) and
/// its path.
#[derive(Clone, Copy, Debug)]
pub struct FileArg<'a> {
    pub what: &'a str,
    pub path: &'a Path,
}

impl<'a> FileArg<'a> {
    pub fn new(what: &'a str, path: &'a Path) -> FileArg<'a> {
        FileArg { what, path }
    }

    /// The file of an argument that is a path or `-` (standard input, no file).
    pub fn of_arg(what: &'a str, arg: &'a std::ffi::OsStr) -> Option<FileArg<'a>> {
        (arg != "-").then(|| FileArg::new(what, Path::new(arg)))
    }

    /// The file of a VARIANT argument when it is read as a rules file (a name ending in
    /// `.toml`, see [`patience::games::lookup`]).
    pub fn of_variant(what: &'a str, variant: &'a std::ffi::OsStr) -> Option<FileArg<'a>> {
        variant
            .as_encoded_bytes()
            .ends_with(b".toml")
            .then(|| FileArg::new(what, Path::new(variant)))
    }
}

/// Refuses an output that is one of the inputs or another output (exit status 2, one line
/// naming both arguments and the file). Call it before the first output is written.
pub fn check_outputs(inputs: &[FileArg], outputs: &[FileArg]) -> Result<()> {
    for (i, out) in outputs.iter().enumerate() {
        if let Some(input) = inputs.iter().find(|input| same_file(input.path, out.path)) {
            bail!(
                "{} {}: the file of {} {}, which this command reads; write the output to another file",
                out.what,
                out.path.display(),
                input.what,
                input.path.display()
            );
        }
        if let Some(other) = outputs[..i]
            .iter()
            .find(|other| same_file(other.path, out.path))
        {
            bail!(
                "{} {} and {} {} are one file: give each output a file of its own",
                other.what,
                other.path.display(),
                out.what,
                out.path.display()
            );
        }
    }
    Ok(())
}

/// Refuses a file given twice among `inputs` (under one name or two): its rows would be
/// counted twice.
pub fn check_distinct(inputs: &[FileArg]) -> Result<()> {
    for (i, a) in inputs.iter().enumerate() {
        if let Some(b) = inputs[..i].iter().find(|b| same_file(a.path, b.path)) {
            let also = if a.path == b.path {
                String::new()
            } else {
                format!(" (as {})", a.path.display())
            };
            bail!(
                "{} {} is given twice{also}: give each file once",
                b.what,
                b.path.display()
            );
        }
    }
    Ok(())
}

/// Whether two paths name one file: the same path once symbolic links, `.` and `..` are
/// resolved (also for a file not made yet), or (files that exist) the same device and inode,
/// as two hard links of one file are.
pub fn same_file(a: &Path, b: &Path) -> bool {
    if a == b || resolved(a) == resolved(b) {
        return true;
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if let (Ok(x), Ok(y)) = (std::fs::metadata(a), std::fs::metadata(b)) {
            return x.dev() == y.dev() && x.ino() == y.ino();
        }
    }
    false
}

/// The absolute path a path stands for, its symbolic links followed: for a file that does not
/// exist (yet), its folder's resolved path and its name, a dangling link followed to the name
/// it points to.
fn resolved(path: &Path) -> PathBuf {
    let mut path = path.to_path_buf();
    // A loop of links is cut short; the path is then compared as it is.
    for _ in 0..40 {
        if let Ok(p) = std::fs::canonicalize(&path) {
            return p;
        }
        match std::fs::read_link(&path) {
            // A dangling link: the file it would write is the one it points to.
            Ok(target) => {
                path = match path.parent() {
                    Some(dir) if target.is_relative() => dir.join(target),
                    _ => target,
                };
            }
            Err(_) => break,
        }
    }
    let name = path.file_name().map(|n| n.to_os_string());
    let dir = match path.parent() {
        Some(d) if d.as_os_str().is_empty() => Path::new("."),
        Some(d) => d,
        None => return path,
    };
    match (std::fs::canonicalize(dir), name) {
        (Ok(dir), Some(name)) => dir.join(name),
        _ => path,
    }
}

/// Refuses an output path that cannot be written, before any work: a directory, or a file in
/// a directory that does not exist (found only at the end of a long run otherwise).
pub fn check_writable(out: &FileArg) -> Result<()> {
    let name = out.path.display();
    if out.path.is_dir() {
        bail!(
            "{} {name} is a directory: give the name of a file to write",
            out.what
        );
    }
    if let Some(dir) = out.path.parent()
        && !dir.as_os_str().is_empty()
        && !dir.is_dir()
    {
        bail!(
            "{} {name}: the directory {} does not exist",
            out.what,
            dir.display()
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_file_under_two_names_is_one_file() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let a = d.join("a.csv");
        std::fs::write(&a, "x").unwrap();
        std::os::unix::fs::symlink(&a, d.join("link.csv")).unwrap();
        std::fs::hard_link(&a, d.join("hard.csv")).unwrap();
        std::fs::create_dir(d.join("sub")).unwrap();
        assert!(same_file(&a, &d.join("link.csv")));
        assert!(same_file(&a, &d.join("hard.csv")));
        assert!(same_file(&a, &d.join("sub/../a.csv")));
        assert!(same_file(&d.join("new.svg"), &d.join("sub/../new.svg")));
        std::os::unix::fs::symlink(d.join("gone.svg"), d.join("dangling.svg")).unwrap();
        assert!(same_file(&d.join("gone.svg"), &d.join("dangling.svg")));
        assert!(!same_file(&a, &d.join("new.svg")));
        assert!(!same_file(&d.join("b.csv"), &d.join("c.csv")));
    }
}
