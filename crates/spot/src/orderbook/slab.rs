//! Order nodes in one vector, linked into per-level FIFO queues by index,
//! with a free list: inserting reuses a freed slot, removing is O(1).

use super::{OrderId, OwnerId, Price, Qty, Side};

pub(crate) const NIL: u32 = u32::MAX;

#[derive(Clone, Copy, Debug)]
pub(crate) struct Node {
    pub id: OrderId,
    pub owner: OwnerId,
    pub side: Side,
    pub price: Price,
    pub qty: Qty,
    pub prev: u32,
    pub next: u32,
}

#[derive(Debug, Default)]
pub(crate) struct Slab {
    nodes: Vec<Node>,
    free: Vec<u32>,
}

impl Slab {
    pub fn with_capacity(n: usize) -> Slab {
        Slab {
            nodes: Vec::with_capacity(n),
            free: Vec::with_capacity(n),
        }
    }

    pub fn insert(&mut self, node: Node) -> u32 {
        match self.free.pop() {
            Some(slot) => {
                self.nodes[slot as usize] = node;
                slot
            }
            None => {
                // The book refuses orders past its capacity, which is below
                // NIL, so a new slot always has a number.
                let slot = self.nodes.len();
                debug_assert!(slot < NIL as usize, "slab full");
                self.nodes.push(node);
                slot as u32
            }
        }
    }

    pub fn release(&mut self, slot: u32) {
        debug_assert!(!self.free.contains(&slot), "double free");
        self.free.push(slot);
    }

    pub fn get(&self, slot: u32) -> &Node {
        &self.nodes[slot as usize]
    }

    pub fn get_mut(&mut self, slot: u32) -> &mut Node {
        &mut self.nodes[slot as usize]
    }
}
