//! The VM's hooks into [`PseTracker`] (`vm::shadow::Tracker`): what each instruction, call,
//! return and branch does to the segment's shadows, guards and heap writes.

use super::*;

impl Tracker for PseTracker {
    fn run_start(&mut self, _entry: &Entry) {
        self.sh();
    }

    fn wants_points(&self) -> bool {
        true
    }

    fn at_point(&mut self, p: &mut Point<'_>) -> Verdict {
        let (m, pc) = (p.method.id, p.pc);
        let ctx = self.frames.get(p.frame as usize).map(|f| f.ctx).unwrap_or(0);
        let mut key = (ctx, m, pc);
        let mut eligible = self.seen.insert(key) || self.sh().cfg.every_instance;
        if !eligible && !self.sh().cfg.first_instance_only {
            // Every instance is its own point (Def. 2's unrolled locations): the n-th instance
            // of a point in a run is keyed by an interned pseudo-context.
            let n = self.instances.entry(key).or_insert(0);
            *n += 1;
            let n = *n;
            key = (self.sh().ctx(ctx, u32::MAX - 1, n), m, pc);
            eligible = true;
        }
        // The segment ends here; the branch's operands are read at the point.
        self.close(None);
        let (lcond, icond) = self.branch(p);
        // Checks start at the flipped event (this branch, if it is symbolic and the instance
        // the task flips): the replayed prefix was checked in the parent's run.
        if !self.checking
            && let Some((fm, fpc, occ)) = self.flip
            && (fm, fpc) == (m, pc)
            && self.site_counts.get(&(m, pc)).copied().unwrap_or(0) == occ
            && icond.is_some_and(|c| !p.pool.is_const(c))
        {
            self.checking = true;
        }
        let anchor = Anchor {
            key,
            cond: lcond,
            eligible,
            init: self.init,
            event: None,
        };
        if let Some(last) = self.segs.last_mut() {
            last.anchor = Some(anchor);
        }
        self.anchor_open = true;
        if !(self.checking && eligible) {
            return Verdict::Continue;
        }
        let Some(both) = self.check(p, key, icond) else {
            return Verdict::Continue;
        };
        let cfg = self.sh().cfg;
        if cfg.shadow {
            self.shadow_hit = true;
            self.sh().stats.shadow_hits += 1;
            self.cut_disjuncts = None;
            self.cut_objs.clear();
            return Verdict::Continue;
        }
        let reason = format!("{}@{}:{}", cfg.name, file_of(&p.method.class_name), p.method.line(pc));
        if cfg.pre_branch {
            // The whole state is subsumed, whichever way the branch goes: cut before it.
            self.cut = Some(CutInfo {
                anchor: self.segs.len() - 1,
                both: true,
                symbolic: false,
            });
            self.sh().stats.cuts += 1;
            return Verdict::Cut(reason);
        }
        let symbolic = icond.is_some_and(|c| !p.pool.is_const(c));
        self.cut = Some(CutInfo {
            anchor: self.segs.len() - 1,
            both: both || !symbolic,
            symbolic,
        });
        if let Some(sh) = self.sh.as_mut() {
            sh.stats.cuts += 1;
            sh.stats.cuts_both += (both && symbolic) as u64;
        }
        if symbolic {
            self.pending = Some((p.events.len(), reason));
            Verdict::Continue
        } else {
            Verdict::Cut(reason)
        }
    }

    fn before(&mut self, step: &Step<'_>) -> Verdict {
        let at = step.at;
        let d = at.frame;
        self.last = (at.site.method, at.site.pc);
        self.last_invoke = matches!(step.op, Op::Invoke(..) | Op::InvokeDynamic(..));
        if state::debug() {
            self.dbg_name = format!("{} {:?}", step.method.display(), step.op);
        }
        {
            let f = self.frame(d);
            let n = step.stack.len();
            if f.stack.len() != n {
                f.stack.resize(n, S::Opaque);
            }
        }
        let n = step.stack.len();
        let k = (consumed(at) as usize).min(n);
        self.ops.clear();
        self.vals.clear();
        for i in n - k..n {
            let v = step.stack[i];
            let s = self.read(Loc::Stack { frame: d, index: i as u32 }, &v);
            self.ops.push(s);
            self.vals.push(v);
        }
        let class = |v: Option<&Value>| v.filter(|v| v.as_ref() != 0).and_then(|v| step.view.class_of(v.as_ref()));
        self.operand_class = match step.op {
            Op::Invoke(InvokeKind::Virtual | InvokeKind::Interface, _) | Op::CheckCast(_) | Op::InstanceOf(_) => {
                [class(self.vals.first()), None]
            }
            Op::ArrayStore(ArrKind::Ref) => [class(self.vals.first()), class(self.vals.get(2))],
            _ => [None, None],
        };
        if let Op::Load(s) | Op::Iinc(s, _) = step.op {
            let v = step.locals.get(*s as usize).copied().unwrap_or(Value::TOP);
            self.load = self.read(Loc::Local { frame: d, slot: *s }, &v);
        }
        Verdict::Continue
    }

