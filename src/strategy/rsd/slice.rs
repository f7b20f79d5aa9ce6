//! The backward slice of one run (seed 004 §3.2.2-3.2.4): from the instances of relevant
//! branches ([`super::relevance`]) and the slice's own seeds (an embedded halt, a cut's
//! matched set), follow data, control and potential edges back through the run's dependence
//! graph; a location is relevant at a recorded point when a definition of it made before the
//! point is read, after the point, by something in the slice. Its value there is the one that
//! definition wrote.
//!
//! One run's slice gives the relevant sets at every point of that run, its replayed prefix
//! included; the set of a node of the execution tree is the union over the runs through it,
//! which equals the paper's composition of successor sets at forks (the rules are unions of
//! per-location contributions, so slicing distributes over union).

use super::ddg::{Ddg, NIL};
use super::index::RLoc;
use super::relevance::Relevance;
use crate::strategy::rwset::state::{HLoc, VK};
use crate::vm::Site;
use rustc_hash::FxHashMap;

/// Why a location is relevant: a bit per relevant branch site of the run ([`Sliced::sites`]),
/// and [`ALWAYS`] for what no coverage can make irrelevant (an embedded halt, a cut's inherited
/// set, a run with more relevant sites than bits).
pub type Why = u64;

/// The reason that never goes away.
pub const ALWAYS: Why = 1 << 63;

/// The relevant locations, values and reasons at each of the run's points (`None`: not exact, so
/// the point's subtree can never be matched).
pub type PointSets = Vec<Option<Vec<(RLoc, VK, Why)>>>;

/// A run's slice: the sets at the asked times, and the branch sites the reason bits name.
#[derive(Debug, Default)]
pub struct Sliced {
    /// Per time.
    pub sets: PointSets,
    /// Bit `i` of a reason is relevant branch site `sites[i]`.
    pub sites: Vec<Site>,
}

/// Slices a run's graph with the relevance as it is now: the sets at its recorded points.
pub fn slice(g: &Ddg, rel: &mut Relevance) -> Sliced {
    let times: Vec<u32> = g.points.iter().map(|p| p.time).collect();
    slice_at(g, rel, &times)
}

/// The relevant sets at the given times (ascending; a time is the number of nodes made
/// before it, as [`super::ddg::PointRec::time`]).
pub fn slice_at(g: &Ddg, rel: &mut Relevance, times: &[u32]) -> Sliced {
    if g.top {
        return Sliced {
            sets: vec![None; times.len()],
            sites: Vec::new(),
        };
    }
    let n = g.nodes.len();
    // Per node, why the slice keeps it (0: it does not).
    let mut why = vec![0 as Why; n];
    let mut sites: Vec<Site> = Vec::new();
    for b in &g.branches {
        if b.node != NIL && rel.relevant(b.site) {
            let bit = match sites.iter().position(|s| *s == b.site) {
                Some(i) => 1 << i,
                None if sites.len() < 63 => {
                    sites.push(b.site);
                    1 << (sites.len() - 1)
                }
                None => ALWAYS,
            };
            why[b.node as usize] |= bit;
        }
    }
    for s in &g.seeds {
        why[*s as usize] |= ALWAYS;
    }
    // The latest time each definition in the slice is read at.
    let mut until = vec![0u32; n];
    for d in &g.at_cut {
        why[*d as usize] |= ALWAYS;
        until[*d as usize] = u32::MAX;
    }
    for u in (1..n).rev() {
        let w = why[u];
        if w == 0 {
            continue;
        }
        let t = g.nodes[u].time;
        for &d in g.deps(u as u32) {
            why[d as usize] |= w;
            if g.nodes[d as usize].loc.is_some() {
                let x = &mut until[d as usize];
                *x = (*x).max(t);
            }
        }
    }
    let mut sets: Vec<Option<FxHashMap<RLoc, (VK, Why)>>> = vec![Some(FxHashMap::default()); times.len()];
    // Points before an opaque node the slice keeps: what follows them depends on state no
    // location names.
    let opaque_until = g
        .opaque
        .iter()
        .filter(|o| why[**o as usize] != 0)
        .map(|o| g.nodes[*o as usize].time)
        .max()
        .unwrap_or(0);
    for (s, t) in sets.iter_mut().zip(times) {
        if *t < opaque_until {
            *s = None;
        }
    }
    for ((node, &end), &w) in g.nodes.iter().zip(&until).zip(&why).skip(1) {
        if end == 0 {
            continue;
        }
        let Some(loc) = node.loc else { continue };
        // A static of a class the run initialised is absent at the points before that.
        if let RLoc::Heap(HLoc::Static { class, .. }) = loc
            && let Some(&born) = g.births.get(&class)
            && born <= node.time
        {
            let hi = times.partition_point(|t| *t < born);
            for s in sets.iter_mut().take(hi) {
                put(s, loc, VK::Absent, w);
            }
        }
        // Points p with node.time <= p.time < end.
        let lo = times.partition_point(|t| *t < node.time);
        let hi = times.partition_point(|t| *t < end);
        for s in sets.iter_mut().take(hi).skip(lo) {
            if s.is_none() {
                continue;
            }
            if matches!(node.value, VK::Pending | VK::Absent) && !matches!(loc, RLoc::Heap(HLoc::ArrTerm { .. })) {
                *s = None;
                continue;
            }
            put(s, loc, node.value, w);
        }
    }
    let sets = sets
        .into_iter()
        .map(|s| {
            s.map(|m| {
                let mut v: Vec<(RLoc, VK, Why)> = m.into_iter().map(|(l, (v, w))| (l, v, w)).collect();
                v.sort_by_key(|x| x.0);
                v
            })
        })
        .collect();
    Sliced { sets, sites }
}

/// Adds location `loc` with `value` (relevant for `why`) to a point's set: a second value for
/// the location makes the set inexact (`None`); the same value adds its reasons.
fn put(set: &mut Option<FxHashMap<RLoc, (VK, Why)>>, loc: RLoc, value: VK, why: Why) {
    let Some(m) = set else { return };
    match m.entry(loc) {
        std::collections::hash_map::Entry::Occupied(mut e) => {
            if e.get().0 != value {
                *set = None;
            } else {
                e.get_mut().1 |= why;
            }
        }
        std::collections::hash_map::Entry::Vacant(e) => {
            e.insert((value, why));
        }
    }
}
