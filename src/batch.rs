//! Batch solving: many loaded problems on a pool of workers, their
//! records handed back in input order. Knows nothing of the command line
//! or of output formats: the caller says what to do with each record.
//!
//! The parts, in the order a batch uses them: `Plan::new` (the jobs and
//! the units the workers take, largest first, a problem's defender side
//! before its attacker's), `Plan::tune` (the threads
//! of each search and whether ko settings run side by side),
//! and `Plan::run` (the workers, `run_pool`, and the records `in_order`).

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, mpsc};

use crate::analysis::{self, Analysis, HelpDesk, Options};
use crate::board::Color;
use crate::problem::{LoadError, Loaded, Problem};
use crate::report::Record;

/// One record's worth of work: a problem and a side to move, a side
/// whose record an earlier run settled, or a load error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Job {
    Solve(usize, Color),
    Kept(usize, Color),
    Failed(usize),
}

/// Records an earlier run settled (`Record::settled`), by problem (its
/// index in the loaded list) and side to move: kept, not solved again.
pub type Kept = HashMap<(usize, Color), Record>;

impl Job {
    /// The loaded problem (or load error) the job is about.
    pub fn problem(self) -> usize {
        match self {
            Job::Solve(i, _) | Job::Kept(i, _) | Job::Failed(i) => i,
        }
    }
}

/// What a batch will run, and in what order.
#[derive(Debug)]
pub struct Plan {
    /// One job per record, in input order.
    pub jobs: Vec<Job>,
    /// Indices into `jobs` that one worker runs one after the other, in
    /// the order the workers take them.
    pub units: Vec<Vec<usize>>,
    /// Worker threads.
    pub workers: usize,
    /// Jobs that search (the others are load errors and kept records).
    pub sides: usize,
    /// The records of the `Kept` jobs.
    kept: Kept,
}

impl Plan {
    /// The jobs of `loaded` for `workers` threads.
    pub fn new(loaded: &[Loaded], workers: usize) -> Plan {
        Plan::keeping(loaded, workers, Kept::new())
    }

    /// The jobs of `loaded` for `workers` threads, where the sides in
    /// `kept` are not solved but given their kept record.
    pub fn keeping(loaded: &[Loaded], workers: usize, kept: Kept) -> Plan {
        let workers = workers.max(1);
        let mut jobs = Vec::new();
        for (i, l) in loaded.iter().enumerate() {
            match l {
                Ok(p) => jobs.extend(p.sides().into_iter().map(
                    |s| match kept.contains_key(&(i, s)) {
                        true => Job::Kept(i, s),
                        false => Job::Solve(i, s),
                    },
                )),
                Err(_) => jobs.push(Job::Failed(i)),
            }
        }
        let sides = jobs.iter().filter(|j| matches!(j, Job::Solve(..))).count();
        // A problem's sides go to one worker, one after the other, when
        // there are problems enough to keep every worker busy: the second
        // side's searches then start from the first side's table turned
        // round (`analysis`'s kept tables), which spares them much of their
        // work. With fewer problems than workers the sides run at once
        // instead, so that one file is answered in the time of one side.
        let mut searched: Vec<usize> = (jobs.iter())
            .filter(|j| matches!(j, Job::Solve(..)))
            .map(|j| j.problem())
            .collect();
        searched.dedup();
        let together = searched.len() >= workers;
        // Kept records need no worker: `run` hands them on at once.
        let indices: Vec<usize> = (0..jobs.len())
            .filter(|&j| !matches!(jobs[j], Job::Kept(..)))
            .collect();
        let mut units: Vec<Vec<usize>> = indices
            .chunk_by(|&a, &b| together && jobs[a].problem() == jobs[b].problem())
            .map(<[usize]>::to_vec)
            .collect();
        // The defender's side first in a problem's unit: the attacker's is
        // usually the harder (every defence must be refuted) and gains most
        // from starting on the other's table. On the suite at 10 s, with
        // Black's side first, cc3/470 and gop/11250 (Black to kill) were
        // unknown; after White's analysis both are decided (benches/README,
        // session 51).
        for unit in &mut units {
            unit.sort_by_key(|&j| match jobs[j] {
                Job::Solve(i, side) => loaded[i].as_ref().is_ok_and(|p| side != p.defender),
                Job::Kept(..) | Job::Failed(_) => false,
            });
        }
        // Largest problems first, taken one at a time as threads come free:
        // a long problem started last would leave the other threads idle. One
        // thread has nothing to balance: input order shows results soonest.
        if workers > 1 {
            units.sort_by_key(|unit| match jobs[unit[0]] {
                Job::Solve(i, _) => {
                    let p = loaded[i].as_ref().expect("a loaded problem");
                    std::cmp::Reverse((p.region.area & p.board.empty()).count())
                }
                Job::Kept(..) | Job::Failed(_) => std::cmp::Reverse(0),
            });
        }
        Plan {
            jobs,
            units,
            workers,
            sides,
            kept,
        }
    }

