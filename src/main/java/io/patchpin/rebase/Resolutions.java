package io.patchpin.rebase;

import io.patchpin.patchset.Entry;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * What the user resolved in the rebase folder.
 *
 * @param patchFiles per patch entry id, the wanted files after the entry at the new base (empty = deleted)
 * @param entries    per entry id, the edited definition, or empty to drop the entry
 */
public record Resolutions(Map<String, Map<String, Optional<byte[]>>> patchFiles, Map<String, Optional<Entry>> entries) {
    public static final Resolutions NONE = new Resolutions(Map.of(), Map.of());

    public Resolutions {
        patchFiles = new TreeMap<>(patchFiles);
        entries = new TreeMap<>(entries);
    }

    public boolean isEmpty() {
        return patchFiles.isEmpty() && entries.isEmpty();
    }
}
