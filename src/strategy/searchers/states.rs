//! The pending states of a fork-level search order, kept as KLEE and the subpath paper keep
//! them: a vector in which, when a selected state forks, the taken side (1) stays at the
//! selected state's position and the other sides are appended; a state that ends is removed
//! and later states shift down. [`ForkSearcher`] turns the explorer's [`Pending`] entries into
//! such states and lets a [`Policy`] choose among them.
//!
//! How the explorer's entries map onto states (lazy replay):
//! - a [`Pending::Continue`] standing at fork `k` of a run is the state that has just taken the
//!   run's own direction at fork `k - 1` (the run's first state for `k = 0`); selecting it steps
//!   over fork `k`, and the entries the explorer pushes back (the continuation at `k + 1` and the
//!   tasks flipping fork `k`) are its children;
//! - a continuation at the run's end is the state that has taken the last fork; selecting it
//!   emits the run's test;
//! - a [`Pending::Flip`] is the state on the other side of a fork; selecting it solves and runs
//!   the task, and the continuation of the new run that the explorer pushes next *is* that
//!   state: it keeps its place and is popped at once, without a second selection (one
//!   selection, one segment "until the next fork or the end", as in the paper's Algorithm 1).
//!
//! A fork is an event whose flip tasks the pruners kept. The explorer solves a fork's flips
//! when it steps over the fork, as KLEE checks both sides when a state forks: a feasible flip
//! becomes a state (its model waits for its selection), an infeasible one never does
//! ([`Searcher::on_dead_flip`] counts it). A flip whose query was cut short is decided again
//! when selected; if it then dies, its selection is undone ([`Policy::on_unselect`]).

use super::super::Searcher;
use super::order::OrderSet;
use crate::task::{ForkSite, PathRecord, Pending};
use std::sync::{Arc, Mutex};

/// The fork elements of a state's path, most recent first (shared between states).
#[derive(Debug)]
pub struct Trail {
    /// The last element.
    pub site: ForkSite,
    /// The ones before.
    pub prev: Option<Arc<Trail>>,
}

/// One pending state.
#[derive(Debug)]
pub struct State {
    /// Unique id (creation order, from 1).
    pub id: u64,
    /// The id of the state it forked from (0 for the first state).
    pub parent: u64,
    /// The explorer's entry (`None` only while the state is being stepped).
    pub pending: Option<Pending>,
    /// The last fork element of its path (`None` for a run's first state).
    pub site: Option<ForkSite>,
    /// Its path's fork elements, kept only while a selection log is recorded
    /// ([`ForkSearcher::with_log`]): no policy needs more than [`State::site`] and the parent.
    pub trail: Option<Arc<Trail>>,
    /// How many fork elements its path has.
    pub depth: u32,
    /// The policy's own value for the state ([`Policy::tag`], e.g. subpath's key), fixed
    /// when the state is made.
    pub tag: u32,
    /// Its place in the vector: states are in `ord` order; a fork's first child takes its
    /// parent's `ord`, the others get new, larger ones (appended).
    pub ord: u64,
}

/// The pending states in vector order: a slab of states, the slab slot of each place
/// ([`State::ord`]) by direct index, and the set of occupied places as an [`OrderSet`]
/// (lookup in O(1); insertion, removal, the `i`-th state and a position in O(log n); a
/// selection never shifts the vector nor moves a state).
#[derive(Default)]
pub struct States {
    slot_by_ord: Vec<u32>,
    order: OrderSet,
    slab: Vec<Option<State>>,
    free: Vec<u32>,
}

const NONE: u32 = u32::MAX;

