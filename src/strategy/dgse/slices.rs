//! The per-run state of DGSE's dynamic relevant slices that is not tied to a value: the context
//! of each frame (latest instances of the branch directions and instructions it depends on),
//! the abstract heap locations' `Heap(L)` sets, the dependences of thrown exceptions, and the
//! operand and context sets of the instruction being executed.

use super::arena::DepArena;
use super::tables::DgseTables;
use crate::analysis::NodeRef;
use crate::analysis::heap::Access;
use rustc_hash::FxHashMap as HashMap;
use std::sync::Arc;

/// Per-frame dependence state.
#[derive(Debug, Default, Clone)]
pub struct FrameDeps {
    /// The context of the call that entered the method.
    pub base: u32,
    /// What the method's branches also depend on, both directions and their instances: the
    /// interactive sources of the directions of the calls that entered it (and its callers),
    /// whose outcome (return or throw) those branches decide.
    pub alt_base: u32,
    /// Latest instance of each branch direction: (pc, dir) → (set, its tick).
    pub last_dir: HashMap<(u32, u32), (u32, u32)>,
    /// Latest instance of each interactive-source instruction: pc → (set, its tick).
    pub last_instr: HashMap<u32, (u32, u32)>,
    /// Union of everything branched on in this frame (for methods without tables).
    pub all: u32,
    /// Bumped whenever `last_dir`, `last_instr` or `all` change, or a dependence is killed.
    pub version: u32,
    /// Orders the frame's branch instances, source-instruction instances and writes of the
    /// locals kill sets name: each gets the next tick.
    pub tick: u32,
    /// By local slot: the tick of its last write (`DynMethod::kill_local` slots only; 0 =
    /// never).
    pub local_tick: Vec<u32>,
    /// The tick of the last such write.
    pub last_kill: u32,
    /// The last context computed: (class + 1, version, context); class 0 = none.
    pub ctx_cache: std::cell::Cell<(u32, u32, u32)>,
}

impl FrameDeps {
    /// Empties the state for a new frame, keeping the maps' memory (frames are recycled).
    pub fn reset(&mut self) {
        let (mut last_dir, mut last_instr) = (std::mem::take(&mut self.last_dir), std::mem::take(&mut self.last_instr));
        let mut local_tick = std::mem::take(&mut self.local_tick);
        last_dir.clear();
        last_instr.clear();
        local_tick.clear();
        *self = FrameDeps {
            last_dir,
            last_instr,
            local_tick,
            ..FrameDeps::default()
        };
    }

    /// Records a new instance of a branch direction (a tick of its own).
    pub fn set_dir(&mut self, pc: u32, dir: u32, v: u32) {
        self.tick = self.tick.wrapping_add(1);
        let old = self.last_dir.insert((pc, dir), (v, self.tick));
        // A new instance after a killing write can make a killed dependence count again.
        if old.is_none_or(|(s, t)| s != v || t <= self.last_kill) {
            self.version = self.version.wrapping_add(1);
        }
    }

    /// Adds to the set of a direction's latest instance (the instance stays the same).
    pub fn merge_dir(&mut self, pc: u32, dir: u32, v: u32) {
        if let Some(x) = self.last_dir.get_mut(&(pc, dir))
            && x.0 != v
        {
            x.0 = v;
            self.version = self.version.wrapping_add(1);
        }
    }

    /// Local slot `slot`, which some kill set names, was written.
    pub fn killed(&mut self, slot: u16) {
        let i = slot as usize;
        if self.local_tick.len() <= i {
            self.local_tick.resize(i + 1, 0);
        }
        self.tick = self.tick.wrapping_add(1);
        self.local_tick[i] = self.tick;
        self.last_kill = self.tick;
        self.version = self.version.wrapping_add(1);
    }

    /// The set of the latest instance of direction `key`, or 0 when it has none or when the
    /// dependence with kill set `kill` was killed since (every local of the set written after
    /// the instance).
    pub fn live_dir(&self, key: (u32, u32), kill: &[u16]) -> u32 {
        self.last_dir.get(&key).map_or(0, |&(v, t)| self.unless_killed(v, t, kill))
    }

