//! Stop reasons as short labels (`complete`, `max_paths`, `timeout`, `interrupted`, `error`),
//! which is how reports and the JSON summary write them.

use super::StopReason;

impl StopReason {
    /// The short label: `complete`, `max_paths`, `timeout`, `interrupted` or `error`.
    pub fn label(&self) -> &'static str {
        match self {
            StopReason::Complete => "complete",
            StopReason::MaxPaths => "max_paths",
            StopReason::Timeout => "timeout",
            StopReason::Interrupted => "interrupted",
            StopReason::Error(_) => "error",
        }
    }

    /// True when a limit (`--timeout`/`--budget`, `--max-paths`, Ctrl-C) cut the exploration
    /// short: its path counts are lower bounds.
    pub fn is_limit(&self) -> bool {
        matches!(self, StopReason::MaxPaths | StopReason::Timeout | StopReason::Interrupted)
    }
}

impl serde::Serialize for StopReason {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.label())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels() {
        assert_eq!(serde_json::to_string(&StopReason::MaxPaths).unwrap(), "\"max_paths\"");
        assert_eq!(StopReason::Error("x".into()).label(), "error");
        assert!(StopReason::Timeout.is_limit() && !StopReason::Complete.is_limit());
    }
}