impl States {
    /// Pending states.
    pub fn len(&self) -> usize {
        self.order.len()
    }
    /// True when none is pending.
    pub fn is_empty(&self) -> bool {
        self.order.is_empty()
    }
    /// The states in vector order.
    pub fn iter(&self) -> impl Iterator<Item = &State> {
        (0..self.order.len()).filter_map(|i| self.nth(i))
    }
    /// The state at `ord`.
    pub fn get(&self, ord: u64) -> Option<&State> {
        self.slot_of(ord).and_then(|i| self.at(i))
    }
    /// The `i`-th state in vector order.
    pub fn nth(&self, i: usize) -> Option<&State> {
        self.order.nth(i).and_then(|ord| self.get(ord as u64))
    }
    /// The 0-based position of the state at `ord`.
    pub fn position(&self, ord: u64) -> usize {
        self.order.rank(ord as usize)
    }
    /// The last state in vector order.
    pub fn last(&self) -> Option<&State> {
        self.order.last().and_then(|ord| self.get(ord as u64))
    }
    /// The slab slot of the state at `ord` (valid until that state leaves).
    fn slot_of(&self, ord: u64) -> Option<u32> {
        self.slot_by_ord.get(ord as usize).copied().filter(|&i| i != NONE)
    }
    fn at(&self, slot: u32) -> Option<&State> {
        self.slab.get(slot as usize)?.as_ref()
    }
    fn at_mut(&mut self, slot: u32) -> Option<&mut State> {
        self.slab.get_mut(slot as usize)?.as_mut()
    }
    fn insert(&mut self, s: State) {
        let ord = s.ord as usize;
        let i = match self.free.pop() {
            Some(i) => {
                self.slab[i as usize] = Some(s);
                i
            }
            None => {
                self.slab.push(Some(s));
                (self.slab.len() - 1) as u32
            }
        };
        if self.slot_by_ord.len() <= ord {
            self.slot_by_ord.resize(ord + 1, NONE);
        }
        match std::mem::replace(&mut self.slot_by_ord[ord], i) {
            NONE => self.order.insert(ord),
            old => {
                self.slab[old as usize] = None;
                self.free.push(old);
            }
        }
    }
    fn remove(&mut self, ord: u64) -> Option<State> {
        let i = self.slot_of(ord)?;
        self.slot_by_ord[ord as usize] = NONE;
        self.order.remove(ord as usize);
        self.free.push(i);
        self.slab[i as usize].take()
    }
    /// Puts `s` (with the same `ord`) in slot `slot`, returning the state that was there.
    fn replace_at(&mut self, slot: u32, s: State) -> Option<State> {
        self.slab.get_mut(slot as usize)?.replace(s)
    }
}

impl State {
    /// The last `n` fork elements, oldest first (fewer early in a path; empty unless the
    /// trail is kept, see [`State::trail`]).
    pub fn last(&self, n: usize) -> Vec<ForkSite> {
        let mut v = Vec::with_capacity(n.min(self.depth as usize));
        let mut t = self.trail.as_deref();
        while let Some(x) = t {
            if v.len() == n {
                break;
            }
            v.push(x.site);
            t = x.prev.as_deref();
        }
        v.reverse();
        v
    }

    /// The site (method, pc) the state stands at: the fork it steps over next, the flipped
    /// fork of a task, or its last fork at a run's end.
    pub fn at(&self) -> Option<(u32, u32)> {
        match &self.pending {
            Some(Pending::Continue(c)) => c.taken().map(|s| (s.method, s.pc)),
            Some(Pending::Flip(t)) => Some((t.site.0, t.site.1)),
            None => None,
        }
        .or_else(|| self.site.map(|t| (t.method, t.pc)))
    }
}

/// How a search order chooses among the pending states. Every hook but `pick` is optional.
pub trait Policy: Send {
    /// The order's name.
    fn name(&self) -> String;
    /// The [`State::ord`] of the state to select (`states` is never empty).
    fn pick(&mut self, states: &States) -> u64;
    /// The [`State::tag`] of a state made from a parent by a fork element (`None` for a run's
    /// first state).
    fn tag(&mut self, _from: Option<(&State, ForkSite)>) -> u32 {
        0
    }
    /// A state was selected.
    fn on_select(&mut self, _s: &State) {}
    /// A selected task turned out infeasible: undo [`Policy::on_select`].
    fn on_unselect(&mut self, _s: &State) {}
    /// A state entered the vector (the first state, or a child of a fork).
    fn on_add(&mut self, _s: &State) {}
    /// A state left the vector (it ended, died or was retracted).
    fn on_remove(&mut self, _s: &State) {}
    /// Feedback after each run.
    fn observe_path(&mut self, _p: &PathRecord) {}
    /// Its own counters.
    fn counters(&self) -> Vec<(String, u64)> {
        Vec::new()
    }
}

