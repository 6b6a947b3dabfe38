//! Memory of a long session: 100,000 look-ups of one rules file through one `Games` keep one
//! copy of its game, and the process's resident memory flat. Its own test binary, so that no
//! other test's memory is counted.

use patience::games::Games;

/// The resident pages of this process (Linux), `None` where /proc is absent.
fn resident_pages() -> Option<u64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    statm.split_whitespace().nth(1)?.parse().ok()
}

#[test]
fn many_lookups_of_one_rules_file_keep_memory_flat() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sw-kings.toml");
    std::fs::write(
        &path,
        "id = \"sw-kings\"\nname = \"Stonewall, kings in spaces\"\nextends = \"stonewall\"\nspaces = \"kings\"\n",
    )
    .unwrap();
    let arg = path.to_str().unwrap();
    let mut games = Games::new();
    let first = games.lookup(arg).unwrap();
    // Warm up the allocator's pools before the first reading.
    for _ in 0..1_000 {
        games.lookup(arg).unwrap();
    }
    let before = resident_pages();
    for _ in 0..100_000 {
        assert!(std::ptr::eq(games.lookup(arg).unwrap(), first));
    }
    assert_eq!(games.added(), 1);
    let (Some(before), Some(after)) = (before, resident_pages()) else {
        return; // no /proc: the count above is the check
    };
    // A copy a look-up would take some megabytes over 100,000 of them; 1 MiB of slack (4 KiB
    // pages) for the allocator and the test harness.
    assert!(
        after.saturating_sub(before) * 4 < 1024,
        "resident pages {before} -> {after}"
    );
}
