package io.patchpin.audit;

import io.patchpin.check.Verdict;
import io.patchpin.core.ExitCode;
import io.patchpin.core.OperationResult;
import io.patchpin.patchset.Entry;
import java.util.List;

/**
 * What a work tree carries: components at the wrong commit, edits no entry explains (with their lines), entries that
 * are not applied, and how many changed files the entries explain. Sorted by component and path.
 */
public record AuditReport(
        int components,
        List<WrongCommit> wrongCommits,
        List<Unrecorded> unrecorded,
        List<NotApplied> notApplied,
        int explained,
        List<Patched> patched)
        implements OperationResult {

    public AuditReport {
        wrongCommits = List.copyOf(wrongCommits);
        unrecorded = List.copyOf(unrecorded);
        notApplied = List.copyOf(notApplied);
        patched = List.copyOf(patched);
    }

    /** A component checked out at another commit than the lock pins. */
    public record WrongCommit(String component, String checkedOut, String locked) {}

    /** A component at its pin plus commits that are exactly known edits (entries or TheRock patch files), in order. */
    public record Patched(String component, String checkedOut, List<String> holds) {
        public Patched {
            holds = List.copyOf(holds);
        }
    }

    /**
     * A changed file no entry explains.
     *
     * @param lines 1-based line ranges of the work-tree file that differ from what the entries explain
     *              ("3-5", "9"), or a word: "deleted", "new file"
     */
    public record Unrecorded(String component, String file, List<String> lines) {
        public Unrecorded {
            lines = List.copyOf(lines);
        }
    }

    /** An entry whose edit is not in the work tree. */
    public record NotApplied(
            String patchset, String id, Entry.Kind kind, String component, Verdict verdict, String detail) {}

    public boolean clean() {
        return wrongCommits.isEmpty() && unrecorded.isEmpty() && notApplied.isEmpty();
    }

    @Override
    public ExitCode exitCode() {
        return clean() ? ExitCode.OK : ExitCode.BROKEN;
    }
}