    /// The set of the latest instance of source instruction `pc`, or 0 when it has none or when
    /// the dependence with kill set `kill` was killed since.
    pub fn live_instr(&self, pc: u32, kill: &[u16]) -> u32 {
        self.last_instr.get(&pc).map_or(0, |&(v, t)| self.unless_killed(v, t, kill))
    }

    /// `v`, the set of an instance with tick `t`, unless every local of `kill` was written after
    /// it (0 then).
    fn unless_killed(&self, v: u32, t: u32, kill: &[u16]) -> u32 {
        if kill.is_empty() || kill.iter().any(|l| self.local_tick.get(*l as usize).copied().unwrap_or(0) < t) {
            v
        } else {
            0
        }
    }

    /// Records a new instance of an interactive-source instruction (a tick of its own).
    pub fn set_instr(&mut self, pc: u32, v: u32) {
        self.tick = self.tick.wrapping_add(1);
        let old = self.last_instr.insert(pc, (v, self.tick));
        if old.is_none_or(|(s, t)| s != v || t <= self.last_kill) {
            self.version = self.version.wrapping_add(1);
        }
    }

    /// Adds to the set of an instruction's latest instance (the instance stays the same).
    pub fn merge_instr(&mut self, pc: u32, v: u32) {
        match self.last_instr.get_mut(&pc) {
            Some(x) if x.0 != v => {
                x.0 = v;
                self.version = self.version.wrapping_add(1);
            }
            Some(_) => {}
            None => self.set_instr(pc, v),
        }
    }

    /// Sets the union of everything branched on in the frame.
    pub fn set_all(&mut self, v: u32) {
        if self.all != v {
            self.all = v;
            self.version = self.version.wrapping_add(1);
        }
    }
}

/// Per-run DGSE state held by the machine.
#[derive(Clone)]
pub struct DgseRun {
    /// The tables.
    pub tables: Arc<DgseTables>,
    /// Sets of this run.
    pub arena: DepArena,
    /// Dependences of the operands of the instruction being executed.
    pub cur_in: u32,
    /// Context of the instruction being executed.
    pub cur_ctx: u32,
    /// Dependences of thrown exception objects.
    pub exc: HashMap<u32, u32>,
    /// Per abstract heap location: `Heap(L)`, the instances of the writes of L and of the
    /// potential sources of L executed since its last strong write.
    pub heap_all: Vec<u32>,
    /// Per abstract heap location: the potential sources of L alone (what a read adds).
    pub heap_pot: Vec<u32>,
}

impl DgseRun {
    /// A fresh run state.
    pub fn new(tables: Arc<DgseTables>) -> Self {
        let nl = tables.heap_locs.len();
        DgseRun {
            heap_all: vec![0; nl],
            heap_pot: vec![0; nl],
            tables,
            arena: DepArena::new(),
            cur_in: 0,
            cur_ctx: 0,
            exc: HashMap::default(),
        }
    }

    /// The context of instruction `pc` of method `mid` in a frame, with the `Heap(L)` it is
    /// interactive-dependent on.
    pub fn context(&mut self, mid: u32, pc: u32, f: &FrameDeps) -> u32 {
        let s = self.frame_context(mid, pc, f);
        let Some(ls) = self.tables.method(mid).and_then(|m| m.heap_instr.get(pc as usize)) else {
            return s;
        };
        let mut s = s;
        for l in ls {
            s = self.arena.union(s, self.heap_all[*l as usize]);
        }
        s
    }

    /// The context of instruction `pc` from the frame's own dependence state (cached per class).
    fn frame_context(&mut self, mid: u32, pc: u32, f: &FrameDeps) -> u32 {
        let Some(dm) = self.tables.method(mid) else {
            return self.arena.union(f.base, f.all);
        };
        let class = dm.ctx_class.get(pc as usize).map_or(0, |c| c + 1);
        let (cached_class, cached_version, cached) = f.ctx_cache.get();
        if class != 0 && cached_class == class && cached_version == f.version {
            return cached;
        }
        let arena = &mut self.arena;
        let mut s = f.base;
        let p = pc as usize;
        for key in dm.cd.get(p).into_iter().flatten() {
            if let Some(v) = f.last_dir.get(key) {
                s = arena.union(s, v.0);
            }
        }
        if let (Some(keys), Some(kills)) = (dm.pot.get(p), dm.pot_kill.get(p)) {
            for (key, k) in keys.iter().zip(kills) {
                s = arena.union(s, f.live_dir(*key, &dm.kill_sets[*k as usize]));
            }
        }
        if let Some(srcs) = dm.inter_instr.get(p) {
            for (n, k) in srcs {
                s = arena.union(s, node_live(f, n, &dm.kill_sets[*k as usize]));
            }
        }
        if class != 0 {
            f.ctx_cache.set((class, f.version, s));
        }
        s
    }

