//! Hidden play: the observation shows nothing unseen, determinizations are legal and uniform,
//! play is reproducible and never cheats, the exact shortcut, and the commands.

use crate::common::{arg, deal_json, refused, run, tempdir, write_file};
use crate::helpers::Table;
use patience::Outcome;
use patience::games::{
    Klondike, KlondikeDraw3, LuckierThirteen, LuckyPiles, LuckyThirteen, NapoleonsShoulder,
    Stonewall,
};
use patience::internal::cards::CardToken;
use patience::internal::game::Place;
use patience::internal::hidden::determinize::{Purpose, determinize, stream};
use patience::internal::hidden::observation::Slot;
use patience::internal::hidden::planner::{
    Action, FINAL_FACTOR, PLANNER_REVISION, Resign, reveal_candidates,
};
use patience::internal::hidden::{game_hides_cards, play};
use patience::{Budget, Observation, Planner};
use patience::{Deal, deal};
use patience::{Move, Position, Variant, apply};
use patience::{Options, Prune, Solver, replay};
use std::sync::atomic::AtomicBool;

const TINY: Budget = Budget::new(4, 3_000);

fn exact<V: Variant>(v: V, max_nodes: u64) -> Solver<V> {
    Solver::new(
        v,
        Options {
            max_nodes,
            table_bytes: 32 << 20,
            ..Options::default()
        },
    )
}

fn position<V: Variant>(v: V, d: &Deal) -> Position {
    Position::from_deal::<V>(v, d).expect("a legal deal")
}

/// `d` with its tableau cards written `??` where `hide(index in pile, pile length, card)` says.
fn masked(d: &Deal, hide: impl Fn(usize, usize, &CardToken) -> bool) -> Deal {
    let mut q = d.clone();
    for pile in &mut q.piles {
        let n = pile.len();
        for (i, t) in pile.iter_mut().enumerate() {
            if hide(i, n, t) {
                *t = CardToken::Unknown;
            }
        }
    }
    q
}

/// The Stonewall deal of `seed` with the face-down cards at (pile 1, card 1) and (pile 2,
/// card 3) swapped: the same table for a player.
fn swapped_face_down(seed: u64) -> (Position, Position) {
    let a = deal(&Stonewall::RULES, seed);
    let mut b = a.clone();
    let t = b.piles[0][0];
    b.piles[0][0] = b.piles[1][2];
    b.piles[1][2] = t;
    assert!(matches!(
        b.piles[0][0],
        CardToken::Known { face_up: false, .. }
    ));
    assert!(matches!(
        b.piles[1][2],
        CardToken::Known { face_up: false, .. }
    ));
    (
        position::<Stonewall>(Stonewall, &a),
        position::<Stonewall>(Stonewall, &b),
    )
}

#[test]
fn deals_that_look_the_same_give_the_same_observation_and_decisions() {
    for seed in [0, 1] {
        let (a, b) = swapped_face_down(seed);
        assert_ne!(a, b);
        let (oa, ob) = (
            Observation::new::<Stonewall>(Stonewall, &a),
            Observation::new::<Stonewall>(Stonewall, &b),
        );
        assert_eq!(oa, ob);
        // Nothing face down is written out: every face-down card is ??, every ?? face down.
        let d = oa.to_deal::<Stonewall>(Stonewall);
        for (p, pile) in d.piles.iter().enumerate() {
            for (i, t) in pile.iter().enumerate() {
                assert_eq!(
                    *t == CardToken::Unknown,
                    a.piles()[p].is_down(i),
                    "T{} card {i}",
                    p + 1
                );
            }
        }
        assert_eq!(oa.unseen().len(), 18);
        let cancel = AtomicBool::new(false);
        let mut planner = Planner::<Stonewall>::new(Stonewall, TINY);
        let da = planner.decide(&oa, seed, 0, &cancel).unwrap();
        let db = planner.decide(&ob, seed, 0, &cancel).unwrap();
        assert_eq!(da, db);
        // And whole games: the same decisions up to the first reveal that differs.
        let mut log_a = Vec::new();
        let mut log_b = Vec::new();
        let mut pa = Planner::<Stonewall>::new(Stonewall, TINY);
        let mut pb = Planner::<Stonewall>::new(Stonewall, TINY);
        play::<Stonewall>(
            Stonewall,
            &a,
            seed,
            &mut pa,
            &mut exact(Stonewall, 1),
            &cancel,
            &mut |o, t| log_a.push((o.clone(), t.decision.clone())),
        )
        .unwrap();
        play::<Stonewall>(
            Stonewall,
            &b,
            seed,
            &mut pb,
            &mut exact(Stonewall, 1),
            &cancel,
            &mut |o, t| log_b.push((o.clone(), t.decision.clone())),
        )
        .unwrap();
        for ((oa, da), (ob, db)) in log_a.iter().zip(&log_b) {
            if oa != ob {
                break;
            }
            assert_eq!(da, db);
        }
        // Seeds 0 and 1 are not proved unsolvable within the shortcut's tiny budget.
        assert!(!log_a.is_empty() && !log_b.is_empty(), "seed {seed}");
        assert_eq!(log_a[0], log_b[0]);
    }
}