    /// Sets `opts.parallel_ko` (when asked for and there are cores for
    /// it) and `opts.threads` (`threads` when given, else `thread_budget`).
    pub fn tune(&self, opts: &mut Options, parallel_ko: bool, threads: Option<usize>) {
        // With a core per search to spare (one problem on two cores), the
        // two ko settings of a status may be searched at once, each with a
        // job's share of the memory. Not by default: on the development VM
        // a page fault with two threads costs so much that it only pays
        // for `ko` results with small tables (see the README).
        opts.parallel_ko = parallel_ko && self.sides > 0 && 2 * self.sides <= self.workers;
        opts.threads = match threads {
            Some(n) => n.max(1),
            None if opts.parallel_ko => 1,
            None => self.thread_budget(),
        };
    }

    /// Threads for each search when not told: cores that no unit of work
    /// would use go to the searches, so one problem with `PL` on two
    /// cores searches on two threads.
    pub fn thread_budget(&self) -> usize {
        let searching = self
            .units
            .iter()
            .filter(|u| matches!(self.jobs[u[0]], Job::Solve(..)))
            .count();
        self.workers.checked_div(searching).map_or(1, |n| n.max(1))
    }

    /// Where workers left without a side help the searches still
    /// running: only when each search has a thread of its own to begin
    /// with.
    pub fn help_desk(&self, opts: &Options) -> Option<Arc<HelpDesk>> {
        (self.workers > 1 && opts.threads == 1 && !opts.parallel_ko)
            .then(|| Arc::new(HelpDesk::new()))
    }

    /// The worker threads, built before anything is printed so that a
    /// failure to start them is the one thing said.
    pub fn pool(&self) -> Result<rayon::ThreadPool, rayon::ThreadPoolBuildError> {
        rayon::ThreadPoolBuilder::new()
            .num_threads(self.workers)
            .build()
    }

    /// Runs every job on `pool` (with a `help_desk` when it has one) and
    /// returns the records in input order.
    /// `finish` completes a solved record (proof files, say) on the
    /// worker; `progress` sees each record as it is done, in any order;
    /// `emit` sees them in input order, each as soon as every one before
    /// it is done.
    pub fn run(
        &self,
        loaded: &[Loaded],
        opts: &Options,
        pool: &rayon::ThreadPool,
        finish: impl Fn(&Problem, &Analysis, &mut Record) + Sync,
        progress: impl Fn(&Record) + Sync,
        emit: impl FnMut(&Record),
    ) -> Vec<Record> {
        let desk = self.help_desk(opts);
        let desk = desk.as_ref();
        let solve = |j: usize, helped: bool| -> Record {
            match self.jobs[j] {
                Job::Solve(i, side) => {
                    let p = loaded[i].as_ref().expect("a loaded problem");
                    guarded(p, side, || {
                        let a = match desk {
                            Some(desk) if helped => analysis::analyze_helped(p, side, opts, desk),
                            _ => analysis::analyze(p, side, opts),
                        };
                        let mut r = Record::from_analysis(p, &a);
                        finish(p, &a, &mut r);
                        r
                    })
                }
                Job::Kept(i, side) => self.kept[&(i, side)].clone(),
                Job::Failed(i) => {
                    let e = loaded[i].as_ref().expect_err("a load error");
                    Record::from_error(e, None)
                }
            }
        };
        let (tx, rx) = mpsc::channel::<(usize, Record)>();
        for (j, job) in self.jobs.iter().enumerate() {
            if let Job::Kept(..) = job {
                let r = solve(j, false);
                progress(&r);
                let _ = tx.send((j, r));
            }
        }
        std::thread::scope(|scope| {
            scope.spawn(|| self.run_pool(pool, desk, &solve, &progress, tx));
            in_order(rx, self.jobs.len(), emit)
        })
    }

    /// Each worker takes the next unit as it comes free; when none is
    /// left it helps the searches still running.
    fn run_pool(
        &self,
        pool: &rayon::ThreadPool,
        desk: Option<&Arc<HelpDesk>>,
        solve: &(impl Fn(usize, bool) -> Record + Sync),
        progress: &(impl Fn(&Record) + Sync),
        tx: mpsc::Sender<(usize, Record)>,
    ) {
        let next = AtomicUsize::new(0);
        let worker = |tx: mpsc::Sender<(usize, Record)>| {
            loop {
                let working = desk.map(|d| d.working());
                let k = next.fetch_add(1, Ordering::SeqCst);
                let Some(unit) = self.units.get(k) else {
                    drop(working);
                    if let Some(desk) = desk {
                        desk.help_while_busy();
                    }
                    return;
                };
                for &j in unit {
                    // The last problems to start are the ones an idle
                    // worker may help: only they pay for a shareable table.
                    let r = solve(j, self.units.len() - k <= self.workers);
                    progress(&r);
                    // The receiver lives until every sender is gone.
                    let _ = tx.send((j, r));
                }
                drop(working);
            }
        };
        pool.scope(|s| {
            for _ in 0..self.workers {
                let tx = tx.clone();
                s.spawn(|_| worker(tx));
            }
        });
    }
}

