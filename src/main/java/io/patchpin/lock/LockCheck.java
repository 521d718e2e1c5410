package io.patchpin.lock;

import io.patchpin.core.ExitCode;
import io.patchpin.core.OperationResult;
import java.util.List;
import java.util.Locale;

/**
 * The work tree against a lock: one finding per component that is not as locked, sorted by path.
 *
 * @param checked how many components the lock lists
 */
public record LockCheck(int checked, List<Finding> findings, List<Patched> patched) implements OperationResult {
    public LockCheck {
        findings = List.copyOf(findings);
        patched = List.copyOf(patched);
    }

    /**
     * A component at its locked commit plus commits that are exactly known edits: as locked, not a finding.
     *
     * @param holds the TheRock patch files or patchset entries its commits hold, in order
     */
    public record Patched(String path, String head, List<String> holds) {
        public Patched {
            holds = List.copyOf(holds);
        }
    }

    public boolean ok() {
        return findings.isEmpty();
    }

    @Override
    public ExitCode exitCode() {
        return ok() ? ExitCode.OK : ExitCode.BROKEN;
    }

    public enum Kind {
        /** Checked out, at another commit than locked. */
        WRONG_COMMIT,
        /** Not checked out (no .git in its folder). */
        UNINITIALISED,
        /** Tracked files with uncommitted changes. */
        DIRTY;

        /** As reports name it: {@code wrong-commit}, {@code uninitialised}, {@code dirty}. */
        public String word() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    /** @param files for DIRTY, the changed files relative to the component, sorted */
    public record Finding(String path, Kind kind, String detail, List<String> files) {
        public Finding {
            files = List.copyOf(files);
        }
    }
}