#[test]
fn the_stock_of_a_one_pass_game_is_unseen_until_turned() {
    let d = deal(&NapoleonsShoulder::RULES, 3);
    let mut pos = position::<NapoleonsShoulder>(NapoleonsShoulder, &d);
    let mut obs = Observation::new::<NapoleonsShoulder>(NapoleonsShoulder, &pos);
    assert_eq!(obs.unseen().len(), 56);
    assert!(
        obs.to_deal::<NapoleonsShoulder>(NapoleonsShoulder)
            .stock
            .iter()
            .all(|t| *t == CardToken::Unknown)
    );
    let turn = Move::new(Place::Stock, Place::Waste, 1);
    assert!(obs.reveals(turn));
    apply::<NapoleonsShoulder>(NapoleonsShoulder, &mut pos, turn);
    obs.update::<NapoleonsShoulder>(NapoleonsShoulder, &pos);
    assert_eq!(obs.unseen().len(), 55);
    let top = pos.waste_top().unwrap();
    assert!(obs.seen()[top.index() as usize] >= 1);
    // Two stocks in another order look the same.
    let mut e = d.clone();
    e.stock.swap(0, 30);
    let o1 = Observation::new::<NapoleonsShoulder>(
        NapoleonsShoulder,
        &position::<NapoleonsShoulder>(NapoleonsShoulder, &d),
    );
    let o2 = Observation::new::<NapoleonsShoulder>(
        NapoleonsShoulder,
        &position::<NapoleonsShoulder>(NapoleonsShoulder, &e),
    );
    assert_eq!(o1, o2);
}

#[test]
fn determinizations_are_legal_consistent_and_uniform() {
    let real = position::<Stonewall>(Stonewall, &deal(&Stonewall::RULES, 11));
    let obs = Observation::new::<Stonewall>(Stonewall, &real);
    let unseen = obs.unseen().to_vec();
    let Slot::Pile { pile, index } = obs.slots()[0] else {
        panic!("a pile slot first")
    };
    let (pile, index) = (pile as usize, index as usize);
    let mut rng = stream(11, 0, Purpose::Other);
    let n = 5_400;
    let mut counts = vec![0u32; unseen.len()];
    for _ in 0..n {
        let d = determinize(&obs, &mut rng);
        // A legal position: every card once; the seen cards where they are.
        assert_eq!(d.card_counts(&Stonewall::RULES), [1u8; 52]);
        assert_eq!(Observation::new::<Stonewall>(Stonewall, &d), obs);
        for p in 0..6 {
            for i in 0..6 {
                assert_eq!(d.piles()[p].is_down(i), real.piles()[p].is_down(i));
                if !real.piles()[p].is_down(i) {
                    assert_eq!(d.piles()[p].card(i), real.piles()[p].card(i));
                }
            }
        }
        let c = d.piles()[pile].card(index);
        counts[unseen.iter().position(|&u| u == c).unwrap()] += 1;
    }
    // Chi-square with 17 degrees of freedom: 40.8 is its 0.1% quantile.
    let expect = n as f64 / unseen.len() as f64;
    let chi2: f64 = counts
        .iter()
        .map(|&c| (c as f64 - expect).powi(2) / expect)
        .sum();
    assert!(chi2 < 40.8, "chi-square {chi2}: {counts:?}");
    // Reproducible per (seed, decision, purpose), different across them.
    let d1 = determinize(&obs, &mut stream(11, 3, Purpose::Samples));
    let d2 = determinize(&obs, &mut stream(11, 3, Purpose::Samples));
    let d3 = determinize(&obs, &mut stream(11, 4, Purpose::Samples));
    assert_eq!(d1, d2);
    assert_ne!(d1, d3);
}

#[test]
fn hidden_play_is_reproducible_and_a_win_replays_on_the_real_deal() {
    use patience::games::KlondikeDraw3 as K;
    let cancel = AtomicBool::new(false);
    let mut won = 0;
    for seed in 0..8 {
        let real = position::<K>(K, &deal(K.rules(), seed));
        let mut games = Vec::new();
        for _ in 0..2 {
            let mut planner = Planner::<K>::new(K, Budget::new(8, 1_000));
            let game = play::<K>(
                K,
                &real,
                seed,
                &mut planner,
                &mut exact(K, 20_000),
                &cancel,
                &mut |_, _| {},
            )
            .unwrap()
            .expect("not cancelled");
            games.push(game);
        }
        assert_eq!(games[0].moves, games[1].moves, "seed {seed}");
        assert_eq!(games[0].outcome, games[1].outcome, "seed {seed}");
        assert_eq!(games[0].nodes, games[1].nodes, "seed {seed}");
        let end = replay::<K>(K, &real, &games[0].moves).expect("every move legal");
        assert_eq!(end.is_won::<K>(K), games[0].outcome == Outcome::Won);
        won += (games[0].outcome == Outcome::Won) as u32;
        if won > 0 && seed >= 1 {
            break;
        }
    }
    assert!(won > 0, "no hidden win in the first seeds");
}

#[test]
fn a_deal_proved_unsolvable_is_lost_without_planning() {
    // Seed 2 is proved unsolvable in a few dozen nodes.
    let real = position::<Stonewall>(Stonewall, &deal(&Stonewall::RULES, 2));
    let mut planner = Planner::<Stonewall>::new(Stonewall, TINY);
    let mut calls = 0;
    let game = play::<Stonewall>(
        Stonewall,
        &real,
        2,
        &mut planner,
        &mut exact(Stonewall, 100_000),
        &AtomicBool::new(false),
        &mut |_, _| calls += 1,
    )
    .unwrap()
    .unwrap();
    assert_eq!(game.outcome, Outcome::ProvedUnsolvable);
    assert_eq!((game.decisions, calls), (0, 0));
    assert!(game.moves.is_empty());
}

