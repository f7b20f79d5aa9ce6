//! Strategies: a searcher orders pending work; pruners remove redundant work (DGSE Algorithm 2
//! and the KLEE-style pruners plug in here); a preset turns a strategy name into both. `spf` is
//! the plain searcher with no pruner: every event after the initiating one is negated.
//! The explorer drives these traits and knows no strategy by name.

pub mod dgse;
pub mod interp;
pub mod preset;
pub mod pruner;
pub mod pse;
pub mod rsd;
pub mod rwset;
pub mod searcher;
pub mod searchers;

pub use pruner::{Needs, PathEnd, Pruner, PrunerStats, TaskCtx, TaskResult, TraceCodec, TrackerMaker, UnsatCore};
pub use searcher::{Bfs, Dfs, RandomSearch, SEARCH_ORDERS, Searcher, SplitMix, searcher};

/// Errors in strategy names.
#[derive(Debug, thiserror::Error)]
pub enum StrategyError {
    /// Unknown strategy.
    #[error("unknown strategy '{0}' (known: {1})")]
    Unknown(String, String),
    /// Unknown search order.
    #[error(
        "unknown search order '{0}' (known: dfs, bfs, random, subpath-N, subpath-N:latest, random-state, random-path, nurs:covnew, nurs:md2u, nurs:depth, nurs:icnt, and A+B interleavings of the fork-level ones)"
    )]
    UnknownSearch(String),
    /// A search order with a bad parameter: the name and why.
    #[error("search order '{0}': {1}")]
    BadSearch(String, String),
    /// Parts that cannot run together: the name and why.
    #[error("strategy '{0}': {1}")]
    Conflict(String, String),
}
