//! The VM's hooks into [`RsdTracker`] (`vm::shadow::Tracker`): the dynamic dependence graph
//! each instruction, call, return and branch adds to.

use super::*;

impl Tracker for RsdTracker {
    fn run_start(&mut self, _entry: &Entry) {
        self.events = 0;
    }

    fn wants_points(&self) -> bool {
        true
    }

    fn at_point(&mut self, point: &mut Point<'_>) -> Verdict {
        if !self.unvalued.is_empty() || !self.clones.is_empty() {
            self.value_pending(point.view);
        }
        let Some(f) = self.frames.last() else {
            return Verdict::Continue;
        };
        let key = PointKey {
            ctx: f.ctx,
            method: point.method.id,
            pc: point.pc,
        };
        if !self.segment_has_point || self.g.every_point {
            self.segment_has_point = true;
            self.g.points.push(PointRec {
                time: self.now(),
                key,
                init: self.init,
                depth: self.events,
            });
        }
        if self.events < self.prefix || self.g.top {
            return Verdict::Continue;
        }
        let index = self.index.clone();
        let mut ix = index.lock().unwrap_or_else(|e| e.into_inner());
        ix.stats.checks += 1;
        if !ix.has_point(key) {
            return Verdict::Continue;
        }
        {
            let mut rel = self.rel.lock().unwrap_or_else(|e| e.into_inner());
            ix.refine(key, &mut rel);
        }
        let (view, top, stack) = (point.view, point.frame, point.stack);
        let lits = &self.literals;
        let cands = ix.candidates(key, self.init, |l| match l {
            RLoc::Heap(HLoc::Literal(id)) => Some(VK::cached(lits.get(id).map(|x| x.0).filter(|o| *o != 0))),
            _ => Self::value_now(view, top, stack, *l),
        });
        if cands.is_empty() {
            return Verdict::Continue;
        }
        for e in &point.events[self.constraints.len().min(point.events.len())..] {
            let vs = ix.vars(point.pool, e.cond);
            self.constraints.add(e.cond, &vs);
        }
        for id in cands {
            let Some(s) = ix.snapshot(id) else { continue };
            ix.stats.compared += 1;
            let mine = self.constraints.closure(&s.vars);
            // The snapshot's constraints over its values must all hold here (seed 004 §3.3:
            // the state is at least as constrained), compared as hash-consed terms.
            if s.closure.iter().all(|c| mine.binary_search(c).is_ok()) {
                ix.touch(id);
                ix.stats.prunes += 1;
                ix.stats.credited_paths += s.paths;
                let pairs = ix.pairs(id);
                drop(ix);
                self.cut = Some(id);
                // Rule 6: the cut inherits the matched set, and the branches controlling here.
                self.context(point.method.id, point.pc);
                let ctx = std::mem::take(&mut self.cur_ctx);
                self.ctx_key = None;
                self.g.seeds.extend(ctx);
                let pot = self.potential_sources(&pairs);
                self.g.seeds.extend(pot);
                let mut live = Vec::new();
                for (l, v) in pairs.iter() {
                    // A static whose class is not initialised here has no definition; the
                    // init fingerprint matched, and the potential sources seeded above stand
                    // for what could have initialised it.
                    if *v == VK::Absent && matches!(l, RLoc::Heap(HLoc::Static { .. })) {
                        continue;
                    }
                    live.push(self.def_now(*l, view));
                }
                self.g.at_cut = live;
                return Verdict::Cut(format!("rsd: the state matches a finished subtree ({} paths)", s.paths));
            }
        }
        Verdict::Continue
    }

