//! Search orders that choose at every fork, each its own module behind one [`Policy`] and one
//! state vector ([`states::ForkSearcher`]): `subpath-N` (subpath-guided search, OOPSLA 2013)
//! and KLEE's `random-state`, `random-path` and `nurs:{covnew,md2u,depth,icnt}`; `a+b`
//! interleaves them (KLEE's default is `random-path+nurs:covnew`). `dfs`, `bfs` and `random`
//! stay in [`super::searcher`]: they take whole paths' tasks, SPF's way.

pub mod interleave;
pub mod md2u;
pub mod min_tree;
pub mod nurs;
pub mod order;
pub mod random_path;
pub mod random_state;
pub mod states;
pub mod subpath;
pub mod weights;

use super::StrategyError;
use states::{ForkSearcher, Policy};

/// The fork-level order names, as help and errors list them.
pub const NAMES: &[&str] = &[
    "subpath-N",
    "subpath-N:latest",
    "random-state",
    "random-path",
    "nurs:covnew",
    "nurs:md2u",
    "nurs:depth",
    "nurs:icnt",
    "A+B (interleaved, e.g. random-path+nurs:covnew)",
];

/// The compare-level meta strategy: `subpath-1,2,4,8` with a quarter of the budget each.
pub const COMBINED: &str = "subpath-combined";

/// The lengths `subpath-combined` runs, in order.
pub const COMBINED_LENGTHS: [usize; 4] = [1, 2, 4, 8];

fn policy(name: &str, seed: u64) -> Result<Box<dyn Policy>, StrategyError> {
    use nurs::{Nurs, Weight};
    let bad = |why: &str| StrategyError::BadSearch(name.to_string(), why.to_string());
    Ok(match name {
        "random-state" => Box::new(random_state::RandomState::new(seed)),
        "random-path" => Box::new(random_path::RandomPath::new(seed)),
        "nurs:covnew" => Box::new(Nurs::new(Weight::CovNew, seed)),
        "nurs:md2u" => Box::new(Nurs::new(Weight::Md2u, seed)),
        "nurs:depth" => Box::new(Nurs::new(Weight::Depth, seed)),
        "nurs:icnt" => Box::new(Nurs::new(Weight::InstCount, seed)),
        COMBINED => {
            return Err(bad(
                "runs four searches one after the other: a compare strategy (compare --strategies subpath-combined)",
            ));
        }
        _ => {
            let Some(rest) = name.strip_prefix("subpath-") else {
                return Err(StrategyError::UnknownSearch(name.to_string()));
            };
            let (n, ties) = match rest.split_once(':') {
                Some((n, "latest")) => (n, subpath::Ties::Latest),
                Some((n, "random")) => (n, subpath::Ties::Random),
                Some(_) => return Err(bad("the tie rule after ':' is latest or random")),
                None => (rest, subpath::Ties::Random),
            };
            let n: usize = n.parse().map_err(|_| bad("N must be a whole number, e.g. subpath-2"))?;
            if n == 0 {
                return Err(bad("N must be at least 1 (with N = 0 every state has the same subpath)"));
            }
            Box::new(subpath::Subpath::new(n, ties, seed))
        }
    })
}

/// True when `name` is a fork-level order (or an interleaving of them), valid or not in its
/// details (`subpath-0` is an order with a bad N).
pub fn is_order(name: &str) -> bool {
    name.split('+').all(|p| {
        let p = p.trim();
        p.starts_with("subpath-") || p.starts_with("nurs:") || p == "random-state" || p == "random-path"
    })
}

/// The policy of a fork-level order name (`a+b` interleaves).
pub fn build_policy(name: &str, seed: u64) -> Result<Box<dyn Policy>, StrategyError> {
    let parts: Vec<&str> = name.split('+').map(str::trim).collect();
    if parts.len() == 1 {
        return policy(parts[0], seed);
    }
    // Each part draws from its own stream of the seed.
    let ps = parts
        .iter()
        .enumerate()
        .map(|(i, p)| policy(p, seed.wrapping_add(i as u64 * 0x9E37_79B9)))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Box::new(interleave::Interleave::new(ps)))
}

/// The searcher of a fork-level order name.
pub fn build(name: &str, seed: u64) -> Result<ForkSearcher, StrategyError> {
    Ok(ForkSearcher::new(build_policy(name, seed)?))
}
