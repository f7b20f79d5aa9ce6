//! PSE's subsumption check at a conditional point: whether `pcon ∧ c → Π[point]` holds for the
//! direction taken, asked of the solver over the postconditions the point has gathered.

use super::*;

impl PseTracker {
    /// The subsumption check at a point: `Some(both)` when the direction taken is subsumed.
    pub(super) fn check(&mut self, p: &mut Point<'_>, key: PointKey, icond: Option<ExprId>) -> Option<bool> {
        let t0 = Instant::now();
        let init = self.init;
        let sh = self.sh.as_mut()?;
        if sh.cold(&key) {
            sh.stats.cold_skips += 1;
            return None;
        }
        let r = self.check_at(p, key, icond, init);
        if let Some(sh) = self.sh.as_mut() {
            if sh.pi.contains_key(&key) {
                sh.tried(key, r.is_some());
            }
            sh.stats.check_us += t0.elapsed().as_micros() as u64;
        }
        r
    }

    fn check_at(&mut self, p: &mut Point<'_>, key: PointKey, icond: Option<ExprId>, init: u64) -> Option<bool> {
        let sh = self.sh.as_mut()?;
        let summary = sh.pi.get(&key)?;
        if summary.top.contains(&init) {
            sh.stats.checks += 1;
            sh.stats.trivial += 1;
            self.cut_disjuncts = None;
            return Some(true);
        }
        let ds: Vec<Vec<ExprId>> = summary
            .disjuncts
            .iter()
            .filter(|d| d.init == init)
            .map(|d| d.conj.clone())
            .collect();
        if ds.is_empty() {
            return None;
        }
        sh.stats.checks += 1;
        // The run's own state satisfies the path condition and the direction taken: unless
        // it satisfies some disjunct, the state is not subsumed (no terms, no query).
        let mut memo = FxHashMap::default();
        let mut holds = |conj: &Vec<ExprId>| {
            conj.iter().all(|c| {
                matches!(
                    crate::strategy::pse::wp::concrete(sh, p, *c, &mut memo),
                    Some(crate::symbolic::Scalar::Bool(true))
                )
            })
        };
        let holds_here = ds.iter().any(&mut holds);
        if !holds_here {
            sh.stats.concrete_misses += 1;
            return None;
        }
        if sh.cfg.pre_branch {
            return self.check_pre(p, ds);
        }
        let mut inst = p.pool.bool(false);
        let mut objs = FxHashMap::default();
        let mut kept = Vec::new();
        let mut insts = crate::strategy::pse::wp::Instantiator::default();
        for conj in &ds {
            let mut d = p.pool.bool(true);
            let mut ok = true;
            for c in conj {
                match insts.term(sh, p, *c, &mut objs) {
                    Some(e) => d = p.pool.bin(BinOp::And, d, e),
                    None => {
                        ok = false;
                        break;
                    }
                }
            }
            if ok {
                inst = p.pool.bin(BinOp::Or, inst, d);
                let holds = !matches!(p.pool.node(d), crate::symbolic::Node::Bool(false));
                kept.push((holds, conj.clone()));
            }
        }
        let r = if let crate::symbolic::Node::Bool(b) = p.pool.node(inst) {
            sh.stats.trivial += 1;
            b.then_some(true)
        } else {
            let pcon: Vec<ExprId> = p.events.iter().map(|e| e.cond).collect();
            let base = p.input.to_vec();
            let ni = p.pool.not(inst);
            let symbolic = icond.filter(|c| !p.pool.is_const(*c));
            let mut prefix = pcon.clone();
            prefix.extend(symbolic);
            sh.stats.queries += 1;
            let taken = matches!(
                sh.solver.solve(p.pool, &prefix, ni, &base, false),
                Ok(crate::solver::Answer::Unsat(_))
            );
            if !taken {
                None
            } else if let Some(c) = symbolic {
                let nc = p.pool.not(c);
                let q = p.pool.bin(BinOp::And, nc, ni);
                sh.stats.queries += 1;
                let both = matches!(sh.solver.solve(p.pool, &pcon, q, &base, false), Ok(crate::solver::Answer::Unsat(_)));
                Some(both)
            } else {
                Some(true)
            }
        };
        if r.is_some() {
            // The update from the cut starts from the disjuncts that may hold here, then from
            // the others (valid disjuncts of Π too, whose objects on this run are now known),
            // as long as their conjuncts stay within the size bound (dropping some is an
            // under-approximation of Π there, so sound).
            let max = self.sh.as_ref().map_or(0, |s| 4 * s.cfg.max_conjuncts);
            kept.sort_by_key(|(holds, _)| !*holds);
            let mut size = 0;
            let mut chosen = Vec::new();
            for (_, d) in kept {
                if size + d.len() > max {
                    continue;
                }
                size += d.len();
                chosen.push(d);
            }
            self.cut_objs = objs;
            self.cut_disjuncts = Some(chosen);
        }
        r
    }

