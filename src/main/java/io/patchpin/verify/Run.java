package io.patchpin.verify;

import io.patchpin.check.Check;
import io.patchpin.patchset.Entry;
import java.util.List;

/**
 * What running the entries of one or more patchsets over a file source gave: per entry its check, and the overlay with
 * every file as the entries left it.
 */
public record Run(List<SetRun> sets, Overlay overlay) {
    public Run {
        sets = List.copyOf(sets);
    }

    public record SetRun(LoadedPatchset loaded, List<EntryRun> entries) {
        public SetRun {
            entries = List.copyOf(entries);
        }
    }

    public record EntryRun(Entry entry, Check check) {}

    public boolean anyBroken() {
        return sets.stream().flatMap(s -> s.entries().stream()).anyMatch(e -> !e.check()
                .appliable());
    }
}
