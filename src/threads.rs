//! What may cross threads, checked when the crate compiles.
//!
//! - [`Program`](crate::program::Program) is `Send + Sync`: classes load through `&Program`
//!   into append-only tables, so explorations (and later the runs of one exploration) can share
//!   one. Ids are assigned in load order (see the `program` module).
//! - A worker owns the rest of an exploration: the [`Machine`](crate::vm::Machine) of a run and
//!   what it borrows ([`ExprPool`](crate::symbolic::ExprPool),
//!   [`Coverage`](crate::vm::Coverage), [`VmConfig`](crate::vm::VmConfig)), the driver, the
//!   limits and DGSE's tables (shared read-only behind an `Arc`), and the path records and
//!   tasks it hands to a searcher. All of these are `Send`.
//! - Runs of one exploration that go on at once each build terms in a layer over the
//!   exploration's frozen pool ([`ExprPool::layer`](crate::symbolic::ExprPool::layer)), merged
//!   back in a fixed order.
//! - The [`Solver`](crate::solver::Solver) owns its Z3 context alone (one per worker), so it and
//!   the whole [`Explorer`](crate::explore::Explorer) are `Send`.

const fn send<T: Send>() {}
const fn shared<T: Send + Sync>() {}

const _: () = {
    shared::<crate::program::Program>();
    send::<crate::vm::Machine<'static>>();
    send::<crate::symbolic::ExprPool>();
    shared::<crate::symbolic::ExprPool>();
    send::<crate::symbolic::LayerDelta>();
    send::<crate::vm::Coverage>();
    shared::<crate::vm::VmConfig>();
    send::<crate::explore::driver::Driver>();
    send::<crate::explore::Limits>();
    shared::<crate::strategy::dgse::DgseTables>();
    send::<crate::explore::task::PathRecord>();
    send::<crate::explore::task::Task>();
    send::<crate::explore::Summary>();
    // A strategy's searcher and pruners go with the exploration that runs them.
    send::<crate::strategy::preset::Preset>();
    send::<crate::solver::Solver>();
    send::<crate::explore::Explorer<'static>>();
};
