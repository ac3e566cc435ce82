use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "sessions")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub user_id: i64,
    pub token_hash: String,
    pub kind: SessionKind,
    pub created_at: DateTimeUtc,
    pub expires_at: DateTimeUtc,
    pub ip: String,
    pub user_agent: String,
    /// When a request last came with the token, written at most once a
    /// minute; None when none has since sign-in (read `created_at`).
    pub last_seen_at: Option<DateTimeUtc>,
    /// When the session was ended before it expired; the row stays as
    /// history (None while live, and for one that merely expired).
    pub ended_at: Option<DateTimeUtc>,
    pub end_reason: Option<EndReason>,
    /// A remembered device's family: the id of the remembered-device row
    /// its sign-in issued, on every remembered-device token and session a
    /// restore issued from it (m0031); None on that first row and on
    /// sessions outside any family.
    pub family_id: Option<i64>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

crate::status_enum!(
    /// What a token opens: a signed-in session, or a remembered device
    /// (spent once to start a new session).
    SessionKind {
        Session = "session",
        Remember = "remember",
    }
);

crate::status_enum!(
    /// Why a session (a user's, or an operator's in `admin_sessions`)
    /// was ended before it expired.
    EndReason {
        /// Its holder signed out (for a user, their remembered device too).
        SignedOut = "signed_out",
        /// An operator signed out everywhere but the session they were in.
        SignedOutEverywhere = "signed_out_everywhere",
        /// An operator ended it from another of their sessions.
        Revoked = "revoked",
        /// The user changed their login password.
        PasswordChanged = "password_changed",
        /// The login password was reset with a code to the account's
        /// email or phone.
        PasswordReset = "password_reset",
        /// An operator froze the user.
        Frozen = "frozen",
        /// A remembered-device token was spent signing in and replaced by
        /// a new one (rotation).
        Replaced = "replaced",
        /// The operator's second factor was reset from the command line.
        TotpReset = "totp_reset",
        /// A spent remembered-device token was presented again: someone
        /// holds a copy, so every token and session of its family ended.
        RememberReused = "remember_reused",
    }
);

crate::status_enum!(
    /// Where a session stands at a moment: what the operator lists show.
    SessionState {
        Active = "active",
        /// Ran out without being ended.
        Expired = "expired",
        /// Ended before it expired (see [`EndReason`]).
        Ended = "ended",
    }
);

impl SessionState {
    /// An end, once recorded, is what the session is remembered by, even
    /// past the time it would have expired.
    pub fn at(
        ended_at: Option<DateTimeUtc>,
        expires_at: DateTimeUtc,
        now: DateTimeUtc,
    ) -> SessionState {
        if ended_at.is_some() {
            SessionState::Ended
        } else if expires_at > now {
            SessionState::Active
        } else {
            SessionState::Expired
        }
    }
}

impl Model {
    pub fn state(&self, now: DateTimeUtc) -> SessionState {
        SessionState::at(self.ended_at, self.expires_at, now)
    }
}
