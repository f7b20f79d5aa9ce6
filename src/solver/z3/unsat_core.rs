//! Unsat cores: each assertion `a_i` of an unsatisfiable query is asserted as `p_i => a_i` for a
//! Boolean literal `p_i` (one per position, made once per context), and the check runs under the
//! assumptions `p_i` (`Z3_solver_check_assumptions`); the core is the positions whose literals
//! `Z3_solver_get_unsat_core` names. Z3's cores are not minimal, so a core of at most
//! [`MINIMIZE_UP_TO`] assertions is then made irreducible by deletion: each position is dropped
//! in turn, and stays out when the rest is still UNSAT. Background positions (variable domains)
//! are assumed in every check and never dropped, so the core is irreducible given them.
#![allow(unsafe_code)] // FFI with Z3, like its parent module

use super::{LowerError, R, Z3Core};
use crate::symbolic::Sort;
use std::collections::HashMap;
use std::ffi::CString;
use z3_sys::*;

/// Cores up to this size are made irreducible (one extra check per position).
pub const MINIMIZE_UP_TO: usize = 64;

/// The result of one check under assumptions.
enum Under {
    /// UNSAT, with the core (positions, sorted).
    Unsat(Vec<usize>),
    /// SAT or unknown.
    Other,
    /// Abandoned at the run's deadline: the context must not be touched again.
    Abandoned,
}

impl Z3Core {
    /// The unsat core of the (already lowered, unsatisfiable) `lowered` assertions, as positions
    /// in it; `background[i]` marks positions assumed in every check (domains: Z3 may name them
    /// in the core, minimisation never drops them). `None` when the check under assumptions
    /// does not say UNSAT (a timeout) or is abandoned.
    pub(super) unsafe fn unsat_core(
        &mut self,
        lowered: &[Z3_ast],
        background: &[bool],
        hard_deadline: Option<std::time::Instant>,
    ) -> R<Option<Vec<usize>>> {
        let is_bg = |i: usize| background.get(i).copied().unwrap_or(false);
        let c = self.ctx;
        unsafe {
            while self.core_lits.len() < lowered.len() {
                let name = CString::new(format!("jsymex!core{}", self.core_lits.len())).unwrap_or_default();
                let sym = Z3_mk_string_symbol(c, name.as_ptr()).ok_or_else(|| LowerError(self.last_error()))?;
                let b = self.sort(Sort::Bool)?;
                let lit = self.keep(Z3_mk_const(c, sym, b))?;
                self.core_lits.push(lit);
            }
            let lits: Vec<Z3_ast> = self.core_lits[..lowered.len()].to_vec();
            Z3_solver_push(c, self.solver);
            for (p, a) in lits.iter().zip(lowered) {
                let imp = match self.tmp(Z3_mk_implies(c, *p, *a)) {
                    Ok(i) => i,
                    Err(e) => {
                        Z3_solver_pop(c, self.solver, 1);
                        return Err(e);
                    }
                };
                Z3_solver_assert(c, self.solver, imp);
                self.release(&[imp]);
            }
            let all: Vec<usize> = (0..lits.len()).collect();
            let mut core = match self.check_under(&lits, &all, hard_deadline) {
                Under::Unsat(core) => core,
                Under::Other => {
                    Z3_solver_pop(c, self.solver, 1);
                    return Ok(None);
                }
                Under::Abandoned => return Ok(None),
            };
            if core.len() <= MINIMIZE_UP_TO {
                // A member that could not be dropped (the rest was satisfiable, or undecided)
                // stays needed in every smaller core, so each member is tried once.
                let bg: Vec<usize> = (0..lits.len()).filter(|&i| is_bg(i)).collect();
                let mut tried: Vec<usize> = Vec::new();
                while let Some(p) = core.iter().copied().find(|&p| !is_bg(p) && !tried.contains(&p)) {
                    let mut trial: Vec<usize> = core.iter().copied().filter(|&i| i != p).collect();
                    trial.extend(bg.iter().copied().filter(|i| !core.contains(i)));
                    match self.check_under(&lits, &trial, hard_deadline) {
                        Under::Unsat(smaller) => core = smaller,
                        Under::Other => tried.push(p),
                        Under::Abandoned => return Ok(Some(core)),
                    }
                }
            }
            Z3_solver_pop(c, self.solver, 1);
            Ok(Some(core))
        }
    }

    /// Checks under the assumptions `lits[i]` for `i` in `which`.
    unsafe fn check_under(&mut self, lits: &[Z3_ast], which: &[usize], hard_deadline: Option<std::time::Instant>) -> Under {
        let c = self.ctx;
        let assumptions: Vec<Z3_ast> = which.iter().map(|&i| lits[i]).collect();
        unsafe {
            let Some(res) = self.run_check(&assumptions, hard_deadline) else {
                return Under::Abandoned;
            };
            if res != Z3_L_FALSE {
                return Under::Other;
            }
            let Some(v) = Z3_solver_get_unsat_core(c, self.solver) else {
                return Under::Other;
            };
            Z3_ast_vector_inc_ref(c, v);
            let pos: HashMap<u32, usize> = lits.iter().enumerate().map(|(i, l)| (Z3_get_ast_id(c, *l), i)).collect();
            let mut core = Vec::new();
            for k in 0..Z3_ast_vector_size(c, v) {
                if let Some(a) = Z3_ast_vector_get(c, v, k)
                    && let Some(&i) = pos.get(&Z3_get_ast_id(c, a))
                {
                    core.push(i);
                }
            }
            Z3_ast_vector_dec_ref(c, v);
            core.sort_unstable();
            core.dedup();
            Under::Unsat(core)
        }
    }
}