#[test]
fn a_game_that_hides_nothing_reuses_the_thoughtful_verdict() {
    assert!(game_hides_cards::<Stonewall>(Stonewall));
    assert!(game_hides_cards::<NapoleonsShoulder>(NapoleonsShoulder));
    assert!(!game_hides_cards::<LuckyPiles>(LuckyPiles));
    let real = position::<LuckyPiles>(LuckyPiles, &deal(&LuckyPiles::RULES, 0));
    assert!(Observation::new::<LuckyPiles>(LuckyPiles, &real).is_complete());
    let mut planner = Planner::<LuckyPiles>::new(LuckyPiles, TINY);
    let game = play::<LuckyPiles>(
        LuckyPiles,
        &real,
        0,
        &mut planner,
        &mut exact(LuckyPiles, 50_000),
        &AtomicBool::new(false),
        &mut |_, _| panic!("no planning"),
    )
    .unwrap()
    .unwrap();
    assert!(game.nothing_hidden);
    assert_eq!(game.decisions, 0);
}

#[test]
fn a_position_with_unknown_cards_reads_as_an_observation() {
    let d = deal(&Stonewall::RULES, 5);
    let real = position::<Stonewall>(Stonewall, &d);
    let q = masked(&d, |_, _, t| {
        matches!(t, CardToken::Known { face_up: false, .. })
    });
    let obs = Observation::from_deal::<Stonewall>(Stonewall, &q).unwrap();
    assert_eq!(obs, Observation::new::<Stonewall>(Stonewall, &real));
    // One ?? too many, a ?? in the reserve: refused with a message.
    let mut r = q.clone();
    r.reserve[0] = Some(CardToken::Unknown);
    let e = Observation::from_deal::<Stonewall>(Stonewall, &r)
        .unwrap_err()
        .to_string();
    assert!(e.contains("R1"), "{e}");
    let mut s = q.clone();
    s.piles[0][5] = CardToken::Unknown;
    assert!(Observation::from_deal::<Stonewall>(Stonewall, &s).is_err());
}