    fn after(&mut self, done: &Done<'_>) -> Verdict {
        if matches!(done.next, Next::Clinit(_)) {
            return Verdict::Continue;
        }
        let at = done.at;
        let d = at.frame;
        let fc = at.stack_len.saturating_sub(consumed(at)) as usize;
        {
            let f = self.frame(d);
            f.stack.truncate(fc);
        }
        let threw = matches!(done.next, Next::Throw(_));
        let ops = std::mem::take(&mut self.ops);
        let vals = std::mem::take(&mut self.vals);
        let op0 = ops.first().copied().unwrap_or(S::Opaque);
        let v0 = vals.first().copied().unwrap_or(Value::TOP);
        let mut produced: Vec<S> = Vec::new();
        let top = done.stack.last().copied().unwrap_or(Value::TOP);
        match done.op {
            Op::Nop | Op::Goto(_) => {}
            Op::Monitor => self.null_guard(op0, &v0),
            Op::Const(c) => produced.push(match c {
                Constant::Null => self.zero(),
                Constant::Int(_) | Constant::Long(_) | Constant::Float(_) | Constant::Double(_) => {
                    S::of(state::const_term(self.lp(), &top))
                }
                _ => S::Opaque,
            }),
            Op::Load(_) => produced.push(self.load),
            Op::Store(n) => {
                self.write(Loc::Local { frame: d, slot: *n }, op0);
                if v0.is_wide() {
                    self.write(Loc::Local { frame: d, slot: *n + 1 }, S::Opaque);
                }
            }
            Op::Iinc(n, k) => {
                let c = S::T(self.lp().i32(*k as i32));
                let s = self.bin(BinOp::Add, self.load, c);
                self.write(Loc::Local { frame: d, slot: *n }, s);
            }
            Op::Pop | Op::Pop2 | Op::Dup | Op::DupX1 | Op::DupX2 | Op::Dup2 | Op::Dup2X1 | Op::Dup2X2 | Op::Swap => {
                if let Some(sh) = at.shuffle {
                    produced.extend(sh.pushed().iter().map(|i| ops.get(*i as usize).copied().unwrap_or(S::Opaque)));
                }
            }
            Op::Arith(bop) => {
                let (a, b) = (op0, ops.get(1).copied().unwrap_or(S::Opaque));
                let vb = vals.get(1).copied().unwrap_or(Value::TOP);
                if matches!(bop, BinOp::Div | BinOp::Rem) && matches!(vb.v, Prim::Int(_) | Prim::Long(_)) {
                    let z = match vb.v {
                        Prim::Long(_) => S::T(self.lp().i64(0)),
                        _ => self.zero(),
                    };
                    let g = self.bin(if threw { BinOp::Eq } else { BinOp::Ne }, b, z);
                    self.guard(g);
                }
                if !threw {
                    produced.push(self.bin(*bop, a, b));
                }
            }
            Op::Neg => produced.push(match op0 {
                S::T(a) => S::T(self.lp().un(crate::symbolic::UnOp::Neg, a)),
                _ => S::Opaque,
            }),
            Op::Convert(u) => produced.push(match op0 {
                S::T(a) => S::T(self.lp().un(*u, a)),
                _ => S::Opaque,
            }),
            Op::Compare(bop) => {
                let b = ops.get(1).copied().unwrap_or(S::Opaque);
                produced.push(self.bin(*bop, op0, b));
            }
            Op::If(..) | Op::IfCmp(..) | Op::IfRefEq(..) | Op::IfNull(..) | Op::TableSwitch(..) | Op::LookupSwitch(..) => {
                self.anchor_open = false;
                if let Some((_, why)) = self.pending.take() {
                    // The branch made no event after all: cut after it.
                    return Verdict::Cut(why);
                }
            }
            Op::Return(_) => self.ret = Some(op0),
            Op::GetStatic(r) => {
                if let (Some(l), false) = (done.heap(), threw) {
                    let s = self.read(l, &top);
                    produced.push(if narrow_desc(&r.desc) && s == S::Opaque { S::Opaque } else { s });
                }
            }
            Op::PutStatic(r) => {
                if let Some(l) = done.heap() {
                    self.write(l, if narrow_desc(&r.desc) { S::Opaque } else { op0 });
                }
            }
            Op::GetField(_) => {
                self.null_guard(op0, &v0);
                if !threw {
                    let s = match done.heap() {
                        Some(Loc::Field { obj, slot }) => self.heap_get(obj, HKey::Field(slot), op0, &top),
                        _ => S::Opaque,
                    };
                    produced.push(s);
                }
            }
            Op::PutField(r) => {
                self.null_guard(op0, &v0);
                let val = ops.get(1).copied().unwrap_or(S::Opaque);
                if let Some(Loc::Field { obj, slot }) = done.heap() {
                    self.heap_put(obj, HKey::Field(slot), op0, if narrow_desc(&r.desc) { S::Opaque } else { val });
                }
            }
            Op::ArrayLoad(kind) => {
                let idx = ops.get(1).copied().unwrap_or(S::Opaque);
                let vi = vals.get(1).map(|v| v.as_int()).unwrap_or(0);
                self.null_guard(op0, &v0);
                if v0.as_ref() != 0 {
                    self.bounds_guard(op0, idx, vi, threw);
                }
                if !threw {
                    let s = match done.heap() {
                        Some(Loc::Elem { arr, index }) if exact_kind(*kind) => self.heap_get(arr, HKey::Elem(index), op0, &top),
                        _ => S::Opaque,
                    };
                    produced.push(s);
                }
            }
            Op::ArrayStore(kind) => {
                let idx = ops.get(1).copied().unwrap_or(S::Opaque);
                let vi = vals.get(1).map(|v| v.as_int()).unwrap_or(0);
                let val = ops.get(2).copied().unwrap_or(S::Opaque);
                self.null_guard(op0, &v0);
                if v0.as_ref() != 0 {
                    self.bounds_guard(op0, idx, vi, threw);
                }
                if *kind == ArrKind::Ref && vals.get(2).is_some_and(|v| v.as_ref() != 0) {
                    // The store's type check depends on the classes of the array and value.
                    let [ca, cv] = self.operand_class;
                    self.class_guard(op0, ca);
                    self.class_guard(val, cv);
                }
                if let Some(Loc::Elem { arr, index }) = done.heap()
                    && !threw
                {
                    self.heap_put(arr, HKey::Elem(index), op0, if exact_kind(*kind) { val } else { S::Opaque });
                }
            }
            Op::ArrayLength => {
                self.null_guard(op0, &v0);
                if !threw {
                    produced.push(self.length_of(op0));
                }
            }
            Op::New(_) => {
                if !threw {
                    produced.push(self.fresh_alloc(top.as_ref(), None, true, done.view.class_of(top.as_ref())));
                }
            }
            Op::NewArray(_) | Op::ANewArray(_) => {
                let z = self.zero();
                let neg = v0.as_int() < 0;
                let g = self.bin(
                    if neg { BinOp::Lt } else { BinOp::Le },
                    if neg { op0 } else { z },
                    if neg { z } else { op0 },
                );
                self.guard(g);
                if !threw {
                    produced.push(self.fresh_alloc(top.as_ref(), Some(op0), true, done.view.class_of(top.as_ref())));
                }
            }
            Op::MultiANewArray(..) => {
                self.guard(S::Opaque);
                if !threw {
                    produced.push(self.fresh_alloc(top.as_ref(), None, false, done.view.class_of(top.as_ref())));
                }
            }
            Op::CheckCast(_) | Op::InstanceOf(_) => {
                let mut known = v0.as_ref() == 0 || op0.term().is_some_and(|e| state::fresh_obj(&self.sh().lp, e).is_some());
                if !known {
                    known = self.class_guard(op0, self.operand_class[0]);
                }
                if !threw {
                    produced.push(match done.op {
                        Op::CheckCast(_) => op0,
                        _ if known => S::of(state::const_term(self.lp(), &top)),
                        _ => S::Opaque,
                    });
                }
            }
            Op::Athrow => {
                self.null_guard(op0, &v0);
                self.thrown_term = Some(op0);
            }
            Op::Invoke(kind, _) => {
                if *kind != InvokeKind::Static {
                    self.null_guard(op0, &v0);
                    let fresh = op0.term().is_some_and(|e| state::fresh_obj(&self.sh().lp, e).is_some());
                    if matches!(kind, InvokeKind::Virtual | InvokeKind::Interface) && !fresh && v0.as_ref() != 0 {
                        // Which method runs depends on the receiver's class.
                        self.class_guard(op0, self.operand_class[0]);
                    }
                }
                match done.next {
                    Next::Call(_) => self.args = ops,
                    Next::Fall => {
                        // Done by the VM itself (a native): its result is opaque; the natives
                        // write the heap only through `copy` (System.arraycopy) or into objects
                        // they allocate, and no static.
                        let n = done.stack.len();
                        if n > fc {
                            produced.extend(std::iter::repeat_n(S::Opaque, n - fc));
                        }
                    }
                    _ => self.guard(S::Opaque),
                }
            }
            Op::InvokeDynamic(ir) => {
                // Lambdas and string concatenation: fresh objects filled through `copy`.
                if ir.desc.ends_with(")Ljava/lang/String;") {
                    self.concat_guards(&ir.desc, &ops, &vals);
                }
                let n = done.stack.len();
                if n > fc {
                    produced.extend(std::iter::repeat_n(S::Opaque, n - fc));
                }
            }
            Op::Unsupported(_) => {
                self.havoc = true;
                self.guard(S::Opaque);
                let n = done.stack.len();
                if n > fc {
                    produced.extend(std::iter::repeat_n(S::Opaque, n - fc));
                }
            }
        }
        if threw
            && !matches!(
                done.op,
                Op::Athrow
                    | Op::Arith(_)
                    | Op::GetField(_)
                    | Op::PutField(_)
                    | Op::ArrayLoad(_)
                    | Op::ArrayLength
                    | Op::NewArray(_)
                    | Op::ANewArray(_)
            )
            && !(matches!(done.op, Op::ArrayStore(k) if *k != ArrKind::Ref))
        {
            self.guard(S::Opaque);
        }
        let f = self.frame(d);
        for (i, s) in produced.into_iter().enumerate() {
            let idx = fc + i;
            if f.stack.len() <= idx {
                f.stack.resize(idx + 1, S::Opaque);
            }
            f.stack[idx] = s;
            f.dirty.push((true, idx as u32));
        }
        if !threw && f.stack.len() != done.stack.len() {
            f.stack.resize(done.stack.len(), S::Opaque);
        }
        Verdict::Continue
    }

