//! Events one part of Onyx publishes for others to react to (the socket
//! pushing an update, a later product crediting a rebate on a fee). A
//! [`Topic`] is a typed, bounded broadcast: publishing never waits, and a
//! subscriber that falls behind by more than the bound learns it lagged
//! (and resynchronises from the store) instead of slowing the publisher.

use std::sync::Arc;
use tokio::sync::broadcast;

/// One typed stream of events. Cheap to clone; every clone publishes to
/// the same subscribers.
pub struct Topic<E> {
    sender: broadcast::Sender<Arc<E>>,
}

impl<E> Clone for Topic<E> {
    fn clone(&self) -> Self {
        Topic {
            sender: self.sender.clone(),
        }
    }
}

impl<E: Send + Sync + 'static> Topic<E> {
    /// A topic that buffers `capacity` events for its slowest subscriber.
    pub fn new(capacity: usize) -> Topic<E> {
        Topic {
            sender: broadcast::channel(capacity.max(1)).0,
        }
    }

    /// Publishes a committed fact. No subscriber is not an error: nobody
    /// is watching.
    pub fn publish(&self, event: E) {
        let _ = self.sender.send(Arc::new(event));
    }

    pub fn subscribe(&self) -> broadcast::Receiver<Arc<E>> {
        self.sender.subscribe()
    }

    pub fn subscribers(&self) -> usize {
        self.sender.receiver_count()
    }
}

/// What crosses product lines: facts every part may want to react to,
/// published after they are committed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlatformEvent {
    /// An operator froze the user: sessions end, sockets close.
    UserFrozen { user_id: i64 },
    /// The user's sessions were revoked (password change, sign-out
    /// everywhere).
    SessionsRevoked { user_id: i64 },
    /// A fixed-payout order of the user settled (committed), or the
    /// futures sweep liquidated a position, triggered a stop or filled or
    /// cancelled an order: `kind` is the socket message's type (`SECOND`,
    /// `OPTION`, `FUTURES`), `order` what happened as the API shows it.
    ContractSettled {
        kind: &'static str,
        user_id: i64,
        order: serde_json::Value,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn every_subscriber_gets_each_event_and_a_slow_one_learns_it_lagged() {
        let topic = Topic::new(2);
        let mut a = topic.subscribe();
        let mut b = topic.subscribe();
        for user_id in 1..=3 {
            topic.publish(PlatformEvent::UserFrozen { user_id });
        }
        assert!(matches!(
            a.recv().await,
            Err(broadcast::error::RecvError::Lagged(1))
        ));
        assert_eq!(
            *a.recv().await.unwrap(),
            PlatformEvent::UserFrozen { user_id: 2 }
        );
        drop(a);
        assert_eq!(topic.subscribers(), 1);
        assert!(b.recv().await.is_err(), "b lagged too");
    }
}