#[test]
fn the_commands_play_hint_and_winrate_in_hidden_play() {
    let tiny = ["--samples", "3", "--sample-nodes", "2000"];
    let (code, out, _) = run(&[
        &["play", "stonewall", "--seed", "2", "--knowledge", "hidden"][..],
        &tiny,
    ]
    .concat());
    assert_eq!(code, 1, "{out}");
    // Issue 29: `play` plays as a person would, with no exact shortcut (only winrate takes it).
    assert!(!out.contains("proves the deal unsolvable"), "{out}");
    assert!(out.contains("  1. "), "{out}");
    assert!(out.contains("3 samples per decision"), "{out}");
    let (code, out, _) = run(&[
        &[
            "play",
            "stonewall",
            "--seed",
            "0",
            "--knowledge",
            "hidden",
            "--max-nodes",
            "100000",
        ][..],
        &tiny,
    ]
    .concat());
    // This deal is lost at this budget (the planner resigns at its second decision).
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("  1. ") && out.contains("resigns"), "{out}");
    assert!(out.contains("chance"), "{out}");
    let (code, out, _) = run(&[
        "play",
        "lucky-piles",
        "--seed",
        "0",
        "--knowledge",
        "hidden",
        "--max-nodes",
        "20000",
    ]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("hides no card"), "{out}");

    // hint on a position with ?? for the face-down cards.
    let dir = tempdir();
    let text = deal_json("stonewall", 1);
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    for pile in v["tableau piles"].as_array_mut().unwrap() {
        for c in pile.as_array_mut().unwrap() {
            let s = c.as_str().unwrap();
            if s.chars().last().unwrap().is_lowercase() {
                *c = serde_json::json!("??");
            }
        }
    }
    let file = write_file(dir.path(), "q.json", &v.to_string());
    let (code, out, err) = run(&[&["hint", "stonewall", "--deal", arg(&file)][..], &tiny].concat());
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("18 unknown cards"), "{out}");
    assert!(
        out.contains("best move: ") && out.contains("top moves"),
        "{out}"
    );
    // Bad input: a ?? in the reserve, too few ??, a bad knowledge, no samples.
    let mut r = v.clone();
    r["reserve"][0] = serde_json::json!("??");
    let bad = write_file(dir.path(), "r.json", &r.to_string());
    let e = refused(&["hint", "stonewall", "--deal", arg(&bad)]);
    assert!(e.contains("R1"), "{e}");
    let real = write_file(dir.path(), "d.json", &text);
    let mut t = v.clone();
    t["tableau piles"][0][0] = t["tableau piles"][0][5].clone();
    let bad = write_file(dir.path(), "t.json", &t.to_string());
    refused(&["hint", "stonewall", "--deal", arg(&bad)]);
    refused(&["play", "stonewall", "--seed", "1", "--knowledge", "psychic"]);
    refused(&[
        "winrate",
        "stonewall",
        "--knowledge",
        "hidden",
        "--samples",
        "0",
    ]);
    refused(&[
        "play",
        "stonewall",
        "--deal",
        arg(&file),
        "--knowledge",
        "hidden",
    ]);
    refused(&["hint", "napoleons-shoulder", "--deal", arg(&real)]);
    // A position with nothing unknown: one solve, with the last solve's budget.
    let (code, out, err) = run(&[&["hint", "stonewall", "--deal", arg(&real)][..], &tiny].concat());
    assert_eq!(code, 0, "{err}");
    let last = 3 * 2000 * FINAL_FACTOR;
    assert!(
        out.contains(&format!(
            "equals thoughtful play (one solve with {last} nodes)"
        )),
        "{out}"
    );

    // winrate: the CSV says hidden, the summary prints the budget, resume refuses to mix.
    let csv = dir.path().join("h.csv");
    let (code, out, err) = run(&[
        &[
            "winrate",
            "stonewall",
            "--knowledge",
            "hidden",
            "--seeds",
            "0..4",
            "--max-nodes",
            "50000",
            "-j",
            "2",
            "--csv",
            arg(&csv),
            "--json",
        ][..],
        &tiny,
    ]
    .concat());
    assert_eq!(code, 0, "{err}");
    let j: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(j["knowledge"], "hidden");
    assert_eq!(j["variants"][0]["knowledge"], "hidden");
    assert_eq!(j["variants"][0]["deals"], 4);
    assert_eq!(j["planner"]["samples_per_decision"], 3);
    let rows = std::fs::read_to_string(&csv).unwrap();
    assert_eq!(
        rows.lines().filter(|l| l.contains(",hidden,")).count(),
        4,
        "{rows}"
    );
    // Each row records the planner's budget and revision (then an empty `source`: our seeds,
    // an empty `solution`: every game was lost, and an empty `cards_up`: hidden play).
    let end = format!(",3,2000,{PLANNER_REVISION},,,");
    assert!(rows.lines().skip(1).all(|l| l.ends_with(&end)), "{rows}");
    // Resuming with another budget is refused: the rates would not be comparable.
    // `winrate` of Stonewall seeds 0..5 in hidden play, continuing `file`, with `budget`.
    let resume = |file: &str, budget: &[&str]| -> Vec<String> {
        let head = [
            "winrate",
            "stonewall",
            "--knowledge",
            "hidden",
            "--seeds",
            "0..5",
        ];
        let tail = ["--max-nodes", "50000", "--csv", file, "--resume"];
        [&head[..], &tail, budget]
            .concat()
            .into_iter()
            .map(str::to_string)
            .collect()
    };
    let more = resume(arg(&csv), &["--samples", "4", "--sample-nodes", "2000"]);
    let e = refused(&more.iter().map(String::as_str).collect::<Vec<_>>());
    assert!(e.contains("--samples 3 --sample-nodes 2000"), "{e}");
    assert_eq!(std::fs::read_to_string(&csv).unwrap(), rows);
    let e = refused(&[
        "winrate",
        "stonewall",
        "--seeds",
        "0..4",
        "--csv",
        arg(&csv),
        "--resume",
    ]);
    assert!(e.contains("hidden"), "{e}");
    let (code, out, _) = run(&["merge", arg(&csv)]);
    assert_eq!(code, 0);
    assert!(out.contains("knowledge hidden"), "{out}");
    let planner =
        format!("planner: revision {PLANNER_REVISION}, 3 samples per decision, 2000 nodes");
    assert!(out.contains(&planner), "{out}");

    // Merging hidden rows of two budgets, or of two planners, is refused.
    let header = rows.lines().next().unwrap();
    for (other_row, what) in [
        (format!("4,2000,{PLANNER_REVISION}"), "--samples 4"),
        ("3,2000,1".to_string(), "planner revision 1"),
    ] {
        let other = write_file(
            dir.path(),
            "other.csv",
            &format!("{header}\nstonewall,99,hidden,unsolvable,,5,0.1,,{other_row}\n"),
        );
        let e = refused(&["merge", arg(&csv), arg(&other)]);
        assert!(e.contains("different planner budgets"), "{e}");
        assert!(e.contains(what), "{e}");
    }
    // Files of earlier formats are read: the first (no budget), the second (no revision).
    let first_columns = |n: usize| -> String {
        rows.lines()
            .map(|l| l.split(',').take(n).collect::<Vec<_>>().join(",") + "\n")
            .collect()
    };
    let v1_text = first_columns(8);
    let v1 = write_file(dir.path(), "v1.csv", &v1_text);
    let (code, out, err) = run(&["merge", arg(&v1)]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("do not record the planner's budget"), "{err}");
    assert!(!out.contains("planner:"), "{out}");
    let v2_text = first_columns(10);
    let v2 = write_file(dir.path(), "v2.csv", &v2_text);
    let (code, out, err) = run(&["merge", arg(&v2)]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("planner: revision not recorded, 3 samples"),
        "{out}"
    );
    // But neither is continued by this build's planner: its rows could be another planner's.
    for (file, why) in [
        (&v1, "do not record the planner"),
        (&v2, "revision not recorded"),
    ] {
        let args = resume(arg(file), &tiny);
        let e = refused(&args.iter().map(String::as_str).collect::<Vec<_>>());
        assert!(e.contains(why), "{e}");
    }
    assert_eq!(std::fs::read_to_string(&v1).unwrap(), v1_text);
    assert_eq!(std::fs::read_to_string(&v2).unwrap(), v2_text);
}