/// Collects `count` records sent with their input index, in any order;
/// gives each to `emit` as soon as every one before it has come (a batch
/// of hours shows its results as it goes, and what was shown survives an
/// interrupted run). Returns them all in input order.
pub fn in_order(
    rx: mpsc::Receiver<(usize, Record)>,
    count: usize,
    mut emit: impl FnMut(&Record),
) -> Vec<Record> {
    let mut done: Vec<Option<Record>> = (0..count).map(|_| None).collect();
    let mut next = 0;
    for (j, r) in rx {
        done[j] = Some(r);
        while let Some(Some(r)) = done.get(next) {
            emit(r);
            next += 1;
        }
    }
    done.into_iter()
        .map(|r| r.expect("every job sends its record"))
        .collect()
}

/// Runs one problem's analysis; a panic there (a bug) becomes that
/// problem's error record, and the rest of the batch still runs.
pub fn guarded(p: &Problem, side: Color, run: impl FnOnce() -> Record) -> Record {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(run)).unwrap_or_else(|payload| {
        let what = panic_message(payload.as_ref());
        let e = LoadError {
            file: p.file.clone(),
            index: Some(p.index),
            cause: format!("internal error, a bug in shikatsu (please report it): {what}"),
        };
        Record::from_error(&e, Some(side))
    })
}

/// What a caught panic said (its `&str` or `String` payload).
pub fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem;

    fn three() -> Problem {
        let text = include_str!("../problems/classic/straight-three.sgf");
        problem::sgf::load_str("three.sgf", text)
            .pop()
            .expect("a problem")
            .expect("it loads")
    }

    #[test]
    fn a_panic_in_one_analysis_becomes_that_problems_error_record() {
        let p = three();
        let r = guarded(&p, Color::Black, || panic!("the board went wrong"));
        assert_eq!(r.status, "error");
        assert_eq!(r.to_move.as_deref(), Some("B"));
        assert_eq!(
            r.error.as_deref(),
            Some(
                "three.sgf: problem 0: internal error, a bug in shikatsu (please report it): \
                 the board went wrong"
            )
        );
        let fine = guarded(&p, Color::Black, || {
            Record::from_error(
                &LoadError {
                    file: p.file.clone(),
                    index: None,
                    cause: "not a panic".to_string(),
                },
                None,
            )
        });
        assert_eq!(fine.error.as_deref(), Some("three.sgf: not a panic"));
    }

    fn error(name: &str) -> Loaded {
        Err(LoadError {
            file: name.into(),
            index: None,
            cause: "empty file".to_string(),
        })
    }

    #[test]
    fn records_are_emitted_in_input_order_as_soon_as_their_turn_comes() {
        let (tx, rx) = mpsc::channel();
        let record = |name: &str| {
            Record::from_error(
                &LoadError {
                    file: name.into(),
                    index: None,
                    cause: "x".to_string(),
                },
                None,
            )
        };
        // The third is done first, then the first, then the second.
        tx.send((2, record("c"))).unwrap();
        tx.send((0, record("a"))).unwrap();
        tx.send((1, record("b"))).unwrap();
        drop(tx);
        let mut seen = Vec::new();
        let all = in_order(rx, 3, |r| seen.push(r.file.clone()));
        assert_eq!(seen, ["a", "b", "c"]);
        let files: Vec<_> = all.iter().map(|r| r.file.as_str()).collect();
        assert_eq!(files, ["a", "b", "c"]);
    }

    #[test]
    fn a_problem_without_pl_is_one_unit_when_problems_outnumber_workers() {
        // straight-three has no PL: two sides.
        let loaded = vec![Ok(three()), error("bad.sgf"), Ok(three())];
        let one = Plan::new(&loaded, 1);
        assert_eq!(one.jobs.len(), 5);
        assert_eq!(one.sides, 4);
        // Input order on one worker, each problem's sides together, the
        // defender's (White's, job 1) first.
        assert_eq!(one.units, [vec![1, 0], vec![2], vec![4, 3]]);
        // More workers than problems: each side alone, so both run at
        // once; the load error (nothing to search) goes last.
        let four = Plan::new(&loaded, 4);
        assert_eq!(four.units, [vec![0], vec![1], vec![3], vec![4], vec![2]]);
        // Four workers, four sides: one thread each.
        assert_eq!(four.thread_budget(), 1);
        let eight = Plan::new(&loaded, 8);
        assert_eq!(eight.thread_budget(), 2);
    }

    #[test]
    fn parallel_ko_needs_two_workers_per_side_and_then_takes_one_thread() {
        let loaded = vec![Ok(three())];
        let mut opts = Options::default();
        Plan::new(&loaded, 3).tune(&mut opts, true, None);
        assert!(!opts.parallel_ko);
        assert_eq!(opts.threads, 1);
        let plan = Plan::new(&loaded, 4);
        plan.tune(&mut opts, true, None);
        assert!(opts.parallel_ko);
        assert_eq!(opts.threads, 1);
        assert!(plan.help_desk(&opts).is_none());
        plan.tune(&mut opts, false, None);
        assert_eq!(opts.threads, 2);
        plan.tune(&mut opts, false, Some(1));
        assert_eq!(opts.threads, 1);
        assert!(plan.help_desk(&opts).is_some());
    }
}
