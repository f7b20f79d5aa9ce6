//! Presets: one builder turns a strategy name into a searcher plus pruners, with what they
//! need prepared (static tables, analyses). Names combine with `+` (`dgse+pse`): the pruners of
//! each part run as a pipeline in that order, and at most one part may bring its own searcher
//! (otherwise `--search` decides). The CLI knows only names; the list of known names is
//! derived from the registered strategy factories, and a library user (or a test) can register
//! more with [`register`] without touching the engine or the CLI.

use super::{Pruner, Searcher, StrategyError};
use crate::budget::Budget;
use crate::program::Program;
use std::sync::{Arc, RwLock};
use std::time::Duration;

/// What a strategy may use while it prepares.
pub struct PresetCtx<'a> {
    /// The loaded program.
    pub prog: &'a Program,
    /// The driver's method id.
    pub entry: u32,
    /// The run's limits (analyses poll it).
    pub budget: Arc<Budget>,
    /// Regression mode: changed statements as (source file, line).
    pub changed_lines: &'a [(String, u16)],
    /// The `--search` order.
    pub search: &'a str,
    /// The `--seed` of random orders.
    pub seed: u64,
}

/// What one part of a strategy name contributes.
#[derive(Default)]
pub struct Component {
    /// Its pruners, in pipeline order.
    pub pruners: Vec<Box<dyn Pruner>>,
    /// Its searcher, when it imposes one (e.g. a fork-level order).
    pub searcher: Option<Box<dyn Searcher>>,
    /// Time its preparation took (static analyses), reported as `analysis_time_ms`.
    pub prepare_time: Duration,
}