/// Checks the planner's contract on each decision made with cards still unseen: the plan's
/// moves reveal nothing but the last, which reveals a card.
fn quiet_then_reveal<V: Variant>(v: V, obs: &Observation, moves: &[Move]) {
    let (last, quiet) = moves.split_last().expect("a plan has a move");
    let mut seen = obs.clone();
    for &m in quiet {
        assert!(!seen.reveals(m), "{m} reveals before the end of the plan");
        seen.legal::<V>(v, m)
            .expect("a quiet move is legal as the player sees it");
        seen.apply_quiet::<V>(v, m);
    }
    assert!(
        seen.reveals(*last),
        "the plan ends with {last}, which reveals nothing"
    );
}

#[test]
fn every_decision_is_quiet_moves_then_one_reveal() {
    let cancel = AtomicBool::new(false);
    let mut checked = 0;
    // Decisions where samples were won and others left undecided, and a candidate was tried
    // on every won one: the undecided samples were not tried.
    let mut won_only = 0;
    for seed in 0..3 {
        let real = position::<KlondikeDraw3>(KlondikeDraw3, &deal(&KlondikeDraw3::RULES, seed));
        let mut planner = Planner::<KlondikeDraw3>::new(KlondikeDraw3, Budget::new(8, 1_000));
        let unseen = Observation::new::<KlondikeDraw3>(KlondikeDraw3, &real)
            .unseen()
            .len() as u64;
        let game = play::<KlondikeDraw3>(
            KlondikeDraw3,
            &real,
            seed,
            &mut planner,
            &mut exact(KlondikeDraw3, 20_000),
            &cancel,
            &mut |obs, turn| {
                if let Action::Play(moves) = &turn.decision.action
                    && !obs.is_complete()
                {
                    quiet_then_reveal::<KlondikeDraw3>(KlondikeDraw3, obs, moves);
                    assert!(turn.revealed.is_some());
                    checked += 1;
                    // The candidates are tried on the won samples, or on the undecided
                    // ones when none is won.
                    let d = &turn.decision;
                    let tried = if d.sample_wins > 0 {
                        d.sample_wins
                    } else {
                        d.sample_unknown
                    };
                    let most = d.choices.iter().map(|c| c.tries).max().unwrap();
                    assert!(most <= tried, "{d:?}");
                    // Unknowns are graded only where no sample was won; elsewhere a
                    // candidate's ranking value is its share of samples held.
                    assert_eq!(d.graded, d.sample_wins == 0, "{d:?}");
                    if !d.graded {
                        for c in &d.choices {
                            assert!((c.mean() - c.held()).abs() < 1e-9, "{c:?}");
                        }
                    }
                    if d.sample_wins > 0 && d.sample_unknown > 0 && most == tried {
                        won_only += 1;
                    }
                }
            },
        )
        .unwrap()
        .expect("not cancelled");
        // Each decision but the last turns up a card.
        assert!(game.decisions <= unseen + 1, "seed {seed}");
    }
    assert!(checked >= 10, "only {checked} decisions checked");
    assert!(won_only >= 1, "no decision tried only the won samples");
}

/// Napoleon's Shoulder fill-ins are almost never decided by a short search, so a decision
/// there has no won sample: its undecided pulls are graded by the cards their search got up
/// (planner revision 7). The candidates then get different values, and the one played has the
/// best; before, every pull counted 0.5, every candidate tied and the first found (often a bare
/// stock turn) was played. The printed chance still counts each unknown as 0.5.
#[test]
fn where_no_sample_is_won_unknowns_are_graded_by_the_cards_a_search_gets_up() {
    use patience::games::NapoleonsShoulder as V;
    let v = V;
    let cancel = AtomicBool::new(false);
    let (mut graded, mut spread) = (0, 0);
    for seed in 0..2 {
        let real = position::<V>(v, &deal(v.rules(), seed));
        let mut planner = Planner::<V>::new(v, Budget::new(6, 500));
        let mut seen = 0;
        let _ = play::<V>(
            v,
            &real,
            seed,
            &mut planner,
            &mut exact(v, 10_000),
            &cancel,
            &mut |_, turn| {
                let d = &turn.decision;
                seen += 1;
                if d.graded && d.choices.len() > 1 {
                    graded += 1;
                    assert_eq!(d.sample_wins, 0, "{d:?}");
                    let best = d.choices[0].mean();
                    assert!(d.choices.iter().all(|c| c.mean() <= best), "{d:?}");
                    for c in &d.choices {
                        // Nothing won or lost: each value is a graded unknown in [1/4, 3/4].
                        if c.won == 0 && c.lost == 0 {
                            assert!(c.mean() >= 0.25 && c.mean() <= 0.75, "{c:?}");
                            assert_eq!(c.held(), 0.5);
                        }
                    }
                    let worst = d.choices.iter().map(|c| c.mean()).fold(1.0, f64::min);
                    spread += (best > worst) as usize;
                }
                if seen == 4 {
                    cancel.store(true, std::sync::atomic::Ordering::Relaxed);
                }
            },
        )
        .unwrap();
        cancel.store(false, std::sync::atomic::Ordering::Relaxed);
    }
    assert!(graded >= 4, "only {graded} graded decisions");
    assert!(
        spread >= 4,
        "candidates tied in {} of {graded}",
        graded - spread
    );
}