/// What the state selected last is doing.
enum Running {
    /// Nothing selected yet, or its step is settled.
    Idle,
    /// A task (place, slab slot): the next push is its run's first continuation.
    Flip(u64, u32),
    /// A fork (place, slab slot): the pushes are its children; the direction the run itself
    /// took there.
    Fork(u64, u32, ForkSite),
    /// A run's end (place): the state leaves.
    End(u64),
}

/// A searcher that chooses at every fork with a [`Policy`], and schedules path ends.
pub struct ForkSearcher {
    policy: Box<dyn Policy>,
    states: States,
    next_ord: u64,
    running: Running,
    children: Vec<State>,
    pinned: Option<u64>,
    next_id: u64,
    selections: u64,
    forks: u64,
    ends: u64,
    dead: u64,
    log: Option<Arc<Mutex<Vec<Pick>>>>,
}

/// One selection, as [`ForkSearcher::with_log`] records it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pick {
    /// The 1-based position of the selected state in the vector (the "pick" column of the
    /// subpath paper's Tables 1-2).
    pub position: usize,
    /// The fork elements of the selected state's path, oldest first.
    pub path: Vec<ForkSite>,
}

impl ForkSearcher {
    /// A searcher choosing with `policy`.
    pub fn new(policy: Box<dyn Policy>) -> Self {
        ForkSearcher {
            policy,
            states: States::default(),
            next_ord: 0,
            running: Running::Idle,
            children: Vec::new(),
            pinned: None,
            next_id: 1,
            selections: 0,
            forks: 0,
            ends: 0,
            dead: 0,
            log: None,
        }
    }

    /// Records every selection (the first state's included) into `log`.
    pub fn with_log(mut self, log: Arc<Mutex<Vec<Pick>>>) -> Self {
        self.log = Some(log);
        self
    }

    /// A first state: a run's start, with no fork behind it.
    fn new_state(&mut self, pending: Pending) -> State {
        let id = self.next_id;
        self.next_id += 1;
        let ord = self.next_ord;
        self.next_ord += 1;
        State {
            id,
            parent: 0,
            pending: Some(pending),
            site: None,
            trail: None,
            depth: 0,
            tag: self.policy.tag(None),
            ord,
        }
    }

    /// Places the children of the last fork, or removes the state that ended or died.
    fn settle(&mut self) {
        match std::mem::replace(&mut self.running, Running::Idle) {
            Running::Idle => {}
            Running::Flip(ord, _) | Running::End(ord) => {
                if let Some(s) = self.states.remove(ord) {
                    self.policy.on_remove(&s);
                }
            }
            Running::Fork(ord, slot, _) => {
                let mut buf = std::mem::take(&mut self.children);
                buf.sort_by_key(|k| k.site.map_or(0, |t| t.rank()));
                let mut kids = buf.drain(..);
                match kids.next() {
                    None => {
                        if let Some(parent) = self.states.remove(ord) {
                            self.policy.on_remove(&parent);
                        }
                    }
                    Some(mut first) => {
                        // The first child takes its parent's place.
                        first.ord = ord;
                        let Some(parent) = self.states.replace_at(slot, first) else {
                            return;
                        };
                        self.policy.on_remove(&parent);
                        if let Some(k) = self.states.at(slot) {
                            self.policy.on_add(k);
                        }
                    }
                }
                for mut k in kids {
                    k.ord = self.next_ord;
                    self.next_ord += 1;
                    self.policy.on_add(&k);
                    self.states.insert(k);
                }
                // Keep the buffer's capacity for the next fork.
                self.children = buf;
            }
        }
    }
}

impl Searcher for ForkSearcher {
    fn name(&self) -> String {
        self.policy.name()
    }

