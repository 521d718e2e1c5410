package io.patchpin.impact;

import io.patchpin.check.EntryVerdict;
import io.patchpin.check.Verdict;
import io.patchpin.core.ExitCode;
import io.patchpin.core.OperationResult;
import io.patchpin.lock.LockDiff;
import io.patchpin.verify.Report;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What a bump does to patchsets: per moved component that entries are on, the upstream commits of the range that touch
 * the entries' files, and each entry's verdict before and after.
 *
 * @param newRevision   the superproject commit the verdicts at NEW were taken at
 * @param components    moved components with entries on them, sorted by path
 * @param unmovedEntries entries on components the bump did not move
 * @param atNew         verify's report at {@code newRevision}, every entry
 */
public record Impact(
        LockDiff diff, String newRevision, List<ComponentImpact> components, int unmovedEntries, Report atNew)
        implements OperationResult {
    public Impact {
        components = List.copyOf(components);
    }

    /** As the verdicts at NEW say: 0 all ok, 3 something to review, 1 something broken. */
    @Override
    public ExitCode exitCode() {
        return atNew.exitCode();
    }

    /** Whether the component's history could be read. */
    public enum State {
        WALKED,
        OBJECTS_MISSING
    }

    /**
     * One moved component.
     *
     * @param url     its URL in the new lock (for commit links), or null
     * @param files   the entries' files walked, sorted, with their new paths where a rename is evident
     * @param renamed old path to new path of the entries' files renamed in the range
     * @param commits the commits touching {@code files}, oldest first
     * @param entries every entry on the component, in patchset and entry order
     */
    public record ComponentImpact(
            String path,
            String url,
            String oldCommit,
            String newCommit,
            State state,
            List<String> files,
            SortedMap<String, String> renamed,
            List<Touch> commits,
            List<EntryOutcome> entries) {
        public ComponentImpact {
            files = List.copyOf(files);
            renamed = Collections.unmodifiableSortedMap(new TreeMap<>(renamed));
            commits = List.copyOf(commits);
            entries = List.copyOf(entries);
        }

        /** Entries one of the commits touches. */
        public long touchedEntries() {
            return entries.stream()
                    .filter(e -> commits.stream().anyMatch(c -> c.touches(e.set(), e.id())))
                    .count();
        }
    }

    /** An upstream commit touching entries' files; {@code time} in seconds since the epoch (committer). */
    public record Touch(String commit, String subject, String author, long time, List<EntryTouch> entries) {
        public Touch {
            entries = List.copyOf(entries);
        }

        public boolean touches(String set, String id) {
            return entries.stream().anyMatch(t -> t.set().equals(set) && t.id().equals(id));
        }
    }

    /**
     * One entry's file changed by one commit.
     *
     * @param before     the entry's verdict at the commit's first parent (null for a root commit)
     * @param after      its verdict at the commit
     * @param placeKnown whether the entry's place was found at the parent (when not, no change is near it)
     * @param changes    how many changes (hunks) the commit made to the file
     * @param lines      the changes of the commit near the entry's place
     */
    public record EntryTouch(
            String set,
            String id,
            String file,
            Verdict before,
            Verdict after,
            boolean placeKnown,
            int changes,
            List<ChangedLines> lines) {
        public EntryTouch {
            Objects.requireNonNull(after, "after");
            lines = List.copyOf(lines);
        }
    }

    /**
     * One entry across the bump.
     *
     * @param atOld its verdict at the old commit of the component (null when not read)
     * @param atNew verify's verdict at NEW
     * @param cause the newest commit of the range after which the entry's class got worse, when it did
     */
    public record EntryOutcome(String set, String id, Verdict atOld, EntryVerdict atNew, Optional<Touch> cause) {
        public EntryOutcome {
            Objects.requireNonNull(atNew, "atNew");
            Objects.requireNonNull(cause, "cause");
        }
    }
}