/// Klondike draw 3 seed 5 as a deal file shows it (every card known, so nothing unseen), and
/// a budget whose one sample budget leaves it undecided (it is won in 4,232 nodes; seed 1 was
/// used until the loose tableau won it in 325).
fn complete_draw3_deal() -> (Deal, Observation, Budget) {
    let d = deal(&KlondikeDraw3::RULES, 5);
    let obs = Observation::from_deal::<KlondikeDraw3>(KlondikeDraw3, &d).unwrap();
    assert!(obs.is_complete());
    (d, obs, Budget::new(2, 50))
}

/// With every card seen, the planner's one solve gets [`FINAL_FACTOR`] times a decision's sample
/// budget (planner revision 8): a Klondike draw 3 deal written with its face-down cards known,
/// which a solve of one sample budget leaves undecided, is played as won.
#[test]
fn the_last_solve_gets_final_factor_times_the_sample_budget() {
    use patience::games::KlondikeDraw3 as V;
    let v = V;
    let cancel = AtomicBool::new(false);
    let (d, obs, budget) = complete_draw3_deal();
    let one = budget.samples as u64 * budget.sample_nodes;
    let short = exact::<V>(v, one)
        .solve(&position::<V>(v, &d), &cancel)
        .unwrap();
    assert_eq!(
        short.verdict.word(),
        "unknown",
        "decided in {} nodes",
        short.stats.nodes
    );
    let full = exact::<V>(v, one * FINAL_FACTOR)
        .solve(&position::<V>(v, &d), &cancel)
        .unwrap();
    assert_eq!(full.verdict.word(), "solved");
    let dec = Planner::<V>::new(v, budget)
        .decide(&obs, 1, 0, &cancel)
        .unwrap();
    assert!(matches!(dec.action, Action::Play(_)), "{:?}", dec.action);
    assert!(dec.nodes > one, "{} nodes", dec.nodes);
}

#[test]
fn the_planner_solves_within_the_callers_table_bound_and_pruning() {
    // The complete position of the last test: its last solve wins within the default bounds.
    use patience::games::KlondikeDraw3 as V;
    let v = V;
    let cancel = AtomicBool::new(false);
    let (_, obs, budget) = complete_draw3_deal();
    let with = |options: Options| {
        Planner::<V>::with_options(v, budget, &options)
            .decide(&obs, 1, 0, &cancel)
            .unwrap()
    };
    let free = with(Options::default());
    assert!(matches!(free.action, Action::Play(_)), "{:?}", free.action);
    assert_eq!(
        free,
        Planner::<V>::new(v, budget)
            .decide(&obs, 1, 0, &cancel)
            .unwrap()
    );
    // A bound of one byte (the smallest table) is too small for its solve: it stops undecided.
    let tight = with(Options {
        table_bytes: 1,
        ..Options::default()
    });
    assert_eq!(tight.action, Action::Resign(Resign::Unknown));
    // Without the pruning rules the same solve takes another path.
    let bare = with(Options {
        prune: Prune::NONE,
        ..Options::default()
    });
    assert_ne!(bare.nodes, free.nodes);
}

#[test]
fn hidden_play_gives_back_the_shortcuts_table_before_planning() {
    use patience::games::Stonewall as V;
    let v = V;
    let cancel = AtomicBool::new(false);
    let pos = position::<V>(v, &deal(v.rules(), 5));
    let mut exact = exact::<V>(v, 20_000);
    let fresh = exact.held_bytes();
    let sol = exact.solve(&pos, &cancel).unwrap();
    assert_eq!(sol.verdict.word(), "unknown");
    assert!(exact.held_bytes() > fresh, "{} bytes", exact.held_bytes());
    let game = play::<V>(
        v,
        &pos,
        5,
        &mut Planner::new(v, Budget::new(2, 50)),
        &mut exact,
        &cancel,
        &mut |_, _| {},
    )
    .unwrap()
    .unwrap();
    assert!(game.decisions > 0);
    assert_eq!(exact.held_bytes(), fresh);
}

#[test]
fn a_quiet_move_that_can_wait_is_not_played_before_a_reveal() {
    // 7D onto 8S turns up the card under 7D. QC onto KD is quiet and independent of it, so
    // no candidate plays it first. The stock is unknown (`??`): a turn reveals a card there.
    let mut d = Table {
        piles: &["7c 7D", "8S", "QC", "KD"],
        ..Table::default()
    }
    .deal::<Klondike>(Klondike);
    d.piles[0][0] = CardToken::Unknown;
    for t in d.stock.iter_mut() {
        *t = CardToken::Unknown;
    }
    let obs = Observation::from_deal::<Klondike>(Klondike, &d).unwrap();
    let wait = Move::new(Place::Tableau(2), Place::Tableau(3), 1);
    let reveal = Move::new(Place::Tableau(0), Place::Tableau(1), 1);
    let found = reveal_candidates::<Klondike>(Klondike, &obs);
    assert!(found.contains(&vec![reveal]), "{found:?}");
    // QC onto KD then a stock turn can wait as well; it enables nothing.
    assert!(found.iter().all(|c| c.first() != Some(&wait)), "{found:?}");
    for c in &found {
        quiet_then_reveal::<Klondike>(Klondike, &obs, c);
        // A stock turn that shows an unknown card is a real move, not a talon play.
        assert!(c.iter().all(|m| m.as_talon_play().is_none()));
    }
    // The planner tries them.
    let mut planner = Planner::<Klondike>::new(Klondike, Budget::new(16, 500));
    let decision = planner.decide(&obs, 1, 0, &AtomicBool::new(false)).unwrap();
    assert!(decision.candidates as usize >= found.len(), "{decision:?}");
    for c in &decision.choices {
        quiet_then_reveal::<Klondike>(Klondike, &obs, &c.moves);
    }
}