    fn before(&mut self, step: &Step<'_>) -> Verdict {
        if !self.unvalued.is_empty() || !self.clones.is_empty() {
            self.value_pending(step.view);
        }
        let at = step.at;
        if self.trail {
            self.g.trail.push((self.g.nodes.len() as u32, at.site));
        }
        let Some(f) = self.frames.last_mut() else {
            return Verdict::Continue;
        };
        f.pc = at.site.pc;
        let len = at.stack_len as usize;
        if f.stack.len() != len {
            f.stack.resize(len, NIL);
        }
        self.cur_in.clear();
        self.cur_in.extend_from_slice(&f.stack[len - at.pops as usize..]);
        if let Some(n) = at.local_read {
            self.cur_in.push(f.locals.get(n as usize).copied().unwrap_or(NIL));
        }
        // Reads outside any instruction's own location: string concatenation reads its
        // arguments' characters.
        if let Op::InvokeDynamic(_) = step.op {
            let refs: Vec<u32> = step.stack[len - at.pops as usize..]
                .iter()
                .map(|v| v.as_ref())
                .filter(|r| *r != 0)
                .collect();
            let mut extra = Vec::new();
            for r in refs {
                self.defs_of_all(r, step.view, &mut extra);
                let mut slot = 0;
                while let Some(v) = step.view.field(r, slot) {
                    let a = v.as_ref();
                    if a != 0 && step.view.array_len(a).is_some() {
                        self.defs_of_all(a, step.view, &mut extra);
                    }
                    slot += 1;
                }
            }
            self.cur_in.extend(extra);
        }
        // A symbolic index reads every element (the VM builds a term from them), a term array
        // reads its term.
        if let (Op::ArrayLoad(_) | Op::ArrayStore(_), Some(HeapOperand::Elem { arr, sym, .. })) = (step.op, at.heap)
            && arr != 0
            && (sym.is_some() || step.view.array_term(arr).is_some())
        {
            let mut extra = Vec::new();
            self.defs_of_all(arr, step.view, &mut extra);
            self.cur_in.extend(extra);
        }
        self.context(at.site.method, at.site.pc);
        Verdict::Continue
    }

