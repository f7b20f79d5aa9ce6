//! jsymex: a concolic symbolic executor for Java bytecode.
//!
//! jsymex loads classes from a classpath (directories and jars) plus its own library models
//! (`jvm-stubs/`), decodes every method once, and runs a *driver method* concolically: every
//! value carries a concrete part, which drives control flow, and — when it depends on a symbolic
//! input — a symbolic expression. One run is one path; each branch whose condition is symbolic
//! is a *branch event*. A strategy turns finished paths into new *tasks* (a constraint set plus
//! the initiating event, DGSE Algorithm 1); the solver chain (constraint independence, caches,
//! Z3) turns a task into the next input. Reports, JSONL test vectors and (later) JUnit tests
//! come out of observers on the loop.
#![deny(unsafe_code)]

pub mod analysis;
pub mod budget;
pub mod bytecode;
pub mod classpath;
pub mod cli;
pub mod explore;
pub mod mutate;
pub mod program;
pub mod report;
pub mod solver;
pub mod strategy;
pub mod subjects;
pub mod symbolic;
pub mod task;
pub mod testgen;
pub mod threads;
pub mod vm;
