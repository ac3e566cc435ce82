//! Keeping a task that owns in-memory state serving through panics.
//!
//! The pair task catches a panic around each batch itself (the batch is
//! rolled back and answered -8, the book rebuilt). Anything that still
//! unwinds out of the task lands here: [`supervise`] logs it, counts it,
//! rebuilds the task from the store and serves the same queue again, so
//! requests already waiting are not lost and submitters never see the pair
//! disappear. Generic over [`Supervised`] so the restart logic is tested
//! with a task that panics on purpose, without a database.

use futures_util::FutureExt;
use serde::Serialize;
use std::any::Any;
use std::future::Future;
use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc;
use utoipa::ToSchema;

/// Wait between two failed rebuilds (the store unreachable): requests
/// queue meanwhile and their senders wait, as under any back-pressure.
pub const REBUILD_RETRY: Duration = Duration::from_secs(1);

/// A task that serves a queue and can be rebuilt from durable state.
pub trait Supervised: Sized + Send {
    type Request: Send;

    /// For the log.
    fn name(&self) -> &str;

    /// Serves requests until every sender is gone.
    fn serve(
        &mut self,
        queue: &mut mpsc::Receiver<Self::Request>,
    ) -> impl Future<Output = ()> + Send;

    /// A fresh task from durable state, to replace one a panic left in an
    /// unknown state (read only what a panic cannot corrupt from `self`).
    fn rebuild(&self) -> impl Future<Output = anyhow::Result<Self>> + Send;
}

/// Panics of one task, as counters an operator can read.
#[derive(Debug, Default)]
pub struct TaskHealth {
    restarts: AtomicU64,
    recovered: AtomicU64,
}

/// [`TaskHealth`] at one moment.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HealthCounts {
    /// The task died and was rebuilt from the store.
    pub restarts: u64,
    /// A batch panicked; it was rolled back and answered -8, and the task
    /// went on with its book rebuilt.
    pub recovered_panics: u64,
}

impl TaskHealth {
    /// Counts a restart and returns the count so far.
    pub fn note_restart(&self) -> u64 {
        self.restarts
            .fetch_add(1, Ordering::Relaxed)
            .saturating_add(1)
    }

    /// Counts a panic caught inside the task and returns the count so far.
    pub fn note_recovered(&self) -> u64 {
        self.recovered
            .fetch_add(1, Ordering::Relaxed)
            .saturating_add(1)
    }

    pub fn counts(&self) -> HealthCounts {
        HealthCounts {
            restarts: self.restarts.load(Ordering::Relaxed),
            recovered_panics: self.recovered.load(Ordering::Relaxed),
        }
    }
}

/// What a panic said, for the log.
pub fn panic_message(panic: &(dyn Any + Send)) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".into())
}

/// Runs `task` on `queue`; after every panic, logs and counts it, rebuilds
/// the task (waiting `retry` between failed attempts) and serves the same
/// queue again. Returns once the queue is closed (every sender dropped).
pub async fn supervise<T: Supervised>(
    mut task: T,
    mut queue: mpsc::Receiver<T::Request>,
    health: Arc<TaskHealth>,
    retry: Duration,
) {
    loop {
        let served = AssertUnwindSafe(task.serve(&mut queue))
            .catch_unwind()
            .await;
        let Err(panic) = served else {
            return;
        };
        let restarts = health.note_restart();
        tracing::error!(
            task = task.name(),
            restarts,
            cause = %panic_message(&*panic),
            "task panicked; rebuilding it from the store"
        );
        task = rebuilt(&task, retry).await;
        tracing::warn!(task = task.name(), restarts, "task restarted");
    }
}

/// `old.rebuild()`, retried until it succeeds (a panic in it included).
async fn rebuilt<T: Supervised>(old: &T, retry: Duration) -> T {
    loop {
        let error = match AssertUnwindSafe(old.rebuild()).catch_unwind().await {
            Ok(Ok(task)) => return task,
            Ok(Err(e)) => format!("{e:#}"),
            Err(panic) => panic_message(&*panic),
        };
        tracing::error!(task = old.name(), %error, "task rebuild failed; retrying");
        tokio::time::sleep(retry).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::sync::oneshot;

    /// Answers each number with itself plus the generation it runs in;
    /// panics on 13. A rebuild starts the next generation.
    struct Echo {
        generation: u64,
        rebuild_failures_left: Arc<AtomicU64>,
    }

    type Ask = (u64, oneshot::Sender<(u64, u64)>);

    impl Supervised for Echo {
        type Request = Ask;

        fn name(&self) -> &str {
            "echo"
        }

        async fn serve(&mut self, queue: &mut mpsc::Receiver<Ask>) {
            while let Some((n, reply)) = queue.recv().await {
                if n == 13 {
                    panic!("unlucky");
                }
                let _ = reply.send((n, self.generation));
            }
        }

        async fn rebuild(&self) -> anyhow::Result<Echo> {
            let left = self.rebuild_failures_left.load(Ordering::SeqCst);
            if left > 0 {
                self.rebuild_failures_left.store(left - 1, Ordering::SeqCst);
                anyhow::bail!("store unreachable");
            }
            Ok(Echo {
                generation: self.generation + 1,
                rebuild_failures_left: self.rebuild_failures_left.clone(),
            })
        }
    }

    async fn ask(tx: &mpsc::Sender<Ask>, n: u64) -> Option<(u64, u64)> {
        let (reply, answer) = oneshot::channel();
        tx.send((n, reply)).await.ok()?;
        answer.await.ok()
    }

    #[tokio::test]
    async fn a_panicking_task_is_rebuilt_counted_and_keeps_its_queue() {
        let (tx, rx) = mpsc::channel(16);
        let health = Arc::new(TaskHealth::default());
        let echo = Echo {
            generation: 0,
            rebuild_failures_left: Arc::new(AtomicU64::new(2)),
        };
        let retry = Duration::from_millis(1);
        let supervisor = tokio::spawn(supervise(echo, rx, health.clone(), retry));
        assert_eq!(ask(&tx, 1).await, Some((1, 0)));

        // Queued behind the panicking request: served by the rebuilt task,
        // after two failed rebuilds.
        let (reply, lost) = oneshot::channel();
        tx.send((13, reply)).await.unwrap();
        let (reply, kept) = oneshot::channel();
        tx.send((2, reply)).await.unwrap();
        assert!(lost.await.is_err(), "the panicking request is dropped");
        assert_eq!(kept.await.unwrap(), (2, 1));
        assert_eq!(
            health.counts(),
            HealthCounts {
                restarts: 1,
                recovered_panics: 0
            }
        );

        assert!(ask(&tx, 13).await.is_none());
        assert_eq!(ask(&tx, 3).await, Some((3, 2)));
        assert_eq!(health.counts().restarts, 2);

        drop(tx);
        supervisor
            .await
            .expect("the supervisor returns once the queue closes");
    }

    #[test]
    fn panic_messages_are_read_from_either_payload() {
        let text: Box<dyn Any + Send> = Box::new("static");
        assert_eq!(panic_message(&*text), "static");
        let owned: Box<dyn Any + Send> = Box::new(String::from("owned"));
        assert_eq!(panic_message(&*owned), "owned");
        let other: Box<dyn Any + Send> = Box::new(7u8);
        assert_eq!(panic_message(&*other), "a panic without a message");
    }
}
