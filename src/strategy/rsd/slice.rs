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
use crate::strategy::rwset::state::VK;
use rustc_hash::FxHashMap;

/// The relevant locations and values at each of the run's points (`None`: not exact, so the
/// point's subtree can never be matched).
pub type PointSets = Vec<Option<Vec<(RLoc, VK)>>>;

/// Slices a run's graph with the relevance as it is now: the sets at its recorded points.
pub fn slice(g: &Ddg, rel: &mut Relevance) -> PointSets {
    let times: Vec<u32> = g.points.iter().map(|p| p.time).collect();
    slice_at(g, rel, &times)
}

/// The relevant sets at the given times (ascending; a time is the number of nodes made
/// before it, as [`super::ddg::PointRec::time`]).
pub fn slice_at(g: &Ddg, rel: &mut Relevance, times: &[u32]) -> PointSets {
    if g.top {
        return vec![None; times.len()];
    }
    let n = g.nodes.len();
    let mut marked = vec![false; n];
    for b in &g.branches {
        if b.node != NIL && rel.relevant(b.site) {
            marked[b.node as usize] = true;
        }
    }
    for s in &g.seeds {
        marked[*s as usize] = true;
    }
    // The latest time each definition in the slice is read at.
    let mut until = vec![0u32; n];
    for d in &g.at_cut {
        marked[*d as usize] = true;
        until[*d as usize] = u32::MAX;
    }
    for u in (1..n).rev() {
        if !marked[u] {
            continue;
        }
        let t = g.nodes[u].time;
        for &d in g.deps(u as u32) {
            marked[d as usize] = true;
            if g.nodes[d as usize].loc.is_some() {
                let x = &mut until[d as usize];
                *x = (*x).max(t);
            }
        }
    }
    let mut sets: Vec<Option<FxHashMap<RLoc, VK>>> = vec![Some(FxHashMap::default()); times.len()];
    // Points before an opaque node the slice keeps: what follows them depends on state no
    // location names.
    let opaque_until = g
        .opaque
        .iter()
        .filter(|o| marked[**o as usize])
        .map(|o| g.nodes[*o as usize].time)
        .max()
        .unwrap_or(0);
    for (s, t) in sets.iter_mut().zip(times) {
        if *t < opaque_until {
            *s = None;
        }
    }
    for (node, &end) in g.nodes.iter().zip(&until).skip(1) {
        if end == 0 {
            continue;
        }
        let Some(loc) = node.loc else { continue };
        // Points p with node.time <= p.time < end.
        let lo = times.partition_point(|t| *t < node.time);
        let hi = times.partition_point(|t| *t < end);
        for s in sets.iter_mut().take(hi).skip(lo) {
            let Some(m) = s else { continue };
            if matches!(node.value, VK::Pending | VK::Absent)
                && !matches!(loc, RLoc::Heap(crate::strategy::rwset::state::HLoc::ArrTerm { .. }))
            {
                *s = None;
                continue;
            }
            match m.insert(loc, node.value) {
                Some(v) if v != node.value => *s = None,
                _ => {}
            }
        }
    }
    sets.into_iter()
        .map(|s| {
            s.map(|m| {
                let mut v: Vec<(RLoc, VK)> = m.into_iter().collect();
                v.sort_by_key(|x| x.0);
                v
            })
        })
        .collect()
}