    fn push(&mut self, p: Pending) {
        match self.running {
            Running::Flip(ord, slot) => {
                // The selected task's run: the same state, now standing at its first fork.
                if let Some(s) = self.states.at_mut(slot) {
                    s.pending = Some(p);
                    self.pinned = Some(ord);
                }
                self.running = Running::Idle;
            }
            Running::Fork(_, slot, taken) => {
                let site = match &p {
                    Pending::Continue(_) => taken,
                    Pending::Flip(t) => ForkSite {
                        method: t.site.0,
                        pc: t.site.1,
                        dir: t.site.2,
                        switch: taken.switch,
                    },
                };
                let Some(parent) = self.states.at(slot) else { return };
                let kid = {
                    let id = self.next_id;
                    self.next_id += 1;
                    State {
                        id,
                        parent: parent.id,
                        pending: Some(p),
                        site: Some(site),
                        trail: self.log.as_ref().map(|_| {
                            Arc::new(Trail {
                                site,
                                prev: parent.trail.clone(),
                            })
                        }),
                        depth: parent.depth + 1,
                        tag: self.policy.tag(Some((parent, site))),
                        ord: 0,
                    }
                };
                self.children.push(kid);
            }
            Running::Idle | Running::End(_) => {
                self.settle();
                let s = self.new_state(p);
                self.policy.on_add(&s);
                self.states.insert(s);
            }
        }
    }

    fn pop(&mut self) -> Option<Pending> {
        self.settle();
        let (ord, slot) = match self.pinned.take() {
            Some(ord) => (ord, self.states.slot_of(ord)?),
            None => {
                if self.states.is_empty() {
                    return None;
                }
                let picked = self.policy.pick(&self.states);
                let (ord, slot) = match self.states.slot_of(picked) {
                    Some(slot) => (picked, slot),
                    None => {
                        let ord = self.states.last().map(|s| s.ord)?;
                        (ord, self.states.slot_of(ord)?)
                    }
                };
                self.selections += 1;
                let s = self.states.at(slot)?;
                self.policy.on_select(s);
                if let Some(l) = &self.log {
                    l.lock().unwrap_or_else(|e| e.into_inner()).push(Pick {
                        position: self.states.position(ord) + 1,
                        path: s.last(s.depth as usize),
                    });
                }
                (ord, slot)
            }
        };
        let p = self.states.at_mut(slot)?.pending.take()?;
        self.running = match &p {
            Pending::Flip(_) => Running::Flip(ord, slot),
            Pending::Continue(c) => match c.taken() {
                Some(t) => {
                    self.forks += 1;
                    Running::Fork(ord, slot, t)
                }
                None => {
                    self.ends += 1;
                    Running::End(ord)
                }
            },
        };
        Some(p)
    }

    fn len(&self) -> usize {
        self.states.len() + self.children.len()
    }

    fn retain(&mut self, keep: &mut dyn FnMut(&Pending) -> bool) {
        self.settle();
        let drop: Vec<u64> = self
            .states
            .iter()
            .filter(|s| !s.pending.as_ref().is_none_or(&mut *keep))
            .map(|s| s.ord)
            .collect();
        for ord in drop {
            if let Some(s) = self.states.remove(ord) {
                self.policy.on_remove(&s);
            }
        }
    }

    fn observe_path(&mut self, p: &PathRecord) {
        self.policy.observe_path(p);
    }

    fn fork_level(&self) -> bool {
        true
    }

    fn schedules_ends(&self) -> bool {
        true
    }

    fn on_dead(&mut self, _task: &crate::task::Task) {
        if let Running::Flip(_, slot) = self.running {
            self.dead += 1;
            self.selections -= 1;
            if let Some(s) = self.states.at(slot) {
                self.policy.on_unselect(s);
            }
        }
    }

    fn on_dead_flip(&mut self, _task: &crate::task::Task) {
        self.dead += 1;
    }

    fn counters(&self) -> Vec<(String, u64)> {
        let mut c = vec![
            ("selections".to_string(), self.selections),
            ("forks".to_string(), self.forks),
            ("ends".to_string(), self.ends),
            ("dead_flips".to_string(), self.dead),
        ];
        c.extend(self.policy.counters());
        c
    }
}
