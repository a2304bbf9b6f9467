//! The process's memory as the kernel counts it, to show whether a long
//! run keeps growing.

use std::fmt;

/// Resident memory now and at its peak, from `/proc/self/status`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Memory {
    /// `VmRSS`: resident now, in KiB.
    pub rss_kib: u64,
    /// `VmHWM`: the most ever resident, in KiB.
    pub peak_kib: u64,
}

impl fmt::Display for Memory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "RSS {:.1} MiB (peak {:.1} MiB)",
            mib(self.rss_kib),
            mib(self.peak_kib)
        )
    }
}

/// KiB as MiB, for people.
#[must_use]
pub fn mib(kib: u64) -> f64 {
    kib as f64 / 1024.0
}

/// The two figures from the text of a `/proc/<pid>/status` file.
#[must_use]
pub fn parse_status(text: &str) -> Option<Memory> {
    let field = |name: &str| {
        text.lines()
            .find_map(|line| line.strip_prefix(name))
            .and_then(|rest| rest.trim().strip_suffix("kB"))
            .and_then(|n| n.trim().parse::<u64>().ok())
    };
    Some(Memory {
        rss_kib: field("VmRSS:")?,
        peak_kib: field("VmHWM:")?,
    })
}

/// This process's memory now; `None` where the system does not say (not
/// Linux).
#[must_use]
pub fn now() -> Option<Memory> {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .as_deref()
        .and_then(parse_status)
}

/// How much RSS may grow between the reading after game 100 and the last
/// one and still count as flat: a tenth, and never less than 8 MiB, since
/// the allocator keeps some freed memory and the replay index grows by a
/// few hundred bytes a game.
#[must_use]
pub fn allowed_growth_kib(at_100: u64) -> u64 {
    (at_100 / 10).max(8 * 1024)
}

/// Whether `last` stayed within [`allowed_growth_kib`] of `at_100`.
#[must_use]
pub fn is_flat(at_100: u64, last: u64) -> bool {
    last <= at_100 + allowed_growth_kib(at_100)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_resident_and_peak_memory_from_a_status_file() {
        let text = "Name:\twuzi\nVmPeak:\t  300000 kB\nVmHWM:\t   52000 kB\nVmRSS:\t   48128 kB\nThreads:\t3\n";
        assert_eq!(
            parse_status(text),
            Some(Memory {
                rss_kib: 48128,
                peak_kib: 52000
            })
        );
        assert_eq!(parse_status("Name:\twuzi\n"), None);
        assert_eq!(parse_status("VmRSS:\tlots kB\nVmHWM:\t1 kB\n"), None);
    }

    #[test]
    fn this_process_has_some_memory_on_linux() {
        if cfg!(target_os = "linux") {
            let memory = now().expect("/proc/self/status");
            assert!(memory.rss_kib > 0 && memory.peak_kib >= memory.rss_kib);
        }
    }

    #[test]
    fn growth_of_a_tenth_or_8_mib_is_flat_and_more_is_not() {
        // A tenth of 50 MiB is less than 8 MiB: 8 MiB is allowed.
        assert!(is_flat(50 * 1024, 58 * 1024));
        assert!(!is_flat(50 * 1024, 59 * 1024));
        assert!(is_flat(200 * 1024, 220 * 1024));
        assert!(!is_flat(200 * 1024, 221 * 1024));
        assert!(is_flat(100 * 1024, 50 * 1024));
    }
}