    fn event(&mut self, index: usize, e: &Event) -> Verdict {
        *self.site_counts.entry((e.method, e.pc)).or_insert(0) += 1;
        if let Some((at, why)) = &self.pending
            && *at == index
        {
            let why = why.clone();
            self.pending = None;
            return Verdict::Cut(why);
        }
        if matches!(e.kind, EventKind::If | EventKind::Switch)
            && self.anchor_open
            && let Some(a) = self.segs.last_mut().and_then(|s| s.anchor.as_mut())
        {
            a.event = Some(index);
        }
        let covered = match e.kind {
            EventKind::If | EventKind::Switch => self.anchor_open,
            EventKind::DivZero | EventKind::Bounds | EventKind::NegSize => {
                let cur = self.frames.len();
                cur > 0 && !self.last_invoke
            }
            // `Symbolic.check(c)` / `assume(c)`: the argument was (or was not) zero.
            EventKind::Check if self.last_invoke && self.ops.len() == 1 => {
                let (a, z) = (self.ops[0], self.zero());
                // `check` events take direction 1 on failure, `assume` events (no alternative)
                // direction 1 when the condition holds.
                let holds = if matches!(e.alts, crate::vm::Alts::None) {
                    e.dir == 1
                } else {
                    e.dir == 0
                };
                let g = self.cmp(Cond::Ne, a, z, holds);
                self.guard(S::of(g));
                true
            }
            EventKind::Check | EventKind::Lazy => false,
        };
        if !covered {
            // A branch inside the VM (a native, an `assume`): not a condition over locations.
            self.guard(S::Opaque);
        }
        Verdict::Continue
    }