/// Errors while building a preset.
#[derive(Debug, thiserror::Error)]
pub enum PresetError {
    /// A bad name.
    #[error(transparent)]
    Name(#[from] StrategyError),
    /// Two parts both bring a searcher.
    #[error("strategy '{0}': '{1}' and '{2}' both choose the search order")]
    TwoSearchers(String, String, String),
    /// The preparation of a part (e.g. its static analysis) failed: the part and the message.
    #[error("{1}")]
    Prepare(String, String),
}

/// A family of strategy names and how to build them.
pub trait StrategyFactory: Send + Sync {
    /// The names it answers to, as help and errors list them (patterns such as `subpath-N`
    /// allowed).
    fn names(&self) -> Vec<String>;
    /// True when it builds this part of a name.
    fn accepts(&self, part: &str) -> bool;
    /// True when the part uses `--changed-line` (regression mode).
    fn uses_changed_lines(&self, _part: &str) -> bool {
        false
    }
    /// Why this part cannot run with the other parts of the name (`None`: it can). A pruner
    /// whose soundness argument another pruner breaks refuses the combination here.
    fn conflict(&self, _part: &str, _others: &[&str]) -> Option<String> {
        None
    }
    /// Builds the part.
    fn build(&self, part: &str, ctx: &mut PresetCtx<'_>) -> Result<Component, PresetError>;
}

/// A built strategy: the searcher, the pruners and what preparing them cost.
pub struct Preset {
    /// The full name.
    pub name: String,
    /// The search order.
    pub searcher: Box<dyn Searcher>,
    /// The pruners, in pipeline order (empty for `spf`).
    pub pruners: Vec<Box<dyn Pruner>>,
    /// Time the parts spent preparing (static analyses).
    pub prepare_time: Duration,
    /// Pruners left out because they cannot prune this driver (see
    /// [`Pruner::handles_lazy_inputs`]), by name.
    pub set_aside: Vec<&'static str>,
}

impl Preset {
    /// Leaves out the pruners that do not handle lazily initialised inputs.
    pub fn for_lazy_inputs(&mut self) {
        let (keep, aside): (Vec<_>, Vec<_>) = std::mem::take(&mut self.pruners).into_iter().partition(|p| p.handles_lazy_inputs());
        self.pruners = keep;
        self.set_aside.extend(aside.iter().map(|p| p.name()));
    }
}

/// `spf`: no pruner.
struct Spf;

impl StrategyFactory for Spf {
    fn names(&self) -> Vec<String> {
        vec!["spf".into()]
    }
    fn accepts(&self, part: &str) -> bool {
        part == "spf"
    }
    fn build(&self, _: &str, _: &mut PresetCtx<'_>) -> Result<Component, PresetError> {
        Ok(Component::default())
    }
}

/// The fork-level search orders as strategy parts (`subpath-2`, `dgse+random-path`): a part
/// that brings only a searcher. Several order parts in one name are interleaved
/// (`random-path+nurs:covnew`). `subpath-combined` is known here so that `compare` accepts it,
/// but it runs four searches one after the other and is built by `compare`, never here.
struct SearchOrders;

impl StrategyFactory for SearchOrders {
    fn names(&self) -> Vec<String> {
        let mut v: Vec<String> = super::searchers::NAMES.iter().map(|s| s.to_string()).collect();
        v.push(super::searchers::COMBINED.into());
        v
    }
    fn accepts(&self, part: &str) -> bool {
        super::searchers::is_order(part) || part == super::searchers::COMBINED
    }
    fn build(&self, part: &str, ctx: &mut PresetCtx<'_>) -> Result<Component, PresetError> {
        Ok(Component {
            searcher: Some(Box::new(super::searchers::build(part, ctx.seed)?)),
            ..Default::default()
        })
    }
}

fn registry() -> &'static RwLock<Vec<Arc<dyn StrategyFactory>>> {
    static R: std::sync::OnceLock<RwLock<Vec<Arc<dyn StrategyFactory>>>> = std::sync::OnceLock::new();
    R.get_or_init(|| {
        RwLock::new(vec![
            Arc::new(Spf),
            Arc::new(super::dgse::DgseFactory),
            Arc::new(super::pse::PseFactory),
            Arc::new(super::interp::InterpFactory),
            Arc::new(super::rwset::RwSetFactory),
            Arc::new(super::rsd::RsdFactory),
            Arc::new(SearchOrders),
        ])
    })
}

fn factories() -> Vec<Arc<dyn StrategyFactory>> {
    registry().read().unwrap_or_else(|e| e.into_inner()).clone()
}

/// Registers another strategy family (library users, tests). Later registrations do not
/// replace earlier ones: the first factory that accepts a name builds it.
pub fn register(f: Arc<dyn StrategyFactory>) {
    registry().write().unwrap_or_else(|e| e.into_inner()).push(f);
}

/// The known strategy names, in registration order.
pub fn known() -> Vec<String> {
    factories().iter().flat_map(|f| f.names()).collect()
}

fn factory_for(part: &str, whole: &str) -> Result<Arc<dyn StrategyFactory>, StrategyError> {
    factories()
        .into_iter()
        .find(|f| f.accepts(part))
        .ok_or_else(|| StrategyError::Unknown(whole.to_string(), known().join(", ")))
}

fn parts(name: &str) -> impl Iterator<Item = &str> {
    name.split('+').map(str::trim)
}

/// Checks a strategy name without building it.
pub fn check(name: &str) -> Result<(), StrategyError> {
    let all: Vec<&str> = parts(name).collect();
    for (i, p) in all.iter().enumerate() {
        let f = factory_for(p, name)?;
        let others: Vec<&str> = all.iter().enumerate().filter(|(j, _)| *j != i).map(|(_, o)| *o).collect();
        if let Some(why) = f.conflict(p, &others) {
            return Err(StrategyError::Conflict(name.to_string(), why));
        }
    }
    Ok(())
}

/// True when some part of the name uses `--changed-line`.
pub fn uses_changed_lines(name: &str) -> Result<bool, StrategyError> {
    let mut any = false;
    for p in parts(name) {
        any |= factory_for(p, name)?.uses_changed_lines(p);
    }
    Ok(any)
}

/// Builds the named strategy.
pub fn build(name: &str, ctx: &mut PresetCtx<'_>) -> Result<Preset, PresetError> {
    check(name)?;
    let mut prepare_time = Duration::ZERO;
    let mut pruners = Vec::new();
    let mut searcher: Option<(String, Box<dyn Searcher>)> = None;
    // The search-order parts form one order (interleaved when there are several).
    let orders: Vec<&str> = parts(name).filter(|p| super::searchers::is_order(p)).collect();
    let mut list: Vec<String> = parts(name).filter(|p| !super::searchers::is_order(p)).map(str::to_string).collect();
    if !orders.is_empty() {
        list.push(orders.join("+"));
    }
    for p in list.iter().map(String::as_str) {
        let c = factory_for(p, name)?.build(p, ctx)?;
        pruners.extend(c.pruners);
        prepare_time += c.prepare_time;
        if let Some(s) = c.searcher {
            if let Some((first, _)) = &searcher {
                return Err(PresetError::TwoSearchers(name.into(), first.clone(), p.into()));
            }
            searcher = Some((p.to_string(), s));
        }
    }
    let searcher = match searcher {
        Some((_, s)) => s,
        None => super::searcher(ctx.search, ctx.seed)?,
    };
    Ok(Preset {
        name: name.to_string(),
        searcher,
        pruners,
        prepare_time,
        set_aside: Vec::new(),
    })
}