    /// The check of annotations that describe the state before the branch (`interp`), built
    /// and solved in the tracker's own pool: the run's path condition is imported there, the
    /// annotations instantiated there, so the run's pool (and the models the search gets from
    /// it) is untouched. `Some(true)` when `pcon → ⋁Π` holds.
    fn check_pre(&mut self, p: &mut Point<'_>, ds: Vec<Vec<ExprId>>) -> Option<bool> {
        let sh = self.sh.as_mut()?;
        let mut objs = FxHashMap::default();
        let mut memo = FxHashMap::default();
        let mut any = sh.lp.bool(false);
        let mut kept = Vec::new();
        for conj in ds {
            let mut d = sh.lp.bool(true);
            let mut ok = true;
            for c in &conj {
                match crate::strategy::pse::wp::inst_own(sh, p, *c, &mut memo, &mut objs) {
                    Some(e) => d = crate::strategy::pse::wp::and(&mut sh.lp, d, e),
                    None => {
                        ok = false;
                        break;
                    }
                }
            }
            if ok && !matches!(sh.lp.node(d), crate::symbolic::Node::Bool(false)) {
                any = crate::strategy::pse::wp::or(&mut sh.lp, any, d);
                kept.push(conj);
            }
        }
        let subsumed = match sh.lp.node(any) {
            crate::symbolic::Node::Bool(b) => {
                sh.stats.trivial += 1;
                *b
            }
            _ => {
                let pcon: Vec<ExprId> = p.events.iter().map(|e| sh.import(p.pool, e.cond)).collect();
                let ni = sh.lp.not(any);
                let base: Vec<crate::symbolic::Scalar> = (0..sh.lp.var_count() as u32)
                    .map(|v| crate::symbolic::eval::zero_of(sh.lp.var_sort(v)))
                    .collect();
                sh.stats.queries += 1;
                let Shared { solver, lp, .. } = &mut **sh;
                matches!(solver.solve(lp, &pcon, ni, &base, false), Ok(crate::solver::Answer::Unsat(_)))
            }
        };
        if !subsumed {
            return None;
        }
        // The annotation of the subsumed leaf: the annotations that hold on the run's own state
        // (the others are as sound but only make the formulas above larger); every location
        // they name is read, so that the walk knows the objects of their heap locations.
        let sh = self.sh.as_ref().expect("held");
        let mut cmemo = FxHashMap::default();
        let chosen: Vec<Vec<ExprId>> = kept
            .into_iter()
            .filter(|d| {
                d.iter().all(|c| {
                    matches!(
                        crate::strategy::pse::wp::concrete(sh, p, *c, &mut cmemo),
                        Some(crate::symbolic::Scalar::Bool(true))
                    )
                })
            })
            .collect();
        let mut objs = FxHashMap::default();
        for d in &chosen {
            for c in d {
                crate::strategy::pse::wp::read_all(sh, p, *c, &mut objs);
            }
        }
        self.cut_objs = objs;
        self.cut_disjuncts = Some(chosen);
        Some(true)
    }
}
