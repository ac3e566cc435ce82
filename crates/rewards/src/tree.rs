//! The referral tree, from registration: a user's inviter is the owner of
//! the invite code they registered with (`users.parent_id`); levels 2 and
//! 3 are the inviter's inviter and the one above.

use crate::rules::LEVELS;
use onyx_store::entity::user;
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder};

/// The inviters of `user_id` at levels 1, 2, 3 (fewer near the root).
pub async fn inviters(db: &impl ConnectionTrait, user_id: i64) -> Result<Vec<i64>, DbErr> {
    let mut out = Vec::with_capacity(LEVELS);
    let mut at = user_id;
    while out.len() < LEVELS {
        let Some(parent) = user::Entity::find_by_id(at)
            .one(db)
            .await?
            .and_then(|u| u.parent_id)
        else {
            break;
        };
        // A loop in the tree (never made by registration) ends the chain.
        if parent == user_id || out.contains(&parent) {
            break;
        }
        out.push(parent);
        at = parent;
    }
    Ok(out)
}

/// The members `user_id` invited, directly (level 1) and below, per level.
pub async fn downline(
    db: &impl ConnectionTrait,
    user_id: i64,
) -> Result<Vec<Vec<user::Model>>, DbErr> {
    let mut levels: Vec<Vec<user::Model>> = Vec::with_capacity(LEVELS);
    let mut parents = vec![user_id];
    for _ in 0..LEVELS {
        let members = if parents.is_empty() {
            Vec::new()
        } else {
            user::Entity::find()
                .filter(user::Column::ParentId.is_in(parents.clone()))
                .filter(user::Column::Id.ne(user_id))
                .order_by_desc(user::Column::Id)
                .all(db)
                .await?
        };
        parents = members.iter().map(|m| m.id).collect();
        levels.push(members);
    }
    Ok(levels)
}

/// How a member is shown: the name they sign in with.
pub fn account_of(u: &user::Model) -> String {
    u.username
        .clone()
        .or_else(|| u.email.clone())
        .or_else(|| u.phone.clone())
        .unwrap_or_default()
}