    fn frame_push(&mut self, push: &FramePush<'_>) {
        let d = push.frame as usize;
        let parent = if d > 0 {
            self.frames.get(d - 1).map(|f| f.ctx).unwrap_or(0)
        } else {
            0
        };
        let (sm, spc) = match push.kind {
            CallKind::Vm(_) => (u32::MAX, u32::MAX),
            _ => self.last,
        };
        let ctx = self.sh().ctx(parent, sm, spc);
        let terms: Vec<S> = match push.kind {
            CallKind::Invoke => std::mem::take(&mut self.args),
            CallKind::Clinit => Vec::new(),
            CallKind::Vm(srcs) => push
                .args
                .iter()
                .enumerate()
                .map(|(i, v)| match srcs.get(i) {
                    Some(Src::Loc(l)) => self.read(*l, v),
                    Some(Src::Returned) => self.returned,
                    _ => S::Opaque,
                })
                .collect(),
        };
        let mut locals = Vec::with_capacity(push.method.max_locals as usize);
        for (i, v) in push.args.iter().enumerate() {
            locals.push(terms.get(i).copied().unwrap_or(S::Opaque));
            if v.is_wide() {
                locals.push(S::Opaque);
            }
        }
        if locals.len() < push.method.max_locals as usize {
            locals.resize(push.method.max_locals as usize, S::Opaque);
        }
        self.frames.truncate(d);
        while self.frames.len() < d {
            self.frames.push(SFrame {
                unknown: true,
                ..Default::default()
            });
        }
        self.frames.push(SFrame {
            locals,
            stack: Vec::new(),
            ctx,
            fresh: true,
            unknown: false,
            dirty: Vec::new(),
        });
        self.fresh_frames.push(d as u32);
    }