    /// The interactive sources of a branch direction, joined. For the direction an implicit
    /// check took (`taken_check`), only the `Heap(L)` sources: a check direction is interactive-
    /// dependent on what meets its control after it so that negating the check keeps it
    /// (`analysis::interactive::Checks::Targets`), but the check's own instance, which the code
    /// after it depends on through control dependence, must not carry those sources to
    /// everything after it (they would add conditions no statement there depends on, and a task
    /// with them can be unsatisfiable where the statement's own relevant condition is not).
    pub fn dir_extra(&mut self, mid: u32, pc: u32, dir: u32, f: &FrameDeps, taken_check: bool) -> u32 {
        let Some(m) = self.tables.method(mid) else { return 0 };
        let mut s = 0;
        if let Some(srcs) = m.inter_dir.get(&(pc, dir)).filter(|_| !taken_check) {
            for (n, k) in srcs {
                s = self.arena.union(s, node_live(f, n, &m.kill_sets[*k as usize]));
            }
        }
        if let Some(ls) = m.heap_dir.get(&(pc, dir)) {
            for l in ls {
                s = self.arena.union(s, self.heap_all[*l as usize]);
            }
        }
        s
    }

    /// The abstract heap location instruction `pc` of method `mid` reads or writes.
    pub fn heap_access(&self, mid: u32, pc: u32) -> Option<(u32, Access)> {
        self.tables.method(mid)?.heap_access.get(pc as usize).copied().flatten()
    }

    /// The heap effect of instruction `pc` of method `mid` that completed normally with
    /// instance `all`: a read adds the potential sources of its location to the value it pushed
    /// (`pushed`), a write adds `all` to `Heap(L)` (a strong write replaces it).
    pub fn heap_effect(&mut self, mid: u32, pc: u32, all: u32, pushed: Option<&mut u32>) {
        let Some((l, a)) = self.heap_access(mid, pc) else { return };
        match a {
            Access::Read => {
                let p = self.heap_pot.get(l as usize).copied().unwrap_or(0);
                if let (Some(d), true) = (pushed, p != 0) {
                    *d = self.arena.union(*d, p);
                }
            }
            Access::Write => self.heap_write(l, false, all),
            Access::StrongWrite => self.heap_write(l, true, all),
        }
    }

    /// A callee returned to the call at `pc` of method `mid` in frame `caller` with the instance
    /// `ret` of its return: the call node stands for its callee, so its latest instance (as an
    /// interactive source in the caller) includes what the return depended on.
    ///
    /// The call's normal direction takes `ret_ctx`, the return's context. A call whose callee
    /// may throw is a branch of the caller (normal return or exception), and the code after it
    /// is control dependent on its normal direction; whether the callee returned at all
    /// depended on the callee's branches that kept it from throwing, which the return's
    /// context carries. Without them, a task flipping a branch after the call kept no
    /// constraint that stops the callee from throwing, its input threw, and the branch's other
    /// side was never reached. The returned value's data is not part of that decision: with
    /// it, everything after `s.equals("a")` depended on the branches that built `s` (the
    /// digits of `"" + a`), and a task negating a later branch pinned `a` (`StringEqPC`).
    pub fn returned(&mut self, caller: &mut FrameDeps, mid: u32, pc: u32, ret: u32, ret_ctx: u32) {
        if ret == 0 && ret_ctx == 0 {
            return;
        }
        if ret != 0 && self.is_src_instr(mid, pc) {
            let old = caller.last_instr.get(&pc).map_or(0, |x| x.0);
            let u = self.arena.union(old, ret);
            caller.merge_instr(pc, u);
        }
        if ret_ctx != 0
            && self.is_src_dir(mid, pc)
            && let Some(&(old, _)) = caller.last_dir.get(&(pc, 0))
        {
            let u = self.arena.union(old, ret_ctx);
            caller.merge_dir(pc, 0, u);
            let all = self.arena.union(caller.all, u);
            caller.set_all(all);
        }
    }

