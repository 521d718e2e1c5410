package io.patchpin.impact;

import io.patchpin.check.EntryVerdict;
import io.patchpin.core.Settings;
import io.patchpin.verify.LoadedPatchset;
import io.patchpin.verify.Run;
import io.patchpin.verify.Verifier;
import io.patchpin.workspace.CommitFileSource;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;

/**
 * The verdicts of one component's entries at commits of that component (not
 * pinned by any superproject commit), each commit checked once. Entries run
 * in order as verify runs them; seals are not replayed at the base here, the
 * verdicts at NEW come from verify itself.
 */
final class EntryChecks {
    private final Repository repo;
    private final String component;
    private final List<LoadedPatchset> sets;
    private final Settings settings;
    private final Map<String, Map<String, EntryVerdict>> byCommit = new HashMap<>();

    /** @param sets the patchsets with only the entries on {@code component} */
    EntryChecks(Repository repo, String component, List<LoadedPatchset> sets, Settings settings) {
        this.repo = repo;
        this.component = component;
        this.sets = List.copyOf(sets);
        this.settings = settings;
    }

    /** Verdicts at {@code commit} by {@link #key}. */
    Map<String, EntryVerdict> at(String commit) {
        return byCommit.computeIfAbsent(commit, c -> {
            Run run = new Verifier()
                    .check(
                            sets,
                            new CommitFileSource(component, repo, ObjectId.fromString(c), settings),
                            base -> Optional.empty());
            Map<String, EntryVerdict> out = new HashMap<>();
            run.sets().forEach(s -> s.entries()
                    .forEach(e -> out.put(
                            key(s.loaded().patchset().name(), e.entry().id()),
                            e.check().verdict())));
            return out;
        });
    }

    static String key(String set, String id) {
        return set + "\u0000" + id;
    }
}
