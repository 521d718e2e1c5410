package io.patchpin.export;

import io.patchpin.check.Check;
import io.patchpin.kind.BaseReplay;
import io.patchpin.patch.DiffWriter;
import io.patchpin.patchset.Entry;
import io.patchpin.workspace.FileLookup;
import java.io.ByteArrayOutputStream;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** One entry replayed at the base after the entries before it: its files before it, and what its check left. */
record EntryDiff(Entry entry, Map<String, Optional<byte[]>> before, Map<String, Boolean> modes, Check check) {

    /** Replays {@code e} at its place in {@code replay}, which it then advances. */
    static EntryDiff replay(BaseReplay replay, Entry e) {
        Map<String, Optional<byte[]>> before = new TreeMap<>();
        Map<String, Boolean> modes = new TreeMap<>();
        for (String f : e.files()) {
            FileLookup l = replay.read(e.component(), f);
            before.put(f, l instanceof FileLookup.Found found ? Optional.of(found.content()) : Optional.empty());
            modes.put(f, replay.executable(e.component(), f));
        }
        return new EntryDiff(e, before, modes, replay.apply(e));
    }

    /** Why {@code e} has no diff to export: its component's objects are not here; else empty. */
    static Optional<String> objectsMissing(BaseReplay replay, Entry e) {
        return e.files().stream().anyMatch(f -> replay.read(e.component(), f) instanceof FileLookup.ObjectsMissing)
                ? Optional.of(e.id() + ": objects of " + e.component() + " are not here, so the "
                        + e.kind().word() + " has no diff to export")
                : Optional.empty();
    }

    /** Writes the git diff the entry makes, its paths under {@code prefix}. */
    void write(ByteArrayOutputStream out, String prefix) {
        for (String f : entry.files()) {
            boolean was = modes.get(f);
            Optional<byte[]> after = check.result().getOrDefault(f, before.get(f));
            DiffWriter.write(
                    out,
                    prefix + f,
                    before.get(f),
                    after,
                    was,
                    check.executable().getOrDefault(f, was));
        }
    }
}
