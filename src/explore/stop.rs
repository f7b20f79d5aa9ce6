//! Stop reasons as short labels (`complete`, `max_paths`, `timeout`, `max_memory`,
//! `interrupted`, `terminated`, `hangup`, `error`), as the `compare` tables write them.

use super::StopReason;

impl StopReason {
    /// The short label used in `compare`'s `stop` column.
    pub fn label(&self) -> &'static str {
        match self {
            StopReason::Complete => "complete",
            StopReason::MaxPaths => "max_paths",
            StopReason::Timeout => "timeout",
            StopReason::MemoryLimit => "max_memory",
            StopReason::Interrupted => "interrupted",
            StopReason::Terminated => "terminated",
            StopReason::Hangup => "hangup",
            StopReason::Error(_) => "error",
        }
    }

    /// True when a limit (`--timeout`/`--budget`, `--max-paths`, `--max-memory`, a signal) cut
    /// the exploration short: its path counts are lower bounds.
    pub fn is_limit(&self) -> bool {
        !matches!(self, StopReason::Complete | StopReason::Error(_))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_and_json_names() {
        assert_eq!(StopReason::MaxPaths.label(), "max_paths");
        assert_eq!(serde_json::to_string(&StopReason::Terminated).unwrap(), "\"Terminated\"");
        assert_eq!(serde_json::to_string(&StopReason::Error("x".into())).unwrap(), "{\"Error\":\"x\"}");
        assert_eq!(StopReason::Error("x".into()).label(), "error");
        assert!(StopReason::Timeout.is_limit() && StopReason::Hangup.is_limit() && !StopReason::Complete.is_limit());
    }
}