#[test]
fn hidden_play_rows_do_not_depend_on_the_thread_count() {
    let dir = tempdir();
    // Seeds 0..6 of Klondike draw 3 (a few are lost without planning, the others are played)
    // on one thread and on three: the same rows, node counts included.
    let file = |threads: &str| {
        let csv = dir.path().join(format!("t{threads}.csv"));
        let (code, _, err) = run(&[
            "winrate",
            "klondike-draw3",
            "--knowledge",
            "hidden",
            "--seeds",
            "0..6",
            "--max-nodes",
            "20000",
            "--samples",
            "4",
            "--sample-nodes",
            "500",
            "--threads",
            threads,
            "--quiet",
            "--csv",
            arg(&csv),
        ]);
        assert_eq!(code, 0, "{err}");
        csv
    };
    let (one, three) = (file("1"), file("3"));
    let (code, out, err) = run(&["compare", arg(&one), arg(&three), "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["common_deals"], 6, "{v}");
    assert_eq!(v["identical"], 6, "{v}");
    // Some games were played, not all lost at the start.
    assert!(v["table"]["solved"]["solved"].as_u64().unwrap() > 0, "{v}");
}

// Lucky Thirteen: its cards lie face up, but a person sees only each pile's top card (RULES.md).

/// A Lucky Thirteen seed that the thoughtful solver wins (in 16,899 nodes).
const LT_WON: u64 = 56;

#[test]
fn lucky_thirteen_shows_only_each_top_card() {
    assert!(game_hides_cards::<LuckyThirteen>(LuckyThirteen));
    assert!(!game_hides_cards::<LuckierThirteen>(LuckierThirteen));
    let d = deal(&LuckyThirteen::RULES, LT_WON);
    let real = position::<LuckyThirteen>(LuckyThirteen, &d);
    let obs = Observation::new::<LuckyThirteen>(LuckyThirteen, &real);
    assert_eq!(obs.unseen().len(), 39);
    let written = obs.to_deal::<LuckyThirteen>(LuckyThirteen);
    for (p, pile) in written.piles.iter().enumerate() {
        for (i, t) in pile.iter().enumerate() {
            assert_eq!(
                *t == CardToken::Unknown,
                i + 1 < pile.len(),
                "T{} {i}",
                p + 1
            );
        }
    }
    // Two covered cards swapped: the same table for a player, so the same decisions up to the
    // first card turned up that differs. A top card swapped with a covered one: not the same.
    let mut e = d.clone();
    let t = e.piles[0][0];
    e.piles[0][0] = e.piles[5][1];
    e.piles[5][1] = t;
    let other = position::<LuckyThirteen>(LuckyThirteen, &e);
    assert_ne!(real, other);
    assert_eq!(
        Observation::new::<LuckyThirteen>(LuckyThirteen, &other),
        obs
    );
    let mut f = d.clone();
    let t = f.piles[0][3];
    f.piles[0][3] = f.piles[5][1];
    f.piles[5][1] = t;
    assert_ne!(
        Observation::new::<LuckyThirteen>(
            LuckyThirteen,
            &position::<LuckyThirteen>(LuckyThirteen, &f)
        ),
        obs
    );
    let cancel = AtomicBool::new(false);
    let mut logs = Vec::new();
    for start in [&real, &other] {
        let mut log = Vec::new();
        let mut planner = Planner::<LuckyThirteen>::new(LuckyThirteen, TINY);
        play::<LuckyThirteen>(
            LuckyThirteen,
            start,
            LT_WON,
            &mut planner,
            &mut exact(LuckyThirteen, 1),
            &cancel,
            &mut |o, t| log.push((o.clone(), t.decision.clone())),
        )
        .unwrap();
        logs.push(log);
    }
    assert!(!logs[0].is_empty());
    assert_eq!(logs[0][0], logs[1][0]);
    for ((oa, da), (ob, db)) in logs[0].iter().zip(&logs[1]) {
        if oa != ob {
            break;
        }
        assert_eq!(da, db);
    }
}

#[test]
fn a_covered_card_is_seen_once_on_top_and_stays_known() {
    // A move off a pile of two or more cards shows the card under it; a card then built on
    // that pile covers it again, and the player still knows it (Observation::new, which
    // knows no history, counts it unseen).
    let mut checked = 0;
    for seed in 0..40 {
        let mut real = position::<LuckyThirteen>(LuckyThirteen, &deal(&LuckyThirteen::RULES, seed));
        let mut obs = Observation::new::<LuckyThirteen>(LuckyThirteen, &real);
        let Some((m, onto)) = obs
            .moves::<LuckyThirteen>(LuckyThirteen)
            .into_iter()
            .find_map(|m| {
                let Place::Tableau(p) = m.from else {
                    return None;
                };
                let mut after = real.clone();
                apply::<LuckyThirteen>(LuckyThirteen, &mut after, m);
                let mut next = Vec::new();
                patience::generate::<LuckyThirteen>(LuckyThirteen, &after, &mut next);
                next.into_iter()
                    .find(|n| n.to == Place::Tableau(p) && n.from != m.to)
                    .map(|n| (m, n))
            })
        else {
            continue;
        };
        let Place::Tableau(p) = m.from else {
            unreachable!()
        };
        let under = Slot::Pile {
            pile: p,
            index: real.piles()[p as usize].len - 2,
        };
        assert!(obs.reveals(m) && obs.slots().contains(&under));
        let before = obs.unseen().len();
        apply::<LuckyThirteen>(LuckyThirteen, &mut real, m);
        obs.update::<LuckyThirteen>(LuckyThirteen, &real);
        assert_eq!(obs.unseen().len(), before - 1, "seed {seed}");
        assert!(!obs.slots().contains(&under));
        let shown = real.piles()[p as usize].top();
        assert!(obs.seen()[shown.index() as usize] >= 1);
        // Built on again: covered, and still known.
        apply::<LuckyThirteen>(LuckyThirteen, &mut real, onto);
        obs.update::<LuckyThirteen>(LuckyThirteen, &real);
        assert!(!obs.slots().contains(&under), "seed {seed}");
        assert!(
            Observation::new::<LuckyThirteen>(LuckyThirteen, &real)
                .slots()
                .contains(&under)
        );
        assert!(!obs.unseen().contains(&shown));
        checked += 1;
    }
    assert!(checked >= 3, "{checked} seeds had such moves");
}

#[test]
fn lucky_thirteen_fill_ins_are_face_up_and_keep_the_tops() {
    let real = position::<LuckyThirteen>(LuckyThirteen, &deal(&LuckyThirteen::RULES, LT_WON));
    let obs = Observation::new::<LuckyThirteen>(LuckyThirteen, &real);
    let mut rng = stream(LT_WON, 0, Purpose::Other);
    for _ in 0..200 {
        let d = determinize(&obs, &mut rng);
        assert_eq!(d.card_counts(&LuckyThirteen::RULES), [1u8; 52]);
        assert_eq!(Observation::new::<LuckyThirteen>(LuckyThirteen, &d), obs);
        // A legal Lucky Thirteen position (no face-down card): it reads back from its deal.
        assert_eq!(
            Position::from_deal::<LuckyThirteen>(
                LuckyThirteen,
                &d.to_deal::<LuckyThirteen>(LuckyThirteen)
            )
            .unwrap(),
            d
        );
        for p in 0..13 {
            assert_eq!(d.piles()[p].top(), real.piles()[p].top());
            assert!((0..4).all(|i| !d.piles()[p].is_down(i)));
        }
    }
}

#[test]
fn a_lucky_thirteen_position_with_unknown_covered_cards_reads_as_an_observation() {
    let d = deal(&LuckyThirteen::RULES, 9);
    let real = position::<LuckyThirteen>(LuckyThirteen, &d);
    let q = masked(&d, |i, n, _| i < n - 1);
    let obs = Observation::from_deal::<LuckyThirteen>(LuckyThirteen, &q).unwrap();
    assert_eq!(obs, Observation::new::<LuckyThirteen>(LuckyThirteen, &real));
    // A covered card written out counts as known.
    let mut known = q.clone();
    known.piles[2][1] = d.piles[2][1];
    let o = Observation::from_deal::<LuckyThirteen>(LuckyThirteen, &known).unwrap();
    assert_eq!(o.unseen().len(), 38);
    // A top card is always seen: ?? there is refused, naming the pile.
    let mut top = q.clone();
    top.piles[3][3] = CardToken::Unknown;
    top.piles[3][2] = d.piles[3][3];
    let e = Observation::from_deal::<LuckyThirteen>(LuckyThirteen, &top)
        .unwrap_err()
        .to_string();
    assert!(e.contains("T4") && e.contains("top"), "{e}");
    // In Luckier Thirteen every card is seen: ?? in a pile is refused, naming the ?? (not the
    // card the check would have put in its place).
    let l = deal(&LuckierThirteen::RULES, 9);
    let mut r = l.clone();
    r.piles[0][0] = CardToken::Unknown;
    let e = Observation::from_deal::<LuckierThirteen>(LuckierThirteen, &r)
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("T1: ??") && !e.contains("face down,"), "{e}");
}

#[test]
fn the_commands_play_lucky_thirteen_in_hidden_play() {
    let seed = LT_WON.to_string();
    let args = [
        "--knowledge",
        "hidden",
        "--samples",
        "4",
        "--sample-nodes",
        "1000",
        "--max-nodes",
        "100000",
    ];
    let (code, out, err) = run(&[&["play", "lucky-thirteen", "--seed", &seed][..], &args].concat());
    // Won with every card known, lost here at this small budget: pinned, as play is
    // reproducible from the seed.
    assert_eq!(code, 1, "{err}");
    assert!(out.contains("  1. ") && out.contains("reveals"), "{out}");
    assert!(!out.contains("hides no card"), "{out}");
    let (_, out, _) = run(&[&["play", "luckier-thirteen", "--seed", &seed][..], &args].concat());
    assert!(out.contains("hides no card"), "{out}");
}

#[test]
fn squared_piles_only_in_games_that_move_single_cards() {
    // Sight::Tops leaves a covered card unseen on the promise that it neither moves nor takes a
    // card before it is a top: true only where single cards move.
    let squared: Vec<&str> = patience::games::ALL
        .iter()
        .filter(|r| r.sight == patience::Sight::Tops)
        .map(|r| {
            assert_eq!(r.unit, patience::Unit::Single, "{}", r.id);
            r.id
        })
        .collect();
    assert_eq!(squared, ["lucky-thirteen"]);
}