    /// A write of location `l` by an instruction instance `v`.
    fn heap_write(&mut self, l: u32, strong: bool, v: u32) {
        let l = l as usize;
        if l >= self.heap_all.len() {
            return;
        }
        if strong {
            self.heap_all[l] = v;
            self.heap_pot[l] = 0;
        } else {
            self.heap_all[l] = self.arena.union(self.heap_all[l], v);
        }
    }

    /// Instruction `pc` of method `mid` took direction `d` with instance `instance`: remembers
    /// the direction's latest instance in the frame when it is a dependence source, and makes it
    /// a potential source of the heap locations its other directions may write. A check that
    /// could not fail on this input ([`Took::QuietCheck`]: no event) passes on only its own
    /// control context: what it controls stays dependent on what controls it, not on its
    /// operands' data.
    pub fn took(&mut self, f: &mut FrameDeps, mid: u32, pc: u32, d: u32, instance: u32, how: Took) {
        let (quiet, check) = (how == Took::QuietCheck, how != Took::Branch);
        let src = self.is_src_dir(mid, pc);
        let pot = !quiet && self.has_alt_mods(mid, pc, d);
        if !src && !pot {
            return;
        }
        let own = if quiet { self.cur_ctx } else { instance };
        let x = self.dir_extra(mid, pc, d, f, check);
        let v = self.arena.union(own, x);
        if src {
            f.set_dir(pc, d, v);
            let all = self.arena.union(f.all, v);
            f.set_all(all);
        }
        if pot {
            self.heap_branch(mid, pc, d, v);
        }
    }

    /// Whether branch direction `dir` of instruction `pc` is a potential source of heap reads.
    pub fn has_alt_mods(&self, mid: u32, pc: u32, dir: u32) -> bool {
        self.tables.method(mid).is_some_and(|m| m.alt_mods.contains_key(&(pc, dir)))
    }

    /// Branch direction `dir` of instruction `pc` executed with instance `v`: it becomes a
    /// potential source of the locations its other directions may write.
    pub fn heap_branch(&mut self, mid: u32, pc: u32, dir: u32, v: u32) {
        let Some(ls) = self.tables.method(mid).and_then(|m| m.alt_mods.get(&(pc, dir))) else {
            return;
        };
        for l in ls.iter().map(|l| *l as usize) {
            if l < self.heap_all.len() {
                self.heap_pot[l] = self.arena.union(self.heap_pot[l], v);
                self.heap_all[l] = self.arena.union(self.heap_all[l], v);
            }
        }
    }

    /// Whether the instruction's latest instance must be remembered.
    pub fn is_src_instr(&self, mid: u32, pc: u32) -> bool {
        self.tables
            .method(mid)
            .is_some_and(|m| m.src_instr.get(pc as usize).copied().unwrap_or(false))
    }

    /// Whether the instruction's directions must be remembered (always for unanalysed methods).
    pub fn is_src_dir(&self, mid: u32, pc: u32) -> bool {
        match self.tables.method(mid) {
            Some(m) => m.src_dir.get(pc as usize).copied().unwrap_or(false),
            None => true,
        }
    }
}

/// What kind of branching instruction took a direction (see [`DgseRun::took`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Took {
    /// A conditional or a switch.
    Branch,
    /// An implicit check (or a call's exception edge) that could have gone the other way.
    Check,
    /// An implicit check that could not have failed on this input.
    QuietCheck,
}

/// The latest instance of a dependence source in a frame (0 = none yet, or a direction whose
/// dependence with kill set `kill` the run killed).
fn node_live(f: &FrameDeps, n: &NodeRef, kill: &[u16]) -> u32 {
    match n {
        NodeRef::Instr(p) => f.live_instr(*p, kill),
        NodeRef::Dir(p, d) => f.live_dir((*p, *d), kill),
    }
}
