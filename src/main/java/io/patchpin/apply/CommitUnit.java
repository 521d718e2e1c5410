package io.patchpin.apply;

import io.patchpin.patchset.Entry;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * One commit to make: an entry's files as that entry leaves them (empty: deleted) and the executable bits it sets, in
 * its component.
 *
 * @param layer the layer set the entry comes from ({@code apply --with-layers}), empty for a set named
 */
record CommitUnit(
        Entry entry,
        CommitMessage message,
        Map<String, Optional<byte[]>> files,
        Map<String, Boolean> executable,
        Optional<String> layer) {
    CommitUnit {
        files = new TreeMap<>(files);
        executable = new TreeMap<>(executable);
    }

    String component() {
        return entry.component();
    }
}
