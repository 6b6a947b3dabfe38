//! `merge --csv` on a full disk: one line naming the file once, and no cut file left behind.
//! The disk is a small tmpfs when the tests may mount one (as root); /dev/full always.

use crate::common::{arg, refused, run, stonewall_rows, tempdir};
use std::path::{Path, PathBuf};
use std::process::Command;

/// A mounted tmpfs, unmounted when dropped.
struct Tmpfs(PathBuf);

impl Tmpfs {
    /// A 64 KiB tmpfs at `dir`, or `None` where mounting is not allowed (not root).
    fn mount(dir: &Path) -> Option<Tmpfs> {
        std::fs::create_dir_all(dir).unwrap();
        let ok = Command::new("mount")
            .args(["-t", "tmpfs", "-o", "size=64k", "tmpfs"])
            .arg(dir)
            .output()
            .is_ok_and(|o| o.status.success());
        ok.then(|| Tmpfs(dir.to_path_buf()))
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.0).status();
    }
}

/// Expects the merge into `out` refused for want of space, the file named once.
fn refused_for_space(csv: &Path, out: &Path) {
    let err = refused(&["merge", arg(csv), "--csv", arg(out)]);
    let name = arg(out);
    assert!(
        err.contains("No space left on device") && err.matches(name).count() == 1,
        "{err}"
    );
}

#[test]
fn merge_on_a_full_disk_says_so_once_and_leaves_no_cut_file() {
    let dir = tempdir();
    let csv = stonewall_rows(dir.path(), "big.csv", 300);
    // A device that is always full: the message names it once (before: twice).
    refused_for_space(&csv, Path::new("/dev/full"));
    let Some(disk) = Tmpfs::mount(&dir.path().join("disk")) else {
        eprintln!("note: no tmpfs could be mounted (not root?): only /dev/full was tried");
        return;
    };
    // 48 KiB of the 64 taken: the merged file (26 kB) does not fit. Before: a cut file of
    // 16 KiB was left, and the path was said twice.
    std::fs::write(disk.0.join("fill"), vec![0u8; 48 << 10]).unwrap();
    let out = disk.0.join("m.csv");
    refused_for_space(&csv, &out);
    let left: Vec<String> = std::fs::read_dir(&disk.0)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(left, ["fill"], "files left on the disk");
    // With room, the same merge writes the whole file.
    std::fs::remove_file(disk.0.join("fill")).unwrap();
    let (code, _, err) = run(&["merge", arg(&csv), "--csv", arg(&out)]);
    assert_eq!(code, 0, "{err}");
    // The same rows, in seed order (the run wrote them as its deals finished).
    let sorted = |p: &Path| {
        let mut lines: Vec<String> = std::fs::read_to_string(p)
            .unwrap()
            .lines()
            .map(String::from)
            .collect();
        lines.sort();
        lines
    };
    assert_eq!(sorted(&out), sorted(&csv));
}