    fn after(&mut self, done: &Done<'_>) -> Verdict {
        let (at, op) = (done.at, done.op);
        let site = at.site;
        let view = done.view;
        let carry = self.carry.take();
        let threw = matches!(done.next, Next::Throw(_));
        // The definition the instruction read from the heap.
        let heap = done.heap().and_then(hloc);
        let mut all = std::mem::take(&mut self.scratch);
        all.clear();
        all.extend_from_slice(&self.cur_in);
        all.extend_from_slice(&self.cur_ctx);
        let operands_and_context = all.len();
        if !threw && let Some(l) = heap {
            match op {
                Op::GetField(_) | Op::GetStatic(_) | Op::ArrayLength => {
                    let d = self.def_heap(l, view);
                    all.push(d);
                }
                Op::ArrayLoad(_) if view.array_term(l.object().unwrap_or(0)).is_none() => {
                    let d = self.def_heap(l, view);
                    all.push(d);
                }
                _ => {}
            }
        }
        // A string literal is the interned object of its content: the one an earlier `ldc` of
        // the run resolved (a read of that definition), or a fresh one (the first definition).
        if !threw && let Op::Const(crate::bytecode::Constant::String(units)) = op {
            let id = self.index.lock().unwrap_or_else(|e| e.into_inner()).literal(units);
            let obj = done.stack.last().map_or(0, |v| v.as_ref());
            let d = match self.literals.get(&id) {
                Some(&(o, n)) if o != 0 => n,
                _ => {
                    let ctx = self.cur_ctx.clone();
                    let n = self.node(Some(RLoc::Heap(HLoc::Literal(id))), VK::cached(Some(obj)), &ctx);
                    self.literals.insert(id, (obj, n));
                    n
                }
            };
            all.push(d);
        }
        // What a native or a class literal gives may depend on state no location names: an
        // opaque node, which makes every point before it inexact if the slice needs it.
        let opaque = match op {
            Op::Invoke(_, r) => {
                matches!(done.next, Next::Fall | Next::Throw(_)) && !crate::strategy::rwset::tracker::quiet_native(&r.class, &r.name)
            }
            Op::Const(crate::bytecode::Constant::Class(_)) => true,
            _ => false,
        };
        if opaque {
            let o = self.node(None, VK::Absent, &all);
            self.g.opaque.push(o);
            all.push(o);
        }
        // The direction it took, when it branches: a branch instance.
        if let Some(dir) = direction(op, done.next, site.pc) {
            let deps = if opaque { &all[..] } else { &all[..operands_and_context] };
            let n = self.branch(site, dir, deps);
            all.push(n);
            if let Next::Throw(r) = done.next {
                self.exc.insert(r, n);
                self.last_exc = n;
            }
        } else if let Next::Throw(r) = done.next {
            let n = self.node(None, VK::Absent, &all);
            self.exc.insert(r, n);
            self.last_exc = n;
        }
        let frame = at.frame;
        let (old_len, from, new_len) = (at.stack_len as usize, at.first_consumed() as usize, done.stack.len());
        if matches!(done.next, Next::Call(_)) {
            if let Some(f) = self.frames.last() {
                self.args.clear();
                self.args.extend_from_slice(&f.stack[from.min(f.stack.len())..]);
            }
            // The call's instance: what decides that (and which method) it runs.
            let mut deps = self.cur_ctx.clone();
            if let Op::Invoke(InvokeKind::Virtual | InvokeKind::Interface, _) = op
                && let Some(r) = self.args.first()
            {
                deps.push(*r);
            }
            self.call_node = self.node(None, VK::Absent, &deps);
        }
        if matches!(done.next, Next::Clinit(_)) {
            // The initialiser runs because this instruction is the class's first use: it is
            // control dependent on what decides that the instruction runs.
            let deps = self.cur_ctx.clone();
            self.call_node = self.node(None, VK::Absent, &deps);
        }
        if matches!(done.next, Next::Return) {
            self.ret_nodes.clear();
            self.ret_nodes.extend_from_slice(&self.cur_in);
            self.ret_nodes.extend_from_slice(&self.cur_ctx);
        }
        if let Some(sh) = at.shuffle {
            let base = old_len - sh.consumed as usize;
            let mut moved = [NIL; 4];
            if let Some(f) = self.frames.last() {
                for (m, d) in moved.iter_mut().zip(&f.stack[base.min(f.stack.len())..old_len.min(f.stack.len())]) {
                    *m = *d;
                }
            }
            let mut out = [NIL; 6];
            let mut deps = std::mem::take(&mut self.scratch_deps);
            for (k, i) in sh.pushed().iter().enumerate() {
                deps.clear();
                deps.extend_from_slice(&self.cur_ctx);
                deps.push(moved.get(*i as usize).copied().unwrap_or(NIL));
                let value = done.stack.get(base + k).map_or(VK::Absent, |v| VK::of(*v, view));
                let n = self.node(
                    Some(RLoc::Stack {
                        frame,
                        index: (base + k) as u32,
                    }),
                    value,
                    &deps,
                );
                if let Some(x) = out.get_mut(k) {
                    *x = n;
                }
            }
            self.scratch_deps = deps;
            let out = &out[..sh.pushed().len().min(6)];
            if let Some(f) = self.frames.last_mut() {
                f.stack.truncate(base);
                f.stack.extend(out);
            }
        } else if !is_move(op) && !matches!(done.next, Next::Throw(_)) {
            // At most two entries (a long or double is one); no allocation per instruction.
            let mut pushed = [NIL; 4];
            let mut npushed = 0;
            for p in from..new_len {
                let carried = matches!(carry, Some((fr, i, _)) if fr == frame && i as usize == p);
                if let (true, Some((_, _, s))) = (carried, carry) {
                    all.push(s);
                }
                let value = VK::of(done.stack[p], view);
                let n = self.node(Some(RLoc::Stack { frame, index: p as u32 }), value, &all);
                if let Some(x) = pushed.get_mut(npushed) {
                    *x = n;
                }
                npushed += 1;
                if carried {
                    all.pop();
                }
            }
            let local = at.local_write.map(|(n, wide)| {
                let value = done.locals.get(n as usize).map_or(VK::Absent, |v| VK::of(*v, view));
                (n, wide, self.node(Some(RLoc::Local { frame, slot: n }), value, &all))
            });
            if let Some(f) = self.frames.last_mut() {
                f.stack.truncate(from);
                f.stack.extend_from_slice(&pushed[..npushed.min(4)]);
                f.stack.resize(from + npushed, NIL);
                if let Some((n, wide, d)) = local {
                    let n = n as usize;
                    if f.locals.len() <= n + 1 {
                        f.locals.resize(n + 2, NIL);
                    }
                    f.locals[n] = d;
                    if wide {
                        f.locals[n + 1] = NIL;
                    }
                }
            }
        }
        if let Some(f) = self.frames.last_mut()
            && f.stack.len() != new_len
            && !matches!(done.next, Next::Call(_) | Next::Clinit(_))
        {
            f.stack.resize(new_len, NIL);
        }
        // Heap writes (a write happened only if the instruction completed).
        if !threw && let Some(l) = heap {
            match (op, at.heap) {
                (Op::PutField(_) | Op::PutStatic(_), _) if matches!(done.next, Next::Fall) => self.write_heap(l, view, &all),
                (Op::ArrayStore(_), Some(HeapOperand::Elem { arr, .. })) => {
                    if view.array_term(arr).is_some() {
                        self.write_heap(HLoc::ArrTerm { arr }, view, &all);
                    } else {
                        self.write_heap(l, view, &all);
                    }
                }
                _ => {}
            }
        }
        // A load through a symbolic index may have made the array a term.
        if let (Op::ArrayLoad(_), Some(HeapOperand::Elem { arr, .. })) = (op, at.heap)
            && arr != 0
            && view.array_term(arr).is_some()
            && self.objects.get(&arr).is_none_or(|o| o.term == NIL)
        {
            self.write_heap(HLoc::ArrTerm { arr }, view, &all);
        }
        self.scratch = all;
        Verdict::Continue
    }

