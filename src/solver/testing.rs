//! Test helpers: a scripted bottom layer.

use super::SolverError;
use super::layer::{Next, Query, Reply, SolverLayer};
use crate::symbolic::ExprId;
use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

/// The queries a [`Scripted`] layer received (their assertions).
pub(crate) type Log = Arc<Mutex<Vec<Vec<ExprId>>>>;

/// A bottom layer that answers from a script, in order (unknown once the script is used up),
/// and logs every query it receives.
pub(crate) struct Scripted {
    replies: VecDeque<Reply>,
    log: Log,
}

impl Scripted {
    /// The layer and its log.
    pub(crate) fn new(replies: Vec<Reply>) -> (Self, Log) {
        let log: Log = Arc::default();
        (
            Scripted {
                replies: replies.into(),
                log: log.clone(),
            },
            log,
        )
    }
}

impl SolverLayer for Scripted {
    fn name(&self) -> &'static str {
        "scripted"
    }

    fn check(&mut self, q: &mut Query<'_>, _next: Next<'_>) -> Result<Reply, SolverError> {
        self.log.lock().expect("log").push(q.assertions().to_vec());
        Ok(self.replies.pop_front().unwrap_or_else(|| Reply::Unknown("script used up".into())))
    }
}

/// Asks `chain` about `prefix ∧ neg` from `base`: the reply, and its core as positions when it
/// is UNSAT with one.
pub(crate) fn ask(
    chain: &mut super::Chain,
    pool: &crate::symbolic::ExprPool,
    prefix: &[ExprId],
    neg: ExprId,
    base: &crate::symbolic::Assignment,
    want_core: bool,
) -> (Reply, Option<super::Core>) {
    let mut q = Query::new(pool, prefix, neg, base).with_core(want_core);
    let reply = chain.check(&mut q).expect("check");
    let core = match &reply {
        Reply::Unsat(Some(c)) => Some(q.core_positions(c)),
        _ => None,
    };
    (reply, core)
}