    fn frame_pop(&mut self, pop: &FramePop<'_>) {
        self.frames.truncate(pop.frame as usize);
        let ret = self.ret.take();
        match pop.kind {
            PopKind::Return { .. } => {
                if pop.value.is_some()
                    && let Some(caller) = pop.frame.checked_sub(1)
                {
                    let f = self.frame(caller);
                    let idx = f.stack.len();
                    f.stack.push(ret.unwrap_or(S::Opaque));
                    f.dirty.push((true, idx as u32));
                }
            }
            PopKind::ToVm => self.returned = ret.unwrap_or(S::Opaque),
            PopKind::ClinitDone | PopKind::Unwind => {}
        }
    }

    fn alloc(&mut self, obj: u32, _site: Site) {
        self.fresh.insert(obj, FreshObj::default());
    }

    fn cloned(&mut self, copy: u32, _of: u32) {
        self.fresh.insert(copy, FreshObj::default());
    }

    fn statics_ready(&mut self, class: crate::program::ClassId, slots: usize) {
        self.init = self
            .init
            .wrapping_add((class as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15))
            .rotate_left(7);
        for s in 0..slots as u32 {
            self.statics.insert((class, s), S::Opaque);
        }
    }

    fn copy(&mut self, to: Loc, from: Src) {
        let s = match from {
            Src::Loc(l) => match l {
                Loc::Local { frame, slot } => {
                    let f = self.frame(frame);
                    match f.locals.get(slot as usize).copied().unwrap_or(f.untouched()) {
                        S::Id => S::Opaque,
                        s => s,
                    }
                }
                Loc::Stack { frame, index } => {
                    let f = self.frame(frame);
                    match f.stack.get(index as usize).copied().unwrap_or(f.untouched()) {
                        S::Id => S::Opaque,
                        s => s,
                    }
                }
                _ => S::Opaque,
            },
            Src::Returned => self.returned,
            Src::Fresh => S::Opaque,
        };
        self.write(to, s);
    }

    fn thrown(&mut self, exc: u32, _at: Site) {
        let t = self.thrown_term.take().unwrap_or(S::Opaque);
        self.exc.insert(exc, t);
    }

    fn caught(&mut self, exc: u32, frame: u32, _at: Site, _handler: u32) {
        let t = self.exc.get(&exc).copied().unwrap_or(S::Opaque);
        self.frames.truncate(frame as usize + 1);
        let f = self.frame(frame);
        f.stack.clear();
        f.stack.push(t);
        f.dirty.push((true, 0));
    }

    fn run_end(&mut self, _outcome: &Outcome, _events: &[Event]) {
        self.close(None);
    }

    fn finish(&mut self) -> Box<dyn Any + Send> {
        if let Some(s) = self.sh.take() {
            state::put(&self.slot, s);
        }
        // Shared, so that a pruner can keep a run's trace past the run (interp propagates
        // through it when a sibling turns out infeasible later).
        Box::new(std::sync::Arc::new(PseTrace {
            segs: std::mem::take(&mut self.segs),
            cut: self.cut,
            cut_objs: std::mem::take(&mut self.cut_objs),
            cut_disjuncts: self.cut_disjuncts.take(),
            shadow_hit: self.shadow_hit,
        }))
    }
}
