//! The faces (the command and the Python package) reach the library through its public API
//! only, and the library's own parsers read and write the text the command line takes.

use patience::{PysolNumber, SeedRange, Shard, Vary};
use std::path::Path;

/// Every `.rs` file under `dir`, recursively.
fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn the_faces_do_not_use_patience_internal() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = vec![root.join("src/cli.rs"), root.join("src/main.rs")];
    rust_files(&root.join("src/commands"), &mut files);
    rust_files(&root.join("python/src"), &mut files);
    assert!(
        files.len() > 10,
        "the faces' files were not found: {files:?}"
    );
    let uses: Vec<String> = files
        .iter()
        .flat_map(|f| {
            let text = std::fs::read_to_string(f).unwrap();
            text.lines()
                .enumerate()
                .filter(|(_, l)| l.contains("internal::"))
                .map(|(i, l)| format!("{}:{}: {}", f.display(), i + 1, l.trim()))
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(
        uses.is_empty(),
        "the faces use patience::internal:\n{}",
        uses.join("\n")
    );
}

#[test]
fn the_parsers_give_back_the_text_they_read() {
    for text in ["7", "123456", "ms32000", "100000000000000000000"] {
        let n: PysolNumber = text.parse().unwrap();
        assert_eq!(n.to_string(), text);
    }
    // Below ms32000, msN is game N.
    assert_eq!("ms7".parse::<PysolNumber>().unwrap().to_string(), "7");
    let e = "0".parse::<PysolNumber>().unwrap_err();
    assert!(e.starts_with("0 is no PySolFC game number"), "{e}");
    for text in ["0..10", "99999999999999999990..=100000000000000000000"] {
        assert_eq!(text.parse::<SeedRange>().unwrap().to_string(), text);
    }
    assert_eq!(
        SeedRange::parse_pysol("ms1..ms5").unwrap(),
        "1..5".parse::<SeedRange>().unwrap()
    );
    assert!("ms1..ms5".parse::<SeedRange>().is_err());
    assert_eq!("2/5".parse::<Shard>().unwrap().to_string(), "2/5");
    assert!("5/5".parse::<Shard>().is_err());
    let v: Vary = "spaces=any, kings".parse().unwrap();
    assert_eq!(v.to_string(), "spaces=any,kings");
    assert!("colour=red".parse::<Vary>().is_err());
}
