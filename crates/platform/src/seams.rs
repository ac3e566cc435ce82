//! Seams one product offers another, installed when the server is wired:
//! copy trading hears every futures position change through one. They
//! belong to a context (every clone of it sees what was installed), not to
//! the process, so a product's own tests and tools run without the others
//! and two apps in one process never hear each other.

use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::sync::RwLock;

/// At most one value of each type.
#[derive(Default)]
pub struct Seams {
    slots: RwLock<HashMap<TypeId, Box<dyn Any + Send + Sync>>>,
}

impl Seams {
    /// Installs `value` unless one of its type is installed already
    /// (answers whether it was).
    pub fn install<T: Any + Send + Sync>(&self, value: T) -> bool {
        let mut slots = self.slots.write().unwrap_or_else(|e| e.into_inner());
        match slots.entry(TypeId::of::<T>()) {
            std::collections::hash_map::Entry::Occupied(_) => false,
            std::collections::hash_map::Entry::Vacant(v) => {
                v.insert(Box::new(value));
                true
            }
        }
    }

    /// The installed value of type `T` (an `Arc` of a seam's trait object,
    /// say), if any.
    pub fn get<T: Any + Send + Sync + Clone>(&self) -> Option<T> {
        let slots = self.slots.read().unwrap_or_else(|e| e.into_inner());
        slots.get(&TypeId::of::<T>())?.downcast_ref::<T>().cloned()
    }
}

impl std::fmt::Debug for Seams {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let n = self.slots.read().map(|s| s.len()).unwrap_or_default();
        f.debug_struct("Seams").field("installed", &n).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    trait Hook: Send + Sync {
        fn name(&self) -> &'static str;
    }
    struct A;
    impl Hook for A {
        fn name(&self) -> &'static str {
            "a"
        }
    }
    struct B;
    impl Hook for B {
        fn name(&self) -> &'static str {
            "b"
        }
    }

    #[test]
    fn the_first_seam_of_a_type_stays_and_others_are_apart() {
        let seams = Seams::default();
        assert!(seams.get::<Arc<dyn Hook>>().is_none());
        assert!(seams.install::<Arc<dyn Hook>>(Arc::new(A)));
        assert!(!seams.install::<Arc<dyn Hook>>(Arc::new(B)));
        assert_eq!(seams.get::<Arc<dyn Hook>>().unwrap().name(), "a");
        assert!(seams.get::<u32>().is_none());
        let other = Seams::default();
        assert!(other.get::<Arc<dyn Hook>>().is_none());
    }
}