    fn event(&mut self, index: usize, _event: &Event) -> Verdict {
        self.events = index + 1;
        self.segment_has_point = false;
        Verdict::Continue
    }

    fn frame_push(&mut self, push: &FramePush<'_>) {
        self.ctx_key = None;
        let ctx = {
            let mut ix = self.index.lock().unwrap_or_else(|e| e.into_inner());
            match (self.frames.last(), push.kind) {
                (Some(f), CallKind::Invoke | CallKind::Clinit) => ix.ctx(f.ctx, f.method, f.pc, push.method.id),
                (Some(f), CallKind::Vm(_)) => ix.ctx(f.ctx, f.method, Site::VM_PC, push.method.id),
                (None, _) => ix.ctx(u32::MAX, u32::MAX, Site::VM_PC, push.method.id),
            }
        };
        let base = match push.kind {
            CallKind::Invoke | CallKind::Clinit => std::mem::replace(&mut self.call_node, NIL),
            CallKind::Vm(_) => self.frames.last().map_or(NIL, |f| f.base),
        };
        let frame = push.frame;
        let mut locals = Vec::new();
        for (i, a) in push.args.iter().enumerate() {
            let src = match push.kind {
                CallKind::Invoke => self.args.get(i).copied().unwrap_or(NIL),
                CallKind::Clinit => NIL,
                CallKind::Vm(srcs) => match srcs.get(i) {
                    Some(Src::Loc(l)) => self.src_def(*l),
                    Some(Src::Returned) => self.returned,
                    _ => NIL,
                },
            };
            let slot = locals.len() as u16;
            let n = self.node(Some(RLoc::Local { frame, slot }), VK::of(*a, &NoView), &[src, base]);
            if a.as_ref() != 0 {
                self.unvalued.push((n, RLoc::Local { frame, slot }));
            }
            locals.push(n);
            if a.is_wide() {
                locals.push(NIL);
            }
        }
        let analysed = self.tables.method(push.method.id).is_some();
        self.frames.push(FrameSh {
            method: push.method.id,
            ctx,
            pc: 0,
            stack: Vec::new(),
            locals,
            last: FxHashMap::default(),
            base,
            analysed,
            version: 0,
        });
    }

    fn frame_pop(&mut self, pop: &FramePop<'_>) {
        self.ctx_key = None;
        let f = self.frames.pop();
        let ret = f.as_ref().and_then(|f| f.stack.last().copied()).unwrap_or(NIL);
        match pop.kind {
            PopKind::Return { caller } => {
                // The call completed normally: what decided that is the return's control.
                let mut deps = std::mem::take(&mut self.ret_nodes);
                deps.retain(|d| *d != ret);
                let done = self.node(None, VK::Absent, &deps);
                if self.frames.is_empty() {
                    return;
                }
                self.g.branches.push(BranchInst {
                    node: done,
                    site: caller,
                    dir: 0,
                });
                if let Some(c) = self.frames.last_mut() {
                    c.last.insert(caller.pc, done);
                    c.version += 1;
                }
                if let Some(v) = pop.value {
                    let frame = self.frames.len() as u32 - 1;
                    let index = self.frames.last().map_or(0, |c| c.stack.len() as u32);
                    let n = self.node(Some(RLoc::Stack { frame, index }), VK::of(*v, &NoView), &[ret, done]);
                    if v.as_ref() != 0 {
                        self.unvalued.push((n, RLoc::Stack { frame, index }));
                    }
                    if let Some(c) = self.frames.last_mut() {
                        c.stack.push(n);
                    }
                }
            }
            PopKind::ToVm => self.returned = ret,
            PopKind::ClinitDone | PopKind::Unwind => {}
        }
    }

