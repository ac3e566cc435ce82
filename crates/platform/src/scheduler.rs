//! Periodic jobs (settlement sweeps, funding rounds, interest accrual, the
//! market maker's requotes), each taking a bounded slice of its work per
//! run so that no job holds the ledger for long.
//!
//! A job runs every `period`. It reports [`Progress::More`] when it stopped
//! at its slice bound with work left: the scheduler then runs it again after
//! yielding to everything else, and [`Progress::Done`] when it caught up:
//! the next run waits for the next period. Runs of one job never overlap;
//! a tick that falls due while a run is still going is skipped, not queued.
//! A run that fails or panics is logged and counted, and the job runs again
//! at the next period: one bad run never stops a job.

use futures_util::FutureExt;
use onyx_kernel::Failure;
use std::collections::BTreeMap;
use std::future::Future;
use std::panic::AssertUnwindSafe;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::watch;
use tokio::task::JoinHandle;

/// What a run achieved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    /// Nothing is left until the next period.
    Done,
    /// The run stopped at its slice bound; more is waiting.
    More,
}

/// Counters of one job, for operators and tests.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct JobStats {
    pub runs: u64,
    pub failures: u64,
    pub panics: u64,
    /// Runs that stopped with work left (each followed by another run).
    pub slices: u64,
}

#[derive(Default)]
pub struct Scheduler {
    stats: Arc<Mutex<BTreeMap<&'static str, JobStats>>>,
    stop: Mutex<Option<watch::Sender<bool>>>,
    tasks: Mutex<Vec<JoinHandle<()>>>,
}

impl Scheduler {
    pub fn new() -> Scheduler {
        Scheduler {
            stop: Mutex::new(Some(watch::channel(false).0)),
            ..Default::default()
        }
    }

    /// Starts `job` under `name`, first run one `period` from now.
    pub fn every<F, Fut>(&self, name: &'static str, period: Duration, job: F)
    where
        F: Fn() -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Result<Progress, Failure>> + Send + 'static,
    {
        let Some(mut stop) = self.stop_signal() else {
            tracing::warn!(job = name, "scheduler stopped: job not started");
            return;
        };
        let stats = self.stats.clone();
        stats
            .lock()
            .map(|mut s| s.insert(name, JobStats::default()))
            .ok();
        let task = tokio::spawn(async move {
            let mut ticks = tokio::time::interval_at(tokio::time::Instant::now() + period, period);
            ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
            loop {
                tokio::select! {
                    _ = ticks.tick() => {}
                    _ = stop.changed() => return,
                }
                loop {
                    let outcome = AssertUnwindSafe(job()).catch_unwind().await;
                    let more = record(&stats, name, outcome);
                    if !more || *stop.borrow() {
                        break;
                    }
                    tokio::task::yield_now().await;
                }
            }
        });
        if let Ok(mut tasks) = self.tasks.lock() {
            tasks.push(task);
        }
    }

    /// The counters of `name`, if such a job was started.
    pub fn stats(&self, name: &str) -> Option<JobStats> {
        self.stats.lock().ok()?.get(name).copied()
    }

    /// Every job's counters, by name.
    pub fn all_stats(&self) -> Vec<(&'static str, JobStats)> {
        self.stats
            .lock()
            .map(|s| s.iter().map(|(k, v)| (*k, *v)).collect())
            .unwrap_or_default()
    }

    /// Stops every job after its current run and waits for them.
    pub async fn stop(&self) {
        if let Some(stop) = self.stop.lock().ok().and_then(|mut s| s.take()) {
            let _ = stop.send(true);
        }
        let tasks = self
            .tasks
            .lock()
            .map(|mut t| std::mem::take(&mut *t))
            .unwrap_or_default();
        for task in tasks {
            let _ = task.await;
        }
    }

    fn stop_signal(&self) -> Option<watch::Receiver<bool>> {
        self.stop.lock().ok()?.as_ref().map(|s| s.subscribe())
    }
}

/// Counts one run; true when the job asked to go on at once.
fn record(
    stats: &Mutex<BTreeMap<&'static str, JobStats>>,
    name: &'static str,
    outcome: std::thread::Result<Result<Progress, Failure>>,
) -> bool {
    let Ok(mut all) = stats.lock() else {
        return false;
    };
    let s = all.entry(name).or_default();
    s.runs = s.runs.saturating_add(1);
    match outcome {
        Ok(Ok(Progress::Done)) => false,
        Ok(Ok(Progress::More)) => {
            s.slices = s.slices.saturating_add(1);
            true
        }
        Ok(Err(failure)) => {
            s.failures = s.failures.saturating_add(1);
            tracing::error!(job = name, %failure, "scheduled job failed");
            false
        }
        Err(_) => {
            s.panics = s.panics.saturating_add(1);
            tracing::error!(job = name, "scheduled job panicked");
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU32, Ordering};

    /// Lets the paused clock run `n` periods, letting the jobs catch up.
    async fn periods(n: u32, period: Duration) {
        for _ in 0..n {
            tokio::time::sleep(period).await;
            for _ in 0..50 {
                tokio::task::yield_now().await;
            }
        }
    }

    #[tokio::test(start_paused = true)]
    async fn a_job_with_work_left_runs_again_at_once_until_it_is_done() {
        let scheduler = Scheduler::new();
        let left = Arc::new(AtomicU32::new(5));
        let counter = left.clone();
        scheduler.every("sweep", Duration::from_secs(60), move || {
            let left = counter.clone();
            async move {
                // Two items per run: a bounded slice.
                let before = left.load(Ordering::SeqCst);
                let after = before.saturating_sub(2);
                left.store(after, Ordering::SeqCst);
                Ok(if after > 0 {
                    Progress::More
                } else {
                    Progress::Done
                })
            }
        });
        periods(1, Duration::from_secs(60)).await;
        assert_eq!(left.load(Ordering::SeqCst), 0);
        let stats = scheduler.stats("sweep").unwrap();
        assert_eq!((stats.runs, stats.slices), (3, 2));
        scheduler.stop().await;
    }

    #[tokio::test(start_paused = true)]
    async fn a_failing_or_panicking_run_is_counted_and_the_job_goes_on() {
        let scheduler = Scheduler::new();
        let run = Arc::new(AtomicU32::new(0));
        let counter = run.clone();
        scheduler.every("flaky", Duration::from_secs(10), move || {
            let n = counter.fetch_add(1, Ordering::SeqCst);
            async move {
                match n {
                    0 => Err(Failure::internal("database away")),
                    1 => panic!("a bug in one run"),
                    _ => Ok(Progress::Done),
                }
            }
        });
        periods(3, Duration::from_secs(10)).await;
        let stats = scheduler.stats("flaky").unwrap();
        assert_eq!((stats.runs, stats.failures, stats.panics), (3, 1, 1));
        scheduler.stop().await;
        periods(2, Duration::from_secs(10)).await;
        assert_eq!(scheduler.stats("flaky").unwrap().runs, 3, "stopped");
    }
}