    fn alloc(&mut self, obj: u32, _site: Site) {
        let born = self.now();
        self.objects.insert(
            obj,
            ObjSh {
                born,
                slots: FxHashMap::default(),
                term: NIL,
            },
        );
    }

    fn cloned(&mut self, copy: u32, of: u32) {
        // The copy's cells are defined by the source's, read at the copy.
        let born = self.now();
        let src = self.objects.get(&of).cloned().unwrap_or_default();
        let mut c = ObjSh {
            born,
            slots: FxHashMap::default(),
            term: NIL,
        };
        for (k, d) in src.slots {
            if d != NIL {
                let loc = self.g.nodes[d as usize].loc;
                let value = self.g.nodes[d as usize].value;
                let n = self.node(loc.map(|l| rebase(l, copy)), value, &[d]);
                c.slots.insert(k, n);
            }
        }
        if src.term != NIL {
            c.term = self.node(
                Some(RLoc::Heap(HLoc::ArrTerm { arr: copy })),
                self.g.nodes[src.term as usize].value,
                &[src.term],
            );
        }
        // Cells of the source never written in the run get their definitions at the next
        // instruction, where the state can be read.
        self.objects.insert(copy, c);
        self.clones.push((copy, of));
    }

    fn statics_ready(&mut self, class: u32, slots: usize) {
        self.init ^= mix(class);
        let born = self.now();
        self.statics.insert(class, (born, vec![NIL; slots]));
        self.g.births.insert(class, born);
    }

    fn copy(&mut self, to: Loc, from: Src) {
        let d = match from {
            Src::Loc(l) => self.src_def(l),
            Src::Returned => self.returned,
            Src::Fresh => NIL,
        };
        match to {
            Loc::Stack { frame, index } => self.carry = Some((frame, index, d)),
            Loc::Local { .. } => self.g.unnameable("native write to a local"),
            _ => {
                if let Some(h) = hloc(to) {
                    // A native's write: valued after the instruction is not possible here, so
                    // the value is unknown to the graph.
                    let mut deps = self.cur_ctx.clone();
                    deps.push(d);
                    let n = self.node(Some(RLoc::Heap(h)), VK::Pending, &deps);
                    self.set_heap(h, n);
                }
            }
        }
    }

    fn caught(&mut self, exc: u32, frame: u32, at: Site, _handler: u32) {
        self.ctx_key = None;
        let e = self.exc.get(&exc).copied().unwrap_or(self.last_exc);
        // The instruction (or call) the exception came out of threw: a branch instance.
        let n = self.node(None, VK::Bits(7, 1), &[e]);
        self.g.branches.push(BranchInst { node: n, site: at, dir: 1 });
        let Some(f) = self.frames.get_mut(frame as usize) else { return };
        f.last.insert(at.pc, n);
        f.version += 1;
        f.stack.clear();
        let v = self.node(Some(RLoc::Stack { frame, index: 0 }), VK::Ref(exc, u32::MAX), &[e, n]);
        if let Some(f) = self.frames.get_mut(frame as usize) {
            f.stack.push(v);
        }
    }

    fn run_end(&mut self, outcome: &Outcome, _events: &[Event]) {
        // An embedded halt (an exception leaving the driver, `System.exit`) makes everything
        // after it control dependent on what decided it (seed 004 rule 3).
        if matches!(outcome, Outcome::Exception { .. }) && self.last_exc != NIL {
            self.g.seeds.push(self.last_exc);
        }
        if !self.cur_ctx.is_empty() {
            let ctx = std::mem::take(&mut self.cur_ctx);
            if !matches!(outcome, Outcome::Return(_)) {
                self.g.seeds.extend(ctx);
            }
        }
        let mut rel = self.rel.lock().unwrap_or_else(|e| e.into_inner());
        for b in &self.g.branches {
            rel.cover(b.site, b.dir);
        }
    }

    fn finish(&mut self) -> Box<dyn Any + Send> {
        if let Ok(mut ix) = self.index.lock() {
            ix.graph_hint = (self.g.nodes.len(), self.g.edges.len());
        }
        Box::new(Arc::new(RsdTrace {
            ddg: std::mem::take(&mut self.g),
            prefix: self.prefix,
            cut: self.cut,
        }))
    }
}
